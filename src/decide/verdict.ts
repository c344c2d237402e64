/**
 * From rounds to a verdict. Pure.
 *
 * Each pair of adjacent rounds (one base, one head) saw the same host speed, so every comparison is made on the
 * per-pair log ratios log(head/base): the estimate is their Hodges-Lehmann centre, the interval the matching
 * Wilcoxon (Walsh-average) interval, the p-value the Wilcoxon signed-rank test (exact for small samples), and the
 * p-values of all comparisons of a gate are Holm-adjusted. A regression needs both: significance after the
 * adjustment and an estimated change at least as large as the threshold. No change needs the whole interval
 * inside ±threshold. Anything else is inconclusive.
 */

import type {
  Decision,
  ErrorComparison,
  MetricComparison,
  ScenarioRule,
  Verdict,
} from '../model/decision.ts';
import { expected, failures, METRICS, type Metric, metricValue, type Round } from '../model/measure.ts';
import { median, sd } from '../stats/describe.ts';
import { normalQuantile } from '../stats/distributions.ts';
import { holm } from '../stats/multiple.ts';
import { perLookLevel, sequentialP } from '../stats/sequential-boundary.ts';
import { hodgesLehmann1, signedRankConfidenceInterval, wilcoxonSignedRank } from '../stats/wilcoxon.ts';
import { blockTest, offsetLevel, processesDiffered } from './process-offsets.ts';

