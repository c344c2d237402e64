/** Secrets kept out of what perf-gate writes. Pure. */
import type { Report } from '../model/report.ts';

/** Strings whose form the report's schema fixes and no output can reach: commit ids and times. */
const FIXED_FORM = /^(?:[0-9a-f]{7,64}|\d{4}-\d\d-\d\dT[\d:.]+Z)$/;
/** From this length a secret is replaced wherever it occurs; a shorter one only where it is a word of its own. */
const ANYWHERE = 8;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A secret as what to replace: anywhere when long, between non-word characters when short. */
function pattern(secret: string): RegExp {
  const text = escaped(secret);
  return secret.length >= ANYWHERE ? new RegExp(text, 'g') : new RegExp(`(?<![\\w])${text}(?![\\w])`, 'gu');
}

/** `value` with the secrets replaced in every string (numbers, keys and fixed forms untouched). */
function clean(value: unknown, patterns: readonly RegExp[]): unknown {
  if (typeof value === 'string') {
    if (FIXED_FORM.test(value)) return value;
    return patterns.reduce((text, p) => text.replace(p, '***'), value);
  }
  if (Array.isArray(value)) return value.map((v) => clean(v, patterns));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, patterns)]));
  return value;
}

/**
 * The report with every occurrence of each secret (e.g. the token, if some output echoed it) replaced by `***`,
 * whatever its length: a secret under 8 characters where it stands as a word of its own (`Bearer ab12`), never
 * inside another word, a number, a commit id or a time, which it would mangle (a value `1` would rewrite every
 * count): the report still reads back in `mode: report`.
 */
export function redact(report: Report, secrets: readonly string[]): Report {
  const hidden = [...new Set(secrets.filter((secret) => secret !== ''))].sort((a, b) => b.length - a.length);
  if (hidden.length === 0) return report;
  const cleaned = clean(report, hidden.map(pattern)) as Report;
  return JSON.stringify(cleaned) === JSON.stringify(report) ? report : cleaned;
}
