/** Latency quantiles from our own per-request timings. Pure. */
import type { LatencySummary } from '../model/measure.ts';
/** Linear-interpolated quantile of sorted values (NaN when empty). */
export function quantileOf(sorted: Float64Array, q: number): number {
  const count = sorted.length;
  if (count === 0) return Number.NaN;
  const index = (count - 1) * q;
  const lo = Math.floor(index);
  const hi = Math.min(count - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (index - lo);
}

/** The summary of sorted latencies in ms (NaN throughout when there are none). */
export function latencySummary(sorted: Float64Array): LatencySummary {
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    p50: quantileOf(sorted, 0.5),
    p90: quantileOf(sorted, 0.9),
    p99: quantileOf(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}
