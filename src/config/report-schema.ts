/**
 * The JSON Schema of a report.json read back as untrusted data (`mode: report`): every field perf-gate uses, with
 * its type, length, form and range, validated by Ajv; fields it does not know are removed. Every number has
 * bounds: what a load generator, a server's CPU or a profile can measure, far beyond any real run, and no
 * denormal (a logarithm of -Infinity, a sum that overflows, a ratio that does: the statistics must never see
 * them). What a schema cannot say (unique names, rounds of known scenarios, increasing looks) is checked in
 * report-file.ts.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { NOTE_SCHEMA } from './report-notes-schema.ts';
import { PROFILE_SCHEMA } from './report-profile-schema.ts';
import { HTTP_METHODS } from './scenario.ts';
import {
  bool,
  count,
  int,
  list,
  MAX_CORES,
  MAX_COUNT,
  MAX_MS,
  MAX_PAIRS,
  MAX_ROUND_COUNT,
  MAX_ROUND_SEC,
  MAX_ROUNDS,
  MAX_RPS,
  MAX_SCENARIOS,
  MAX_SECONDS,
  NODE_VERSION,
  object,
  oneOf,
  PATH,
  PLATFORM,
  quantity,
  range,
  type Schema,
  SHA,
  share,
  signed,
  str,
  TIMESTAMP,
} from './schema-parts.ts';

const latency = object({
  p50: quantity(MAX_MS),
  p90: quantity(MAX_MS),
  p99: quantity(MAX_MS),
  max: quantity(MAX_MS),
  mean: quantity(MAX_MS),
});

const measurement = object(
  {
    responses: count(MAX_ROUND_COUNT),
    elapsedSec: quantity(MAX_ROUND_SEC),
    rps: quantity(MAX_RPS),
    latencyMs: latency,
    bytesPerSec: quantity(1e13),
    errors: count(MAX_ROUND_COUNT),
    timeouts: count(MAX_ROUND_COUNT),
    non2xx: count(MAX_ROUND_COUNT),
    statusCodes: {
      type: 'object',
      propertyNames: { pattern: '^\\d{3}$' },
      additionalProperties: count(MAX_ROUND_COUNT),
      maxProperties: 100,
    },
    loadgenCpu: quantity(MAX_CORES),
  },
  {
    slices: count(1_000_000),
    rpsMedianBins: quantity(MAX_RPS),
    serverCpu: quantity(MAX_CORES),
    // CPU seconds of the side's server in its windows: every core of the biggest machine, all round long.
    serverCpuSec: quantity(MAX_CORES * MAX_ROUND_SEC),
    serviceCpu: quantity(MAX_CORES),
    foreignCpu: quantity(MAX_CORES),
    stealCpu: quantity(MAX_CORES),
    // The server's V8 heap in the round's window (src/diagnostics/heap-source.ts): bytes, ms and requests.
    memory: object(
      {
        requests: count(MAX_ROUND_COUNT),
        allocatedBytes: quantity(1e18),
        exact: bool,
        gcMs: quantity(MAX_CORES * MAX_ROUND_SEC * 1000),
        rssBytes: quantity(1e15),
        served: count(1e15),
      },
      { retainedBytes: quantity(1e15) },
    ),
    paced: object({
      rate: quantity(MAX_RPS),
      sent: count(MAX_ROUND_COUNT),
      responses: count(MAX_ROUND_COUNT),
      failures: count(MAX_ROUND_COUNT),
      latencyMs: latency,
      sendLagP99Ms: quantity(MAX_MS),
    }),
  },
);

const sideDiagnostics = object(
  {
    windows: count(MAX_COUNT),
    processes: count(MAX_COUNT),
    cpuCores: quantity(MAX_CORES),
    peakRssMb: quantity(1e9),
    peakHeapMb: quantity(1e9),
    leak: bool,
  },
  {
    eventLoopDelayMs: object({ p50: quantity(MAX_MS), p99: quantity(MAX_MS), max: quantity(MAX_MS) }),
    eventLoopUtilization: share,
    rssTrendMbPerRound: signed(1e9),
    rssTrend: object({
      mode: oneOf(['across-rounds', 'within-rounds']),
      slopeMb: signed(1e9),
      unit: oneOf(['round', 'second']),
      points: count(MAX_COUNT),
      growing: count(MAX_COUNT),
      of: count(MAX_COUNT),
    }),
  },
);

/** The paired test behind a diagnosis: ms of p99 delay or MB of RSS, head − base. */
const pairedTest = object({
  units: count(1e9),
  unit: oneOf(['pair', 'process pair']),
  medianDifference: signed(1e9),
  pHeadHigher: share,
  pBaseHigher: share,
  level: share,
});

