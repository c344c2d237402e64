/** What a gate decided: a verdict per comparison of base and head, and for the gate. Types only. */
import type { Metric } from './measure.ts';
export type Verdict = 'regression' | 'improvement' | 'no-change' | 'inconclusive';

export const VERDICTS: readonly Verdict[] = ['regression', 'improvement', 'no-change', 'inconclusive'];

/** What the verdict needs to know of a scenario (a Scenario of src/scenario-file.ts is one). */
export interface ScenarioRule {
  /** Unique within a gate; rounds are keyed by it. */
  name: string;
  /** The one status that counts as success; undefined: any 2xx. */
  expectStatus: number | undefined;
  /** Smallest relative change of req/s that matters for this scenario; undefined: the gate's `threshold`. */
  threshold: number | undefined;
}

export interface MetricComparison {
  /** The scenario's name. */
  scenario: string;
  metric: Metric;
  /**
   * Decided without the pairs in which this scenario, regressed, was measured right after `after`, which regressed
   * too: what `after` left in the processes can show here (src/decide/carry-over.ts).
   */
  carryOver?: { after: string; pairs: number };
  /** Pairs left out for want of a value on a side (a side served 0 req/s, or nothing was measured); absent: none. */
  dropped?: number;
  /** The threshold that applied (the scenario's own for req/s, else the gate's). */
  threshold: number;
  /**
   * The rule's bounds as relative changes on each side (src/decide/rule.ts works in log space, where the two sides
   * mirror each other): a regression needs the estimate beyond `worse.threshold` and the whole interval beyond
   * `worse.floor`, an improvement the same on the better side (req/s at 2%: −2% and −1.0%, +2.04% and +1.0%).
   */
  bounds: { worse: RuleBounds; better: RuleBounds };
  /** Median of base's rounds. */
  base: number;
  /**
   * base × (1 + change): head's value as the paired change puts it, so that base, head and change agree (the
   * median of head's own rounds can disagree in sign with the paired change; each round is in report.rounds).
   */
  head: number;
  /** Pairs that entered the test. */
  pairs: number;
  /**
   * What the interval and the p-value were computed from, fixed by the design before any data (src/decide/interval.ts):
   * the pairs (each pair's log ratio, when every pair has processes of its own: `restart-every` 0 or 1), or the
   * blocks (the mean log ratio of each block of pairs that shared their processes: `restart-every` 2 or more).
   */
  unit: 'pairs' | 'blocks';
  /** How many units (pairs or blocks) entered the interval. */
  units: number;
  /**
   * The interval's method, chosen from the number of units and the level only: the exact signed-rank (Walsh)
   * interval where it can reach the level, Student's t where it cannot.
   */
  method: 'signed-rank' | 't' | 'stratified' | 'combination';
  /** Estimated relative change of head against base (0.1 = 10% higher): Hodges-Lehmann (signed-rank) or mean (t). */
  change: number;
  /**
   * Interval of the relative change, simultaneous over every comparison and every planned look of the gate: all
   * of them cover their true changes together with probability 1 − alpha (Bonferroni over the comparisons, the
   * looks counted exactly, src/stats/sequential-boundary.ts). NaN when these units cannot reach the level.
   */
  ci: [number, number];
  /** The two-sided level of the interval at one look of one comparison (each alone covers with 1 − level). */
  level: number;
  /**
   * The interval "no change" is decided on: this comparison's own two one-sided tests against ±threshold, each at
   * alpha / 2 over the looks (src/stats/equivalence-boundary.ts), not shared with the other comparisons (a gate is
   * "no change" when every comparison is: intersection–union). `level` is its two-sided level at this look (0 where
   * this look cannot say "no change": early looks), `endLevel` at the plan's last look (confirmation); `ci` NaN
   * where it cannot be had.
   */
  equivalence: { ci: [number, number]; level: number; endLevel: number };
  /** p-value of the test the interval inverts, at this look (p ≤ level ⟺ the interval leaves out 0). */
  p: number;
  /**
   * p adjusted for every comparison and every planned look: the smallest alpha at which the simultaneous interval
   * would leave out 0 (the comparisons' count × the sequential p-value). pAdjusted ≤ alpha ⟺ the interval leaves
   * out 0 ⟺ significant.
   */
  pAdjusted: number;
  /** Whether the simultaneous interval leaves out 0 (pAdjusted ≤ alpha). */
  significant: boolean;
  /**
   * A regression or improvement whose interval lies clear of half the threshold: more pairs would not undo it.
   * At the rule's floor of half the threshold every regression and improvement is; with a lower floor (the
   * bench's) one whose interval still reaches below half the threshold is borderline: at the budget's end an
   * adaptive gate gives it confirmation pairs (src/gate/loop.ts).
   */
  confirmed: boolean;
  /** Round-to-round noise: standard deviation of the per-pair log ratios (of the pairs, whatever the unit). */
  noise: number;
  /**
   * The smallest change this gate's rule would call at this noise over its whole plan (the interval projected to
   * the plan's last look), in about 80% of runs: at least the threshold, since the rule needs an estimate beyond it
   * (src/decide/comparison.ts planDetectable, src/decide/rule.ts detectableChange).
   */
  detectable: number;
  /** Whether the estimated change is in the bad direction (less throughput, more latency). */
  worse: boolean;
  /**
   * Set when the pairs share their processes in blocks (`restart-every` above 1), the unit: each block's change and
   * how far the blocks differ (src/decide/process-offsets.ts), shown only; it changes neither the unit nor the verdict.
   */
  processes?: ProcessBlocks;
  /** Set when several runners measured it (replicas): each runner's change and how far they differ. */
  runners?: RunnerSpread;
  /** Measured by one runner: what merges of 4 and 8 runners like it would catch (src/decide/replicas.ts). */
  reach?: RunnerSpread['reach'];
  verdict: Verdict;
}

