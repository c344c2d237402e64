/**
 * The rule that turns one comparison's simultaneous interval into a verdict, and what it implies for the smallest
 * change a run could catch. It reads the interval and its centre only, so it cannot contradict them, and it works
 * in log space, where a regression and an improvement are mirror images: with τ the log of the threshold on the
 * worse side (req/s: −log(1 − threshold), so a 2% threshold is a 2% drop; latency and CPU per request:
 * log(1 + threshold)),
 *
 * - regression: the whole interval lies beyond `floor` × τ on the worse side, and the estimate reaches τ (so it
 *   is significant too: the interval leaves out 0);
 * - improvement: the same on the better side (req/s: +2.04% at a 2% threshold; latency: −16.7% at 20%);
 * - no change: the equivalence interval (`within`: two one-sided tests, src/stats/equivalence-boundary.ts) lies
 *   inside ±τ (it may still leave out 0: significant, below the threshold);
 * - otherwise inconclusive.
 *
 * With the interval simultaneous over the comparisons and the looks, a true change of at most `floor` × the
 * threshold fails a gate in at most alpha / 2 of gates whatever the noise; the estimate's condition keeps changes
 * just under the threshold from failing often (bench/NOTEBOOK.md §14 measured the whole curve). Pure.
 */
import type { MetricComparison, RuleBounds, Verdict } from '../model/decision.ts';
import type { Metric } from '../model/measure.ts';

/**
 * The share of the threshold the interval must clear: half (bench/NOTEBOOK.md §14: it keeps ¾ of the threshold from
 * failing more than 1 gate in 10 at noise up to 3%, where a floor of 0 failed 20–40% of them).
 */
export const REGRESSION_FLOOR = 0.5;

/** Whether a higher value of the metric is better (req/s) rather than worse (latency, CPU per request). */
function higherIsBetter(metric: Metric): boolean {
  return metric === 'rps';
}

/** τ: the threshold as a log ratio on the worse side (positive). */
export function logThreshold(metric: Metric, threshold: number): number {
  return higherIsBetter(metric) ? -Math.log1p(-Math.min(threshold, 0.999)) : Math.log1p(threshold);
}

/** A log ratio seen from the worse side: positive when worse (less req/s, more latency). */
export function logWorse(metric: Metric, logRatio: number): number {
  return higherIsBetter(metric) ? -logRatio : logRatio;
}

/** The relative change whose log ratio is `logRatio` on the worse side (the inverse of logWorse of log1p). */
export function changeOfWorse(metric: Metric, worse: number): number {
  return Math.expm1(higherIsBetter(metric) ? -worse : worse);
}

/** The rule's bounds on each side as relative changes (MetricComparison.bounds). */
export function ruleBounds(
  metric: Metric,
  threshold: number,
  floor: number = REGRESSION_FLOOR,
): { worse: RuleBounds; better: RuleBounds } {
  const tau = logThreshold(metric, threshold);
  return {
    worse: { threshold: changeOfWorse(metric, tau), floor: changeOfWorse(metric, floor * tau) },
    better: { threshold: changeOfWorse(metric, -tau), floor: changeOfWorse(metric, -floor * tau) },
  };
}

/**
 * The rule on a scale where larger is worse: `worse` the estimate, `ci` and `within` the simultaneous and
 * equivalence intervals (ascending), `tau` the threshold. A regression's whole interval lies beyond floor × τ and its
 * estimate at τ or more; an improvement mirrors it; "no change" is the equivalence interval inside ±τ.
 */
export function ruleVerdict(
  worse: number,
  ci: readonly [number, number],
  within: readonly [number, number],
  tau: number,
  floor: number,
): Verdict {
  if (!Number.isFinite(worse)) return 'inconclusive';
  if (ci[0] > floor * tau && worse >= tau) return 'regression';
  if (-ci[1] > floor * tau && -worse >= tau) return 'improvement';
  if (within[0] > -tau && within[1] < tau) return 'no-change';
  return 'inconclusive';
}

/** An interval of relative changes on the worse side's log scale, ascending. */
function worseScale(metric: Metric, ci: readonly [number, number]): [number, number] {
  const lower = logWorse(metric, Math.log1p(ci[0]));
  const upper = logWorse(metric, Math.log1p(ci[1]));
  return [Math.min(lower, upper), Math.max(lower, upper)];
}

/**
 * The verdict of one comparison from its estimate, its simultaneous interval and its equivalence interval
 * (relative changes; without one, the simultaneous interval decides "no change" too).
 */
export function classify(
  metric: Metric,
  change: number,
  ci: readonly [number, number],
  threshold: number,
  floor: number = REGRESSION_FLOOR,
  within: readonly [number, number] = ci,
): Verdict {
  if (!Number.isFinite(change)) return 'inconclusive';
  const worse = logWorse(metric, Math.log1p(change));
  const tau = logThreshold(metric, threshold);
  return ruleVerdict(worse, worseScale(metric, ci), worseScale(metric, within), tau, floor);
}

/** Whether the verdict's interval lies clear of half the threshold on its side: more pairs would not undo it. */
export function clearOfHalf(
  metric: Metric,
  verdict: Verdict,
  ci: readonly [number, number],
  threshold: number,
): boolean {
  if (verdict !== 'regression' && verdict !== 'improvement') return false;
  const [worseEnd, betterEnd] = worseScale(metric, ci);
  return (verdict === 'regression' ? worseEnd : -betterEnd) >= logThreshold(metric, threshold) / 2;
}

/** z of 80% power: a change "can be caught" when it is caught in about 4 runs out of 5. */
export const Z80 = 0.8416212335729143;

/**
 * The smallest log change (on the worse side) the rule would call in about 80% of runs with an interval of log
 * half-width `half` from a quantile `critical`: the estimate must reach max(τ, floor × τ + half), and it scatters
 * with a standard error of half / critical.
 */
export function detectableLog(tau: number, half: number, critical: number, floor = REGRESSION_FLOOR): number {
  return Math.max(tau, floor * tau + half) + (Z80 * half) / critical;
}

/**
 * The smallest change (a magnitude, on the worse side) that the rule would call in about 80% of runs with this
 * interval's width: at least the threshold; NaN when the interval cannot be had. One look only: a gate that looks
 * several times catches a little more.
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
  const need = detectableLog(logThreshold(metric, threshold), (upper - lower) / 2, critical, floor);
  return Math.abs(changeOfWorse(metric, need));
}

/**
 * An inconclusive comparison that leans to a regression: significant and estimated beyond the threshold on the
 * worse side, its interval not yet clear of the floor. At the budget's end it earns confirmation pairs (only a
 * regression does: they cost time, and only a regression fails the step).
 */
export function leaning(c: MetricComparison): boolean {
  return (
    c.verdict === 'inconclusive' &&
    c.significant &&
    logWorse(c.metric, Math.log1p(c.change)) >= logThreshold(c.metric, c.threshold)
  );
}
