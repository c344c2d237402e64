/**
 * A small OpenAPI 3.0 schema validator (type/nullable, enum, required, properties, additionalProperties, items,
 * length/size/range limits, oneOf/anyOf/allOf). `format` and `pattern` are not checked.
 */
import { deref, type Schema, type Spec } from './spec.ts';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function validate(
  spec: Spec,
  schemaOrRef: Schema,
  value: unknown,
  at: string,
  errors: string[],
): void {
  const schema = deref(spec, schemaOrRef);
  if (schema.allOf) for (const s of schema.allOf) validate(spec, s, value, at, errors);
  for (const alternatives of [schema.oneOf, schema.anyOf]) {
    if (!alternatives) continue;
    const attempts = alternatives.map((s) => {
      const e: string[] = [];
      validate(spec, s, value, at, e);
      return e;
    });
    // oneOf is treated like anyOf: GitHub's alternatives often overlap.
    if (!attempts.some((e) => e.length === 0)) {
      const closest = attempts.reduce((a, b) => (b.length < a.length ? b : a));
      errors.push(
        `${at} matches none of the ${alternatives.length} alternatives (closest: ${closest.join('; ')})`,
      );
    }
  }
  if (value === null) {
    if (schema.type !== undefined && !schema.nullable)
      errors.push(`${at} is null but must be a ${schema.type}`);
    return;
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const ok = schema.type === actual || (schema.type === 'number' && actual === 'integer');
    if (!ok) {
      errors.push(`${at} is ${actual} ${show(value)} but must be ${schema.type}`);
      return;
    }
  }
  if (schema.enum && !schema.enum.includes(value)) {
    errors.push(`${at} is ${show(value)}, not one of ${show(schema.enum)}`);
  }
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      errors.push(`${at} is ${value.length} characters long (maximum is ${schema.maxLength})`);
    }
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      errors.push(`${at} is ${value.length} characters long (minimum is ${schema.minLength})`);
    }
  } else if (typeof value === 'number') {
    if (schema.maximum !== undefined && value > schema.maximum)
      errors.push(`${at} exceeds ${schema.maximum}`);
    if (schema.minimum !== undefined && value < schema.minimum)
      errors.push(`${at} is below ${schema.minimum}`);
  } else if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      errors.push(`${at} has ${value.length} items (maximum is ${schema.maxItems})`);
    }
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      errors.push(`${at} has ${value.length} items (minimum is ${schema.minItems})`);
    }
    const items = schema.items;
    if (items) for (const [i, v] of value.entries()) validate(spec, items, v, `${at}[${i}]`, errors);
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!(key in record)) errors.push(`${at === '' ? '' : `${at}.`}${key} is required but missing`);
    }
    for (const [key, v] of Object.entries(record)) {
      const where = at === '' ? key : `${at}.${key}`;
      const property = schema.properties?.[key];
      if (property) validate(spec, property, v, where, errors);
      else if (schema.additionalProperties === false) errors.push(`${where} is not a permitted key`);
      else if (typeof schema.additionalProperties === 'object') {
        validate(spec, schema.additionalProperties, v, where, errors);
      }
    }
  }
}

/** Checks a query/path string value against a parameter schema; returns a problem or undefined. */
export function checkScalar(spec: Spec, schemaOrRef: Schema | undefined, raw: string): string | undefined {
  if (!schemaOrRef) return undefined;
  const schema = deref(spec, schemaOrRef);
  if (schema.type === 'integer' && !/^-?\d+$/.test(raw)) return `${show(raw)} is not an integer`;
  if (schema.type === 'number' && !Number.isFinite(Number(raw))) return `${show(raw)} is not a number`;
  if (schema.type === 'boolean' && raw !== 'true' && raw !== 'false') return `${show(raw)} is not a boolean`;
  if (schema.type === 'string' && schema.enum && !schema.enum.includes(raw)) {
    return `${show(raw)} is not one of ${show(schema.enum)}`;
  }
  return undefined;
}
