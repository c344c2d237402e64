/** Quantities the model defines from its own data: a metric's value in a round, a round's failed requests. Pure. */
import type { Metric, RoundMeasurement } from './measure.ts';

/** The value of a metric in one round. */
export function metricValue(m: RoundMeasurement, metric: Metric): number {
  switch (metric) {
    case 'rps':
      return m.rps;
    case 'cpu':
      // Microseconds of the server's CPU per response; NaN where it was not measured.
      return m.serverCpuSec === undefined || m.responses === 0
        ? Number.NaN
        : (m.serverCpuSec / m.responses) * 1e6;
    case 'p50':
      return m.latencyMs.p50;
    case 'p99':
      return m.latencyMs.p99;
    case 'p99open':
      return m.paced?.latencyMs.p99 ?? Number.NaN;
    case 'alloc':
      // Bytes allocated on V8's heap per request the server began, both counted in the same window.
      return m.memory && m.memory.requests > 0 ? m.memory.allocatedBytes / m.memory.requests : Number.NaN;
    case 'gc':
      // Microseconds of GC pause per request.
      return m.memory && m.memory.requests > 0 ? (m.memory.gcMs / m.memory.requests) * 1000 : Number.NaN;
  }
}

/**
 * Failed requests of a round: connection errors, timeouts, and answers of another status than the scenario
 * expects (`expectStatus`; undefined: any 2xx).
 */
export function failures(m: RoundMeasurement, expectStatus?: number): number {
  if (expectStatus === undefined) return m.errors + m.timeouts + m.non2xx;
  return m.errors + m.timeouts + m.responses - (m.statusCodes[String(expectStatus)] ?? 0);
}

/** Whether a status code counts as success for a scenario that expects `expectStatus` (undefined: any 2xx). */
export function expected(code: string, expectStatus: number | undefined): boolean {
  return expectStatus === undefined ? code.startsWith('2') : code === String(expectStatus);
}
