/**
 * The config file (perf-gate.yml): the server's environment, readiness probe, setup/teardown commands and the
 * request scenarios to load, parsed into a typed ScenarioFile. Pure: the caller passes the file's text and a
 * function that reads body files relative to the config's directory. Every error is a GateError('config') that
 * names the file, the line (1-based) and the field, and says what to write instead. perf-gate.schema.json
 * describes the same format for editors; test/unit/scenario-file.test.ts keeps the two in agreement.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { Scenario } from '../model/config.ts';
import { GateError } from '../report/errors.ts';
import {
  INPUT_DEFAULTS,
  type InputLookup,
  type InputName,
  parseDuration,
  parseInteger,
  parsePercent,
} from './inputs.ts';

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
  scenarios: Scenario[];
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Methods whose requests carry no body. */
const BODYLESS = new Set<string>(['GET', 'HEAD']);

const TOP_KEYS = ['start', 'port', 'env', 'ready', 'setup', 'teardown', 'threshold', 'scenarios'] as const;
const READY_KEYS = ['path', 'status', 'timeout'] as const;
const SCENARIO_KEYS = [
  'name',
  'method',
  'path',
  'headers',
  'body',
  'bodyFile',
  'expect',
  'connections',
  'threshold',
] as const;

/** Keys people write from habit (or from other tools), and the key they meant. */
const ALIASES: Record<string, string> = {
  paths: 'scenarios',
  requests: 'scenarios',
  endpoints: 'scenarios',
  command: 'start',
  environment: 'env',
  readiness: 'ready',
  health: 'ready',
  healthcheck: 'ready',
  url: 'path',
  route: 'path',
  verb: 'method',
  status: 'expect',
  expectstatus: 'expect',
  statuscode: 'expect',
  data: 'body',
  json: 'body',
  file: 'bodyFile',
  concurrency: 'connections',
};

const NAME_MAX = 80;
/** An RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The forms parsePercent accepts, with the `%` required (a bare `5` could mean 5% or 500%). */
const PERCENT_FORM = /^\s*\d+(?:\.\d+)?\s*%\s*$/;
/** The forms parseDuration accepts, with the unit required. */
const DURATION_FORM = /^\s*\d+(?:\.\d+)?\s*(?:ms|s|m|h)\s*$/;
/** Absolute on POSIX or Windows. */
const ABSOLUTE = /^(?:[/\\]|[A-Za-z]:)/;

const THRESHOLD_BOUNDS = { min: 0.001, max: 1 };
const CONNECTIONS_BOUNDS = { min: 1, max: 10_000 };
const PORT_BOUNDS = { min: 1, max: 65_535 };
const STATUS_BOUNDS = { min: 100, max: 599 };
const READY_TIMEOUT_BOUNDS = { minMs: 1000, maxMs: 3_600_000 };

/** The value tree of the YAML document, every node with the line it starts on. */
type Value =
  | { kind: 'map'; line: number; entries: Entry[] }
  | { kind: 'seq'; line: number; items: Value[] }
  | { kind: 'scalar'; line: number; value: string | number | boolean | null; source: string };

interface Entry {
  key: string;
  keyLine: number;
  value: Value;
}

type Fail = (line: number, field: string, problem: string, fix: string) => never;

