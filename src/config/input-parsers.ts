/**
 * The parsers of single inputs (durations, percentages, whole numbers, booleans, paths, shards, modes), each with
 * the input's default as action.yml declares it. Pure; every error names the input, quotes what was written and
 * says what to write instead.
 */

import { configError } from '../io/errors.ts';
import type { CommentOn, HistoryJob, Mode, OpenLoop, Shard } from '../model/config.ts';
import type { LoadEngine } from '../model/measure.ts';
import type { MeasureKey } from './measure.ts';

/** Every input with its default, as action.yml declares it (action.yml is checked against this in a test). */
export const INPUT_DEFAULTS = {
  start: '',
  paths: '/',
  config: '',
  'working-directory': '.',
  install: 'auto',
  build: '',
  'build-timeout': '10m',
  'ready-timeout': '60s',
  'memory-threshold': '1%',
  port: '',
  threshold: '2%',
  base: '',
  'time-budget': '',
  timeout: '',
  'fail-on-regression': 'true',
  'github-token': '',
  comment: 'always',
  'check-name': '',
  'accept-label': 'perf-gate:accept',
  'accept-in-description': 'false',
  flamegraphs: '3s',
  name: '',
  measure: '',
  'output-dir': '',
  'artifact-name': '',
  'artifact-retention-days': '30',
  'keep-trees': 'false',
  shard: '',
  replica: '',
  stage: '',
  confirm: 'false',
  mode: 'gate',
  results: 'perf-gate-results',
  'history-branch': 'perf-gate-history',
  'release-tags': '^v?\\d+\\.\\d+\\.\\d+$',
} as const satisfies Record<string, string>;

export type InputName = keyof typeof INPUT_DEFAULTS;

/** What a parser's error names: an input, or a setting of the `measure` block. */
type Setting = InputName | MeasureKey;

/** Reads one input as the user wrote it; '' when it was not set. */
export type InputLookup = (name: InputName) => string;

/** A duration: a number and its unit, the one grammar of the inputs and the config file. */
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/**
 * A duration such as `30s`, `500ms` or `5m`, in milliseconds within bounds. The unit is required: a bare `30`
 * could be seconds or minutes (`timeout: 30` meant 30 minutes and gave the gate 30 s). Only `0` needs none.
 */
export function parseDuration(
  input: Setting,
  text: string,
  bounds: { minMs: number; maxMs: number },
): number {
  const trimmed = text.trim();
  if (/^0+(?:\.0+)?$/.test(trimmed)) return checkBounds(input, text, 0, bounds);
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) {
    throw configError(
      input,
      `\`${text}\` has no unit`,
      `Write the unit: \`${trimmed}s\` for seconds, \`${trimmed}m\` for minutes (or \`ms\`, \`h\`).`,
    );
  }
  const match = DURATION.exec(trimmed);
  if (!match) {
    throw configError(
      input,
      `\`${text}\` is not a duration`,
      'Write a positive number with a unit, e.g. `30s`, `500ms` or `5m`.',
    );
  }
  return checkBounds(input, text, Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS], bounds);
}

function checkBounds(
  input: Setting,
  text: string,
  ms: number,
  bounds: { minMs: number; maxMs: number },
): number {
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
export function parseLatencyRate(text: string): OpenLoop | undefined {
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

/** The `slice` input, the turn length: 0 (whole rounds) or a length of at least 50 ms (shorter ones are mostly set-up). */
export function parseSlice(text: string): number | 'auto' {
  if (text.trim().toLowerCase() === 'auto') return 'auto';
  const ms = parseDuration('slice', text, { minMs: 0, maxMs: 600_000 });
  if (ms > 0 && ms < 50)
    throw configError('slice', `${text} is too short`, 'Use `0` for whole rounds, or 50ms or more.');
  return ms / 1000;
}

/** A bound of parseDuration as written in its message: `10s`, `6h`, `250ms`. */
function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/**
 * A percentage such as `5%`, as a fraction within bounds: the one grammar of the inputs and the config file, `%`
 * required (a bare `5` could be 5% or 500%, and `0.05` 5% or 0.05%).
 */
export function parsePercent(input: Setting, text: string, bounds: { min: number; max: number }): number {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) {
    const share = Number(trimmed);
    const meant =
      share > 0 && share < 1
        ? `\`${Number((share * 100).toFixed(4))}%\` for the share ${trimmed}`
        : `\`${trimmed}%\``;
    throw configError(input, `\`${text}\` has no \`%\``, `Write a percentage with \`%\`: ${meant}.`);
  }
  const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
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

/** A whole number within bounds. */
export function parseInteger(input: Setting, text: string, bounds: { min: number; max: number }): number {
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

/** `true`, `yes`, `on`, `1` or `false`, `no`, `off`, `0`, in any case. */
export function parseBoolean(input: Setting, text: string): boolean {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(value)) return true;
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  throw configError(input, `\`${text}\` is not a boolean`, 'Accepted values: `true` or `false`.');
}

/** The `paths` input: one request path per line (blank lines and `#` lines skipped), each listed once. */
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
  return parsePlace('shard', text, 'shards', 'all scenarios', 1000);
}

/** `i/n`: the i-th (from 1) of n runners measuring the same scenarios; '' for one runner. */
export function parseReplica(text: string): Shard | undefined {
  return parsePlace('replica', text, 'runners', 'one runner', 256);
}

/** `i/n` of input `name`: a place in a matrix, i from 1 to n ≤ max. */
function parsePlace(name: string, text: string, what: string, empty: string, max: number): Shard | undefined {
  if (text.trim() === '') return undefined;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text.trim());
  const fix = `Write \`i/n\`: the i-th of n ${what}, counted from 1, e.g. \`2/3\` (or leave it empty for ${empty}).`;
  if (!match) throw configError(name, `\`${text}\` is not a ${name}`, fix);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > max || index < 1 || index > count) {
    throw configError(name, `${text} is out of range`, `${fix.slice(0, -1)}; n is from 1 to ${max}.`);
  }
  return { index, count };
}

