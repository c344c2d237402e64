/**
 * perf-gate.schema.json and a validator for it: Ajv, in strict mode (an unknown keyword, or a pattern that does not
 * compile as a unicode regular expression, is an error when the schema compiles), as editors' YAML and JSON
 * language servers validate a perf-gate.yml.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/** perf-gate.schema.json, parsed. */
export const SCHEMA: unknown = JSON.parse(
  readFileSync(new URL('../../perf-gate.schema.json', import.meta.url), 'utf8'),
);

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Strict, except for two idioms of plain JSON Schema the file uses: union types (`["string", "number"]`), and
// `not: { required: [body, bodyFile] }` naming properties declared beside it rather than inside.
const ajv = new Ajv({ strict: true, allowUnionTypes: true, strictRequired: false, allErrors: true });
const compiled = new Map<unknown, ValidateFunction>();

/** Compiles `schema` (throws on anything strict mode refuses). */
export function compile(schema: unknown): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Every violation of `schema` by `value`, as `path: message` strings; empty when valid. */
export function violations(schema: unknown, value: unknown): string[] {
  const validate = compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `$${e.instancePath.replaceAll('/', '.')}: ${e.keyword} ${e.message}`,
  );
}
