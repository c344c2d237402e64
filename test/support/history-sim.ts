/**
 * Simulated histories (src/model/history.ts lines) for the tests and bench/history.ts: a main branch measured
 * against its release on every push for years, with a release every `releaseEvery` runs (each measured against the
 * one before), noise of a few percent, and creeps that step in and are fixed again. Deterministic for a seed.
 */
import type { Verdict } from '../../src/model/decision.ts';
import { HISTORY_VERSION, type HistoryLine, type HistoryResult } from '../../src/model/history.ts';
import type { Metric } from '../../src/model/measure.ts';
import { mulberry32 } from '../../src/stats/describe.ts';

function sha(next: () => number): string {
  let out = '';
  while (out.length < 40) out += Math.floor(next() * 16).toString(16);
  return out;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** A result in percent around a true change, with its interval and a verdict as the rule would give (roughly). */
function result(next: () => number, truth: number, threshold: number): HistoryResult {
  const noise = 1 + next() * 3;
  const change = truth + (next() - 0.5) * noise * 0.6;
  const half = noise * 0.7;
  const [low, high] = [change - half, change + half];
  const verdict: Verdict =
    high < -threshold / 2 && change <= -threshold
      ? 'regression'
      : low > threshold / 2 && change >= threshold
        ? 'improvement'
        : low > -threshold && high < threshold
          ? 'no-change'
          : 'inconclusive';
  return [round2(change), round2(low), round2(high), round2(noise), threshold, verdict];
}

export interface SimulationOptions {
  runs: number;
  scenarios?: string[];
  metrics?: Metric[];
  releaseEvery?: number;
  seed?: number;
  /** The first run's date; runs are 8 hours apart. */
  start?: string;
}

/** `runs` lines of main against its release (and each new release against the one before), oldest first. */
export function simulateHistory(options: SimulationOptions): HistoryLine[] {
  const next = mulberry32(options.seed ?? 1);
  const scenarios = options.scenarios ?? ['GET /orders', 'POST /orders'];
  const metrics = options.metrics ?? ['rps', 'cpu', 'p50', 'p99'];
  const releaseEvery = options.releaseEvery ?? 60;
  const start = Date.parse(options.start ?? '2024-01-01T00:00:00Z');
  const lines: HistoryLine[] = [];
  let release = { tag: 'v1.0.0', commit: sha(next) };
  let minor = 0;
  let creep = 0;
  for (let i = 0; i < options.runs; i++) {
    const date = new Date(start + i * 8 * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    if (i > 0 && i % releaseEvery === 0) {
      const tag = `v1.${++minor}.0`;
      const commit = sha(next);
      lines.push(line(next, 'release', date, { commit, tag }, release, scenarios, metrics, creep));
      release = { tag, commit };
      creep = 0;
    }
    // Now and then a pull request costs a few percent, and now and then one wins it back.
    if (next() < 0.04) creep -= 2 + next() * 6;
    if (next() < 0.03) creep = Math.min(0, creep + 4);
    lines.push(
      line(next, 'branch', date, { commit: sha(next), ref: 'main' }, release, scenarios, metrics, creep),
    );
  }
  return lines;
}

function line(
  next: () => number,
  kind: HistoryLine['kind'],
  date: string,
  head: HistoryLine['head'],
  base: { tag: string; commit: string },
  scenarios: readonly string[],
  metrics: readonly Metric[],
  creep: number,
): HistoryLine {
  return {
    v: HISTORY_VERSION,
    kind,
    date,
    head,
    base,
    verdict: creep < -3 ? 'regression' : 'no-change',
    pairs: 12 + Math.floor(next() * 40),
    alpha: 0.05,
    runner: { cpu: 'AMD EPYC 7763 64-Core Processor', cpus: 4, node: 'v24.21.0' },
    perfGate: '1.4.0',
    run: `https://github.com/octo-org/octo-repo/actions/runs/${18_000_000_000 + Math.floor(next() * 1e9)}`,
    scenarios: scenarios.map((name) => ({
      name,
      ...Object.fromEntries(
        metrics.map((m) => [
          m,
          result(next, m === 'rps' ? creep : -creep * 1.2, m === 'rps' || m === 'cpu' ? 2 : 20),
        ]),
      ),
    })),
  };
}
