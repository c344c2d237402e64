/**
 * A report.json read back as untrusted data (`mode: report`). Pure: the caller reads the file.
 *
 * In the fork-safe pattern the file comes from a workflow that ran the pull request's code, so anything in it
 * may have been written by the pull request's author. Every field perf-gate uses is checked (types, ranges,
 * lengths, counts) and copied into a fresh Report; everything else is dropped. What is never taken from the file:
 * the decision, verdict and headline (decided again from the rounds), the profile's Markdown (re-rendered from
 * its numbers), and the flame-graph file paths. Text that is kept (labels, paths, messages, notes, function
 * names) reaches Markdown only through renderMarkdown's escaping.
 */

import type { StopReason } from '../model/decision.ts';
import type { DiagnosticsSummary, RssTrend, SideDiagnostics } from '../model/diagnostics.ts';
import type { LatencySummary, PacedMeasurement, Round, RoundMeasurement, Side } from '../model/measure.ts';
import type { ErrorCode, HotFunction, PullRequestRef, Report } from '../model/report.ts';
import { GateError } from '../report/errors.ts';
import { renderHotterSection } from '../report/render.ts';
import { scheduleProblem } from '../stats/sequential-boundary.ts';
import { HTTP_METHODS } from './scenario-file.ts';

/** Largest report.json read (a long adaptive gate of many paths is a few MB). */
export const REPORT_FILE_MAX_BYTES = 32 * 1024 * 1024;
const MAX_ROUNDS = 200_000;
const MAX_SCENARIOS = 1000;
/** More pairs than a 6-hour budget of 1-second rounds holds. */
const MAX_PAIRS = 10_000;

const ERROR_CODES = [
  'config',
  'git',
  'install',
  'build',
  'server-start',
  'server-crash',
  'server-errors',
  'load',
  'timeout',
] as const satisfies readonly ErrorCode[];
const STOP_REASONS = [
  'resolved',
  'budget',
  'fixed',
  'deadline',
  'no-scenarios',
] as const satisfies readonly StopReason[];
const SIDES = ['base', 'head'] as const satisfies readonly Side[];

/** Where a shard sits in a matrix (`shard: i/n`), when its report says so. */
export interface ShardPlace {
  index: number;
  count: number;
}

export interface ReportFile {
  /** The file, as named in messages (relative to `results`). */
  source: string;
  /** Validated; its decision is undefined and its verdict and headline are placeholders until decided again. */
  report: Report;
  shard: ShardPlace | undefined;
}

/** A file name as shown in messages and the comment: anything unusual replaced (artifact names come from the measuring job). */
export function shownName(source: string): string {
  const clean = source.replace(/[^\w./-]/g, '_');
  return clean.length > 120 ? `…${clean.slice(-119)}` : clean;
}

type Json = Record<string, unknown>;

class Checker {
  readonly source: string;
  constructor(source: string) {
    this.source = shownName(source);
  }

  fail(at: string, problem: string): never {
    throw new GateError(
      'config',
      `input \`results\`: ${this.source} is not a perf-gate report: ${at} ${problem}. Point \`results\` at the report.json files the measuring job uploaded (the \`report\` output of perf-gate), unchanged.`,
    );
  }

  object(value: unknown, at: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      this.fail(at, 'is not an object');
    return value as Json;
  }

  optional<T>(value: unknown, read: (v: unknown) => T): T | undefined {
    return value === undefined || value === null ? undefined : read(value);
  }

  string(value: unknown, at: string, max: number, pattern?: RegExp): string {
    if (typeof value !== 'string') this.fail(at, 'is not a string');
    if (value.length > max) this.fail(at, `is longer than ${max} characters`);
    if (pattern && !pattern.test(value)) this.fail(at, 'has characters or a form it cannot have');
    return value;
  }

