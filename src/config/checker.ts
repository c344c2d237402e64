/**
 * A small typed checker of untrusted JSON: each method checks one value (type, range, length, form) and returns
 * it typed, or throws the `results` input's config error naming the file and the field, never quoting the value.
 */
import { GateError } from '../model/errors.ts';
import { TINY } from '../model/report.ts';

/** A file name as shown in messages and the comment: anything unusual replaced (artifact names come from the measuring job). */
export function shownName(source: string): string {
  const clean = source.replace(/[^\w./-]/g, '_');
  return clean.length > 120 ? `…${clean.slice(-119)}` : clean;
}

export type Json = Record<string, unknown>;

/** Checks the values of one file; `at` names the field in messages, e.g. `` `settings.threshold` ``. */
export class Checker {
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

  /** undefined for a missing or null value, else what `read` makes of it. */
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

  /**
   * A measured quantity: 0, or from TINY to `max`. Finite is not enough: 1e308 overflows a sum, and a denormal
   * such as 5e-324 has a logarithm of -Infinity; the statistics must never see either.
   */
  quantity(value: unknown, at: string, max: number): number {
    const n = this.number(value, at, { min: 0, max });
    if (n > 0 && n < TINY) this.fail(at, `is out of range (${n})`);
    return n;
  }

  /** A whole number from 0 to max. */
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
