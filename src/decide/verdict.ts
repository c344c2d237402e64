/**
 * From rounds to a verdict, on the per-pair log ratios log(head/base), which share the host's speed of the moment.
 * One procedure gives each comparison its interval, its p-value and its verdict, so they cannot disagree:
 *
 * - the family: per scenario, req/s, p99 and failed requests always; p99 at a fixed rate with `latency-rate`; the
 *   server's CPU per request when the load generator set the pace (pace.ts). p50 is shown, not tested;
 * - the unit and the interval, fixed by the design (src/decide/interval.ts): block means when the pairs share their
 *   processes in blocks, else pairs; the exact signed-rank (Walsh) interval where it can reach the level, else t;
 * - the level: simultaneous over every comparison of the family (Bonferroni) and every planned look (counted
 *   exactly, src/stats/sequential-boundary.ts);
 * - the p-value: of the test that interval inverts, made sequential and multiplied by the comparisons, so that
 *   p ≤ alpha exactly when the interval leaves out 0;
 * - the verdict: from the interval and its centre only (src/decide/rule.ts); failed requests from the exact
 *   conditional binomial test at the same level, at the design's unit (src/decide/failures.ts).
 *
 * Pure.
 */

import type {
  Decision,
  ErrorComparison,
  LeakComparison,
  MetricComparison,
  ScenarioRule,
  ShownChange,
  Verdict,
} from '../model/decision.ts';
import type { Metric, Round } from '../model/measure.ts';
import { type Follower, followersOf } from './carry-over.ts';
import { compareMetric, pairsOf, showMetric, shownMetrics, testedMetrics } from './compare.ts';
import { type Entry, finish } from './comparison.ts';
import { compareFailures } from './failures.ts';
import {
  decisionAlpha,
  type Family,
  failureFamilyOf,
  familyOf,
  type Stages,
  weightOf,
  weightsOf,
} from './family.ts';
import { compareLeak, leakTested } from './leak.ts';
import type { TwoStages } from './replicas.ts';
import { logWorse, REGRESSION_FLOOR } from './rule.ts';
import { lookOf } from './settle.ts';

export interface DecideOptions {
  /** Smallest relative change of req/s that matters. */
  threshold: number;
  /** Smallest relative change of latency that matters (tails are noisier than req/s); default: `threshold`. */
  latencyThreshold?: number;
  /** Smallest relative change of allocation per request that matters; default: `threshold`. */
  memoryThreshold?: number;
  /** The gate's alpha (a stage of a two-stage design spends its share: `stages`, src/decide/family.ts). */
  alpha: number;
  /** 2 when this decision is one stage of a two-stage design; default 1. */
  stages?: Stages | undefined;
  /** The pair counts at which this gate may look (confirmation included), all counted; default: one look. */
  looks?: readonly number[];
  /** Pairs that share their two server processes (`restart-every`; 0 or 1: none share). */
  restartEvery?: number;
  /** Share of the threshold a regression's interval must clear (src/decide/rule.ts); default REGRESSION_FLOOR. */
  floor?: number;
}

/**
 * The threshold that applies to a metric of a scenario: for req/s and the server's CPU time per request (a cost of
 * throughput: 10% more CPU per request is about 10% less capacity) the scenario's own (else the gate's); for
 * latency the gate's latency threshold (tail latency is noisy in the same way whatever the scenario).
 */
export function thresholdOf(
  metric: Metric,
  options: Pick<DecideOptions, 'threshold' | 'latencyThreshold' | 'memoryThreshold'>,
  scenario?: Pick<ScenarioRule, 'threshold'>,
): number {
  if (metric === 'alloc' || metric === 'gc') return options.memoryThreshold ?? options.threshold;
  return metric === 'rps' || metric === 'cpu'
    ? (scenario?.threshold ?? options.threshold)
    : (options.latencyThreshold ?? options.threshold);
}

