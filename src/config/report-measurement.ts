/**
 * The checks of a report.json's measurements (one round's load, its open-loop part) and of its diagnostics
 * summary: every number in range, every list bounded, copied into fresh values.
 */
import type { DiagnosticsSummary, PairedTest, RssTrend, SideDiagnostics } from '../model/diagnostics.ts';
import type { LatencySummary, PacedMeasurement, RoundMeasurement } from '../model/measure.ts';
import type { Checker } from './checker.ts';

/**
 * Bounds of what a load generator can measure, far beyond any real round, so that no value of a report file can
 * overflow the statistics (issue 23): a billion requests a second, latencies of up to 11 days, a week per round.
 */
const MAX_RPS = 1e9;
const MAX_MS = 1e9;
const MAX_SEC = 7 * 86_400;
const MAX_BYTES_PER_SEC = 1e13;
const MAX_COUNT = 1e12;

function latency(c: Checker, value: unknown, at: string): LatencySummary {
  const o = c.object(value, at);
  const ms = (k: string) => c.quantity(o[k], `${at}.${k}`, MAX_MS);
  return { p50: ms('p50'), p90: ms('p90'), p99: ms('p99'), max: ms('max'), mean: ms('mean') };
}

/** One round's load: counts, rates, latencies, status codes, CPU shares, and its open-loop part if any. */
export function measurement(c: Checker, value: unknown, at: string): RoundMeasurement {
  const o = c.object(value, at);
  const statusObject = c.object(o.statusCodes, `${at}.statusCodes`);
  const statusEntries = Object.entries(statusObject);
  if (statusEntries.length > 100) c.fail(`${at}.statusCodes`, 'has more than 100 entries');
  const statusCodes: Record<string, number> = {};
  for (const [code, n] of statusEntries) {
    if (!/^\d{3}$/.test(code)) c.fail(`${at}.statusCodes`, 'has a key that is not an HTTP status');
    statusCodes[code] = c.count(n, `${at}.statusCodes.${code}`, MAX_COUNT);
  }
  const cores = (k: string) => c.optional(o[k], (v) => c.number(v, `${at}.${k}`, { min: 0, max: 4096 }));
  const m: RoundMeasurement = {
    responses: c.count(o.responses, `${at}.responses`, MAX_COUNT),
    elapsedSec: c.quantity(o.elapsedSec, `${at}.elapsedSec`, MAX_SEC),
    rps: c.quantity(o.rps, `${at}.rps`, MAX_RPS),
    latencyMs: latency(c, o.latencyMs, `${at}.latencyMs`),
    bytesPerSec: c.quantity(o.bytesPerSec, `${at}.bytesPerSec`, MAX_BYTES_PER_SEC),
    errors: c.count(o.errors, `${at}.errors`, MAX_COUNT),
    timeouts: c.count(o.timeouts, `${at}.timeouts`, MAX_COUNT),
    non2xx: c.count(o.non2xx, `${at}.non2xx`, MAX_COUNT),
    statusCodes,
    loadgenCpu: c.number(o.loadgenCpu, `${at}.loadgenCpu`, { min: 0, max: 4096 }),
  };
  const slices = c.optional(o.slices, (v) => c.count(v, `${at}.slices`, 1_000_000));
  if (slices !== undefined) m.slices = slices;
  const bins = c.optional(o.rpsMedianBins, (v) => c.quantity(v, `${at}.rpsMedianBins`, MAX_RPS));
  if (bins !== undefined) m.rpsMedianBins = bins;
  const server = cores('serverCpu');
  if (server !== undefined) m.serverCpu = server;
  // CPU seconds of the side's server in its windows: up to every core of the biggest machine, all round long.
  const serverSec = c.optional(o.serverCpuSec, (v) =>
    c.number(v, `${at}.serverCpuSec`, { min: 0, max: 4096 * MAX_SEC }),
  );
  if (serverSec !== undefined) m.serverCpuSec = serverSec;
  const service = cores('serviceCpu');
  if (service !== undefined) m.serviceCpu = service;
  const foreign = cores('foreignCpu');
  if (foreign !== undefined) m.foreignCpu = foreign;
  const steal = cores('stealCpu');
  if (steal !== undefined) m.stealCpu = steal;
  const paced = c.optional(o.paced, (v): PacedMeasurement => {
    const p = c.object(v, `${at}.paced`);
    return {
      rate: c.quantity(p.rate, `${at}.paced.rate`, MAX_RPS),
      sent: c.count(p.sent, `${at}.paced.sent`, MAX_COUNT),
      responses: c.count(p.responses, `${at}.paced.responses`, MAX_COUNT),
      failures: c.count(p.failures, `${at}.paced.failures`, MAX_COUNT),
      latencyMs: latency(c, p.latencyMs, `${at}.paced.latencyMs`),
      sendLagP99Ms: c.quantity(p.sendLagP99Ms, `${at}.paced.sendLagP99Ms`, MAX_MS),
    };
  });
  if (paced !== undefined) m.paced = paced;
  return m;
}

