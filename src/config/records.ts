/** Reading JSON that nobody checked yet (events, API answers, preloads' lines, profiles): its objects. Pure. */

/** Whether `value` is an object with fields to read: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` as an object to read fields of (an array too), or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}
