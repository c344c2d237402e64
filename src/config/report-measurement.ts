/**
 * The checks of a report.json's measurements (one round's load, its open-loop part) and of its diagnostics
 * summary: every number in range, every list bounded, copied into fresh values.
 */
import type { DiagnosticsSummary, RssTrend, SideDiagnostics } from '../model/diagnostics.ts';
import type { LatencySummary, PacedMeasurement, RoundMeasurement } from '../model/measure.ts';
import type { Checker } from './checker.ts';

function latency(c: Checker, value: unknown, at: string): LatencySummary {
  const o = c.object(value, at);
  const ms = (k: string) => c.number(o[k], `${at}.${k}`, { min: 0 });
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
    statusCodes[code] = c.count(n, `${at}.statusCodes.${code}`);
  }
  const cores = (k: string) => c.optional(o[k], (v) => c.number(v, `${at}.${k}`, { min: 0, max: 4096 }));
  const m: RoundMeasurement = {
    responses: c.count(o.responses, `${at}.responses`),
    elapsedSec: c.number(o.elapsedSec, `${at}.elapsedSec`, { min: 0 }),
    rps: c.number(o.rps, `${at}.rps`, { min: 0 }),
    latencyMs: latency(c, o.latencyMs, `${at}.latencyMs`),
    bytesPerSec: c.number(o.bytesPerSec, `${at}.bytesPerSec`, { min: 0 }),
    errors: c.count(o.errors, `${at}.errors`),
    timeouts: c.count(o.timeouts, `${at}.timeouts`),
    non2xx: c.count(o.non2xx, `${at}.non2xx`),
    statusCodes,
    loadgenCpu: c.number(o.loadgenCpu, `${at}.loadgenCpu`, { min: 0, max: 4096 }),
  };
  const slices = c.optional(o.slices, (v) => c.count(v, `${at}.slices`, 1_000_000));
  if (slices !== undefined) m.slices = slices;
  const bins = c.optional(o.rpsMedianBins, (v) => c.number(v, `${at}.rpsMedianBins`, { min: 0 }));
  if (bins !== undefined) m.rpsMedianBins = bins;
  const server = cores('serverCpu');
  if (server !== undefined) m.serverCpu = server;
  const service = cores('serviceCpu');
  if (service !== undefined) m.serviceCpu = service;
  const foreign = cores('foreignCpu');
  if (foreign !== undefined) m.foreignCpu = foreign;
  const steal = cores('stealCpu');
  if (steal !== undefined) m.stealCpu = steal;
  const paced = c.optional(o.paced, (v): PacedMeasurement => {
    const p = c.object(v, `${at}.paced`);
    return {
      rate: c.number(p.rate, `${at}.paced.rate`, { min: 0 }),
      sent: c.count(p.sent, `${at}.paced.sent`),
      responses: c.count(p.responses, `${at}.paced.responses`),
      failures: c.count(p.failures, `${at}.paced.failures`),
      latencyMs: latency(c, p.latencyMs, `${at}.paced.latencyMs`),
      sendLagP99Ms: c.number(p.sendLagP99Ms, `${at}.paced.sendLagP99Ms`, { min: 0 }),
    };
  });
  if (paced !== undefined) m.paced = paced;
  return m;
}

/** One side's event loop and memory figures. */
function sideDiagnostics(c: Checker, value: unknown, at: string): SideDiagnostics {
  const o = c.object(value, at);
  const n = (k: string, min = 0) => c.number(o[k], `${at}.${k}`, { min });
  const delay = c.optional(o.eventLoopDelayMs, (v) => {
    const d = c.object(v, `${at}.eventLoopDelayMs`);
    const ms = (k: string) => c.number(d[k], `${at}.eventLoopDelayMs.${k}`, { min: 0 });
    return { p50: ms('p50'), p99: ms('p99'), max: ms('max') };
  });
  const trend = c.optional(o.rssTrend, (v): RssTrend => {
    const t = c.object(v, `${at}.rssTrend`);
    return {
      mode: c.oneOf(t.mode, `${at}.rssTrend.mode`, ['across-rounds', 'within-rounds'] as const),
      slopeMb: c.number(t.slopeMb, `${at}.rssTrend.slopeMb`),
      unit: c.oneOf(t.unit, `${at}.rssTrend.unit`, ['round', 'second'] as const),
      points: c.count(t.points, `${at}.rssTrend.points`),
      growing: c.count(t.growing, `${at}.rssTrend.growing`),
      of: c.count(t.of, `${at}.rssTrend.of`),
    };
  });
  return {
    windows: c.count(o.windows, `${at}.windows`),
    processes: c.count(o.processes, `${at}.processes`),
    eventLoopDelayMs: delay,
    eventLoopUtilization: c.optional(o.eventLoopUtilization, (v) =>
      c.number(v, `${at}.eventLoopUtilization`, { min: 0, max: 1 }),
    ),
    cpuCores: n('cpuCores'),
    peakRssMb: n('peakRssMb'),
    peakHeapMb: n('peakHeapMb'),
    rssTrendMbPerRound: c.optional(o.rssTrendMbPerRound, (v) => c.number(v, `${at}.rssTrendMbPerRound`)),
    rssTrend: trend,
    leak: c.boolean(o.leak, `${at}.leak`),
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
        c.number(v, `${at}.comparison.eventLoopP99Ratio`, { min: 0 }),
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
    },
    blockedMs: c.number(o.blockedMs, `${at}.blockedMs`, { min: 0 }),
  };
}
