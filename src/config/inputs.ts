/**
 * The gate's inputs and its config file (perf-gate.yml), parsed once into a typed Config. Pure: the action reads
 * inputs through @actions/core and the CLI through its flags, and both hand a lookup function to parseConfig,
 * with a function that reads the config file (and its body files) from the head tree. Every error names the
 * input, or the file, line and field.
 */
import { dirname, isAbsolute, join } from 'node:path';
import { DEFAULT_RESTART_EVERY, minimumPairs } from '../gate/plan.ts';
import type { Config, Mode, OpenLoop, Shard } from '../model/config.ts';
import { configError } from '../report/errors.ts';
import {
  checkInputOverlap,
  parseScenarioFile,
  type ScenarioFile,
  scenariosFromPaths,
} from './scenario-file.ts';

/** Every input with its default, as action.yml declares it (action.yml is checked against this in a test). */
export const INPUT_DEFAULTS = {
  start: '',
  paths: '/',
  config: '',
  shard: '',
  port: '',
  threshold: '2%',
  'latency-threshold': '20%',
  alpha: '0.05',
  'fail-on-regression': 'true',
  'github-token': '',
  install: 'auto',
  build: '',
  base: '',
  rounds: 'auto',
  'time-budget': '3m',
  duration: '2s',
  warmup: '0.25s',
  slice: '250ms',
  'latency-rate': 'off',
  'restart-every': String(DEFAULT_RESTART_EVERY),
  pin: 'true',
  connections: '10',
  'ready-timeout': '60s',
  'install-timeout': '10m',
  'build-timeout': '10m',
  timeout: '30m',
  'working-directory': '.',
  'output-dir': '',
  comment: 'true',
  flamegraphs: 'true',
  'profile-duration': '3s',
  'keep-trees': 'false',
  'check-name': '',
  mode: 'gate',
  results: 'perf-gate-results',
} as const satisfies Record<string, string>;

export type InputName = keyof typeof INPUT_DEFAULTS;

/** Reads one input as the user wrote it; '' when it was not set. */
export type InputLookup = (name: InputName) => string;

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

export function parseDuration(
  input: InputName,
  text: string,
  bounds: { minMs: number; maxMs: number },
): number {
  const match = DURATION.exec(text.trim());
  if (!match) {
    throw configError(
      input,
      `\`${text}\` is not a duration`,
      'Write a positive number with a unit, e.g. `30s`, `500ms` or `5m`.',
    );
  }
  const ms = Number(match[1]) * UNIT_MS[(match[2] as keyof typeof UNIT_MS | undefined) ?? 's'];
  if (ms < bounds.minMs || ms > bounds.maxMs) {
    throw configError(
      input,
      `${text} is out of range`,
      `Use a value from ${formatMs(bounds.minMs)} to ${formatMs(bounds.maxMs)}.`,
    );
  }
  return ms;
}

/** The `latency-rate` input: `off`, a share of base's req/s (`50%`), or requests per second (`2000/s`). */
function parseLatencyRate(text: string): OpenLoop | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'off' || trimmed === 'false') return undefined;
  const fixed = /^(\d+(?:\.\d+)?)\s*\/\s*s$/.exec(trimmed);
  if (fixed) {
    const rate = Number(fixed[1]);
    if (rate >= 1 && rate <= 1_000_000) return { rate };
    throw configError('latency-rate', `${text} is out of range`, 'Use from 1/s to 1000000/s.');
  }
  if (!/%$/.test(trimmed))
    throw configError(
      'latency-rate',
      `\`${text}\` is not a rate`,
      "Use a share of base's req/s such as `50%`, a rate such as `2000/s`, or `off`.",
    );
  return { share: parsePercent('latency-rate', trimmed, { min: 0.05, max: 0.95 }) };
}

/** The `slice` input: 0 (whole rounds) or a length of at least 100 ms (shorter ones are mostly set-up). */
function parseSlice(text: string): number {
  const ms = parseDuration('slice', text, { minMs: 0, maxMs: 600_000 });
  if (ms > 0 && ms < 100)
    throw configError('slice', `${text} is too short`, 'Use `0` for whole rounds, or 100ms or more.');
  return ms / 1000;
}

function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

export function parsePercent(input: InputName, text: string, bounds: { min: number; max: number }): number {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim());
  if (!match) {
    throw configError(input, `\`${text}\` is not a percentage`, 'Write a percentage such as `5%`.');
  }
  const value = Number(match[1]) / 100;
  if (value < bounds.min || value > bounds.max) {
    throw configError(
      input,
      `${text} is out of range`,
      `Use a percentage from ${bounds.min * 100}% to ${bounds.max * 100}% (for five percent write \`5%\`).`,
    );
  }
  return value;
}

export function parseInteger(input: InputName, text: string, bounds: { min: number; max: number }): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    throw configError(
      input,
      `\`${text}\` is not a whole number`,
      `Use a whole number from ${bounds.min} to ${bounds.max}.`,
    );
  }
  const value = Number(trimmed);
  if (value < bounds.min || value > bounds.max) {
    throw configError(
      input,
      `${text} is out of range`,
      `Use a whole number from ${bounds.min} to ${bounds.max}.`,
    );
  }
  return value;
}

