/**
 * Whether an adaptive gate can still resolve anything within its budget, given the noise it has measured so far.
 * At a look, each undecided comparison's interval is projected to the budget's last look: its standard error
 * shrinks as 1 / √units, and its quantile is the one the interval will use then (src/decide/interval.ts). The
 * comparison is futile when its equivalence interval would then be too wide to say "no change" for any change its
 * current interval allows (it would still reach past ±threshold, even were the noise lower than measured), and too wide to call a
 * regression or improvement for any change within 1.5 standard errors of its estimate (it would still reach back
 * past the rule's floor). A gate whose undecided comparisons are all futile would spend its whole budget on an
 * inconclusive: it stops, and says how long the noise would need. Pure.
 */
import type { Decision, Futility, MetricComparison } from '../model/decision.ts';
import { confirmationPairs } from '../stats/look-schedule.ts';
import { criticalFor, unitCount } from './interval.ts';
import { logThreshold, REGRESSION_FLOOR, Z80 } from './rule.ts';

/**
 * Margins that keep the stop from costing verdicts (bench/NOTEBOOK.md §17): "no change" is thought possible if the
 * noise were this share of what 12 pairs measured (about its 10% lower bound), and a change is thought possible
 * as far as this many standard errors beyond the estimate.
 */
const NOISE_OPTIMISM = 0.7;
const CHANGE_REACH_SE = 1.5;

/** A comparison's interval in log space: its centre and its standard error; undefined when it has none. */
function logInterval(c: MetricComparison): { centre: number; se: number } | undefined {
  const [lo, hi] = c.ci;
  const critical = criticalFor(c.units, c.level);
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo > -1 && hi > -1 && critical > 0)) return undefined;
  const half = (Math.log1p(hi) - Math.log1p(lo)) / 2;
  return { centre: Math.log1p(c.change), se: half / critical };
}

/** The units `pairs` pairs give this comparison (blocks or pairs, as its design counts them). */
function unitsAt(c: MetricComparison, pairs: number): number {
  // A comparison in blocks with an interval has at least two of them, so its blocks are shown (processes).
  return unitCount(pairs, c.unit === 'blocks' ? (c.processes?.restartEvery ?? 1) : 1);
}

/** The half-width the comparison's interval at `level` would have at `pairs` pairs, the noise as measured. */
function halfAt(c: MetricComparison, se: number, pairs: number, level = c.level): number {
  const units = unitsAt(c, pairs);
  return se * Math.sqrt(c.units / units) * criticalFor(units, level);
}

/**
 * The half-width of the equivalence interval at the plan's last look, the noise as measured: after the
 * confirmation pairs a gate leaning to no change earns at the budget's end (nearlyWithin), at that look's level.
 */
function withinAtLast(c: MetricComparison, se: number, budgetPairs: number): number {
  const { endLevel } = c.equivalence;
  const last = budgetPairs + confirmationPairs(budgetPairs);
  return endLevel > 0 ? halfAt(c, se, last, endLevel) : Number.POSITIVE_INFINITY;
}

/**
 * Whether an open comparison leans to no change at the budget's end (`budgetPairs`): its equivalence interval,
 * centred where it is now and as wide as the confirmation pairs would make it (were the noise NOISE_OPTIMISM of
 * what it measured, as for the stop), would lie inside ±threshold.
 */
export function nearlyWithin(c: MetricComparison, budgetPairs: number): boolean {
  const interval = logInterval(c);
  if (interval === undefined) return false;
  const t = logThreshold(c.metric, c.threshold);
  return Math.abs(interval.centre) + NOISE_OPTIMISM * withinAtLast(c, interval.se, budgetPairs) < t;
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
  const interval = logInterval(c);
  if (interval === undefined || budgetPairs <= pairs) return true;
  const { centre, se } = interval;
  const t = logThreshold(c.metric, c.threshold);
  const half = se * criticalFor(c.units, c.level);
  const halfEnd = halfAt(c, se, budgetPairs);
  if (!Number.isFinite(halfEnd)) return true;
  const nearest = Math.abs(centre) <= half ? 0 : Math.abs(centre) - half;
  if (nearest + NOISE_OPTIMISM * withinAtLast(c, se, budgetPairs) < t) return true;
  const farthest = Math.abs(centre) + CHANGE_REACH_SE * se;
  return farthest - halfEnd > floor * t && farthest >= t;
}

/** Pairs at which the comparison's interval would be narrow enough to resolve its threshold (at most 100,000). */
export function pairsToResolve(c: MetricComparison, pairs: number, floor = REGRESSION_FLOOR): number {
  const interval = logInterval(c);
  if (interval === undefined || !(interval.se > 0)) return Number.NaN;
  const t = logThreshold(c.metric, c.threshold);
  // As in detectableLog: floor × t + h + z80 × se must stay within t.
  const fits = (n: number): boolean => {
    const half = halfAt(c, interval.se, n);
    const se = half / criticalFor(unitsAt(c, n), c.level);
    return floor * t + half + Z80 * se <= t;
  };
  let n = Math.max(2, pairs);
  while (n < 100_000 && !fits(n)) n = Math.ceil(n * 1.1);
  if (n >= 100_000) return Number.NaN;
  // Down to the fewest that fit, from the last step.
  let low = Math.max(2, Math.floor(n / 1.1));
  while (low < n && !fits(low)) low++;
  return low;
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
  if (decision.errors.some((e) => e.significant)) return undefined;
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
