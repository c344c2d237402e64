/**
 * The config file (perf-gate.yml): the server's environment, readiness probe, setup/teardown commands and the
 * request scenarios to load, parsed into a typed ScenarioFile. Pure: the caller passes the file's text and a
 * function that reads body files relative to the config's directory. Every error is a GateError('config') that
 * names the file, the line (1-based) and the field, and says what to write instead. perf-gate.schema.json
 * describes the same format for editors; test/unit/config/scenario-file.test.ts keeps the two in agreement. This file
 * checks the top-level fields; scenario.ts checks each scenario, yaml-tree.ts reads the YAML with its lines.
 */

import type { Scenario } from '../model/config.ts';
import { GateError } from '../model/errors.ts';
import { INPUT_DEFAULTS, type InputLookup, type InputName } from './input-parsers.ts';
import { type BodyFiles, scenarioList } from './scenario.ts';
import { POLICY_BOUNDS } from './workflow-policy.ts';
import { child, describe, type Fail, fields, load, type Value } from './yaml-tree.ts';
import { command, duration, integer, percent, requestPath, STATUS_BOUNDS, text } from './yaml-values.ts';

export interface ScenarioFile {
  start?: string;
  port?: number;
  /** Added to the environment of the server and of setup/teardown (PORT is always perf-gate's). */
  env: Record<string, string>;
  /** path defaults to the first scenario's path; status undefined: any answer; timeoutMs undefined: `ready-timeout`. */
  ready?: { path: string; status?: number; timeoutMs?: number };
  /** Run once in each tree after install and build, before its first server starts. */
  setup?: string;
  /** Run once in each tree after its last round, also when measuring failed. */
  teardown?: string;
  /** Default threshold of the scenarios; undefined: the `threshold` input. */
  threshold?: number;
  /** Threshold of allocation per request; undefined: the `memory-threshold` input. */
  memoryThreshold?: number;
  scenarios: Scenario[];
}

const TOP_KEYS = [
  'start',
  'port',
  'env',
  'ready',
  'setup',
  'teardown',
  'threshold',
  'memoryThreshold',
  'scenarios',
] as const;
const READY_KEYS = ['path', 'status', 'timeout'] as const;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PORT_BOUNDS = { min: 1, max: 65_535 };

/** The file's name for messages, and the reader of its `bodyFile`s. */
export type ScenarioFileOptions = BodyFiles;

/** Parses and checks the config file's text. */
export function parseScenarioFile(text: string, options: ScenarioFileOptions): ScenarioFile {
  const { fileName } = options;
  const fail: Fail = (line, field, problem, fix) => {
    const where = field === '' ? '' : ` ${field}:`;
    throw new GateError('config', `${fileName}:${line}:${where} ${problem}; ${fix}`);
  };
  const root = load(text, fail);
  const top = fields(root, '', TOP_KEYS, 'the file', fail);

  const file: ScenarioFile = { env: {}, scenarios: [] };
  const start = top.get('start');
  if (start) file.start = command(start.value, 'start', fail);
  const port = top.get('port');
  if (port) file.port = integer(port.value, 'port', PORT_BOUNDS, fail);
  const env = top.get('env');
  if (env) file.env = environment(env.value, fail);
  const setup = top.get('setup');
  if (setup) file.setup = command(setup.value, 'setup', fail);
  const teardown = top.get('teardown');
  if (teardown) file.teardown = command(teardown.value, 'teardown', fail);
  const threshold = top.get('threshold');
  if (threshold) file.threshold = percent(threshold.value, 'threshold', fail);
  const memoryThreshold = top.get('memoryThreshold');
  if (memoryThreshold)
    file.memoryThreshold = percent(
      memoryThreshold.value,
      'memoryThreshold',
      fail,
      POLICY_BOUNDS.memoryThreshold,
    );

  const scenarios = top.get('scenarios');
  if (!scenarios) {
    fail(
      root.line,
      'scenarios',
      'missing',
      'list the requests to load, e.g. `scenarios: [{ path: /health }]` (or drop the file and use the `paths` input)',
    );
  }
  file.scenarios = scenarioList(scenarios.value, options, fail);

  const ready = top.get('ready');
  if (ready) file.ready = readiness(ready.value, file.scenarios[0]!.path, fail);
  return file;
}