/**
 * Whether more pairs could not change the gate's verdict: a confirmed regression settles it (other comparisons may
 * still be undecided, and the report says so), else every comparison must be no change or a confirmed improvement.
 */
export function resolved(decision: Decision): boolean {
  const leaks = decision.leaks ?? [];
  if (decision.errors.some((e) => e.verdict === 'regression')) return true;
  if (leaks.some((l) => l.verdict === 'regression')) return true;
  if (decision.comparisons.some((c) => c.verdict === 'regression' && c.confirmed)) return true;
  return (
    decision.comparisons.every(
      (c) => c.verdict === 'no-change' || (c.verdict === 'improvement' && c.confirmed),
    ) && leaks.every((l) => l.verdict === 'no-change' || l.verdict === 'improvement')
  );
}

/** Decides every scenario × metric of the rounds of one gate (decideGroups with one group). */
export function decide(
  rounds: readonly Round[],
  scenarios: readonly ScenarioRule[],
  options: DecideOptions,
): Decision {
  return decideGroups(
    [{ rounds, scenarios, looks: options.looks ?? [], restartEvery: options.restartEvery ?? 0 }],
    options,
  );
}

/**
 * Rounds measured and looked at on their own (one gate, or one shard of a matrix of gates), decided together.
 * Each group's rounds are paired only with each other (pair numbers are per group).
 */
export interface DecisionGroup {
  rounds: readonly Round[];
  scenarios: readonly ScenarioRule[];
  /** The pair counts at which this group's data was (or may have been) looked at; empty: once. */
  looks: readonly number[];
  /** Pairs of this group that share their server processes (`restart-every`); undefined, 0 or 1: none share. */
  restartEvery?: number;
  /**
   * Several runners measured these scenarios (replicas): the first pair number of each, ascending. Their units
   * are decided with the runner as a cluster (src/decide/replicas.ts).
   */
  runners?: readonly number[];
  /** The runners are the two stages of a two-stage design (replicas.ts). */
  stages?: TwoStages;
}

/** A scenario of a group, for its failed requests. */
interface ScenarioEntry {
  scenario: ScenarioRule;
  pairs: ReturnType<typeof pairsOf>;
  looks: readonly number[];
  at: number;
  restartEvery: number;
}

/** The pairs a group has measured: its look is at this count (pair numbers run from 0). */
function pairsMeasured(rounds: readonly Round[]): number {
  return rounds.reduce((most, r) => Math.max(most, r.pair + 1), 0);
}

/** Per group, the scenarios measured right after a regressed one, and in which pairs. */
type Followers = readonly Map<string, Follower>[];

/**
 * Every tested comparison, every scenario (for failed requests) and every shown change of the groups, in order; a
 * follower's metrics without the pairs in which it came right after a regressed scenario (its failures with all).
 */
function collect(groups: readonly DecisionGroup[], options: DecideOptions, followers?: Followers) {
  const entries: Entry[] = [];
  const scenarios: ScenarioEntry[] = [];
  const shown: ShownChange[] = [];
  groups.forEach((g, group) => {
    const looks = g.looks.length > 0 ? g.looks : [1];
    const restartEvery = g.restartEvery ?? 0;
    for (const scenario of g.scenarios) {
      const at = lookOf(g.rounds, scenario.name, pairsMeasured);
      const all = pairsOf(g.rounds, scenario.name);
      const follower = followers?.[group]?.get(scenario.name);
      const pairs = follower ? all.filter((p) => !follower.pairs.has(p.base.pair)) : all;
      const carryOver = follower && { after: follower.after, pairs: follower.pairs.size };
      scenarios.push({ scenario, pairs: all, looks, at, restartEvery });
      for (const metric of testedMetrics(all)) {
        const raw = compareMetric(scenario.name, metric, pairs);
        const threshold = thresholdOf(metric, options, scenario);
        entries.push({
          raw,
          looks,
          at,
          restartEvery,
          threshold,
          runners: g.runners,
          stages: g.stages,
          ...(carryOver ? { carryOver } : {}),
        });
      }
      shown.push(...shownMetrics(all).map((metric) => showMetric(scenario.name, metric, pairs)));
    }
  });
  return { entries, scenarios, shown };
}

