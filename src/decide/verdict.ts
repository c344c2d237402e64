/**
 * From rounds to a verdict, on the per-pair log ratios log(head/base), which share the host's speed of the moment.
 * A regression needs significance and a change at least the threshold; no change, an interval inside it. Pure.
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
import { decisionHeadline } from '../report/headline.ts';
import { median, sd } from '../stats/describe.ts';
import { normalQuantile } from '../stats/distributions.ts';
import { holm } from '../stats/multiple.ts';
import { perLookLevel, sequentialP } from '../stats/sequential-boundary.ts';
import { hodgesLehmann1, signedRankConfidenceInterval, wilcoxonSignedRank } from '../stats/wilcoxon.ts';
import { type BlockTest, blockTest, offsetLevel, processesDiffered } from './process-offsets.ts';

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
}

/**
 * The threshold that applies to a metric of a scenario: for req/s the scenario's own (else the gate's); for
 * latency the gate's latency threshold (tail latency is noisy in the same way whatever the scenario).
 */
export function thresholdOf(
  metric: Metric,
  options: Pick<DecideOptions, 'threshold' | 'latencyThreshold'>,
  scenario?: Pick<ScenarioRule, 'threshold'>,
): number {
  return metric === 'rps'
    ? (scenario?.threshold ?? options.threshold)
    : (options.latencyThreshold ?? options.threshold);
}