/**
 * A comparison measured by several runners (src/decide/replicas.ts): the mean change of these runners, stratified by
 * runner; the F test of their means says whether they differ.
 */
export interface RunnerSpread {
  /** Each runner's change (the mean of its units, as a relative change) and its units, in the merge's order. */
  changes: number[];
  units: number[];
  /** Variance of one runner's estimate from its units (log scale: the pooled variance over the mean units). */
  within: number;
  /** Variance of the runners' true changes about their mean (log scale, method of moments; not in the interval). */
  between: number;
  /** The F test of the runners' changes (one-way, runners − 1 and units − runners degrees of freedom). */
  f: number;
  pF: number;
  /** Decided on a second stage's runners alone, confirming a regression the first stage raised (`confirm`). */
  confirmation?: boolean;
  /** Whether the runners differ beyond their own noise (pF below 1%, fixed before the data); descriptive only. */
  differ: boolean;
  /** The runner most apart from the others (index into changes) and the others' change without it. */
  apart: number;
  othersChange: number;
  /** The smallest change (a magnitude) a merge of this many runners would catch in about 80% of runs. */
  reach: { runners: number; detectable: number }[];
}

/** One side's bounds of the rule, as relative changes. */
export interface RuleBounds {
  threshold: number;
  floor: number;
}

/** Blocks of pairs that shared their processes: each block's change, and the F test of how far they differ. */
export interface ProcessBlocks {
  restartEvery: number;
  changes: number[];
  f: number;
  p: number;
  /** Whether the F test says this comparison's blocks differed (p below 1%): descriptive only. */
  differed: boolean;
  /**
   * Never set now that the blocks are the unit when they differ; the guard of report version 2 set it to the
   * verdict it took back. Kept so that readers of older reports still type-check.
   */
  overruled?: Verdict;
}

/** A metric's change shown beside the comparisons, not tested and not counted in the family. */
export interface ShownChange {
  scenario: string;
  metric: Metric;
  /** Median of base's rounds, and base × (1 + change). */
  base: number;
  head: number;
  /** Hodges-Lehmann estimate of the per-pair log ratios, as a relative change; NaN without a pair. */
  change: number;
  pairs: number;
  /** Standard deviation of the per-pair log ratios. */
  noise: number;
}

/** A side's failed requests by class. */
export interface FailureClasses {
  /** Requests that got no answer in time. */
  timeouts: number;
  /** Connections refused, reset or closed before an answer. */
  connectionErrors: number;
  /** Answers of another status than the scenario expects (default: any 2xx), by status code. */
  statuses: Record<string, number>;
}

/**
 * Failed requests of one scenario, a comparison of the family like the others: the exact conditional binomial test
 * of head's failures among all failures given each side's requests (two-sided, at the family's per-look level), so
 * a head failing more often than chance allows is a regression and one failing less an improvement.
 */
export interface ErrorComparison {
  /** The scenario's name. */
  scenario: string;
  baseFailures: number;
  /** Requests made (answered of any status, timed out or failed to connect). */
  baseResponses: number;
  headFailures: number;
  headResponses: number;
  /** Status codes other than the expected one (default: any 2xx) seen on head, with counts. */
  headStatus: Record<string, number>;
  /** Each side's failures by class. */
  classes: { base: FailureClasses; head: FailureClasses };
  /** Units of the design (blocks of pairs sharing their processes, else pairs) the failures were counted in. */
  units: number;
  /** Units in which each side failed at least once. */
  incidents: { base: number; head: number };
  /** The unit the failures were counted in. */
  unit: 'pairs' | 'blocks';
  /** What the failures were divided by for their burstiness between units (1: as steady as chance). */
  dispersion: number;
  /** The two-sided level of the test at one look of one comparison (as MetricComparison.level). */
  level: number;
  /** The exact conditional test's two-sided p-value at this look (1 without failures). */
  p: number;
  /** p adjusted for every comparison and every planned look, as MetricComparison.pAdjusted. */
  pAdjusted: number;
  /** pAdjusted ≤ alpha: the sides' failure rates differ. */
  significant: boolean;
  /**
   * Bounds on head's failure rate minus base's (a share of requests), each one-sided at the equivalence side's level
   * (src/decide/failures.ts): "no change" only when both lie within ±`margin`; infinite where no bound can be had.
   */
  within: [number, number];
  margin: number;
  verdict: Verdict;
}

