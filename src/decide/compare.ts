/**
 * A scenario's pairs and what is compared in them: the tested metrics (req/s and p99 always; p99 at a fixed rate
 * with open-loop load; the server's CPU per request when the load generator set the pace; allocation per request
 * where the servers measured it) and the shown ones (p50, which in a closed loop largely mirrors req/s; GC pause
 * per request), each as per-pair log ratios. Pure.
 */
import type { ShownChange } from '../model/decision.ts';
import { metricValue } from '../model/derived.ts';
import { METRICS, type Metric, type Round } from '../model/measure.ts';
import { median, sd } from '../stats/describe.ts';
import { hodgesLehmann1 } from '../stats/wilcoxon.ts';
import { generatorPaced } from './pace.ts';

export type Pair = { base: Round; head: Round };

/** The metrics shown only: p50, and GC pause per request. */
export const SHOWN: readonly Metric[] = ['p50', 'gc'];
/** The metrics that can be tested, in the order the report lists them. */
const TESTED: readonly Metric[] = METRICS.filter((metric) => !SHOWN.includes(metric));

/**
 * Whether the first pair's two rounds carry the server's memory: then allocation per request is compared (and GC
 * pause per request shown). From the first pair alone, measured before the first look, so the family is fixed first.
 */
export function memoryMeasured(pairs: readonly Pair[]): boolean {
  const first = pairs[0];
  // Requests counted too: a Node.js without the http.server.request.start channel counts none.
  const counted = (round: Round) => (round.measurement.memory?.requests ?? 0) > 0;
  return first !== undefined && counted(first.base) && counted(first.head);
}

/**
 * The metrics a scenario's pairs test, in order: p99 at a fixed rate only when the gate ran open-loop load; the
 * server's CPU time per request only when the load generator set the pace of the first pair (pace.ts); allocation
 * per request only when the first pair's servers measured it.
 */
export function testedMetrics(pairs: readonly Pair[]): Metric[] {
  const open = pairs.some(({ base, head }) => base.measurement.paced && head.measurement.paced);
  const paced = pairs.length > 0 && generatorPaced(pairs[0]!);
  const memory = memoryMeasured(pairs);
  return TESTED.filter(
    (metric) =>
      (metric !== 'p99open' || open) && (metric !== 'cpu' || paced) && (metric !== 'alloc' || memory),
  );
}

/** The metrics a scenario's pairs show: p50, and GC pause per request where memory was measured. */
export function shownMetrics(pairs: readonly Pair[]): Metric[] {
  return SHOWN.filter((metric) => metric !== 'gc' || memoryMeasured(pairs));
}

/** Pairs base and head rounds of one scenario by pair number. */
export function pairsOf(rounds: readonly Round[], scenario: string): Pair[] {
  const byPair = new Map<number, { base?: Round; head?: Round }>();
  for (const round of rounds) {
    if (round.scenario !== scenario) continue;
    const entry = byPair.get(round.pair) ?? {};
    entry[round.side] = round;
    byPair.set(round.pair, entry);
  }
  const pairs: Pair[] = [];
  for (const [, entry] of [...byPair].sort((a, b) => a[0] - b[0])) {
    if (entry.base && entry.head) pairs.push({ base: entry.base, head: entry.head });
  }
  return pairs;
}

export interface RawComparison {
  scenario: string;
  metric: Metric;
  /** Median of base's usable rounds; NaN without any. */
  base: number;
  pairs: number;
  /** Standard deviation of the per-pair log ratios; NaN below two pairs. */
  noise: number;
  logRatios: number[];
  /** The pair number of each log ratio. */
  pairNumbers: number[];
  /** Pairs left out for want of a value on a side (a side that served 0 req/s has no latency either); absent: none. */
  dropped?: number;
}

/** The per-pair log ratios of one metric over the pairs with a usable value on both sides. */
export function compareMetric(scenario: string, metric: Metric, pairs: readonly Pair[]): RawComparison {
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
    base: base.length === 0 ? Number.NaN : median(base),
    pairs: logRatios.length,
    // Too few pairs with a value on both sides (an open loop whose requests all failed has no p99): no noise.
    noise: logRatios.length < 2 ? Number.NaN : sd(logRatios),
    logRatios,
    pairNumbers: usable.map(({ base: round }) => round.pair),
    ...(usable.length < pairs.length ? { dropped: pairs.length - usable.length } : {}),
  };
}

/** A shown (untested) metric: its change, as the pairs' Hodges-Lehmann estimate. */
export function showMetric(scenario: string, metric: Metric, pairs: readonly Pair[]): ShownChange {
  const raw = compareMetric(scenario, metric, pairs);
  const change = raw.pairs === 0 ? Number.NaN : Math.expm1(hodgesLehmann1(raw.logRatios));
  return {
    scenario,
    metric,
    base: raw.base,
    head: raw.base * (1 + change),
    change,
    pairs: raw.pairs,
    noise: raw.noise,
  };
}