/** The metrics a scenario's pairs measured: p99 at a fixed rate only when the gate ran open-loop load. */
function measuredMetrics(pairs: readonly { base: Round; head: Round }[]): Metric[] {
  const open = pairs.some(({ base, head }) => base.measurement.paced && head.measurement.paced);
  return METRICS.filter((metric) => metric !== 'p99open' || open);
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

interface RawComparison
  extends Omit<
    MetricComparison,
    'pAdjusted' | 'verdict' | 'detectable' | 'confirmed' | 'ci' | 'threshold' | 'processes'
  > {
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
  const pairNumbers = usable.map(({ base: round }) => round.pair);
  if (logRatios.length < 2) {
    // Too few pairs with a value on both sides (an open loop whose requests all failed has no p99): inconclusive.
    return {
      scenario,
      metric,
      base: medianOr(base),
      head: medianOr(head),
      pairs: logRatios.length,
      change: Number.NaN,
      p: 1,
      noise: Number.NaN,
      worse: false,
      logRatios,
      pairNumbers,
    };
  }
  const change = Math.expm1(hodgesLehmann1(logRatios));
  return {
    scenario,
    metric,
    base: median(base),
    head: median(head),
    pairs: logRatios.length,
    change,
    p: wilcoxonSignedRank(logRatios).p,
    noise: sd(logRatios),
    worse: metric === 'rps' ? change < 0 : change > 0,
    logRatios,
    pairNumbers,
  };
}

/** The simultaneous interval of one comparison at each look: level 1 − perLookLevel(alpha / comparisons). */
function interval(c: RawComparison, level: number): [number, number] {
  if (c.logRatios.length < 2) return [Number.NaN, Number.NaN];
  const ci = signedRankConfidenceInterval(c.logRatios, 1 - level);
  return [Math.expm1(ci.lower), Math.expm1(ci.upper)];
}

function classify(
  c: RawComparison,
  ci: [number, number],
  pAdjusted: number,
  threshold: number,
  alpha: number,
): Verdict {
  if (!Number.isFinite(c.change)) return 'inconclusive';
  const significant = pAdjusted < alpha;
  if (significant && Math.abs(c.change) >= threshold) return c.worse ? 'regression' : 'improvement';
  if (ci[0] > -threshold && ci[1] < threshold) return 'no-change';
  return 'inconclusive';
}

/**
 * The verdict if every block's mean change agrees with it, else inconclusive: one odd block of processes must not
 * decide for all the pairs. It only ever takes a call back, so it adds no false alarms.
 */
function holdsInEveryBlock(
  verdict: Verdict,
  metric: Metric,
  changes: readonly number[],
  threshold: number,
): Verdict {
  const worse = (change: number): boolean => (metric === 'rps' ? change <= -threshold : change >= threshold);
  const better = (change: number): boolean => (metric === 'rps' ? change >= threshold : change <= -threshold);
  const holds =
    verdict === 'regression'
      ? changes.every(worse)
      : verdict === 'improvement'
        ? changes.every(better)
        : verdict === 'no-change'
          ? changes.every((change) => Math.abs(change) < threshold)
          : true;
  return holds ? verdict : 'inconclusive';
}

/** Whether an interval lies entirely beyond `bound` on one side of zero. */
function beyond(ci: [number, number], bound: number): boolean {
  return ci[0] >= bound || ci[1] <= -bound;
}

/**
 * Smallest relative change a two-sided test at `level` would detect with 80% power, given the noise of the log
 * ratios and the number of pairs (normal approximation; the signed-rank test is about as efficient).
 */
export function detectableChange(noise: number, pairs: number, level: number): number {
  if (!Number.isFinite(noise) || pairs < 2) return Number.NaN;
  const z = normalQuantile(1 - level / 2) + normalQuantile(0.8);
  return Math.expm1((z * noise) / Math.sqrt(pairs));
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

/** One comparison of a group, before the family is adjusted. */
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

/** What the family says about one comparison: its per-look level, adjusted p, and its blocks when guarded. */
interface Adjusted {
  level: number;
  pAdjusted: number;
  alpha: number;
  /** Its blocks, when its group's processes differed: the verdict must then hold in every block. */
  blocks: BlockTest | undefined;
  differed: boolean;
}

function finish(entry: Entry, a: Adjusted): MetricComparison {
  const { logRatios: _r, pairNumbers: _p, ...c } = entry.raw;
  const { threshold } = entry;
  const ci = interval(entry.raw, a.level);
  const called = classify(entry.raw, ci, a.pAdjusted, threshold, a.alpha);
  const blocks = a.blocks;
  const verdict = blocks ? holdsInEveryBlock(called, c.metric, blocks.changes, threshold) : called;
  return {
    ...c,
    ...(blocks
      ? {
          processes: {
            restartEvery: entry.restartEvery,
            changes: blocks.changes,
            f: blocks.f,
            p: blocks.p,
            differed: a.differed,
            ...(verdict === called ? {} : { overruled: called }),
          },
        }
      : {}),
    threshold,
    ci,
    pAdjusted: a.pAdjusted,
    confirmed: (verdict === 'regression' || verdict === 'improvement') && beyond(ci, threshold / 2),
    detectable: detectableChange(c.noise, c.pairs, a.level),
    verdict,
  };
}

/**
 * One decision over several groups as if they were one gate: p-values sequential over each group's looks, then
 * Holm over all; intervals simultaneous. Where processes differed, verdicts hold in every block (bench/RESULTS.md §13).
 */
export function decideGroups(groups: readonly DecisionGroup[], options: DecideOptions): Decision {
  const { entries, errors } = collect(groups, options);
  const adjusted = holm(entries.map((e) => sequentialP(e.raw.p, e.looks)));
  const tests = entries.map((e) => blockTest(e.raw.pairNumbers, e.raw.logRatios, e.restartEvery));
  const differed = blocksDiffered(entries, tests);
  const differedGroups = new Set(entries.filter((_, i) => differed[i]).map((e) => e.group));
  const comparisons = entries.map((entry, i) =>
    finish(entry, {
      level: perLookLevel(options.alpha / entries.length, entry.looks),
      pAdjusted: adjusted[i]!,
      alpha: options.alpha,
      blocks: differedGroups.has(entry.group) ? tests[i] : undefined,
      differed: differed[i]!,
    }),
  );
  const verdict = overall(comparisons, errors);
  return {
    verdict,
    headline: decisionHeadline(verdict, comparisons, errors, options),
    comparisons,
    errors,
    alpha: options.alpha,
    threshold: options.threshold,
    latencyThreshold: options.latencyThreshold ?? options.threshold,
  };
}

function overall(comparisons: readonly MetricComparison[], errors: readonly ErrorComparison[]): Verdict {
  const all = [...comparisons.map((c) => c.verdict), ...errors.map((e) => e.verdict)];
  if (all.includes('regression')) return 'regression';
  if (all.includes('improvement')) return 'improvement';
  if (all.every((v) => v === 'no-change')) return 'no-change';
  return 'inconclusive';
}
