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
import { excludesZero } from '../stats/inference.ts';
import { type Follower, followersOf } from './carry-over.ts';
import {
  compareMetric,
  pairsOf,
  type RawComparison,
  showMetric,
  shownMetrics,
  testedMetrics,
} from './compare.ts';
import { compareFailures } from './failures.ts';
import {
  adjustedP,
  decisionAlpha,
  type Family,
  failureFamilyOf,
  familyOf,
  type Stages,
  weightOf,
  weightsOf,
} from './family.ts';
import { criticalFor, inferUnits, unitCount, unitOf, unitsOf } from './interval.ts';
import { compareLeak, leakTested } from './leak.ts';
import { blockTest, PROCESS_OFFSET_LEVEL } from './process-offsets.ts';
import { inferMerged, oneRunnerReach, type TwoStages, unitsByRunner } from './replicas.ts';
import { classify, clearOfHalf, detectableChange, logWorse, REGRESSION_FLOOR, ruleBounds } from './rule.ts';
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

/** One tested metric of a scenario of a group, before the family is counted. */
interface Entry {
  raw: RawComparison;
  /** Pairs left out: the scenario was measured right after another that regressed (carry-over.ts). */
  carryOver?: MetricComparison['carryOver'];
  /** Its group's looks (at least one), the pairs it has measured (this look's) and `restart-every`. */
  looks: readonly number[];
  at: number;
  restartEvery: number;
  threshold: number;
  runners: readonly number[] | undefined;
  stages: TwoStages | undefined;
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

/** The blocks of a comparison whose pairs share their processes, shown (they change neither unit nor verdict). */
function processes(entry: Entry): Pick<MetricComparison, 'processes'> {
  const test = blockTest(entry.raw.pairNumbers, entry.raw.logRatios, entry.restartEvery);
  if (test === undefined) return {};
  const { restartEvery } = entry;
  return {
    processes: {
      restartEvery,
      changes: test.changes,
      f: test.f,
      p: test.p,
      differed: test.p < PROCESS_OFFSET_LEVEL,
    },
  };
}

/**
 * The smallest change the gate would catch in 80% of runs at this noise over its whole plan: the interval's
 * standard error projected to the plan's last look (shrinking as 1 / √units, with the quantile it will have there),
 * so that it answers for the budget, not for wherever this look happened to stop (bench/NOTEBOOK.md §20 checks it
 * against the operating characteristic).
 */
function planDetectable(entry: Entry, logCi: readonly [number, number], units: number, f: Family): number {
  const { raw, looks, restartEvery, threshold } = entry;
  const critical = criticalFor(units, f.level);
  const end = looks.length > 1 ? looks[looks.length - 2]! : looks[0]!;
  const endUnits = unitCount(end, restartEvery);
  if (!(endUnits > units) || !Number.isFinite(logCi[0]) || !(critical > 0))
    return detectableChange(raw.metric, logCi, critical, threshold, f.floor);
  // The plan's last look is a full one, whatever this look was.
  const endCritical = criticalFor(endUnits, f.endLevel);
  const half = ((logCi[1] - logCi[0]) / 2 / critical) * Math.sqrt(units / endUnits) * endCritical;
  const centre = (logCi[0] + logCi[1]) / 2;
  return detectableChange(raw.metric, [centre - half, centre + half], endCritical, threshold, f.floor);
}

/** The interval of a comparison: over its runners where several measured it (replicas.ts), else over its units. */
function inferEntry(entry: Entry, units: readonly number[], f: Family) {
  const { logRatios, pairNumbers, metric } = entry.raw;
  if (entry.runners && entry.runners.length > 1) {
    const perRunner = unitsByRunner(pairNumbers, logRatios, entry.runners, (p, r) =>
      unitsOf(p, r, entry.restartEvery),
    );
    const rule = { metric, threshold: entry.threshold, floor: f.floor };
    const merged = inferMerged(perRunner, f.level, rule, entry.stages);
    if (merged) return merged;
  }
  return inferUnits(units, f.level);
}

/** One runner's reach with more runners (none for a merge of runners, or without an interval). */
function oneRunner(
  inferred: ReturnType<typeof inferEntry>,
  logCi: [number, number],
  metric: MetricComparison['metric'],
  threshold: number,
  f: Family,
): Pick<MetricComparison, 'reach'> {
  if (!inferred || inferred.method === 'stratified' || inferred.method === 'combination') return {};
  const reach = oneRunnerReach(logCi, inferred.critical, f.level, { metric, threshold, floor: f.floor });
  return reach ? { reach } : {};
}

/**
 * The interval "no change" is decided on: the comparison's own, at the equivalence side's level (each end a
 * one-sided bound at α/2 over the looks, not shared with the other comparisons); NaN where it cannot be had.
 */
function equivalenceInterval(entry: Entry, units: readonly number[], f: Family): [number, number] {
  const inferred = f.equivalence > 0 ? inferEntry(entry, units, { ...f, level: f.equivalence }) : undefined;
  if (!inferred) return [Number.NaN, Number.NaN];
  return [Math.expm1(inferred.inference.lower), Math.expm1(inferred.inference.upper)];
}

function finish(entry: Entry, f: Family): MetricComparison {
  const { logRatios, pairNumbers, ...raw } = entry.raw;
  const { threshold, restartEvery } = entry;
  const units = unitsOf(pairNumbers, logRatios, restartEvery, entry.at);
  const inferred = inferEntry(entry, units, f);
  const nan = Number.NaN;
  const logCi: [number, number] = inferred
    ? [inferred.inference.lower, inferred.inference.upper]
    : [nan, nan];
  const ci: [number, number] = [Math.expm1(logCi[0]), Math.expm1(logCi[1])];
  // One unit so far (a single block) has an estimate but no interval.
  const estimate = inferred?.inference.estimate ?? (units.length === 1 ? units[0]! : nan);
  const change = Math.expm1(estimate);
  const significant = excludesZero(logCi[0], logCi[1]);
  const p = inferred?.inference.p ?? 1;
  const within = equivalenceInterval(entry, units, f);
  const verdict = classify(raw.metric, change, ci, threshold, f.floor, within);
  return {
    ...raw,
    head: raw.base * (1 + change),
    unit: unitOf(restartEvery),
    units: units.length,
    method: inferred?.method ?? 't',
    change,
    ...(inferred && 'spread' in inferred ? { runners: inferred.spread } : processes(entry)),
    ...oneRunner(inferred, logCi, raw.metric, threshold, f),
    threshold,
    bounds: ruleBounds(raw.metric, threshold, f.floor),
    ci,
    level: f.level,
    equivalence: { ci: within, level: f.equivalence, endLevel: f.equivalenceEnd },
    p,
    pAdjusted: adjustedP(p, f, significant),
    significant,
    confirmed: clearOfHalf(raw.metric, verdict, ci, threshold),
    detectable:
      inferred?.method === 'stratified' || inferred?.method === 'combination'
        ? detectableChange(raw.metric, logCi, inferred.critical, threshold, f.floor)
        : planDetectable(entry, logCi, units.length, f),
    worse: logWorse(raw.metric, Math.log1p(change)) > 0,
    verdict,
    ...(entry.carryOver ? { carryOver: entry.carryOver } : {}),
  };
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
