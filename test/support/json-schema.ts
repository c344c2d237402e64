/**
 * A validator for the subset of JSON Schema (draft-07) that perf-gate.schema.json uses. It throws on any other
 * keyword, so the schema cannot grow a rule that the tests silently ignore. (No validator is among the
 * dependencies, and this subset is small.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

/** perf-gate.schema.json, parsed. */
export const SCHEMA: unknown = JSON.parse(
  readFileSync(new URL('../../perf-gate.schema.json', import.meta.url), 'utf8'),
);

export const ANNOTATIONS = new Set(['$schema', 'title', 'description', 'default', 'examples']);
export const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'enum',
  'const',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'items',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
]);

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      throw new Error(`unsupported type ${String(type)}`);
  }
}

/** Every violation of `schema` by `value`, as `path: keyword` strings; empty when valid. */
export function violations(schema: unknown, value: unknown, at = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${at}: false`];
  assert.ok(isObject(schema), `${at}: a schema must be an object or a boolean`);
  const found: string[] = [];
  const fail = (keyword: string): void => {
    found.push(`${at}: ${keyword}`);
  };
  for (const [keyword, argument] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (!KEYWORDS.has(keyword))
      throw new Error(`${at}: the test's validator does not implement \`${keyword}\``);
    switch (keyword) {
      case 'type': {
        const types = Array.isArray(argument) ? argument : [argument];
        if (!types.some((type) => typeMatches(type, value))) fail('type');
        break;
      }
      case 'enum':
        if (!(argument as unknown[]).some((option) => option === value)) fail('enum');
        break;
      case 'const':
        if (argument !== value) fail('const');
        break;
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(argument as string, 'u').test(value)) fail('pattern');
        break;
      case 'minimum':
        if (typeof value === 'number' && value < (argument as number)) fail('minimum');
        break;
      case 'maximum':
        if (typeof value === 'number' && value > (argument as number)) fail('maximum');
        break;
      case 'minLength':
        if (typeof value === 'string' && [...value].length < (argument as number)) fail('minLength');
        break;
      case 'maxLength':
        if (typeof value === 'string' && [...value].length > (argument as number)) fail('maxLength');
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < (argument as number)) fail('minItems');
        break;
      case 'items':
        if (Array.isArray(value)) {
          for (const [i, item] of value.entries()) found.push(...violations(argument, item, `${at}[${i}]`));
        }
        break;
      case 'required':
        if (isObject(value)) {
          for (const key of argument as string[]) if (!(key in value)) fail(`required ${key}`);
        }
        break;
      case 'properties':
        if (isObject(value)) {
          for (const [key, sub] of Object.entries(argument as JsonObject)) {
            if (key in value) found.push(...violations(sub, value[key], `${at}.${key}`));
          }
        }
        break;
      case 'additionalProperties':
        if (isObject(value)) {
          const declared = isObject(schema.properties) ? Object.keys(schema.properties) : [];
          for (const [key, sub] of Object.entries(value)) {
            if (!declared.includes(key)) found.push(...violations(argument, sub, `${at}.${key}`));
          }
        }
        break;
      case 'propertyNames':
        if (isObject(value)) {
          for (const key of Object.keys(value)) found.push(...violations(argument, key, `${at}[${key}]`));
        }
        break;
      case 'anyOf':
        if (!(argument as unknown[]).some((sub) => violations(sub, value, at).length === 0)) fail('anyOf');
        break;
      case 'allOf':
        for (const sub of argument as unknown[]) found.push(...violations(sub, value, at));
        break;
      case 'oneOf':
        if ((argument as unknown[]).filter((sub) => violations(sub, value, at).length === 0).length !== 1) {
          fail('oneOf');
        }
        break;
      case 'not':
        if (violations(argument, value, at).length === 0) fail('not');
        break;
      case 'if':
        if (violations(argument, value, at).length === 0 && 'then' in schema) {
          found.push(...violations(schema.then, value, at));
        }
        break;
      case 'then':
        break;
    }
  }
  return found;
}
