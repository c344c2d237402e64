/** How the report writes numbers, metrics and verdicts. Pure. */

import type { Verdict } from '../model/decision.ts';
import type { Metric } from '../model/measure.ts';

const METRIC_LABEL: Record<Metric, string> = {
  rps: 'req/s',
  cpu: 'server CPU per request',
  p50: 'latency p50',
  p99: 'latency p99',
  p99open: 'p99 at fixed rate',
  alloc: 'allocation per request',
  gc: 'GC pause per request',
};

export function metricLabel(metric: Metric): string {
  return METRIC_LABEL[metric];
}

export const VERDICT_ICON: Record<Verdict, string> = {
  regression: '🔴',
  improvement: '🟢',
  'no-change': '⚪',
  inconclusive: '🟡',
};

export const VERDICT_TEXT: Record<Verdict, string> = {
  regression: 'regression',
  improvement: 'improvement',
  'no-change': 'no change',
  inconclusive: 'inconclusive',
};

/** A relative change, signed with a typographic minus: +4.2%, −12.0%, ±0.0%, +150%; n/a when not finite. */
export function formatPercent(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  const percent = value * 100;
  if (Math.abs(percent) < 0.05) return '±0.0%';
  const text = Math.abs(percent) >= 100 ? percent.toFixed(0) : percent.toFixed(digits);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${text.replace('-', '')}%`;
}

/**
 * A p-value for a table cell: "< 0.001" below a thousandth; else two significant digits, more where two would put it
 * on another side of `alpha` than it is (0.0496 at alpha 0.05 reads 0.0496, never 0.050; 0.0504 reads 0.0504),
 * and "< alpha" or "> alpha" if even four would. n/a when not finite.
 */
export function formatP(p: number, alpha = 0.05): string {
  if (!Number.isFinite(p)) return 'n/a';
  if (p < 0.001) return '< 0.001';
  // Below, at or above alpha: what is shown must say the same as the value (0.0496 is not 0.050).
  const side = (x: number): number => Math.sign(x - alpha);
  for (let digits = 2; digits <= 4; digits++) {
    const text = p < 0.1 ? p.toPrecision(digits) : p.toFixed(digits);
    if (side(Number(text)) === side(p)) return text;
  }
  return p < alpha ? `< ${alpha}` : `> ${alpha}`;
}

/** A p-value in a sentence: "p = 0.047", "p < 0.001" (never "p = < 0.001"). */
export function pText(p: number, alpha = 0.05): string {
  const text = formatP(p, alpha);
  return text.startsWith('<') || text.startsWith('>') ? `p ${text}` : `p = ${text}`;
}

/** A threshold or level as a percentage without spurious rounding: 0.025 → '2.5%', 0.05 → '5%'. */
export function formatShare(value: number): string {
  return `${Number((value * 100).toFixed(2))}%`;
}

/**
 * A change's size: from half again a factor (2.0×; a drop counts by what it divides, so a req/s drop of 49.8% is
 * 2.0× slower), else the table's own figure, a percentage to one decimal (11.5%).
 */
export function formatSize(change: number): string {
  const ratio = change < 0 ? 1 / (1 + change) : 1 + change;
  return ratio >= 1.5 ? `${ratio.toFixed(1)}×` : `${Math.abs(change * 100).toFixed(1)}%`;
}

/** Bytes, about three digits: 812 B, 24.4 KB, 38.0 MB, 3.5 GB (1 KB = 1024 bytes, as the diagnostics' MB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  const sign = bytes < 0 ? '−' : '';
  let value = Math.abs(bytes);
  if (value < 1000) return `${sign}${Math.round(value)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let unit = 0;
  for (value /= 1024; value >= 1000 && unit < units.length - 1; unit++) value /= 1024;
  return `${sign}${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * A metric's value: req/s as a whole number, latency in ms, CPU time and GC pause per request in µs, allocation
 * per request in bytes; about three digits.
 */
export function formatValue(metric: Metric, value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (metric === 'rps') return Math.round(value).toLocaleString('en-US');
  if (metric === 'alloc') return formatBytes(value);
  const unit = metric === 'cpu' || metric === 'gc' ? 'µs' : 'ms';
  return value >= 100
    ? `${value.toFixed(0)} ${unit}`
    : value >= 10
      ? `${value.toFixed(1)} ${unit}`
      : `${value.toFixed(2)} ${unit}`;
}

export function formatSeconds(sec: number): string {
  const whole = Math.round(sec);
  if (whole < 90) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** A count with thousands separators: 12,345. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * A sentence of ours for a `<sub>` line: its `code` spans as <code> (their text as HTML entities where needed), so
 * that no backtick can show (Markdown does not reach inside every HTML block); the rest as it is, already safe.
 */
export function htmlText(text: string): string {
  const entity = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/`([^`\r\n]+)`/)
    .map((part, i) => (i % 2 === 1 ? `<code>${entity(part)}</code>` : part))
    .join('');
}