  number(value: unknown, at: string, bounds: { min?: number; max?: number; integer?: boolean } = {}): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(at, 'is not a finite number');
    if (bounds.integer && !Number.isInteger(value)) this.fail(at, 'is not a whole number');
    if ((bounds.min !== undefined && value < bounds.min) || (bounds.max !== undefined && value > bounds.max))
      this.fail(at, `is out of range (${value})`);
    return value;
  }

  count(value: unknown, at: string, max = Number.MAX_SAFE_INTEGER): number {
    return this.number(value, at, { min: 0, max, integer: true });
  }

  boolean(value: unknown, at: string): boolean {
    if (typeof value !== 'boolean') this.fail(at, 'is not true or false');
    return value;
  }

  oneOf<T extends string>(value: unknown, at: string, allowed: readonly T[]): T {
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
      this.fail(at, `is not one of ${allowed.join(', ')}`);
    return value as T;
  }

  array<T>(value: unknown, at: string, max: number, read: (item: unknown, at: string) => T): T[] {
    if (!Array.isArray(value)) this.fail(at, 'is not a list');
    if (value.length > max) this.fail(at, `has more than ${max} entries`);
    return value.map((item, i) => read(item, `${at}[${i}]`));
  }
}

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** A request path as the `paths` input accepts it. */
const PATH = /^\/\S*$/;
const NODE_VERSION = /^v?\d+\.\d+\.\d+[0-9A-Za-z.+-]*$/;
const PLATFORM = /^[0-9A-Za-z_.-]+$/;
const TIMESTAMP = /^[0-9T:.Z+-]+$/;

function latency(c: Checker, value: unknown, at: string): LatencySummary {
  const o = c.object(value, at);
  const ms = (k: string) => c.number(o[k], `${at}.${k}`, { min: 0 });
  return { p50: ms('p50'), p90: ms('p90'), p99: ms('p99'), max: ms('max'), mean: ms('mean') };
}

