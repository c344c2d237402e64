/** The building blocks of report.json's JSON Schema (report-schema.ts): bounds, forms, and typed builders. */
import { TINY } from '../model/report.ts';

export const MAX_SCENARIOS = 1000;
export const MAX_ROUNDS = 200_000;
/** More pairs than a 6-hour budget of 1-second rounds holds (the rank statistics are quadratic in them). */
export const MAX_PAIRS = 10_000;
/** A bound on every duration of a report: 30 days. */
export const MAX_SECONDS = 30 * 86_400;
/** Bounds of what a load generator can measure: a billion requests a second, latencies of up to 11 days. */
export const MAX_RPS = 1e9;
export const MAX_MS = 1e9;
/** A round lasts a week at most. */
export const MAX_ROUND_SEC = 7 * 86_400;
export const MAX_COUNT = 1e12;
/**
 * What one round can hold of requests, errors and statuses: ten million a second for the longest `duration` (600 s),
 * with room. Summed over MAX_ROUNDS they stay safe integers (2e15 < 2^53), which the exact tests need.
 */
export const MAX_ROUND_COUNT = 1e10;
/** Cores of the largest machine. */
export const MAX_CORES = 4096;

export const SHA = '^[0-9a-f]{40}(?:[0-9a-f]{24})?$';
/** A request path as the `paths` input accepts it. */
export const PATH = '^/\\S*$';
export const NODE_VERSION = '^v?\\d+\\.\\d+\\.\\d+[0-9A-Za-z.+-]*$';
export const PLATFORM = '^[0-9A-Za-z_.-]+$';
export const TIMESTAMP = '^[0-9T:.Z+-]+$';

export type Schema = Record<string, unknown>;

/** An object of these properties (the `required` ones first), every other property removed. */
export function object(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    properties: { ...required, ...optional },
    required: Object.keys(required),
    additionalProperties: false,
  };
}

export const str = (maxLength: number, pattern?: string): Schema =>
  pattern === undefined ? { type: 'string', maxLength } : { type: 'string', maxLength, pattern };
export const int = (minimum: number, maximum: number): Schema => ({ type: 'integer', minimum, maximum });
export const count = (maximum: number): Schema => int(0, maximum);
export const list = (items: Schema, maxItems: number): Schema => ({ type: 'array', items, maxItems });
export const oneOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
export const bool: Schema = { type: 'boolean' };
/** A measured quantity: 0, or from TINY to `maximum`. */
export const quantity = (maximum: number): Schema => ({
  type: 'number',
  minimum: 0,
  maximum,
  not: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: TINY },
});
/** A number in [minimum, maximum] (minimum > 0: nothing near 0 to refuse). */
export const range = (minimum: number, maximum: number): Schema => ({ type: 'number', minimum, maximum });
/** A share from 0 to 1, no denormal. */
export const share = quantity(1);
/** A signed difference: 0, or of magnitude TINY to `maximum`. */
export const signed = (maximum: number): Schema => ({
  type: 'number',
  minimum: -maximum,
  maximum,
  not: { type: 'number', exclusiveMinimum: -TINY, exclusiveMaximum: TINY, not: { const: 0 } },
});