export interface DecideOptions {
  /** Smallest relative change of req/s that matters. */
  threshold: number;
  /**
   * Smallest relative change of latency (p50, p99) that matters; a tail percentile is several times noisier than
   * throughput, so it gets a threshold of its own. Default: the req/s threshold.
   */
  latencyThreshold?: number;
  alpha: number;
  /**
   * The pair counts at which this gate may look at its data (adaptive rounds decide after every few pairs), the
   * confirmation look included; default: one look. Every look is counted, so looking often does not inflate
   * false alarms.
   */
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

const METRIC_LABEL: Record<Metric, string> = {
  rps: 'req/s',
  p50: 'latency p50',
  p99: 'latency p99',
  p99open: 'p99 at fixed rate',
};

export function metricLabel(metric: Metric): string {
  return METRIC_LABEL[metric];
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
 * A verdict of pairs whose blocks of processes differed must hold in every block (each block's mean change beyond
 * the threshold on the verdict's side, or inside it for no change); else it is inconclusive. This only ever takes a
 * call back, so it cannot add false alarms; it stops the pairs of one odd block from deciding for all of them.
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
 * Whether more pairs could change the answer: a confirmed regression (or failing requests) settles the gate;
 * otherwise every comparison must be no change or a confirmed improvement. A borderline regression is not
 * resolved: it earns more rounds before the step fails.
 */
export function resolved(decision: Decision): boolean {
  if (decision.errors.some((e) => e.verdict === 'regression')) return true;
  if (decision.comparisons.some((c) => c.verdict === 'regression' && c.confirmed)) return true;
  return decision.comparisons.every(
    (c) => c.verdict === 'no-change' || (c.verdict === 'improvement' && c.confirmed),
  );
}

/**
 * Decides every scenario × metric of the rounds: the p-values are made sequential over the looks and
 * Holm-adjusted across all of them together, and the intervals are simultaneous across all of them.
 */
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

/**
 * One decision over several groups, as if they were one gate. Why it controls the error rate over all of them:
 * a comparison of a group that may look at its planned looks reached its final look through them, so
 * q = sequentialP(p), the chance under the null that any of those looks gives a p-value as small, is a valid
 * p-value whatever the stopping rule was (P(q ≤ a) ≤ P(some look's p ≤ the level whose chance is a) = a; it is
 * never above the union bound's K·p). Holm over the q of every comparison of every group then keeps the
 * family-wise error rate at alpha under any dependence, and each interval at the per-look level c with
 * sequentialP(c) = alpha/M (M comparisons in all) makes them simultaneous: Σ over comparisons of alpha/M = alpha.
 */
export function decideGroups(groups: readonly DecisionGroup[], options: DecideOptions): Decision {
  const raw: RawComparison[] = [];
  const rawLooks: (readonly number[])[] = [];
  const rawRestartEvery: number[] = [];
  const rawGroup: number[] = [];
  const thresholds: number[] = [];
  const errors: ErrorComparison[] = [];
  for (const [g, group] of groups.entries()) {
    const looks = group.looks.length > 0 ? group.looks : [1];
    for (const scenario of group.scenarios) {
      const pairs = pairsOf(group.rounds, scenario.name);
      errors.push(compareErrors(scenario, pairs));
      for (const metric of measuredMetrics(pairs)) {
        raw.push(compareMetric(scenario.name, metric, pairs));
        rawLooks.push(looks);
        rawRestartEvery.push(group.restartEvery ?? 0);
        rawGroup.push(g);
        thresholds.push(thresholdOf(metric, options, scenario));
      }
    }
  }
  const adjusted = holm(raw.map((c, i) => sequentialP(c.p, rawLooks[i]!)));
  const blockTests = raw.map((c, i) => blockTest(c.pairNumbers, c.logRatios, rawRestartEvery[i]!));
  // The processes serve every scenario and metric of their group: when any comparison's blocks differed, the
  // group's processes did, and every comparison of the group must hold in every block (a moderate offset shows in
  // the quieter p50 before it reaches significance in req/s; bench/RESULTS.md section 13). Each F test has its
  // share of the level among the group's scenarios.
  const scenariosOfGroup = new Map<number, Set<string>>();
  raw.forEach((c, i) => {
    scenariosOfGroup.set(
      rawGroup[i]!,
      (scenariosOfGroup.get(rawGroup[i]!) ?? new Set<string>()).add(c.scenario),
    );
  });
  const differed = blockTests.map((test, i) =>
    processesDiffered(test, offsetLevel(scenariosOfGroup.get(rawGroup[i]!)?.size ?? 1)),
  );
  const differedGroups = new Set(rawGroup.filter((_, i) => differed[i]));
  const comparisons = raw.map(({ logRatios: _r, pairNumbers: _p, ...c }, i): MetricComparison => {
    const level = perLookLevel(options.alpha / raw.length, rawLooks[i]!);
    const pAdjusted = adjusted[i]!;
    const threshold = thresholds[i]!;
    const ci = interval(raw[i]!, level);
    const restartEvery = rawRestartEvery[i]!;
    const blocks = blockTests[i];
    const guarded = blocks !== undefined && differedGroups.has(rawGroup[i]!);
    const called = classify(raw[i]!, ci, pAdjusted, threshold, options.alpha);
    const verdict = guarded ? holdsInEveryBlock(called, c.metric, blocks.changes, threshold) : called;
    return {
      ...c,
      ...(guarded
        ? {
            processes: {
              restartEvery,
              changes: blocks.changes,
              f: blocks.f,
              p: blocks.p,
              differed: differed[i]!,
              ...(verdict === called ? {} : { overruled: called }),
            },
          }
        : {}),
      threshold,
      ci,
      pAdjusted,
      confirmed: (verdict === 'regression' || verdict === 'improvement') && beyond(ci, threshold / 2),
      detectable: detectableChange(c.noise, c.pairs, level),
      verdict,
    };
  });
  const verdict = overall(comparisons, errors);
  return {
    verdict,
    headline: headline(verdict, comparisons, errors, options),
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

export function formatPercent(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  const percent = value * 100;
  if (Math.abs(percent) < 0.05) return '±0.0%';
  const text = Math.abs(percent) >= 100 ? percent.toFixed(0) : percent.toFixed(digits);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${text.replace('-', '')}%`;
}

export function formatP(p: number): string {
  if (!Number.isFinite(p)) return 'n/a';
  if (p < 0.001) return '< 0.001';
  return p < 0.1 ? p.toPrecision(2) : p.toFixed(2);
}

/** A threshold or level as a percentage without spurious rounding: 0.025 → '2.5%', 0.05 → '5%'. */
export function formatShare(value: number): string {
  return `${Number((value * 100).toFixed(2))}%`;
}

function describeChange(c: MetricComparison): string {
  const ratio = c.change < 0 ? 1 / (1 + c.change) : 1 + c.change;
  const p = `p = ${formatP(c.pAdjusted)}`;
  const size =
    ratio >= 2
      ? `${ratio.toFixed(1)}×`
      : `${Math.abs(c.change * 100).toFixed(Math.abs(c.change) >= 0.1 ? 0 : 1)}%`;
  if (c.metric === 'rps') {
    const values = `req/s ${Math.round(c.base).toLocaleString('en-US')} → ${Math.round(c.head).toLocaleString('en-US')}`;
    return `head is ${size} ${c.change < 0 ? 'slower' : 'faster'} on ${c.scenario} (${values}, ${p})`;
  }
  return `head's ${metricLabel(c.metric)} is ${size} ${c.change > 0 ? 'higher' : 'lower'} on ${c.scenario} (${c.base.toFixed(2)} ms → ${c.head.toFixed(2)} ms, ${p})`;
}

/** Which comparison leads the headline: throughput first, then the tail, then the median; larger first. */
function leading(candidates: readonly MetricComparison[]): MetricComparison | undefined {
  const rank: Record<Metric, number> = { rps: 0, p99open: 1, p99: 2, p50: 3 };
  return [...candidates].sort(
    (a, b) => rank[a.metric] - rank[b.metric] || Math.abs(b.change) - Math.abs(a.change),
  )[0];
}

/** Size of a change on a scale where halving and doubling weigh the same. */
function magnitude(c: MetricComparison): number {
  return Math.abs(Math.log1p(c.change));
}

/**
 * The scenario a regression (or improvement) headline names: the one with the largest confirmed change;
 * when none is confirmed, the most significant one (the larger change breaks ties).
 */
export function worstScenario(candidates: readonly MetricComparison[]): string | undefined {
  const confirmed = candidates.filter((c) => c.confirmed);
  const pick =
    confirmed.length > 0
      ? [...confirmed].sort((a, b) => magnitude(b) - magnitude(a))[0]
      : [...candidates].sort((a, b) => a.pAdjusted - b.pAdjusted || magnitude(b) - magnitude(a))[0];
  return pick?.scenario;
}

/** The headline of a regression or improvement: the worst scenario's leading metric, and how many more. */
function changeHeadline(candidates: readonly MetricComparison[], what: string): string {
  const scenario = worstScenario(candidates)!;
  const lead = leading(candidates.filter((c) => c.scenario === scenario))!;
  const others = new Set(candidates.map((c) => c.scenario)).size - 1;
  return `${describeChange(lead)}${others > 0 ? `; ${others} more scenario${others === 1 ? '' : 's'} ${what}` : ''}`;
}

function headline(
  verdict: Verdict,
  comparisons: readonly MetricComparison[],
  errors: readonly ErrorComparison[],
  options: DecideOptions,
): string {
  const thresholds = new Set(comparisons.filter((c) => c.metric === 'rps').map((c) => c.threshold));
  const threshold =
    thresholds.size > 1
      ? "each scenario's threshold"
      : `±${formatShare([...thresholds][0] ?? options.threshold)}`;
  const primary = comparisons.find((c) => c.metric === 'rps');
  const primaryText = (c: MetricComparison | undefined): string =>
    c
      ? `req/s ${formatPercent(c.change)}, ${formatShare(1 - options.alpha)} CI ${formatPercent(c.ci[0])} … ${formatPercent(c.ci[1])}`
      : '';
  if (verdict === 'regression') {
    const failing = errors.find((e) => e.verdict === 'regression');
    if (failing) {
      const codes = Object.entries(failing.headStatus)
        .sort((a, b) => b[1] - a[1])
        .map(([code]) => code)
        .slice(0, 3);
      const what = codes.length > 0 ? `answers ${codes.join('/')}` : 'fails';
      return `head ${what} on ${failing.scenario}: ${failing.headFailures.toLocaleString('en-US')} of ${failing.headResponses.toLocaleString('en-US')} requests failed (base: ${failing.baseFailures.toLocaleString('en-US')})`;
    }
    return changeHeadline(
      comparisons.filter((c) => c.verdict === 'regression'),
      'regressed',
    );
  }
  if (verdict === 'improvement')
    return changeHeadline(
      comparisons.filter((c) => c.verdict === 'improvement'),
      'improved',
    );
  const scenarios = [...new Set(comparisons.map((c) => c.scenario))];
  const where = scenarios.length === 1 ? scenarios[0] : `${scenarios.length} scenarios`;
  if (verdict === 'no-change') return `no change beyond ${threshold} on ${where} (${primaryText(primary)})`;
  const open = comparisons
    .filter((c) => c.verdict === 'inconclusive')
    .map((c) => `${metricLabel(c.metric)} of ${c.scenario}`);
  return `inconclusive: the data cannot tell whether ${open.slice(0, 2).join(' and ')}${open.length > 2 ? ` and ${open.length - 2} more` : ''} changed by more than ${threshold} (${primaryText(primary)})`;
}
