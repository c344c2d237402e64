/**
 * The rule that turns one comparison's simultaneous interval into a verdict, and what it implies for the smallest
 * change a run could catch. The verdict reads the interval and its centre only, so it cannot contradict them:
 *
 * - regression: the whole interval lies beyond `floor` × the threshold on the worse side, and the estimate
 *   reaches the threshold (so it is significant too: the interval leaves out 0);
 * - improvement: the same on the better side;
 * - no change: the interval lies inside ±threshold (it may still leave out 0: significant, below the threshold);
 * - otherwise inconclusive.
 *
 * With the interval simultaneous over the comparisons and the looks, a true change of at most `floor` × the
 * threshold fails a gate in at most alpha / 2 of gates whatever the noise; the estimate's condition keeps changes
 * just under the threshold from failing often (bench/RESULTS.md §14 measured the whole curve). Pure.
 */
import type { MetricComparison, Verdict } from '../model/decision.ts';
import type { Metric } from '../model/measure.ts';

/**
 * The share of the threshold the interval must clear: half (bench/RESULTS.md §14: it keeps ¾ of the threshold from
 * failing more than 1 gate in 10 at noise up to 3%, where a floor of 0 failed 20–40% of them).
 */
export const REGRESSION_FLOOR = 0.5;

/** A relative change seen from the worse side: positive when worse (less req/s, more latency). */
function worseness(metric: Metric, change: number): number {
  return metric === 'rps' ? -change : change;
}

/** The verdict of one comparison from its estimate and simultaneous interval (relative changes). */
export function classify(
  metric: Metric,
  change: number,
  ci: readonly [number, number],
  threshold: number,
  floor: number = REGRESSION_FLOOR,
): Verdict {
  if (!Number.isFinite(change)) return 'inconclusive';
  const [lower, upper] = ci;
  // How far the whole interval lies on the worse side (its end nearest to 0), and on the better side.
  const worseEnd = metric === 'rps' ? -upper : lower;
  const betterEnd = metric === 'rps' ? lower : -upper;
  const worse = worseness(metric, change);
  if (worseEnd > floor * threshold && worse >= threshold) return 'regression';
  if (betterEnd > floor * threshold && -worse >= threshold) return 'improvement';
  if (lower > -threshold && upper < threshold) return 'no-change';
  return 'inconclusive';
}

/** Whether the verdict's interval lies clear of half the threshold on its side: more pairs would not undo it. */
export function clearOfHalf(
  metric: Metric,
  verdict: Verdict,
  ci: readonly [number, number],
  threshold: number,
) {
  if (verdict !== 'regression' && verdict !== 'improvement') return false;
  const [lower, upper] = ci;
  const worseEnd = metric === 'rps' ? -upper : lower;
  const betterEnd = metric === 'rps' ? lower : -upper;
  return (verdict === 'regression' ? worseEnd : betterEnd) >= threshold / 2;
}

/** z of 80% power: a change "can be caught" when it is caught in about 4 runs out of 5. */
export const Z80 = 0.8416212335729143;

/**
 * The smallest change (a magnitude, on the worse side) that the rule would call in about 80% of runs with this
 * interval's width: the estimate must reach max(threshold, floor × threshold + half-width), and it scatters with
 * a standard error of half-width / `critical` (the interval's quantile). At least the threshold; NaN when the
 * interval cannot be had. One look only: a gate that looks several times catches a little more.
 */
export function detectableChange(
  metric: Metric,
  logInterval: readonly [number, number],
  critical: number,
  threshold: number,
  floor: number = REGRESSION_FLOOR,
): number {
  const [lower, upper] = logInterval;
  if (!(Number.isFinite(lower) && Number.isFinite(upper) && critical > 0)) return Number.NaN;
  const half = (upper - lower) / 2;
  // Log magnitudes on the worse side: a slowdown of s in req/s is −log(1 − s); a rise of latency s is log(1 + s).
  const log = (share: number): number =>
    metric === 'rps' ? -Math.log1p(-Math.min(share, 0.999)) : Math.log1p(share);
  const need = Math.max(log(threshold), log(floor * threshold) + half) + (Z80 * half) / critical;
  return metric === 'rps' ? -Math.expm1(-need) : Math.expm1(need);
}

/**
 * An inconclusive comparison that leans to a regression: significant and estimated beyond the threshold on the
 * worse side, its interval not yet clear of the floor. At the budget's end it earns confirmation pairs.
 */
export function leaning(c: MetricComparison): boolean {
  return c.verdict === 'inconclusive' && c.significant && c.worse && Math.abs(c.change) >= c.threshold;
}
