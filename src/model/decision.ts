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
  /** The threshold that applied (the scenario's own for req/s, else the gate's). */
  threshold: number;
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
   * What the interval and the p-value were computed from: the pairs (each pair's log ratio, independent when each
   * pair has its own processes or the processes run alike), or the blocks (the mean log ratio of each block of
   * pairs that shared their processes, when the blocks differed: src/decide/verdict.ts).
   */
  unit: 'pairs' | 'blocks';
  /** Estimated relative change of head against base (0.1 = 10% higher): Hodges-Lehmann (pairs) or mean (blocks). */
  change: number;
  /**
   * Interval of the relative change, simultaneous over every comparison and every planned look of the gate: all
   * of them cover their true changes together with probability 1 − alpha (Bonferroni over the comparisons, the
   * looks counted exactly, src/stats/sequential-boundary.ts). NaN when these units cannot reach the level.
   */
  ci: [number, number];
  /** The two-sided level of the interval at one look of one comparison (each alone covers with 1 − level). */
  level: number;
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
   * One whose interval still reaches below half the threshold is borderline: at the budget's end an adaptive gate
   * gives it confirmation pairs (src/gate/loop.ts).
   */
  confirmed: boolean;
  /** Round-to-round noise: standard deviation of the per-pair log ratios. */
  noise: number;
  /**
   * The smallest change this gate's rule would call, with these units and this noise, in about 80% of runs: at
   * least the threshold, since the rule needs an estimate beyond it (src/decide/rule.ts detectableChange).
   */
  detectable: number;
  /** Whether the estimated change is in the bad direction (less throughput, more latency). */
  worse: boolean;
  /**
   * Set when the pairs share their processes in blocks (`restart-every` above 1) and the blocks of this or another
   * comparison of the same processes differed by more than the pairs within them allow (src/decide/process-offsets.ts):
   * the blocks were then the unit (`unit: 'blocks'`).
   */
  processes?: ProcessBlocks;
  verdict: Verdict;
}

/** Blocks of pairs that shared their processes and differed: each block's change, and the F test. */
export interface ProcessBlocks {
  restartEvery: number;
  changes: number[];
  f: number;
  p: number;
  /** Whether this comparison's own blocks differed (else another comparison's of the same processes did). */
  differed: boolean;
  /**
   * Never set now that the blocks are the unit when they differ; the guard of report version 2 set it to the
   * verdict it took back. Kept so that readers of older reports still type-check.
   */
  overruled?: Verdict;
}

export interface ErrorComparison {
  /** The scenario's name. */
  scenario: string;
  baseFailures: number;
  baseResponses: number;
  headFailures: number;
  headResponses: number;
  /** Status codes other than the expected one (default: any 2xx) seen on head, with counts. */
  headStatus: Record<string, number>;
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
  comparisons: MetricComparison[];
  errors: ErrorComparison[];
  alpha: number;
  threshold: number;
  latencyThreshold: number;
  rule: DecisionRule;
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