export function parseBoolean(input: InputName, text: string): boolean {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(value)) return true;
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  throw configError(input, `\`${text}\` is not a boolean`, 'Accepted values: `true` or `false`.');
}

export function parsePaths(text: string): string[] {
  const paths = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (paths.length === 0)
    throw configError('paths', 'no path given', 'Give one request path per line, e.g. `/health`.');
  for (const path of paths) {
    if (!path.startsWith('/') || /\s/.test(path)) {
      throw configError(
        'paths',
        `\`${path}\` is not a request path`,
        'Each line must be a path that starts with `/`, e.g. `/seed/v1`.',
      );
    }
  }
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== undefined) throw configError('paths', `\`${twice}\` is listed twice`, 'List each path once.');
  return paths;
}

/** `i/n`: the i-th (from 1) of n shards; '' for all scenarios. */
export function parseShard(text: string): Shard | undefined {
  if (text.trim() === '') return undefined;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text.trim());
  const fix =
    'Write `i/n`: the i-th of n shards, counted from 1, e.g. `2/3` (or leave it empty for all scenarios).';
  if (!match) throw configError('shard', `\`${text}\` is not a shard`, fix);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1000 || index < 1 || index > count) {
    throw configError('shard', `${text} is out of range`, `${fix.slice(0, -1)}; n is from 1 to 1000.`);
  }
  return { index, count };
}

/** The scenarios of one shard: those whose index in file order (from 0) is `shard.index - 1` modulo `shard.count`. */
export function selectShard<T>(scenarios: readonly T[], shard: Shard | undefined): T[] {
  if (shard === undefined) return [...scenarios];
  return scenarios.filter((_, i) => i % shard.count === shard.index - 1);
}

/** Where parseConfig gets files from. */
export interface ConfigSources {
  /** Default of `output-dir`. */
  outputDir: string;
  /**
   * Reads a file of the head tree, given relative to the repository root (or absolute), as utf-8; throws (e.g. an
   * error with code ENOENT) when it cannot. Needed only when the `config` input is set.
   */
  readFile?: (path: string) => string;
}

/** Reads and parses the `config` input's file; undefined when the input is empty. */
function loadConfigFile(
  text: string,
  workingDirectory: string,
  sources: ConfigSources,
): { file: ScenarioFile; fileName: string } | undefined {
  if (text === '') return undefined;
  const fileName = isAbsolute(text) ? text : join(workingDirectory, text);
  const read =
    sources.readFile ??
    ((): string => {
      throw new Error('no file reader');
    });
  let content: string;
  try {
    content = read(fileName);
  } catch (error) {
    const missing = (error as { code?: unknown } | null)?.code === 'ENOENT';
    throw configError(
      'config',
      `cannot read \`${fileName}\` (${missing ? 'there is no such file' : error instanceof Error ? error.message : String(error)})`,
      `The path is relative to \`working-directory\` (\`${workingDirectory}\`) in the head commit: check the name and that the file is committed, e.g. \`config: perf-gate.yml\`.`,
    );
  }
  const file = parseScenarioFile(content, {
    fileName,
    readFile: (relativePath) => read(join(dirname(fileName), relativePath)),
  });
  return { file, fileName };
}