/** One side's event loop and memory figures. */
function sideDiagnostics(c: Checker, value: unknown, at: string): SideDiagnostics {
  const o = c.object(value, at);
  const n = (k: string) => c.quantity(o[k], `${at}.${k}`, MAX_COUNT);
  const delay = c.optional(o.eventLoopDelayMs, (v) => {
    const d = c.object(v, `${at}.eventLoopDelayMs`);
    const ms = (k: string) => c.quantity(d[k], `${at}.eventLoopDelayMs.${k}`, MAX_MS);
    return { p50: ms('p50'), p99: ms('p99'), max: ms('max') };
  });
  const trend = c.optional(o.rssTrend, (v): RssTrend => {
    const t = c.object(v, `${at}.rssTrend`);
    return {
      mode: c.oneOf(t.mode, `${at}.rssTrend.mode`, ['across-rounds', 'within-rounds'] as const),
      slopeMb: c.number(t.slopeMb, `${at}.rssTrend.slopeMb`, { min: -MAX_COUNT, max: MAX_COUNT }),
      unit: c.oneOf(t.unit, `${at}.rssTrend.unit`, ['round', 'second'] as const),
      points: c.count(t.points, `${at}.rssTrend.points`, MAX_COUNT),
      growing: c.count(t.growing, `${at}.rssTrend.growing`, MAX_COUNT),
      of: c.count(t.of, `${at}.rssTrend.of`, MAX_COUNT),
    };
  });
  return {
    windows: c.count(o.windows, `${at}.windows`, MAX_COUNT),
    processes: c.count(o.processes, `${at}.processes`, MAX_COUNT),
    eventLoopDelayMs: delay,
    eventLoopUtilization: c.optional(o.eventLoopUtilization, (v) =>
      c.number(v, `${at}.eventLoopUtilization`, { min: 0, max: 1 }),
    ),
    cpuCores: n('cpuCores'),
    peakRssMb: n('peakRssMb'),
    peakHeapMb: n('peakHeapMb'),
    rssTrendMbPerRound: c.optional(o.rssTrendMbPerRound, (v) =>
      c.number(v, `${at}.rssTrendMbPerRound`, { min: -MAX_COUNT, max: MAX_COUNT }),
    ),
    rssTrend: trend,
    leak: c.boolean(o.leak, `${at}.leak`),
  };
}

/** The paired test behind a diagnosis (absent in reports written before them). */
function pairedTest(c: Checker, value: unknown, at: string): PairedTest {
  const t = c.object(value, at);
  const p = (k: string) => c.number(t[k], `${at}.${k}`, { min: 0, max: 1 });
  return {
    units: c.count(t.units, `${at}.units`),
    unit: c.oneOf(t.unit, `${at}.unit`, ['pair', 'process pair'] as const),
    medianDifference: c.number(t.medianDifference, `${at}.medianDifference`),
    pHeadHigher: p('pHeadHigher'),
    pBaseHigher: p('pBaseHigher'),
    level: p('level'),
  };
}

/** Both sides' diagnostics and how they compare. */
export function diagnostics(c: Checker, value: unknown, at: string): DiagnosticsSummary {
  const o = c.object(value, at);
  const cmp = c.object(o.comparison, `${at}.comparison`);
  return {
    base: c.optional(o.base, (v) => sideDiagnostics(c, v, `${at}.base`)),
    head: c.optional(o.head, (v) => sideDiagnostics(c, v, `${at}.head`)),
    comparison: {
      eventLoopP99Ratio: c.optional(cmp.eventLoopP99Ratio, (v) =>
        c.quantity(v, `${at}.comparison.eventLoopP99Ratio`, MAX_COUNT),
      ),
      eventLoop: c.optional(cmp.eventLoop, (v) =>
        c.oneOf(v, `${at}.comparison.eventLoop`, [
          'blocked-on-head',
          'unblocked-on-head',
          'blocked-on-both',
          'similar',
        ] as const),
      ),
      leak: c.optional(cmp.leak, (v) =>
        c.oneOf(v, `${at}.comparison.leak`, ['head', 'base', 'both', 'none'] as const),
      ),
      eventLoopTest: c.optional(cmp.eventLoopTest, (v) => pairedTest(c, v, `${at}.comparison.eventLoopTest`)),
      memoryTest: c.optional(cmp.memoryTest, (v) => pairedTest(c, v, `${at}.comparison.memoryTest`)),
    },
    blockedMs: c.quantity(o.blockedMs, `${at}.blockedMs`, MAX_COUNT),
  };
}
