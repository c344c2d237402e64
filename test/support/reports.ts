/**
 * Synthetic gate reports for the unit tests of report files and merging, and for the end-to-end tests of publishing
 * (`mode: report` on a prepared report.json, which measures nothing): seeded rounds, decided as the gate does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseReportFile, type ReportFile } from '../../src/config/report-file.ts';
import { weightOf } from '../../src/decide/family.ts';
import { mergeReports } from '../../src/decide/merge.ts';
import { decide } from '../../src/decide/verdict.ts';
import type { Round, RoundMeasurement, Side } from '../../src/model/measure.ts';
import type { Note } from '../../src/model/notes.ts';
import type { Report } from '../../src/model/report.ts';
import { mulberry32 } from '../../src/stats/describe.ts';

/** The family's weight of one scenario without memory figures: req/s, p99 and failed requests. */
export const SCENARIO_WEIGHT = weightOf('rps') + weightOf('p99') + weightOf('failures');

export const BASE_SHA = 'b'.repeat(40);
export const HEAD_SHA = 'c'.repeat(40);
export const PR_HEAD_SHA = 'd'.repeat(40);

function gaussian(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function measurement(rps: number, p50: number, p99: number): RoundMeasurement {
  const responses = Math.round(rps * 3);
  return {
    responses,
    elapsedSec: 3,
    rps,
    latencyMs: { p50, p90: (p50 + p99) / 2, p99, max: p99 * 3, mean: p50 * 1.1 },
    bytesPerSec: rps * 180,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu: 0.5,
  };
}

export interface ShardSpec {
  /** Paths, each with head's factor on req/s (latency follows). */
  paths: Record<string, number>;
  pairs?: number;
  noise?: number;
  seed?: number;
  /** Pair counts of the planned looks; default one look, after the last pair. */
  looks?: number[];
  error?: Report['error'];
  notes?: Note[];
  shard?: { index: number; count: number };
  startedAt?: string;
  /**
   * The servers' memory: base's bytes allocated per request, head's factor on it per path, and the heap each side
   * keeps per request served (a leak); absent: the servers could not tell (rounds without memory).
   */
  memory?: { bytes: number; alloc: Record<string, number>; keeps: Record<Side, number> };
}

/** A round's memory as its server's preload reads it: the path's `index` among the pair's windows of one process. */
function memoryOf(
  spec: ShardSpec,
  path: string,
  side: Side,
  index: number,
  responses: number,
  rng: () => number,
) {
  const m = spec.memory!;
  const perRequest = m.bytes * (side === 'head' ? (m.alloc[path] ?? 1) : 1) * Math.exp(0.002 * gaussian(rng));
  const served = (index + 1) * responses;
  return {
    requests: responses,
    allocatedBytes: Math.round(perRequest * responses),
    exact: false,
    gcMs: (perRequest * responses) / 4e7,
    retainedBytes: Math.round(9e6 + 1e5 * index + m.keeps[side] * served + 3000 * rng()),
    rssBytes: 64e6,
    served,
  };
}

export function roundsFor(spec: ShardSpec): Round[] {
  const rng = mulberry32(spec.seed ?? 1);
  // The memory's own draws, so that the other figures are the same with memory as without.
  const memoryRng = mulberry32((spec.seed ?? 1) + 1000);
  const noise = spec.noise ?? 0.005;
  const rounds: Round[] = [];
  for (let pair = 0; pair < (spec.pairs ?? 8); pair++) {
    const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    order.forEach((side, position) => {
      for (const [index, [path, factor]] of Object.entries(spec.paths).entries()) {
        const f = side === 'head' ? factor : 1;
        const j = () => Math.exp(noise * gaussian(rng));
        const m = measurement(10_000 * f * j(), (0.9 / f) * j(), (2.6 / f) * j());
        const memory = spec.memory && memoryOf(spec, path, side, index, m.responses, memoryRng);
        rounds.push({
          pair,
          position,
          side,
          scenario: `GET ${path}`,
          measurement: memory ? { ...m, memory } : m,
          startedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, pair * 2 + position)).toISOString(),
        });
      }
    });
  }
  return rounds;
}

/** A report as the gate writes it (JSON-ready: undefined fields are simply absent once serialised). */
export function gateReport(spec: ShardSpec): Report {
  // Each path is a GET scenario, named as the `paths` input names it.
  const scenarios = Object.keys(spec.paths).map((path) => ({
    name: `GET ${path}`,
    method: 'GET',
    path,
    expectStatus: undefined,
    connections: 10,
    threshold: 0.05,
  }));
  const rounds = spec.error ? [] : roundsFor(spec);
  const looks = spec.looks ?? [spec.pairs ?? 8];
  const decision = spec.error
    ? undefined
    : decide(rounds, scenarios, {
        threshold: 0.05,
        latencyThreshold: 0.2,
        ...(spec.memory ? { memoryThreshold: 0.01 } : {}),
        alpha: 0.05,
        looks,
      });
  return {
    tool: 'perf-gate',
    version: 3,
    verdict: decision?.verdict ?? 'inconclusive',
    base: { sha: BASE_SHA, label: 'main' },
    head: { sha: HEAD_SHA, label: 'feature' },
    settings: {
      scenarios,
      pairs: looks.length === 1 ? (spec.pairs ?? 8) : undefined,
      budgetSec: 180,
      durationSec: 3,
      warmupSec: 0.5,
      connections: 10,
      threshold: 0.05,
      latencyThreshold: 0.2,
      ...(spec.memory ? { memoryThreshold: 0.01 } : {}),
      alpha: 0.05,
      port: undefined,
      failOnRegression: true,
      // Every pair its own processes, so the pairs are the unit, as decide() above was told (its default).
      restartEvery: 1,
    },
    decision,
    sequential: spec.error
      ? undefined
      : {
          pairs: spec.pairs ?? 8,
          looked: [spec.pairs ?? 8],
          schedule: looks,
          stoppedBy: looks.length === 1 ? 'fixed' : 'budget',
          confirmationPairs: 0,
          disturbedPairs: 0,
          keptDisturbedPairs: 0,
        },
    newScenarios: [],
    shard: spec.shard,
    scenarioCount: scenarios.length,
    rounds,
    error: spec.error,
    timing: {
      startedAt: spec.startedAt ?? '2025-01-01T00:00:00.000Z',
      wallSec: 60,
      prepareSec: 10,
      measureSec: 48,
    },
    environment: { node: 'v24.21.0', cpus: 2, platform: 'linux-x64' },
    notes: spec.notes ?? [],
    profile: undefined,
    changedFiles: ['server.js'],
    diagnostics: undefined,
    pullRequest: { number: 7, headSha: PR_HEAD_SHA, baseSha: BASE_SHA },
  };
}

/** Serialised and read back as `mode: report` reads it. */
export function asFile(report: unknown, source: string): ReportFile {
  return parseReportFile(JSON.stringify(report), source);
}

/**
 * A results directory as download-artifact leaves it for `mode: report`: each report as `<dir>/<name>/report.json`.
 * Returns `dir` (the `results` input).
 */
export function writeResults(dir: string, reports: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, report] of Object.entries(reports)) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'report.json'), JSON.stringify(report, null, 2));
  }
  return dir;
}

/** The files merged by a job whose inputs are the first file's (a stage's alpha is half the job's), outside a run. */
export function mergeAsMeasured(files: readonly ReportFile[]): Report {
  const { threshold, latencyThreshold, alpha, memoryThreshold = threshold } = files[0]!.report.settings;
  return mergeReports(files, {
    rule: { threshold, latencyThreshold, memoryThreshold, alpha },
    runId: undefined,
  });
}
