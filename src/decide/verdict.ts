/**
 * From rounds to a verdict, on the per-pair log ratios log(head/base), which share the host's speed of the moment.
 * One procedure gives each comparison its interval, its p-value and its verdict, so they cannot disagree:
 *
 * - the unit: each pair's log ratio; or, when pairs share their processes in blocks (`restart-every`) and the blocks
 *   of the group differed (an F test, src/decide/process-offsets.ts), each block's mean log ratio, so that a process
 *   pair that runs apart from its twin weighs as one unit, not as the pairs it served;
 * - the interval: simultaneous over every comparison of the family (Bonferroni) and every planned look (counted
 *   exactly, src/stats/sequential-boundary.ts): signed-rank (Walsh) for pairs, Student's t for blocks;
 * - the p-value: of the test that interval inverts, made sequential and multiplied by the comparisons, so that
 *   p ≤ alpha exactly when the interval leaves out 0;
 * - the verdict: from the interval and its centre only (src/decide/rule.ts).
 *
 * Pure.
 */

import type {
  Decision,
  ErrorComparison,
  MetricComparison,
  ScenarioRule,
  Verdict,
} from '../model/decision.ts';
import { expected, failures, metricValue } from '../model/derived.ts';
import { METRICS, type Metric, type Round } from '../model/measure.ts';
import { median, sd } from '../stats/describe.ts';
import { normalQuantile } from '../stats/distributions.ts';
import {
  excludesZero,
  type Inference,
  meanInference,
  signedRankInference,
  tCritical,
} from '../stats/inference.ts';
import { perLookLevel, sequentialP } from '../stats/sequential-boundary.ts';
import { generatorPaced } from './pace.ts';
import { type BlockTest, blockMeans, blockTest, offsetLevel, processesDiffered } from './process-offsets.ts';
import { classify, clearOfHalf, detectableChange, REGRESSION_FLOOR } from './rule.ts';

export interface DecideOptions {
  /** Smallest relative change of req/s that matters. */
  threshold: number;
  /** Smallest relative change of latency that matters (tails are noisier than req/s); default: `threshold`. */
  latencyThreshold?: number;
  alpha: number;
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
  options: Pick<DecideOptions, 'threshold' | 'latencyThreshold'>,
  scenario?: Pick<ScenarioRule, 'threshold'>,
): number {
  return metric === 'rps' || metric === 'cpu'
    ? (scenario?.threshold ?? options.threshold)
    : (options.latencyThreshold ?? options.threshold);
}

/**
 * The metrics a scenario's pairs measured, in pair order: p99 at a fixed rate only when the gate ran open-loop
 * load; the server's CPU time per request only when the load generator set the pace of the first pair (pace.ts).
 */
function measuredMetrics(pairs: readonly { base: Round; head: Round }[]): Metric[] {
  const open = pairs.some(({ base, head }) => base.measurement.paced && head.measurement.paced);
  const paced = pairs.length > 0 && generatorPaced(pairs[0]!);
  return METRICS.filter((metric) => (metric !== 'p99open' || open) && (metric !== 'cpu' || paced));
}

/** The median of what there is; NaN (shown as n/a) when a metric has no usable value at all. */
function medianOr(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : median(values);
}

/** Pairs base and head rounds of one scenario by pair number. */
function pairsOf(rounds: readonly Round[], scenario: string): { base: Round; head: Round }[] {
  const byPair = new Map<number, { base?: Round; head?: Round }>();
  for (const round of rounds) {
    if (round.scenario !== scenario) continue;
    const entry = byPair.get(round.pair) ?? {};
    entry[round.side] = round;
    byPair.set(round.pair, entry);
  }
  const pairs: { base: Round; head: Round }[] = [];
  for (const [, entry] of [...byPair].sort((a, b) => a[0] - b[0])) {
    if (entry.base && entry.head) pairs.push({ base: entry.base, head: entry.head });
  }
  return pairs;
}