export interface ScenarioFileOptions {
  /** As the user should see it in messages, e.g. `perf-gate.yml` or `services/api/perf-gate.yml`. */
  fileName: string;
  /** Reads a `bodyFile`, relative to the config file's directory (utf-8). Throws when it cannot. */
  readFile: (relativePath: string) => string;
}

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
 * Inputs the file can also set: `start`, `port`, `threshold`, `ready-timeout`, and `paths` (the file's
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

// ---------------------------------------------------------------------------------------------------------------
// YAML to a value tree with lines

function load(text: string, fail: Fail): Value {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  const syntax = document.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0].line ?? 1;
    fail(
      line,
      '',
      `not valid YAML: ${syntax.message.split(/ at line \d+, column \d+/)[0]!.trim()}`,
      'check the indentation, and quote values that contain `: ` or ` #` or start with `{`, `[`, `*`, `&`, `!`, `|` or `>`',
    );
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) {
    fail(
      1,
      '',
      'the file is empty',
      'write at least `scenarios:` with one request, e.g. `scenarios: [{ path: / }]`',
    );
  }
  const lineOf = (node: Node): number => lines.linePos(node.range?.[0] ?? 0).line;
  const convert = (node: Node | null, ancestors: Node[], at: number): Value => {
    if (node === null) return { kind: 'scalar', line: at, value: null, source: '' };
    const line = node.range ? lineOf(node) : at;
    if (isAlias(node)) {
      const target = node.resolve(document);
      if (!target)
        fail(line, '', `the alias \`*${node.source}\` refers to no anchor`, 'define `&name` before `*name`');
      if (ancestors.includes(target)) {
        fail(line, '', `the alias \`*${node.source}\` refers to a node that contains it`, 'remove the alias');
      }
      const value = convert(target, ancestors, line);
      return { ...value, line };
    }
    if (isScalar(node)) {
      const value = node.value;
      if (
        value === null ||
        typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean'
      ) {
        return { kind: 'scalar', line, value, source: node.source ?? String(value) };
      }
      fail(
        line,
        '',
        `\`${node.source ?? String(value)}\` is not a plain value`,
        'write a string, a number or a boolean',
      );
    }
    if (isSeq(node)) {
      const inside = [...ancestors, node];
      return {
        kind: 'seq',
        line,
        items: node.items.map((item) => convert(item as Node | null, inside, line)),
      };
    }
    if (isMap(node)) {
      const inside = [...ancestors, node];
      const entries: Entry[] = [];
      for (const pair of node.items) {
        const keyNode = pair.key as Node | null;
        const keyLine = keyNode?.range ? lineOf(keyNode) : line;
        const key = keyNode === null ? null : convert(keyNode, inside, keyLine);
        if (key === null || key.kind !== 'scalar' || key.value === null) {
          fail(keyLine, '', 'a key is not a name', 'write keys as plain names, e.g. `path:`');
        }
        const name = typeof key.value === 'string' ? key.value : key.source;
        const first = entries.find((entry) => entry.key === name);
        if (first) {
          fail(
            keyLine,
            '',
            `the key \`${name}\` appears twice in one mapping (first on line ${first.keyLine})`,
            'keep one',
          );
        }
        entries.push({ key: name, keyLine, value: convert(pair.value as Node | null, inside, keyLine) });
      }
      return { kind: 'map', line, entries };
    }
    return fail(line, '', 'unsupported YAML node', 'write mappings, lists and plain values only');
  };
  return convert(contents as Node, [], 1);
}