/** The simple case, the `paths` input: one GET scenario per path, every setting from the inputs. */
export function scenariosFromPaths(paths: string[]): Scenario[] {
  return paths.map((path) => ({
    name: `GET ${path}`,
    method: 'GET',
    path,
    headers: {},
    body: undefined,
    expectStatus: undefined,
    connections: undefined,
    threshold: undefined,
  }));
}

/**
 * Inputs the file can also set: `start`, `port`, `threshold`, `memory-threshold` (`memoryThreshold`), `ready-timeout`, and `paths` (the file's
 * `scenarios`). Each may be set in one place only; an input counts as set when it differs from its default.
 * Also checks that `start` is set somewhere.
 */
export function checkInputOverlap(file: ScenarioFile, fileName: string, lookup: InputLookup): void {
  const isSet = (name: InputName): boolean => {
    const value = lookup(name).trim();
    return value !== '' && value !== INPUT_DEFAULTS[name];
  };
  const overlaps: [InputName, string, boolean][] = [
    ['start', 'start', file.start !== undefined],
    ['port', 'port', file.port !== undefined],
    ['threshold', 'threshold', file.threshold !== undefined],
    ['memory-threshold', 'memoryThreshold', file.memoryThreshold !== undefined],
    ['ready-timeout', 'ready.timeout', file.ready?.timeoutMs !== undefined],
    ['paths', 'scenarios', true],
  ];
  for (const [input, key, inFile] of overlaps) {
    if (inFile && isSet(input)) {
      throw new GateError(
        'config',
        `input \`${input}\`: ${fileName} sets \`${key}\` too; set it in one place: remove the input from the workflow or \`${key}\` from ${fileName}.`,
      );
    }
  }
  if (file.start === undefined && lookup('start').trim() === '') {
    throw new GateError(
      'config',
      `input \`start\`: it is required. Set it to the command that starts your server, either as the input (\`start: node index.js\`) or in ${fileName}.`,
    );
  }
}

/** The `env` mapping: variable names, values as written; never PORT, which is perf-gate's. */
function environment(value: Value, fail: Fail): Record<string, string> {
  if (value.kind !== 'map') {
    fail(
      value.line,
      'env',
      `is ${describe(value)}, not a mapping`,
      'write variables as `NAME: value`, e.g. `env: { NODE_ENV: production }`',
    );
  }
  const env: Record<string, string> = {};
  for (const entry of value.entries) {
    const path = child('env', entry.key);
    if (entry.key === 'PORT') {
      fail(
        entry.keyLine,
        path,
        'perf-gate sets PORT itself (a free port, or `port`)',
        'remove it, and set `port: <number>` if your server listens on a fixed port',
      );
    }
    if (!ENV_NAME.test(entry.key)) {
      fail(
        entry.keyLine,
        path,
        `\`${entry.key}\` is not a variable name`,
        'use letters, digits and `_`, not starting with a digit',
      );
    }
    env[entry.key] = text(entry.value, path, 'write the value, quoted if needed, e.g. `"8"`', fail);
  }
  return env;
}

/** The `ready` mapping; its path defaults to the first scenario's. */
function readiness(
  value: Value,
  firstPath: string,
  fail: Fail,
): { path: string; status?: number; timeoutMs?: number } {
  const found = fields(value, 'ready', READY_KEYS, '`ready`', fail);
  const path = found.get('path');
  const ready: { path: string; status?: number; timeoutMs?: number } = {
    path: path ? requestPath(path.value, 'ready.path', fail) : firstPath,
  };
  const status = found.get('status');
  if (status) ready.status = integer(status.value, 'ready.status', STATUS_BOUNDS, fail);
  const timeout = found.get('timeout');
  if (timeout) ready.timeoutMs = duration(timeout.value, 'ready.timeout', fail);
  return ready;
}