export function parseConfig(lookup: InputLookup, sources: ConfigSources): Config {
  const get = (name: InputName): string => {
    const value = lookup(name).trim();
    return value === '' ? INPUT_DEFAULTS[name] : value;
  };
  const mode = parseMode(get('mode'));
  const workingDirectory = get('working-directory');
  // `mode: report` runs nothing of the pull request's and reads none of its files.
  const loaded = mode === 'gate' ? loadConfigFile(get('config'), workingDirectory, sources) : undefined;
  if (loaded) checkInputOverlap(loaded.file, loaded.fileName, lookup);
  const file = loaded?.file;
  const start = file?.start ?? get('start');
  if (start === '' && mode === 'gate') {
    throw configError(
      'start',
      'it is required',
      'Set it to the command that starts your server, e.g. `start: node index.js`.',
    );
  }
  const portText = get('port');
  const install = get('install');
  const buildText = get('build');
  const baseText = get('base');
  const all = file?.scenarios ?? scenariosFromPaths(parsePaths(get('paths')));
  const shard = parseShard(get('shard'));
  const scenarios = selectShard(all, shard);
  if (scenarios.length === 0) {
    throw configError(
      'shard',
      `shard ${shard!.index}/${shard!.count} has no scenarios: there are ${all.length} in all`,
      `Use at most ${all.length} shard${all.length === 1 ? '' : 's'} (\`shard: i/${all.length}\`), or add scenarios.`,
    );
  }
  const alpha = parseAlpha(get('alpha'));
  const pairs = parseRounds(get('rounds'));
  // A shard is decided again with every other shard (mode: report), so the pairs must suffice for all of them.
  const family = shard ? all.length : scenarios.length;
  const openLoop = parseLatencyRate(get('latency-rate'));
  // The open loop adds p99 at a fixed rate to each scenario's req/s, p50 and p99.
  const metrics = openLoop ? 4 : 3;
  const needed = minimumPairs(metrics * family, alpha);
  if (pairs !== undefined && pairs < needed) {
    throw configError(
      'rounds',
      `${pairs} pairs cannot show a significant change across ${metrics * family} comparisons (${family} scenario${family === 1 ? '' : 's'}${shard ? ' of all shards' : ''} × ${metrics} metrics) at alpha ${alpha}`,
      `Use \`auto\` or at least ${needed} pairs.`,
    );
  }
  return {
    start,
    configFile: loaded?.fileName,
    scenarios,
    scenarioCount: all.length,
    shard,
    env: file?.env ?? {},
    ready: { path: file?.ready?.path ?? all[0]!.path, status: file?.ready?.status },
    setup: file?.setup,
    teardown: file?.teardown,
    port:
      file?.port ?? (portText === '' ? undefined : parseInteger('port', portText, { min: 1, max: 65535 })),
    threshold: file?.threshold ?? parsePercent('threshold', get('threshold'), { min: 0.001, max: 1 }),
    latencyThreshold: parsePercent('latency-threshold', get('latency-threshold'), { min: 0.001, max: 10 }),
    alpha,
    failOnRegression: parseBoolean('fail-on-regression', get('fail-on-regression')),
    token: lookup('github-token').trim(),
    install: ['none', 'false', 'skip'].includes(install.toLowerCase())
      ? 'skip'
      : install.toLowerCase() === 'auto'
        ? 'auto'
        : install,
    build: buildText === '' ? undefined : buildText,
    base: baseText === '' ? undefined : baseText,
    pairs,
    budgetMs: parseDuration('time-budget', get('time-budget'), { minMs: 10_000, maxMs: 6 * 3_600_000 }),
    durationSec: parseDuration('duration', get('duration'), { minMs: 1000, maxMs: 600_000 }) / 1000,
    warmupSec: parseDuration('warmup', get('warmup'), { minMs: 0, maxMs: 600_000 }) / 1000,
    sliceSec: parseSlice(get('slice')),
    openLoop,
    connections: parseInteger('connections', get('connections'), { min: 1, max: 10_000 }),
    restartEvery: parseInteger('restart-every', get('restart-every'), { min: 0, max: 1000 }),
    pin: parseBoolean('pin', get('pin')),
    readyTimeoutMs:
      file?.ready?.timeoutMs ??
      parseDuration('ready-timeout', get('ready-timeout'), { minMs: 1000, maxMs: 3_600_000 }),
    installTimeoutMs: parseDuration('install-timeout', get('install-timeout'), {
      minMs: 1000,
      maxMs: 6 * 3_600_000,
    }),
    buildTimeoutMs: parseDuration('build-timeout', get('build-timeout'), {
      minMs: 1000,
      maxMs: 6 * 3_600_000,
    }),
    timeoutMs: parseDuration('timeout', get('timeout'), { minMs: 10_000, maxMs: 6 * 3_600_000 }),
    workingDirectory,
    outputDir: get('output-dir') || sources.outputDir,
    comment: parseBoolean('comment', get('comment')),
    flamegraphs: parseBoolean('flamegraphs', get('flamegraphs')),
    profileSec:
      parseDuration('profile-duration', get('profile-duration'), { minMs: 1000, maxMs: 600_000 }) / 1000,
    keepTrees: parseBoolean('keep-trees', get('keep-trees')),
    checkName: parseCheckName(get('check-name')),
    mode,
    results: get('results'),
  };
}

function parseMode(text: string): Mode {
  const value = text.toLowerCase();
  if (value === 'gate' || value === 'report') return value;
  throw configError(
    'mode',
    `\`${text}\` is not a mode`,
    'Use `gate` (measure, the default) or `report` (publish report.json files measured by another job; runs no code of the pull request).',
  );
}

function parseCheckName(text: string): string | undefined {
  if (text === '') return undefined;
  if (text.length > 100 || /[\r\n]/.test(text)) {
    throw configError(
      'check-name',
      'it must be one line of at most 100 characters',
      'Use a short name such as `perf-gate`.',
    );
  }
  return text;
}

function parseRounds(text: string): number | undefined {
  if (text.toLowerCase() === 'auto') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 8 || Number(text) > 500) {
    throw configError(
      'rounds',
      `\`${text}\` is not a number of pairs`,
      'Use `auto` (adaptive, the default) or a whole number of pairs from 8 to 500.',
    );
  }
  return Number(text);
}

function parseAlpha(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value >= 0.5) {
    throw configError(
      'alpha',
      `\`${text}\` is not a significance level`,
      'Use a number between 0 and 0.5, e.g. `0.05`.',
    );
  }
  return value;
}