/**
 * One decision over several groups as if they were one gate: every interval and every test of failed requests
 * simultaneous over all comparisons and each group's looks. A scenario that regressed right after another that
 * regressed (in some pairs) is decided again without those pairs (carry-over.ts), the family as it was.
 */
export function decideGroups(groups: readonly DecisionGroup[], options: DecideOptions): Decision {
  const first = decideOnce(groups, options);
  // How far each regressed scenario regressed: its worst regressed metric, in thresholds.
  const regressed = new Map<string, number>();
  for (const c of first.comparisons) {
    if (c.verdict !== 'regression') continue;
    const thresholds = logWorse(c.metric, Math.log1p(c.change)) / Math.abs(Math.log1p(c.threshold));
    regressed.set(c.scenario, Math.max(regressed.get(c.scenario) ?? 0, thresholds));
  }
  if (regressed.size < 2) return first;
  const followers = groups.map((g) => followersOf(g.rounds, regressed));
  if (followers.every((f) => f.size === 0)) return first;
  return decideOnce(groups, options, followers);
}

function decideOnce(
  groups: readonly DecisionGroup[],
  options: DecideOptions,
  followers?: Followers,
): Decision {
  const { entries, scenarios, shown } = collect(groups, options, followers);
  const leakGroups = groups.filter((g) => leakTested(g.rounds, g.scenarios.length, g.restartEvery ?? 0));
  const compared = [...entries.map((e) => e.raw.metric), ...scenarios.map(() => 'failures' as const)];
  const weights = weightsOf([...compared, ...leakGroups.map(() => 'leak' as const)]);
  const design = { alpha: options.alpha, stages: options.stages, weights, floor: options.floor };
  type Where = Pick<Entry, 'looks' | 'at' | 'restartEvery'>;
  const family = ({ looks, at, restartEvery }: Where, weight: number): Family =>
    familyOf({ ...design, weight, looks, at, restartEvery });
  const comparisons = entries.map((entry) => finish(entry, family(entry, weightOf(entry.raw.metric))));
  const errors = scenarios.map(({ scenario, pairs, looks, at, restartEvery }) =>
    compareFailures(
      scenario,
      pairs,
      failureFamilyOf({ ...design, weight: weightOf('failures'), looks, at, restartEvery }),
    ),
  );
  const leaks = leakGroups.flatMap((g) => {
    const at = pairsMeasured(g.rounds);
    const restartEvery = g.restartEvery ?? 0;
    const looks = g.looks.length > 0 ? g.looks : [1];
    return (
      compareLeak(g.rounds, restartEvery, at, family({ looks, at, restartEvery }, weightOf('leak'))) ?? []
    );
  });
  return {
    verdict: overall(comparisons, errors, leaks),
    comparisons,
    errors,
    shown,
    ...(leaks.length > 0 ? { leaks } : {}),
    alpha: decisionAlpha(options.alpha, options.stages),
    threshold: options.threshold,
    latencyThreshold: options.latencyThreshold ?? options.threshold,
    memoryThreshold: options.memoryThreshold ?? options.threshold,
    rule: { floor: options.floor ?? REGRESSION_FLOOR },
  };
}

function overall(
  comparisons: readonly MetricComparison[],
  errors: readonly ErrorComparison[],
  leaks: readonly LeakComparison[],
): Verdict {
  const all = [...comparisons, ...errors, ...leaks].map((c) => c.verdict);
  if (all.includes('regression')) return 'regression';
  if (all.includes('improvement')) return 'improvement';
  if (all.every((v) => v === 'no-change')) return 'no-change';
  return 'inconclusive';
}