const diagnostics = object(
  {
    comparison: object(
      {},
      {
        eventLoopP99Ratio: quantity(MAX_COUNT),
        eventLoop: oneOf(['blocked-on-head', 'unblocked-on-head', 'blocked-on-both', 'similar']),
        leak: oneOf(['head', 'base', 'both', 'none']),
        eventLoopTest: pairedTest,
        memoryTest: pairedTest,
      },
    ),
    blockedMs: quantity(MAX_COUNT),
  },
  { base: sideDiagnostics, head: sideDiagnostics },
);

const commit = object({ sha: str(64, SHA), label: str(256) });
const scenarioName = str(200);

const settings = object(
  {
    scenarios: list(
      object(
        { name: scenarioName, method: oneOf(HTTP_METHODS), path: str(2048, PATH) },
        { expectStatus: int(100, 599), connections: int(1, 1_000_000), threshold: range(0.00001, 1) },
      ),
      MAX_SCENARIOS,
    ),
    budgetSec: quantity(MAX_SECONDS),
    durationSec: quantity(86_400),
    warmupSec: quantity(86_400),
    connections: int(1, 1_000_000),
    threshold: range(0.00001, 1),
    alpha: range(1e-12, 0.5),
  },
  {
    pairs: int(1, 100_000),
    sliceSec: quantity(86_400),
    latencyThreshold: range(0.00001, 100),
    memoryThreshold: range(0.00001, 100),
    port: int(1, 65535),
    failOnRegression: bool,
    restartEvery: count(100_000),
  },
);

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
];

/** The whole document. */
export const REPORT_SCHEMA: Schema = object(
  {
    tool: { const: 'perf-gate' },
    version: { const: 3 },
    base: commit,
    head: commit,
    settings,
    rounds: list(
      object({
        pair: count(MAX_PAIRS - 1),
        position: int(0, 1),
        side: oneOf(['base', 'head']),
        scenario: scenarioName,
        measurement,
        startedAt: str(64, TIMESTAMP),
      }),
      MAX_ROUNDS,
    ),
    timing: object({
      startedAt: str(64, TIMESTAMP),
      wallSec: quantity(MAX_SECONDS),
      prepareSec: quantity(MAX_SECONDS),
      measureSec: quantity(MAX_SECONDS),
    }),
    environment: object(
      { node: str(64, NODE_VERSION), cpus: count(100_000), platform: str(64, PLATFORM) },
      // Where it ran, as os.cpus(), os.release() and RUNNER_NAME say: untrusted text, escaped where shown.
      { cpuModel: str(200), kernel: str(200), runner: str(200) },
    ),
  },
  {
    sequential: object(
      {
        pairs: count(1_000_000),
        looked: list(count(1_000_000), 1000),
        schedule: list(int(1, 1_000_000), 1000),
        stoppedBy: oneOf(['resolved', 'budget', 'fixed', 'deadline', 'no-scenarios', 'noise']),
        confirmationPairs: count(1_000_000),
        disturbedPairs: count(1_000_000),
      },
      { keptDisturbedPairs: count(1_000_000) },
    ),
    newScenarios: list(scenarioName, MAX_SCENARIOS),
    shard: object({ index: int(0, 256), count: int(1, 256) }),
    replica: object({ index: int(1, 256), count: int(1, 256) }, { stage: int(1, 2) }),
    scenarioCount: count(MAX_SCENARIOS),
    error: object(
      { code: oneOf(ERROR_CODES), message: str(10_000), neutral: bool },
      { side: oneOf(['base', 'head']), output: str(65_536) },
    ),
    notes: list(NOTE_SCHEMA, 100),
    profile: PROFILE_SCHEMA,
    changedFiles: list(str(1000), 10_000),
    diagnostics,
    pullRequest: object({ number: int(1, 1e9), headSha: str(64, SHA), baseSha: str(64, SHA) }),
    run: object({ id: str(20, '^[0-9]+$'), attempt: int(1, 1_000_000) }),
  },
);