function measurement(c: Checker, value: unknown, at: string): RoundMeasurement {
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

function diagnostics(c: Checker, value: unknown, at: string): DiagnosticsSummary {
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

/** The pair counts of a gate's planned looks: at least one, increasing (its p-values were computed over them). */
function lookSchedule(c: Checker, value: unknown): number[] {
  const at = '`sequential.schedule`';
  const looks = c.array(value, at, 1000, (x, where) =>
    c.number(x, where, { min: 1, max: 1_000_000, integer: true }),
  );
  const problem = scheduleProblem(looks);
  if (problem !== undefined) c.fail(at, problem);
  return looks;
}

function hot(c: Checker, value: unknown, at: string): HotFunction {
  const o = c.object(value, at);
  return {
    fn: c.string(o.fn, `${at}.fn`, 500),
    file: c.string(o.file, `${at}.file`, 1000),
    line: c.count(o.line, `${at}.line`),
    baseSelf: c.number(o.baseSelf, `${at}.baseSelf`, { min: 0, max: 1 }),
    headSelf: c.number(o.headSelf, `${at}.headSelf`, { min: 0, max: 1 }),
  };
}

/**
 * Parses and checks one report.json. Throws a config error naming `results` and the file for anything that is
 * not a report perf-gate wrote (never quoting the file's content).
 */
export function parseReportFile(text: string, source: string): ReportFile {
  const c = new Checker(source);
  if (text.length > REPORT_FILE_MAX_BYTES)
    c.fail('the file', `is larger than ${REPORT_FILE_MAX_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    c.fail('the file', 'is not JSON');
  }
  const o = c.object(json, 'the document');
  if (o.tool !== 'perf-gate') c.fail('`tool`', 'is not `perf-gate`');
  if (o.version !== 2) c.fail('`version`', 'is not 2 (written by another version of perf-gate?)');

  const commit = (value: unknown, at: string) => {
    const x = c.object(value, at);
    return { sha: c.string(x.sha, `${at}.sha`, 64, SHA), label: c.string(x.label, `${at}.label`, 256) };
  };
  const path = (value: unknown, at: string) => c.string(value, at, 2048, PATH);

  const s = c.object(o.settings, '`settings`');
  // A scenario's name is the user's text (shown escaped); its request is checked like the inputs check it.
  const name = (value: unknown, at: string) => c.string(value, at, 200);
  const threshold = c.number(s.threshold, '`settings.threshold`', { min: 0.00001, max: 1 });
  const connectionsInput = c.count(s.connections, '`settings.connections`', 1_000_000);
  const scenarios = c.array(s.scenarios, '`settings.scenarios`', MAX_SCENARIOS, (value, at) => {
    const x = c.object(value, at);
    return {
      name: name(x.name, `${at}.name`),
      method: c.oneOf(x.method, `${at}.method`, HTTP_METHODS),
      path: path(x.path, `${at}.path`),
      expectStatus: c.optional(x.expectStatus, (v) =>
        c.number(v, `${at}.expectStatus`, { min: 100, max: 599, integer: true }),
      ),
      connections:
        c.optional(x.connections, (v) => c.count(v, `${at}.connections`, 1_000_000)) ?? connectionsInput,
      threshold:
        c.optional(x.threshold, (v) => c.number(v, `${at}.threshold`, { min: 0.00001, max: 1 })) ?? threshold,
    };
  });
  const names = scenarios.map((x) => x.name);
  if (new Set(names).size !== names.length) c.fail('`settings.scenarios`', 'names a scenario twice');
  const settings: Report['settings'] = {
    scenarios,
    pairs: c.optional(s.pairs, (v) =>
      c.number(v, '`settings.pairs`', { min: 1, max: 100_000, integer: true }),
    ),
    budgetSec: c.number(s.budgetSec, '`settings.budgetSec`', { min: 0 }),
    durationSec: c.number(s.durationSec, '`settings.durationSec`', { min: 0, max: 86_400 }),
    warmupSec: c.number(s.warmupSec, '`settings.warmupSec`', { min: 0, max: 86_400 }),
    connections: connectionsInput,
    threshold,
    latencyThreshold:
      c.optional(s.latencyThreshold, (v) =>
        c.number(v, '`settings.latencyThreshold`', { min: 0.00001, max: 100 }),
      ) ?? threshold,
    alpha: c.number(s.alpha, '`settings.alpha`', { min: 1e-12, max: 0.5 }),
    port: c.optional(s.port, (v) => c.number(v, '`settings.port`', { min: 1, max: 65535, integer: true })),
    failOnRegression:
      c.optional(s.failOnRegression, (v) => c.boolean(v, '`settings.failOnRegression`')) ?? true,
    restartEvery: c.optional(s.restartEvery, (v) => c.count(v, '`settings.restartEvery`', 100_000)) ?? 0,
  };
  const sliceSec = c.optional(s.sliceSec, (v) => c.number(v, '`settings.sliceSec`', { min: 0, max: 86_400 }));
  if (sliceSec !== undefined) settings.sliceSec = sliceSec;

  const sequential = c.optional(o.sequential, (v) => {
    const q = c.object(v, '`sequential`');
    return {
      pairs: c.count(q.pairs, '`sequential.pairs`', 1_000_000),
      looked: c.array(q.looked, '`sequential.looked`', 1000, (x, at) => c.count(x, at, 1_000_000)),
      schedule: lookSchedule(c, q.schedule),
      stoppedBy: c.oneOf(q.stoppedBy, '`sequential.stoppedBy`', STOP_REASONS),
      confirmationPairs: c.count(q.confirmationPairs, '`sequential.confirmationPairs`', 1_000_000),
      disturbedPairs: c.count(q.disturbedPairs, '`sequential.disturbedPairs`', 1_000_000),
      keptDisturbedPairs:
        c.optional(q.keptDisturbedPairs, (x) => c.count(x, '`sequential.keptDisturbedPairs`', 1_000_000)) ??
        0,
    };
  });

  const known = new Set(names);
  const seen = new Set<string>();
  const rounds = c.array(o.rounds, '`rounds`', MAX_ROUNDS, (value, at): Round => {
    const r = c.object(value, at);
    const round: Round = {
      // Pairs are numbered from 0; the cap keeps the rank statistics (quadratic in the pairs) bounded.
      pair: c.count(r.pair, `${at}.pair`, MAX_PAIRS - 1),
      position: c.number(r.position, `${at}.position`, { min: 0, max: 1, integer: true }),
      side: c.oneOf(r.side, `${at}.side`, SIDES),
      scenario: name(r.scenario, `${at}.scenario`),
      measurement: measurement(c, r.measurement, `${at}.measurement`),
      startedAt: c.string(r.startedAt, `${at}.startedAt`, 64, TIMESTAMP),
    };
    if (!known.has(round.scenario)) c.fail(`${at}.scenario`, 'is not one of `settings.scenarios`');
    const key = `${round.pair} ${round.side} ${round.scenario}`;
    if (seen.has(key)) c.fail(at, 'repeats a round (same pair, side and scenario)');
    seen.add(key);
    return round;
  });

  const error = c.optional(o.error, (v) => {
    const e = c.object(v, '`error`');
    return {
      code: c.oneOf(e.code, '`error.code`', ERROR_CODES),
      message: c.string(e.message, '`error.message`', 10_000),
      side: c.optional(e.side, (x) => c.oneOf(x, '`error.side`', SIDES)),
      output: c.optional(e.output, (x) => c.string(x, '`error.output`', 65_536)),
      neutral: c.boolean(e.neutral, '`error.neutral`'),
    };
  });

  const t = c.object(o.timing, '`timing`');
  const e = c.object(o.environment, '`environment`');
  const profile = c.optional(o.profile, (v) => {
    const p = c.object(v, '`profile`');
    const hotter = c.array(p.hotter, '`profile.hotter`', 20, (x, at) => hot(c, x, at));
    return {
      markdown: renderHotterSection(hotter),
      files: [],
      dir: '',
      hotter,
      seconds: c.number(p.seconds, '`profile.seconds`', { min: 0 }),
    };
  });
  const pullRequest = c.optional(o.pullRequest, (v): PullRequestRef => {
    const p = c.object(v, '`pullRequest`');
    return {
      number: c.number(p.number, '`pullRequest.number`', { min: 1, max: 1e9, integer: true }),
      headSha: c.string(p.headSha, '`pullRequest.headSha`', 64, SHA),
      baseSha: c.string(p.baseSha, '`pullRequest.baseSha`', 64, SHA),
    };
  });
  const shard = c.optional(o.shard, (v): ShardPlace => {
    const x = c.object(v, '`shard`');
    const count = c.number(x.count, '`shard.count`', { min: 1, max: 256, integer: true });
    return { index: c.number(x.index, '`shard.index`', { min: 0, max: count, integer: true }), count };
  });

  const report: Report = {
    tool: 'perf-gate',
    version: 2,
    verdict: 'inconclusive',
    headline: '',
    base: commit(o.base, '`base`'),
    head: commit(o.head, '`head`'),
    settings,
    decision: undefined,
    sequential,
    newScenarios: c.array(o.newScenarios ?? [], '`newScenarios`', MAX_SCENARIOS, name),
    shard,
    scenarioCount:
      c.optional(o.scenarioCount, (v) => c.count(v, '`scenarioCount`', MAX_SCENARIOS)) ?? scenarios.length,
    rounds,
    error,
    timing: {
      startedAt: c.string(t.startedAt, '`timing.startedAt`', 64, TIMESTAMP),
      wallSec: c.number(t.wallSec, '`timing.wallSec`', { min: 0 }),
      prepareSec: c.number(t.prepareSec, '`timing.prepareSec`', { min: 0 }),
      measureSec: c.number(t.measureSec, '`timing.measureSec`', { min: 0 }),
    },
    environment: {
      node: c.string(e.node, '`environment.node`', 64, NODE_VERSION),
      cpus: c.count(e.cpus, '`environment.cpus`', 100_000),
      platform: c.string(e.platform, '`environment.platform`', 64, PLATFORM),
    },
    notes: c.array(o.notes ?? [], '`notes`', 100, (x, at) => c.string(x, at, 4000)),
    profile,
    changedFiles: c.array(o.changedFiles ?? [], '`changedFiles`', 10_000, (x, at) => c.string(x, at, 1000)),
    diagnostics: c.optional(o.diagnostics, (v) => diagnostics(c, v, '`diagnostics`')),
    pullRequest,
  };
  return { source, report, shard };
}
