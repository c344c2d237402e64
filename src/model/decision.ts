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
  /** Median of the side's rounds. */
  base: number;
  head: number;
  /** Pairs that entered the test. */
  pairs: number;
  /** Estimated relative change of head against base (0.1 = 10% higher). */
  change: number;
  /**
   * Interval of the relative change, simultaneous across every comparison and every look of the gate: all of
   * them cover the true changes together with probability 1 − alpha (Bonferroni over the comparisons; the looks
   * counted exactly, src/stats/sequential-boundary.ts).
   */
  ci: [number, number];
  /** The signed-rank test's p-value at this look. */
  p: number;
  /** p made sequential (the chance that any planned look gives one as small), then Holm-adjusted. */
  pAdjusted: number;
  /**
   * A regression or improvement whose interval lies clear of half the threshold: more pairs would not undo it.
   * One whose interval still reaches below half the threshold is borderline and earns more pairs; an adaptive gate
   * (runSequential) marks it confirmed once it has held at every look over at least MIN_CONFIRMATION_PAIRS more.
   */
  confirmed: boolean;
  /** Round-to-round noise: standard deviation of the per-pair log ratios. */
  noise: number;
  /** Smallest relative change this many pairs with this noise would detect about 80% of the time. */
  detectable: number;
  /** Whether the estimated change is in the bad direction (less throughput, more latency). */
  worse: boolean;
  /**
   * Set when the pairs share their processes in blocks (`restart-every` above 1) and the blocks of this or another
   * comparison of the same processes differed by more than the pairs within them allow (src/decide/process-offsets.ts):
   * the verdict then had to hold in every block.
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
  /** The verdict the pairs gave, when it did not hold in every block and was taken back (to inconclusive). */
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

export interface Decision {
  verdict: Verdict;
  headline: string;
  comparisons: MetricComparison[];
  errors: ErrorComparison[];
  alpha: number;
  threshold: number;
  latencyThreshold: number;
}

export type StopReason = 'resolved' | 'budget' | 'fixed' | 'deadline' | 'no-scenarios';