// Fields it does not know are removed (`additionalProperties: false` on every object), so that what is kept is
// only what was checked. Compiled on first use: a gate that reads no report.json does not pay for it; and without
// Ajv's optimising pass over the code it generates, which costs more than it saves on code run once a report.
let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  compiled ??= new Ajv({
    strict: true,
    removeAdditional: true,
    verbose: true,
    allErrors: false,
    discriminator: true,
    code: { optimize: false },
  }).compile(REPORT_SCHEMA);
  return compiled;
}

/** Where an error is, as messages name fields: `` `settings.scenarios`[0].path ``. */
function fieldName(path: string): string {
  const parts = path.split('/').slice(1);
  const first = parts.findIndex((p) => /^\d+$/.test(p));
  const named = first === -1 ? parts : parts.slice(0, first);
  const rest = first === -1 ? [] : parts.slice(first);
  return `\`${named.join('.')}\`${rest.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('')}`;
}

const TYPES: Record<string, string> = {
  number: 'is not a finite number',
  integer: 'is not a whole number',
  string: 'is not a string',
  object: 'is not an object',
  array: 'is not a list',
  boolean: 'is not true or false',
};

/** What is wrong, as `[field, problem]`, never quoting a string of the file. */
function problem(e: ErrorObject): [string, string] {
  const at = fieldName(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return [
        at,
        (typeof e.data === 'number' && p.type === 'integer' ? TYPES.integer : TYPES[String(p.type)]) ??
          'has the wrong type',
      ];
    case 'minimum':
    case 'maximum':
    case 'not':
      return [at, `is out of range (${String(e.data)})`];
    case 'maxLength':
      return [at, `is longer than ${String(p.limit)} characters`];
    case 'pattern':
      return [at, 'has characters or a form it cannot have'];
    case 'enum':
      return [at, `is not one of ${(p.allowedValues as string[]).join(', ')}`];
    case 'maxItems':
    case 'maxProperties':
      return [at, `has more than ${String(p.limit)} entries`];
    case 'propertyNames':
      return [at, 'has a key that is not an HTTP status'];
    case 'required':
      return [fieldName(`${e.instancePath}/${String(p.missingProperty)}`), 'is missing'];
    case 'dependencies':
      return [
        fieldName(`${e.instancePath}/${String(p.missingProperty)}`),
        `is missing (${String(p.property)} is given)`,
      ];
    case 'const':
      return at === '`version`'
        ? [at, 'is not 3 (written by another version of perf-gate?)']
        : [at, `is not \`${String(p.allowedValue)}\``];
    default:
      return [at, 'is not what a perf-gate report holds'];
  }
}

/** Validates `json` in place (unknown fields removed); the first problem found, or undefined. */
export function schemaProblem(json: unknown): [string, string] | undefined {
  const validate = validator();
  if (validate(json)) return undefined;
  // propertyNames reports the key's own pattern error first: the key's object is the field to name.
  const errors = validate.errors ?? [];
  const first = errors.find((e) => e.keyword === 'propertyNames') ?? errors[0];
  return first === undefined ? ['the document', 'is not a perf-gate report'] : problem(first);
}
