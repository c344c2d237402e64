/** How the report writes numbers, metrics and verdicts. Pure. */

import type { Verdict } from '../model/decision.ts';
import type { Metric } from '../model/measure.ts';

const METRIC_LABEL: Record<Metric, string> = {
  rps: 'req/s',
  p50: 'latency p50',
  p99: 'latency p99',
  p99open: 'p99 at fixed rate',
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

export function formatP(p: number): string {
  if (!Number.isFinite(p)) return 'n/a';
  if (p < 0.001) return '< 0.001';
  return p < 0.1 ? p.toPrecision(2) : p.toFixed(2);
}

/** A threshold or level as a percentage without spurious rounding: 0.025 → '2.5%', 0.05 → '5%'. */
export function formatShare(value: number): string {
  return `${Number((value * 100).toFixed(2))}%`;
}

/** A metric's value: req/s as a whole number, latency in ms with about three digits. */
export function formatValue(metric: Metric, value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (metric === 'rps') return Math.round(value).toLocaleString('en-US');
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 10
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(2)} ms`;
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
