/**
 * Whether an adaptive gate can still resolve anything within its budget, given the noise it has measured so far.
 * At a look, each undecided comparison's interval is projected to the budget's last look (its half-width shrinks
 * as 1 / √pairs). The comparison is futile when that interval would be too wide to say "no change" for any change
 * its current interval allows (it would still reach past ±threshold, even were the noise lower than measured), and
 * too wide to call a regression or improvement for any change within 1.5 standard errors of its estimate (it would
 * still reach back past the rule's floor). A gate whose undecided comparisons are all futile would spend its whole
 * budget on an inconclusive: it stops, and says how long the noise would need. Pure.
 */
import type { Decision, Futility, MetricComparison } from '../model/decision.ts';
import { normalQuantile } from '../stats/distributions.ts';
import { REGRESSION_FLOOR, Z80 } from './rule.ts';

/**
 * Margins that keep the stop from costing verdicts (bench/RESULTS.md §17): "no change" is thought possible if the
 * noise were this share of what 12 pairs measured (about its 10% lower bound), and a change is thought possible
 * as far as this many standard errors beyond the estimate.
 */
const NOISE_OPTIMISM = 0.7;
const CHANGE_REACH_SE = 1.5;

/** A comparison's interval in log space: its centre and half-width; undefined when it has none. */
function logInterval(c: MetricComparison): { centre: number; half: number } | undefined {
  const [lo, hi] = c.ci;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo > -1 && hi > -1)) return undefined;
  const [l, u] = [Math.log1p(lo), Math.log1p(hi)];
  return { centre: Math.log1p(c.change), half: (u - l) / 2 };
}

/** The two-sided critical value of a comparison's interval at this look. */
function critical(c: MetricComparison): number {
  return normalQuantile(1 - c.level / 2);
}

/**
 * Whether the comparison could still resolve by `budgetPairs`: "no change" for some change its interval allows, or
 * a regression or improvement for some change within CHANGE_REACH_SE standard errors of its estimate.
 */
export function canResolve(
  c: MetricComparison,
  pairs: number,
  budgetPairs: number,
  floor = REGRESSION_FLOOR,
): boolean {
  // Blocks' intervals narrow faster than 1 / √pairs as their degrees of freedom grow: no projection for them.
  const interval = c.unit === 'pairs' ? logInterval(c) : undefined;
  if (interval === undefined || !(critical(c) > 0) || budgetPairs <= pairs) return true;
  const { centre, half } = interval;
  const t = Math.log1p(c.threshold);
  const halfEnd = half * Math.sqrt(pairs / budgetPairs);
  const nearest = Math.abs(centre) <= half ? 0 : Math.abs(centre) - half;
  if (nearest + NOISE_OPTIMISM * halfEnd < t) return true;
  const farthest = Math.abs(centre) + (CHANGE_REACH_SE * half) / critical(c);
  return farthest - halfEnd > floor * t && farthest >= t;
}

/** Pairs at which the comparison's interval would be narrow enough to resolve its threshold. */
export function pairsToResolve(c: MetricComparison, pairs: number, floor = REGRESSION_FLOOR): number {
  const interval = logInterval(c);
  const z = critical(c);
  if (interval === undefined || !(z > 0) || !(interval.half > 0)) return Number.NaN;
  // As in detectableChange: floor × t + h + z80 × h / z must stay within t.
  const wanted = (Math.log1p(c.threshold) * (1 - floor)) / (1 + Z80 / z);
  return Math.ceil(pairs * (interval.half / wanted) ** 2);
}

/**
 * When no comparison is decided or on its way and every undecided one is futile: the one that needed the most
 * pairs; undefined while the gate can still resolve something within `budgetPairs`.
 */
export function futility(
  decision: Decision,
  pairs: number,
  budgetPairs: number,
  floor = REGRESSION_FLOOR,
): Futility | undefined {
  const { comparisons } = decision;
  if (comparisons.length === 0 || budgetPairs <= pairs) return undefined;
  if (decision.errors.some((e) => e.verdict === 'regression')) return undefined;
  if (comparisons.some((c) => c.verdict === 'regression' || c.verdict === 'improvement')) return undefined;
  const open = comparisons.filter((c) => c.verdict === 'inconclusive');
  if (open.length === 0 || open.some((c) => canResolve(c, pairs, budgetPairs, floor))) return undefined;
  const needs = open.map((c) => ({ c, needed: pairsToResolve(c, pairs, floor) }));
  if (needs.some(({ needed }) => !Number.isFinite(needed))) return undefined;
  const worst = needs.reduce((a, b) => (b.needed > a.needed ? b : a));
  return {
    scenario: worst.c.scenario,
    metric: worst.c.metric,
    threshold: worst.c.threshold,
    noise: worst.c.noise,
    pairs,
    budgetPairs,
    neededPairs: worst.needed,
  };
}