/** `first` or `second` (also `1`, `2`): the stage of a two-stage design; '' for none. */
export function parseStage(text: string): 1 | 2 | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (t === 'first' || t === '1') return 1;
  if (t === 'second' || t === '2') return 2;
  throw configError(
    'stage',
    `\`${text}\` is not a stage`,
    'Write `first` on the one runner of the first stage and `second` on the runners of the second (or leave it empty).',
  );
}

/** The `install` input: `auto` (from the lockfile), `skip` (also written `none` or `false`), or a command. */
export function parseInstall(text: string): string {
  if (['none', 'false', 'skip'].includes(text.toLowerCase())) return 'skip';
  return text.toLowerCase() === 'auto' ? 'auto' : text;
}

/** The load engine: `kept` (connections kept open across turns) or `autocannon` (a fresh instance per turn). */
export function parseEngine(text: string): LoadEngine {
  const value = text.trim().toLowerCase();
  if (value === 'kept' || value === 'autocannon') return value;
  throw configError(
    'engine',
    `\`${text}\` is not a load engine`,
    'Use `kept` (the default: connections kept open across turns) or `autocannon` (a fresh autocannon instance per turn).',
  );
}

/**
 * The `mode` input: `gate` (measure here), `report` (publish what another job measured), or the history of a branch
 * against its last release in one job (`history`) or two (`history-measure`, then `history-publish`).
 */
export function parseMode(text: string): { mode: Mode; historyJob: HistoryJob } {
  const value = text.toLowerCase();
  if (value === 'gate' || value === 'report' || value === 'history')
    return { mode: value, historyJob: 'single' };
  if (value === 'history-measure') return { mode: 'history', historyJob: 'measure' };
  if (value === 'history-publish') return { mode: 'history', historyJob: 'publish' };
  throw configError(
    'mode',
    `\`${text}\` is not a mode`,
    'Use `gate` (measure, the default), `report` (publish report.json files measured by another job; runs no code of the pull request), or `history` (measure the branch against its last release and keep a history; `history-measure` and `history-publish` split it into two jobs).',
  );
}

/** The name of the check run to create; undefined: none. */
export function parseCheckName(text: string): string | undefined {
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

/** A fixed number of pairs, or undefined for `auto` (adaptive). */
export function parseRounds(text: string): number | undefined {
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

/** The family-wise significance level, strictly between 0 and 0.5. */
export function parseAlpha(text: string): number {
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

/** The `comment` input: when the sticky comment is posted in full (`always`, `change`, `regression`), or `off`. */
export function parseComment(text: string): CommentOn | 'off' {
  const value = text.toLowerCase();
  if (value === 'off' || value === 'always' || value === 'change' || value === 'regression') return value;
  throw configError(
    'comment',
    `\`${text}\` is not one of \`always\`, \`change\`, \`regression\`, \`off\``,
    'Use `always` (every run, the default), `change` (a regression, an improvement or an error), `regression` (a regression or an error) or `off` (no comment).',
  );
}

/** The `flamegraphs` input: the seconds of load each side gets while it is profiled, or 0 for `off` (no profiles). */
export function parseFlamegraphs(text: string): number {
  if (text.toLowerCase() === 'off') return 0;
  if (/^(true|false|yes|no|on)$/i.test(text)) {
    throw configError(
      'flamegraphs',
      `\`${text}\` is neither a duration nor \`off\``,
      'Write how long each side is profiled, e.g. `3s` (the default), or `off`.',
    );
  }
  return parseDuration('flamegraphs', text, { minMs: 1000, maxMs: 600_000 }) / 1000;
}

/**
 * The gate's `name` (undefined: none): it keys the comment, the check run and the artifact, and is shown in their
 * titles, so it is kept to what is safe in all of them.
 */
export function parseName(text: string): string | undefined {
  if (text === '') return undefined;
  if (!/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/.test(text)) {
    throw configError(
      'name',
      `\`${text}\` is not a gate name`,
      'Use up to 40 letters, digits, spaces, `.`, `_` or `-`, starting with a letter or digit, e.g. `name: api`.',
    );
  }
  return text;
}

/** The label that accepts an intended slowdown; undefined (`off`): nothing can accept one. */
export function parseAcceptLabel(text: string): string | undefined {
  if (text.toLowerCase() === 'off') return undefined;
  if (text.length > 50 || /[\r\n,]/.test(text)) {
    throw configError(
      'accept-label',
      `\`${text}\` is not a label name`,
      'Use the name of one label, at most 50 characters, e.g. `perf-gate:accept`, or `off`.',
    );
  }
  return text;
}