function compareErrors(
  scenario: ScenarioRule,
  pairs: readonly { base: Round; head: Round }[],
): ErrorComparison {
  let baseFailures = 0;
  let baseResponses = 0;
  let headFailures = 0;
  let headResponses = 0;
  const headStatus: Record<string, number> = {};
  for (const { base, head } of pairs) {
    baseFailures += failures(base.measurement, scenario.expectStatus);
    baseResponses += base.measurement.responses + base.measurement.errors + base.measurement.timeouts;
    headFailures += failures(head.measurement, scenario.expectStatus);
    headResponses += head.measurement.responses + head.measurement.errors + head.measurement.timeouts;
    for (const [code, count] of Object.entries(head.measurement.statusCodes)) {
      if (!expected(code, scenario.expectStatus)) headStatus[code] = (headStatus[code] ?? 0) + count;
    }
  }
  const baseRate = baseResponses === 0 ? 0 : baseFailures / baseResponses;
  const headRate = headResponses === 0 ? 0 : headFailures / headResponses;
  // Head fails where base did not, or fails clearly more often (twice the rate and at least 1% of requests).
  const regression =
    (headFailures > 0 && baseFailures === 0) || (headRate >= 2 * baseRate && headRate - baseRate >= 0.01);
  return {
    scenario: scenario.name,
    baseFailures,
    baseResponses,
    headFailures,
    headResponses,
    headStatus,
    verdict: regression ? 'regression' : 'no-change',
  };
}

interface RawComparison {
  scenario: string;
  metric: Metric;
  /** Median of base's usable rounds. */
  base: number;
  pairs: number;
  noise: number;
  logRatios: number[];
  /** The pair number of each log ratio. */
  pairNumbers: number[];
}

function compareMetric(
  scenario: string,
  metric: Metric,
  pairs: readonly { base: Round; head: Round }[],
): RawComparison {
  const usable = pairs.filter(({ base, head }) => {
    const b = metricValue(base.measurement, metric);
    const h = metricValue(head.measurement, metric);
    return Number.isFinite(b) && Number.isFinite(h) && b > 0 && h > 0;
  });
  const base = usable.map(({ base: round }) => metricValue(round.measurement, metric));
  const head = usable.map(({ head: round }) => metricValue(round.measurement, metric));
  const logRatios = usable.map((_, i) => Math.log(head[i]! / base[i]!));
  return {
    scenario,
    metric,
    base: medianOr(base),
    pairs: logRatios.length,
    // Too few pairs with a value on both sides (an open loop whose requests all failed has no p99): no noise.
    noise: logRatios.length < 2 ? Number.NaN : sd(logRatios),
    logRatios,
    pairNumbers: usable.map(({ base: round }) => round.pair),
  };
}

/**
 * Whether more pairs could not change the answer: a confirmed regression or failing requests settle it, else every
 * comparison must be no change or a confirmed improvement (a borderline regression earns more pairs).
 */
