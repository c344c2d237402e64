/**
 * The checks of a report.json's parts, each copying what perf-gate uses into a fresh, typed value (report-file.ts
 * says what is never taken from the file). Measurements and diagnostics are checked in report-measurement.ts.
 */
import type { StopReason } from '../model/decision.ts';
import type { Round, Side } from '../model/measure.ts';
import type { ErrorCode, HotFunction, PullRequestRef, Report } from '../model/report.ts';
import { renderHotterSection } from '../report/profile.ts';
import { scheduleProblem } from '../stats/sequential-boundary.ts';
import type { Checker, Json } from './checker.ts';
import { measurement } from './report-measurement.ts';
import { HTTP_METHODS } from './scenario.ts';

const MAX_ROUNDS = 200_000;
export const MAX_SCENARIOS = 1000;
/** More pairs than a 6-hour budget of 1-second rounds holds. */
const MAX_PAIRS = 10_000;
/** A bound on every duration of a report: 30 days. */
const MAX_SECONDS = 30 * 86_400;

const ERROR_CODES = [
  'config',
  'git',
  'install',
  'build',
  'setup',
  'teardown',
  'server-start',
  'server-crash',
  'server-errors',
  'load',
  'timeout',
  'internal',
  'cancelled',
] as const satisfies readonly ErrorCode[];
const STOP_REASONS = [
  'resolved',
  'budget',
  'fixed',
  'deadline',
  'no-scenarios',
  'noise',
] as const satisfies readonly StopReason[];
const SIDES = ['base', 'head'] as const satisfies readonly Side[];

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** A request path as the `paths` input accepts it. */
const PATH = /^\/\S*$/;
const NODE_VERSION = /^v?\d+\.\d+\.\d+[0-9A-Za-z.+-]*$/;
const PLATFORM = /^[0-9A-Za-z_.-]+$/;
const TIMESTAMP = /^[0-9T:.Z+-]+$/;

/** Where a shard sits in a matrix (`shard: i/n`), when its report says so. */
export interface ShardPlace {
  index: number;
  count: number;
}

/** A scenario's name: the user's text (shown escaped). */
export function scenarioName(c: Checker, value: unknown, at: string): string {
  return c.string(value, at, 200);
}

/** A commit: its full sha and the label a reader knows it by. */
export function commit(c: Checker, value: unknown, at: string): Report['base'] {
  const x = c.object(value, at);
  return { sha: c.string(x.sha, `${at}.sha`, 64, SHA), label: c.string(x.label, `${at}.label`, 256) };
}

/** The scenarios of `settings`: each request checked like the inputs check it, names unique. */
function scenarios(
  c: Checker,
  value: unknown,
  defaults: { threshold: number; connections: number },
): Report['settings']['scenarios'] {
  const list = c.array(value, '`settings.scenarios`', MAX_SCENARIOS, (item, at) => {
    const x = c.object(item, at);
    return {
      name: scenarioName(c, x.name, `${at}.name`),
      method: c.oneOf(x.method, `${at}.method`, HTTP_METHODS),
      path: c.string(x.path, `${at}.path`, 2048, PATH),
      expectStatus: c.optional(x.expectStatus, (v) =>
        c.number(v, `${at}.expectStatus`, { min: 100, max: 599, integer: true }),
      ),
      connections:
        c.optional(x.connections, (v) => c.count(v, `${at}.connections`, 1_000_000)) ?? defaults.connections,
      threshold:
        c.optional(x.threshold, (v) => c.number(v, `${at}.threshold`, { min: 0.00001, max: 1 })) ??
        defaults.threshold,
    };
  });
  const names = list.map((x) => x.name);
  if (new Set(names).size !== names.length) c.fail('`settings.scenarios`', 'names a scenario twice');
  return list;
}

