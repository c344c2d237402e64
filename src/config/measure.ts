/**
 * The `measure` input: how the gate measures and decides, in one YAML block of `key: value` lines that a first gate
 * never needs (docs/inputs.md, "Measuring"). An input, not a part of the config file: the config file is read from
 * head, which the pull request wrote, and these settings are the gate's policy. Pure.
 */
import { ConfigError, configError } from '../io/errors.ts';
import { DEFAULT_RESTART_EVERY } from './defaults.ts';
import { describe, type Fail, fields, load } from './yaml-tree.ts';

/** Every setting of the `measure` block with its default (docs/inputs.md lists the same, a test checks). */
export const MEASURE_DEFAULTS = {
  rounds: 'auto',
  duration: '2s',
  warmup: '0.25s',
  prime: '2s',
  slice: 'auto',
  engine: 'kept',
  'latency-rate': 'off',
  'restart-every': String(DEFAULT_RESTART_EVERY),
  pin: 'true',
  connections: '10',
  alpha: '0.05',
  'latency-threshold': '20%',
} as const satisfies Record<string, string>;

export type MeasureKey = keyof typeof MEASURE_DEFAULTS;

export const MEASURE_KEYS = Object.keys(MEASURE_DEFAULTS) as MeasureKey[];

/** Whether a name is a setting of the `measure` block. */
export function isMeasureKey(name: string): name is MeasureKey {
  return (MEASURE_KEYS as readonly string[]).includes(name);
}

/** The settings the block writes, as text; `{}` for an empty block. Throws a config error naming the line and key. */
export function parseMeasureBlock(text: string): Partial<Record<MeasureKey, string>> {
  if (text.trim() === '') return {};
  const fail: Fail = (line, field, problem, fix) => {
    const where = field === '' ? `line ${line}` : `line ${line}, \`${field}\``;
    const sentence = `${fix.charAt(0).toUpperCase()}${fix.slice(1)}`;
    throw configError('measure', `${where}: ${problem}`, /[.?]$/.test(sentence) ? sentence : `${sentence}.`);
  };
  const root = load(text, fail);
  const example = 'write one `key: value` per line, e.g. `rounds: 20`';
  if (root.kind !== 'map') fail(root.line, '', `it is ${describe(root)}, not \`key: value\` lines`, example);
  const settings: Partial<Record<MeasureKey, string>> = {};
  for (const [key, entry] of fields(root, '', MEASURE_KEYS, 'the block', fail)) {
    const value = entry.value;
    if (value.kind !== 'scalar') fail(entry.keyLine, key, `is ${describe(value)}, not a value`, example);
    const written = typeof value.value === 'string' ? value.value.trim() : value.source;
    // Left empty, a setting takes its default, as an input left empty does.
    if (written !== '') settings[key] = written;
  }
  return settings;
}

/** Reads one setting of the block (or its default) through `parse`; a parser's error then names `measure` and the key. */
export type MeasureReader = <T>(key: MeasureKey, parse: (text: string) => T) => T;

export function measureReader(settings: Partial<Record<MeasureKey, string>>): MeasureReader {
  return (key, parse) => {
    const text = settings[key] ?? MEASURE_DEFAULTS[key];
    try {
      return parse(text);
    } catch (error) {
      if (!(error instanceof ConfigError) || error.input !== key || error.setting !== undefined) throw error;
      throw new ConfigError('measure', error.problem, error.fix, key);
    }
  };
}

/**
 * Settings written one by one (the CLI's `--rounds 8`) folded into the `measure` block, after the lines `measure`
 * already has; every other setting as it is.
 */
export function foldMeasure<Name extends string>(
  settings: Partial<Record<Name | MeasureKey, string>>,
): Partial<Record<Exclude<Name, MeasureKey> | 'measure', string>> {
  const folded: Record<string, string> = {};
  const lines: string[] = [];
  for (const [name, value] of Object.entries(settings) as [string, string | undefined][]) {
    if (value === undefined) continue;
    if (isMeasureKey(name)) lines.push(`${name}: ${JSON.stringify(value)}`);
    else folded[name] = value;
  }
  if (lines.length > 0) folded.measure = [folded.measure ?? '', ...lines].join('\n');
  return folded as Partial<Record<Exclude<Name, MeasureKey> | 'measure', string>>;
}