export function resolved(decision: Decision): boolean {
  if (decision.errors.some((e) => e.verdict === 'regression')) return true;
  if (decision.comparisons.some((c) => c.verdict === 'regression' && c.confirmed)) return true;
  return decision.comparisons.every(
    (c) => c.verdict === 'no-change' || (c.verdict === 'improvement' && c.confirmed),
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
}

/** One comparison of a group, before the family is counted. */
interface Entry {
  raw: RawComparison;
  /** Its group's looks (at least one), `restart-every` and index. */
  looks: readonly number[];
  restartEvery: number;
  group: number;
  threshold: number;
}

/** Every comparison and every error comparison of the groups, in order. */
function collect(
  groups: readonly DecisionGroup[],
  options: DecideOptions,
): { entries: Entry[]; errors: ErrorComparison[] } {
  const entries: Entry[] = [];
  const errors: ErrorComparison[] = [];
  for (const [group, g] of groups.entries()) {
    const looks = g.looks.length > 0 ? g.looks : [1];
    for (const scenario of g.scenarios) {
      const pairs = pairsOf(g.rounds, scenario.name);
      errors.push(compareErrors(scenario, pairs));
      for (const metric of measuredMetrics(pairs)) {
        entries.push({
          raw: compareMetric(scenario.name, metric, pairs),
          looks,
          restartEvery: g.restartEvery ?? 0,
          group,
          threshold: thresholdOf(metric, options, scenario),
        });
      }
    }
  }
  return { entries, errors };
}

/**
 * Whether each comparison's blocks of processes differed. Each F test gets its share of the level among its
 * group's scenarios, whose processes serve them all (process-offsets.ts offsetLevel).
 */
function blocksDiffered(entries: readonly Entry[], tests: readonly (BlockTest | undefined)[]): boolean[] {
  const scenarios = new Map<number, Set<string>>();
  for (const { group, raw } of entries) {
    scenarios.set(group, (scenarios.get(group) ?? new Set<string>()).add(raw.scenario));
  }
  return tests.map((test, i) =>
    processesDiffered(test, offsetLevel(scenarios.get(entries[i]!.group)?.size ?? 1)),
  );
}

/** What the family says about one comparison: its per-look level, its count, and its blocks when they are the unit. */
interface Family {
  level: number;
  /** Comparisons in the family (Bonferroni). */
  comparisons: number;
  alpha: number;
  floor: number;
  /** Its blocks, when its group's processes differed: the block means are then the unit. */
  blocks: BlockTest | undefined;
  differed: boolean;
}

/** The interval and p-value of one comparison at its per-look level, from its unit; undefined with too few. */
function infer(entry: Entry, f: Family): { inference: Inference; critical: number } | undefined {
  const { logRatios, pairNumbers } = entry.raw;
  if (f.blocks) {
    const units = blockMeans(pairNumbers, logRatios, entry.restartEvery);
    if (units.length < 2) return undefined;
    return {
      inference: meanInference(units, f.level),
      critical: tCritical(f.level, units.length - 1),
    };
  }
  if (logRatios.length < 2) return undefined;
  return { inference: signedRankInference(logRatios, f.level), critical: normalQuantile(1 - f.level / 2) };
}

/**
 * The p-value adjusted for the family: the comparisons' count × the sequential p-value, which is at most alpha
 * exactly when the interval leaves out 0 (in the last bits of floating point, the interval decides).
 */
function adjustedP(p: number, entry: Entry, f: Family, significant: boolean): number {
  const adjusted = Math.min(1, f.comparisons * sequentialP(p, entry.looks));
  return significant ? Math.min(adjusted, f.alpha) : Math.max(adjusted, f.alpha * (1 + 1e-9));
}

function finish(entry: Entry, f: Family): MetricComparison {
  const { logRatios: _r, pairNumbers: _p, ...raw } = entry.raw;
  const { threshold } = entry;
  const inferred = infer(entry, f);
  const nan = Number.NaN;
  const logCi: [number, number] = inferred
    ? [inferred.inference.lower, inferred.inference.upper]
    : [nan, nan];
  const ci: [number, number] = [Math.expm1(logCi[0]), Math.expm1(logCi[1])];
  const change = inferred ? Math.expm1(inferred.inference.estimate) : nan;
  const significant = excludesZero(logCi[0], logCi[1]);
  const p = inferred?.inference.p ?? 1;
  const verdict = classify(raw.metric, change, ci, threshold, f.floor);
  const blocks = f.blocks;
  return {
    ...raw,
    head: raw.base * (1 + change),
    unit: blocks ? 'blocks' : 'pairs',
    change,
    ...(blocks
      ? {
          processes: {
            restartEvery: entry.restartEvery,
            changes: blocks.changes,
            f: blocks.f,
            p: blocks.p,
            differed: f.differed,
          },
        }
      : {}),
    threshold,
    ci,
    level: f.level,
    p,
    pAdjusted: adjustedP(p, entry, f, significant),
    significant,
    confirmed: clearOfHalf(raw.metric, verdict, ci, threshold),
    detectable: detectableChange(raw.metric, logCi, inferred?.critical ?? nan, threshold, f.floor),
    worse: raw.metric === 'rps' ? change < 0 : change > 0,
    verdict,
  };
}

/**
 * One decision over several groups as if they were one gate: every interval simultaneous over all comparisons and
 * each group's looks; where a group's processes differed, its block means are the unit (bench/RESULTS.md §14).
 */
export function decideGroups(groups: readonly DecisionGroup[], options: DecideOptions): Decision {
  const { entries, errors } = collect(groups, options);
  const tests = entries.map((e) => blockTest(e.raw.pairNumbers, e.raw.logRatios, e.restartEvery));
  const differed = blocksDiffered(entries, tests);
  const differedGroups = new Set(entries.filter((_, i) => differed[i]).map((e) => e.group));
  const floor = options.floor ?? REGRESSION_FLOOR;
  const comparisons = entries.map((entry, i) =>
    finish(entry, {
      level: perLookLevel(options.alpha / entries.length, entry.looks),
      comparisons: entries.length,
      alpha: options.alpha,
      floor,
      blocks: differedGroups.has(entry.group) ? tests[i] : undefined,
      differed: differed[i]!,
    }),
  );
  return {
    verdict: overall(comparisons, errors),
    comparisons,
    errors,
    alpha: options.alpha,
    threshold: options.threshold,
    latencyThreshold: options.latencyThreshold ?? options.threshold,
    rule: { floor },
  };
}

function overall(comparisons: readonly MetricComparison[], errors: readonly ErrorComparison[]): Verdict {
  const all = [...comparisons.map((c) => c.verdict), ...errors.map((e) => e.verdict)];
  if (all.includes('regression')) return 'regression';
  if (all.includes('improvement')) return 'improvement';
  if (all.every((v) => v === 'no-change')) return 'no-change';
  return 'inconclusive';
}