/** The settings the gate ran with; the scenarios' own thresholds and connections default to the inputs'. */
export function settings(c: Checker, value: unknown): Report['settings'] {
  const s = c.object(value, '`settings`');
  const threshold = c.number(s.threshold, '`settings.threshold`', { min: 0.00001, max: 1 });
  const connectionsInput = c.count(s.connections, '`settings.connections`', 1_000_000);
  const checked: Report['settings'] = {
    scenarios: scenarios(c, s.scenarios, { threshold, connections: connectionsInput }),
    pairs: c.optional(s.pairs, (v) =>
      c.number(v, '`settings.pairs`', { min: 1, max: 100_000, integer: true }),
    ),
    budgetSec: c.number(s.budgetSec, '`settings.budgetSec`', { min: 0, max: MAX_SECONDS }),
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
  if (sliceSec !== undefined) checked.sliceSec = sliceSec;
  return checked;
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

/** How an adaptive gate looked and stopped. */
export function sequential(c: Checker, value: unknown): NonNullable<Report['sequential']> {
  const q = c.object(value, '`sequential`');
  return {
    pairs: c.count(q.pairs, '`sequential.pairs`', 1_000_000),
    looked: c.array(q.looked, '`sequential.looked`', 1000, (x, at) => c.count(x, at, 1_000_000)),
    schedule: lookSchedule(c, q.schedule),
    stoppedBy: c.oneOf(q.stoppedBy, '`sequential.stoppedBy`', STOP_REASONS),
    confirmationPairs: c.count(q.confirmationPairs, '`sequential.confirmationPairs`', 1_000_000),
    disturbedPairs: c.count(q.disturbedPairs, '`sequential.disturbedPairs`', 1_000_000),
    keptDisturbedPairs:
      c.optional(q.keptDisturbedPairs, (x) => c.count(x, '`sequential.keptDisturbedPairs`', 1_000_000)) ?? 0,
  };
}

/** The rounds: each of a scenario of `settings`, no two of the same pair, side and scenario. */
export function rounds(c: Checker, value: unknown, known: ReadonlySet<string>): Round[] {
  const seen = new Set<string>();
  return c.array(value, '`rounds`', MAX_ROUNDS, (item, at): Round => {
    const r = c.object(item, at);
    const round: Round = {
      // Pairs are numbered from 0; the cap keeps the rank statistics (quadratic in the pairs) bounded.
      pair: c.count(r.pair, `${at}.pair`, MAX_PAIRS - 1),
      position: c.number(r.position, `${at}.position`, { min: 0, max: 1, integer: true }),
      side: c.oneOf(r.side, `${at}.side`, SIDES),
      scenario: scenarioName(c, r.scenario, `${at}.scenario`),
      measurement: measurement(c, r.measurement, `${at}.measurement`),
      startedAt: c.string(r.startedAt, `${at}.startedAt`, 64, TIMESTAMP),
    };
    if (!known.has(round.scenario)) c.fail(`${at}.scenario`, 'is not one of `settings.scenarios`');
    const key = `${round.pair} ${round.side} ${round.scenario}`;
    if (seen.has(key)) c.fail(at, 'repeats a round (same pair, side and scenario)');
    seen.add(key);
    return round;
  });
}

/** The error that ended the measuring run, if any. */
export function error(c: Checker, value: unknown): NonNullable<Report['error']> {
  const e = c.object(value, '`error`');
  return {
    code: c.oneOf(e.code, '`error.code`', ERROR_CODES),
    message: c.string(e.message, '`error.message`', 10_000),
    side: c.optional(e.side, (x) => c.oneOf(x, '`error.side`', SIDES)),
    output: c.optional(e.output, (x) => c.string(x, '`error.output`', 65_536)),
    neutral: c.boolean(e.neutral, '`error.neutral`'),
  };
}

/** A function that got hotter: where it is and its self shares. */
function hot(c: Checker, value: unknown, at: string): HotFunction {
  const o = c.object(value, at);
  return {
    fn: c.string(o.fn, `${at}.fn`, 500),
    file: c.string(o.file, `${at}.file`, 1000),
    line: c.count(o.line, `${at}.line`),
    baseSelf: c.number(o.baseSelf, `${at}.baseSelf`, { min: 0, max: 1 }),
    headSelf: c.number(o.headSelf, `${at}.headSelf`, { min: 0, max: 1 }),
    ...perRequest(c, o, at),
  };
}

/** A hot function's CPU time per request (µs), when the report has it: both sides or neither. */
function perRequest(c: Checker, o: Record<string, unknown>, at: string): Partial<HotFunction> {
  if (o.baseUsPerRequest === undefined && o.headUsPerRequest === undefined) return {};
  return {
    baseUsPerRequest: c.number(o.baseUsPerRequest, `${at}.baseUsPerRequest`, { min: 0 }),
    headUsPerRequest: c.number(o.headUsPerRequest, `${at}.headUsPerRequest`, { min: 0 }),
  };
}

/** The profile's numbers; its Markdown is rendered again from them, and its files are not taken. */
export function profile(c: Checker, value: unknown): NonNullable<Report['profile']> {
  const p = c.object(value, '`profile`');
  const hotter = c.array(p.hotter, '`profile.hotter`', 20, (x, at) => hot(c, x, at));
  return {
    markdown: renderHotterSection(hotter),
    files: [],
    dir: '',
    hotter,
    seconds: c.number(p.seconds, '`profile.seconds`', { min: 0, max: MAX_SECONDS }),
  };
}

/** The pull request the report says it measured (checked against GitHub before posting). */
export function pullRequest(c: Checker, value: unknown): PullRequestRef {
  const p = c.object(value, '`pullRequest`');
  return {
    number: c.number(p.number, '`pullRequest.number`', { min: 1, max: 1e9, integer: true }),
    headSha: c.string(p.headSha, '`pullRequest.headSha`', 64, SHA),
    baseSha: c.string(p.baseSha, '`pullRequest.baseSha`', 64, SHA),
  };
}

/** The shard's place in its matrix: an index up to the count. */
export function shardPlace(c: Checker, value: unknown): ShardPlace {
  const x = c.object(value, '`shard`');
  const count = c.number(x.count, '`shard.count`', { min: 1, max: 256, integer: true });
  return { index: c.number(x.index, '`shard.index`', { min: 0, max: count, integer: true }), count };
}

export function timing(c: Checker, t: Json): Report['timing'] {
  return {
    startedAt: c.string(t.startedAt, '`timing.startedAt`', 64, TIMESTAMP),
    wallSec: c.number(t.wallSec, '`timing.wallSec`', { min: 0, max: MAX_SECONDS }),
    prepareSec: c.number(t.prepareSec, '`timing.prepareSec`', { min: 0, max: MAX_SECONDS }),
    measureSec: c.number(t.measureSec, '`timing.measureSec`', { min: 0, max: MAX_SECONDS }),
  };
}

export function environment(c: Checker, e: Json): Report['environment'] {
  return {
    node: c.string(e.node, '`environment.node`', 64, NODE_VERSION),
    cpus: c.count(e.cpus, '`environment.cpus`', 100_000),
    platform: c.string(e.platform, '`environment.platform`', 64, PLATFORM),
  };
}
