/**
 * The config file's single values checked: strings, commands, whole numbers, percentages, durations, request
 * paths. Numbers, percentages and durations go through the inputs' parsers (one grammar: `5%`, `60s`, units
 * required), so that the file accepts exactly what the inputs accept; their messages are reworded to name the file's
 * line and field.
 */
import { ConfigError } from '../io/errors.ts';
import { parseDuration, parseInteger, parsePercent } from './input-parsers.ts';
import { POLICY_BOUNDS } from './workflow-policy.ts';
import { describe, type Fail, type Value } from './yaml-tree.ts';

export const STATUS_BOUNDS = { min: 100, max: 599 };

/** Runs a parser of input-parsers.ts and turns its problem and fix (`Use …`) into this file's message. */
function reuse<T>(value: Value, path: string, fail: Fail, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const fix = error.fix.replace(/\.$/, '');
    return fail(value.line, path, error.problem, fix.charAt(0).toLowerCase() + fix.slice(1));
  }
}

export function string(value: Value, path: string, fix: string, fail: Fail): string {
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    fail(value.line, path, `is ${describe(value)}, not a string`, fix);
  }
  return value.value;
}

/** A shell command line, not blank. */
export function command(value: Value, path: string, fail: Fail): string {
  const text = string(value, path, 'write a shell command, e.g. `npm run seed`', fail);
  if (text.trim() === '') fail(value.line, path, 'is blank', `write a shell command, or remove \`${path}\``);
  return text;
}

/** A whole number within bounds, written as a number (not quoted). */
export function integer(
  value: Value,
  path: string,
  bounds: { min: number; max: number },
  fail: Fail,
): number {
  const fix = `write a whole number from ${bounds.min} to ${bounds.max}, without quotes`;
  if (value.kind !== 'scalar' || typeof value.value !== 'number') {
    fail(value.line, path, `is ${describe(value)}, not a number`, fix);
  }
  const number = value.value;
  return reuse(value, path, fail, () =>
    parseInteger('connections', Number.isInteger(number) ? String(number) : value.source, bounds),
  );
}

/** A threshold, written with `%`, as a fraction within `bounds` (the req/s threshold's unless given). */
export function percent(
  value: Value,
  path: string,
  fail: Fail,
  bounds: { min: number; max: number } = POLICY_BOUNDS.threshold,
): number {
  const fix = 'write a percentage with `%`, e.g. `5%`';
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    fail(value.line, path, `is ${describe(value)}, not a percentage`, fix);
  }
  const text = value.value;
  return reuse(value, path, fail, () => parsePercent('threshold', text, bounds));
}

/** The readiness timeout, written with a unit, in milliseconds. */
export function duration(value: Value, path: string, fail: Fail): number {
  const fix = 'write a number with a unit (`ms`, `s`, `m` or `h`), e.g. `60s`';
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    fail(value.line, path, `is ${describe(value)}, not a duration`, fix);
  }
  const text = value.value;
  return reuse(value, path, fail, () => parseDuration('ready-timeout', text, POLICY_BOUNDS.readyTimeout));
}

/** A request path: starts with `/`, no whitespace. */
export function requestPath(value: Value, path: string, fail: Fail): string {
  const fix = 'write a request path that starts with `/`, e.g. `/orders?limit=10`';
  const text = string(value, path, fix, fail);
  if (!/^\/\S*$/.test(text)) fail(value.line, path, `\`${text}\` is not a request path`, fix);
  return text;
}

/** A string, or a number or boolean taken as written (`4`, `true`): what environments and headers carry. */
export function text(value: Value, path: string, fix: string, fail: Fail): string {
  if (value.kind !== 'scalar' || value.value === null) {
    fail(value.line, path, value.kind === 'scalar' ? 'is empty' : `is ${describe(value)}, not a value`, fix);
  }
  return typeof value.value === 'string' ? value.value : value.source;
}