/** The JSON-like value of a subtree, for inline bodies. */
function plain(value: Value): unknown {
  switch (value.kind) {
    case 'scalar':
      return value.value;
    case 'seq':
      return value.items.map(plain);
    case 'map':
      return Object.fromEntries(value.entries.map((entry) => [entry.key, plain(entry.value)]));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes

function describe(value: Value): string {
  if (value.kind === 'map') return 'a mapping';
  if (value.kind === 'seq') return 'a list';
  if (value.value === null) return 'empty';
  if (typeof value.value === 'string') return `the string \`${value.source}\``;
  return `\`${value.source}\``;
}

/** The field path of a key: `scenarios[0].headers.accept`, `headers["x request id"]`. */
function child(parent: string, key: string): string {
  if (!/^[A-Za-z_$][\w$-]*$/.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

function fields<K extends string>(
  value: Value,
  path: string,
  allowed: readonly K[],
  what: string,
  fail: Fail,
): Map<K, Entry> {
  if (value.kind !== 'map') {
    fail(
      value.line,
      path,
      `${path === '' ? 'the file is' : 'is'} ${describe(value)}, not a mapping`,
      `write ${what} as \`key: value\` lines: ${list(allowed)}`,
    );
  }
  const found = new Map<K, Entry>();
  for (const entry of value.entries) {
    const known = allowed.find((key) => key === entry.key);
    if (known === undefined) {
      const guess = suggest(entry.key, allowed);
      fail(
        entry.keyLine,
        child(path, entry.key),
        'unknown key',
        guess === undefined ? `${what} takes ${list(allowed)}` : `did you mean \`${guess}\`?`,
      );
    }
    found.set(known, entry);
  }
  return found;
}

function list(keys: readonly string[]): string {
  return keys.map((key) => `\`${key}\``).join(', ');
}

/** The allowed key a misspelt one most likely meant, if any is close. */
function suggest(key: string, allowed: readonly string[]): string | undefined {
  const normal = (text: string): string => text.toLowerCase().replace(/[-_\s]/g, '');
  const wanted = normal(key);
  const alias = ALIASES[wanted];
  if (alias !== undefined && allowed.includes(alias)) return alias;
  let best: { key: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(wanted, normal(candidate));
    if (best === undefined || distance < best.distance) best = { key: candidate, distance };
  }
  if (best === undefined) return undefined;
  const limit = Math.min(2, Math.floor(Math.max(wanted.length, 1) / 3));
  return best.distance <= limit ? best.key : undefined;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const up = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/** Runs a parser of src/config.ts and turns its `input \`x\`: problem. Fix.` into this file's message. */
function reuse<T>(value: Value, path: string, fail: Fail, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    const match = /^input `[^`]*`: (.*?)\. ([A-Z].*?)\.?$/s.exec(error.message);
    if (!match) throw error;
    return fail(value.line, path, match[1]!, match[2]!.charAt(0).toLowerCase() + match[2]!.slice(1));
  }
}

function string(value: Value, path: string, fix: string, fail: Fail): string {
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    fail(value.line, path, `is ${describe(value)}, not a string`, fix);
  }
  return value.value;
}

function command(value: Value, path: string, fail: Fail): string {
  const text = string(value, path, 'write a shell command, e.g. `npm run seed`', fail);
  if (text.trim() === '') fail(value.line, path, 'is blank', `write a shell command, or remove \`${path}\``);
  return text;
}

function integer(value: Value, path: string, bounds: { min: number; max: number }, fail: Fail): number {
  const fix = `write a whole number from ${bounds.min} to ${bounds.max}, without quotes`;
  if (value.kind !== 'scalar' || typeof value.value !== 'number') {
    fail(value.line, path, `is ${describe(value)}, not a number`, fix);
  }
  const number = value.value;
  return reuse(value, path, fail, () =>
    parseInteger('connections', Number.isInteger(number) ? String(number) : value.source, bounds),
  );
}

function percent(value: Value, path: string, fail: Fail): number {
  const fix = 'write a percentage with `%`, e.g. `5%`';
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    fail(value.line, path, `is ${describe(value)}, not a percentage`, fix);
  }
  const text = value.value;
  if (!PERCENT_FORM.test(text)) fail(value.line, path, `\`${text}\` is not a percentage`, fix);
  return reuse(value, path, fail, () => parsePercent('threshold', text, THRESHOLD_BOUNDS));
}

function duration(value: Value, path: string, fail: Fail): number {
  const fix = 'write a number with a unit (`ms`, `s`, `m` or `h`), e.g. `60s`';
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    fail(value.line, path, `is ${describe(value)}, not a duration`, fix);
  }
  const text = value.value;
  if (!DURATION_FORM.test(text)) fail(value.line, path, `\`${text}\` is not a duration`, fix);
  return reuse(value, path, fail, () => parseDuration('ready-timeout', text, READY_TIMEOUT_BOUNDS));
}

function requestPath(value: Value, path: string, fail: Fail): string {
  const fix = 'write a request path that starts with `/`, e.g. `/orders?limit=10`';
  const text = string(value, path, fix, fail);
  if (!/^\/\S*$/.test(text)) fail(value.line, path, `\`${text}\` is not a request path`, fix);
  return text;
}

/** A string, or a number or boolean taken as written (`4`, `true`): what environments and headers carry. */
function text(value: Value, path: string, fix: string, fail: Fail): string {
  if (value.kind !== 'scalar' || value.value === null) {
    fail(value.line, path, value.kind === 'scalar' ? 'is empty' : `is ${describe(value)}, not a value`, fix);
  }
  return typeof value.value === 'string' ? value.value : value.source;
}

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

function scenarioList(value: Value, options: ScenarioFileOptions, fail: Fail): Scenario[] {
  if (value.kind !== 'seq' || value.items.length === 0) {
    fail(
      value.line,
      'scenarios',
      value.kind === 'seq' ? 'the list is empty' : `is ${describe(value)}, not a list`,
      'list the requests to load, one `- path: /…` item each',
    );
  }
  const scenarios: Scenario[] = [];
  const names = new Map<string, { index: number; line: number }>();
  value.items.forEach((item, index) => {
    const path = `scenarios[${index}]`;
    const scenario = parseScenario(item, path, options, fail);
    const nameEntry = item.kind === 'map' ? item.entries.find((entry) => entry.key === 'name') : undefined;
    const line = nameEntry?.value.line ?? item.line;
    const earlier = names.get(scenario.name);
    if (earlier) {
      fail(
        line,
        nameEntry ? `${path}.name` : path,
        `the name \`${scenario.name}\` is taken by scenarios[${earlier.index}] (line ${earlier.line})`,
        nameEntry
          ? 'give each scenario a different `name`'
          : 'add a `name` to tell them apart (a scenario without one is named `METHOD path`)',
      );
    }
    names.set(scenario.name, { index, line });
    scenarios.push(scenario);
  });
  return scenarios;
}

function parseScenario(value: Value, path: string, options: ScenarioFileOptions, fail: Fail): Scenario {
  const found = fields(value, path, SCENARIO_KEYS, 'a scenario', fail);
  const pathEntry = found.get('path');
  if (!pathEntry) fail(value.line, `${path}.path`, 'missing', 'write the request path, e.g. `path: /orders`');
  const requestPathText = requestPath(pathEntry.value, `${path}.path`, fail);

  const methodEntry = found.get('method');
  let method = 'GET';
  if (methodEntry) {
    const fix = `use one of ${HTTP_METHODS.join(', ')}`;
    const written = string(methodEntry.value, `${path}.method`, fix, fail);
    method = written.toUpperCase();
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      fail(methodEntry.value.line, `${path}.method`, `\`${written}\` is not an HTTP method`, fix);
    }
  }

  const nameEntry = found.get('name');
  let name = `${method} ${requestPathText}`;
  if (nameEntry) {
    const fix = `write a one-line name of at most ${NAME_MAX} characters`;
    name = string(nameEntry.value, `${path}.name`, fix, fail);
    if (name.trim() === '' || /[\r\n]/.test(name) || [...name].length > NAME_MAX) {
      fail(
        nameEntry.value.line,
        `${path}.name`,
        name.trim() === '' ? 'is blank' : 'is too long or has line breaks',
        fix,
      );
    }
  }

  const headers: Record<string, string> = {};
  const headersEntry = found.get('headers');
  if (headersEntry) {
    const map = headersEntry.value;
    if (map.kind !== 'map') {
      fail(
        map.line,
        `${path}.headers`,
        `is ${describe(map)}, not a mapping`,
        'write headers as `name: value`, e.g. `headers: { accept: application/json }`',
      );
    }
    const seen = new Map<string, string>();
    for (const entry of map.entries) {
      const field = child(`${path}.headers`, entry.key);
      if (!HEADER_NAME.test(entry.key)) {
        fail(
          entry.keyLine,
          field,
          `\`${entry.key}\` is not a header name`,
          'use letters, digits and `-`, e.g. `x-request-id`',
        );
      }
      const lower = entry.key.toLowerCase();
      const twin = seen.get(lower);
      if (twin !== undefined)
        fail(entry.keyLine, field, `repeats the header \`${twin}\``, 'header names ignore case: keep one');
      seen.set(lower, entry.key);
      const header = text(entry.value, field, 'write the header value, e.g. `application/json`', fail);
      if (/[\r\n]/.test(header))
        fail(entry.value.line, field, 'has a line break', 'write the header value on one line');
      headers[entry.key] = header;
    }
  }

  const bodyEntry = found.get('body');
  const bodyFileEntry = found.get('bodyFile');
  let body: string | undefined;
  if (bodyEntry && bodyFileEntry) {
    const later = bodyEntry.keyLine > bodyFileEntry.keyLine ? bodyEntry : bodyFileEntry;
    fail(
      later.keyLine,
      path,
      '`body` and `bodyFile` are both set',
      'keep one: the body inline or from a file',
    );
  }
  const carrier = bodyEntry ?? bodyFileEntry;
  if (carrier && BODYLESS.has(method)) {
    fail(
      carrier.keyLine,
      `${path}.${carrier.key}`,
      `a ${method} request has no body${methodEntry ? '' : ' (`method` defaults to GET)'}`,
      'set `method: POST` (or PUT, PATCH, DELETE) or remove the body',
    );
  }
  if (bodyEntry) {
    const value = bodyEntry.value;
    if (value.kind === 'scalar' && typeof value.value === 'string') {
      body = value.value;
    } else if (value.kind === 'map' || value.kind === 'seq') {
      body = JSON.stringify(plain(value));
      if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
    } else {
      fail(
        value.line,
        `${path}.body`,
        `is ${describe(value)}, not a mapping, list or string`,
        'write a mapping or list (sent as JSON) or a string (sent as is; quote it)',
      );
    }
  }
  if (bodyFileEntry) {
    const fix = `write a path relative to the directory of ${options.fileName}, e.g. \`fixtures/order.json\``;
    const relative = string(bodyFileEntry.value, `${path}.bodyFile`, fix, fail);
    if (relative.trim() === '' || ABSOLUTE.test(relative)) {
      fail(bodyFileEntry.value.line, `${path}.bodyFile`, `\`${relative}\` is not a relative path`, fix);
    }
    try {
      body = options.readFile(relative);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      fail(bodyFileEntry.value.line, `${path}.bodyFile`, `cannot read \`${relative}\` (${reason})`, fix);
    }
  }

  const expectEntry = found.get('expect');
  const connectionsEntry = found.get('connections');
  const thresholdEntry = found.get('threshold');
  return {
    name,
    method,
    path: requestPathText,
    headers,
    body,
    expectStatus: expectEntry ? integer(expectEntry.value, `${path}.expect`, STATUS_BOUNDS, fail) : undefined,
    connections: connectionsEntry
      ? integer(connectionsEntry.value, `${path}.connections`, CONNECTIONS_BOUNDS, fail)
      : undefined,
    threshold: thresholdEntry ? percent(thresholdEntry.value, `${path}.threshold`, fail) : undefined,
  };
}