/**
 * The rule a decision was made with: a regression (improvement) needs the simultaneous interval to lie beyond
 * `floor` × the threshold on the worse (better) side and the estimate to reach the threshold; no change, the
 * interval inside ±threshold (src/decide/rule.ts).
 */
export interface DecisionRule {
  /** Share of the threshold the interval must clear (0: only significance). */
  floor: number;
}

/** The decision as data: report/headline.ts renders its headline. */
export interface Decision {
  verdict: Verdict;
  /** The tested comparisons of the metrics (req/s, p99, and where measured CPU per request and p99 at a fixed rate). */
  comparisons: MetricComparison[];
  /** Failed requests of each scenario, tested in the same family. */
  errors: ErrorComparison[];
  /** Changes shown but not tested (p50: in a closed loop it largely mirrors req/s); they count in no verdict. */
  shown: ShownChange[];
  /** The heap each side's server kept, tested for a leak in the same family (src/decide/leak.ts); absent: none. */
  leaks?: LeakComparison[];
  alpha: number;
  threshold: number;
  latencyThreshold: number;
  /** The threshold of allocation per request; absent in decisions made before it existed (the req/s threshold). */
  memoryThreshold?: number;
  rule: DecisionRule;
}

/**
 * The leak test of one group of rounds (src/decide/leak.ts): in each block of pairs that shared their processes, the
 * slope of each side's heap kept after a full collection against the requests its server had begun, in bytes per
 * request; the unit is the block's head − base slope. A regression: head's heap grows faster than base's by more than
 * `threshold`, on an interval at the family's level.
 */
export interface LeakComparison {
  /** Blocks (process pairs) with a slope on both sides. */
  units: number;
  /** The slopes' median, each side, in bytes per request. */
  base: number;
  head: number;
  /** Estimated head − base slope, bytes per request, and its interval at `level` (simultaneous like the others). */
  change: number;
  ci: [number, number];
  level: number;
  /** The equivalence interval "no change" is decided on (bytes per request). */
  equivalence: { ci: [number, number]; level: number };
  /** Bytes per request that matter (the input's MB per 100,000 requests). */
  threshold: number;
  /** The mean of the requests a process had begun at its last reading: how far "kept" reaches. */
  requests: number;
  /** p adjusted for the family, as a metric's pAdjusted. */
  pAdjusted: number;
  method: 'signed-rank' | 't';
  verdict: Verdict;
}

/**
 * A scenario a look settled (src/decide/settle.ts): every comparison and its failed requests decided for good, so
 * it was measured no further and its time went to the scenarios still open; decided as it was at `pairs` pairs.
 */
export interface SettledScenario {
  scenario: string;
  verdict: Verdict;
  /** The pairs measured when it settled (the look's). */
  pairs: number;
}

/** `noise`: stopped early because the noise measured so far could not resolve the threshold within the budget. */
export type StopReason = 'resolved' | 'budget' | 'fixed' | 'deadline' | 'no-scenarios' | 'noise';

/** Why an adaptive gate stopped for noise: the comparison that needed the most pairs, and what it needed. */
export interface Futility {
  scenario: string;
  metric: Metric;
  threshold: number;
  /** Its per-pair noise: the sd of the per-pair log ratios. */
  noise: number;
  /** Pairs measured, and pairs the budget buys (the last planned look). */
  pairs: number;
  budgetPairs: number;
  /** Pairs this noise would need to resolve the threshold (in about 80% of gates, at one look). */
  neededPairs: number;
}

/**
 * Whether a plan can resolve anything, before measuring (src/decide/plan-check.ts planCheck): its family, level,
 * units, the smallest change it would catch at a noise, and what would resolve where it cannot.
 */
export interface PlanCheck {
  /** Comparisons in the family, the per-look level each interval must reach, and the looks planned. */
  comparisons: number;
  level: number;
  looks: number[];
  /** Runners one merge decides on (1: this gate decides itself); units count all of theirs. */
  runners: number;
  unit: 'pairs' | 'blocks';
  /** Pairs (each runner's) and units (all runners') at the last planned look, and the interval's method there. */
  pairs: number;
  units: number;
  method: 'signed-rank' | 't';
  noise: number;
  threshold: number;
  /** Whether any interval can leave out 0 at all by the last look (at least two units). */
  canDecide: boolean;
  /** Smallest drop of req/s caught in about 80% of gates at this noise (a share, at least the threshold); NaN: none. */
  detectable: number;
  /** Whether it would catch twice the threshold in 80% of gates (src/decide/plan-check.ts RESOLVE_MULTIPLE). */
  resolves: boolean;
  /** Where it does not: what would (undefined where nothing within reach would). */
  advice?: PlanAdvice;
}

export interface PlanAdvice {
  /** Measuring time the current design needs to resolve, in seconds (undefined beyond 64 × the budget). */
  budgetSec?: number;
  /** Another `restart-every` among 1, 2 and 4 that resolves within less time than `budgetSec`, and that time. */
  restartEvery?: { value: number; budgetSec: number };
  /** The most scenarios one gate can decide within this budget (shard the rest), 0 when not even one. */
  scenariosPerGate: number;
}
