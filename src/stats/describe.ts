/**
 * Descriptive statistics and small helpers shared by the tests. Pure: no I/O. The mean, the sd, quantiles and the
 * median are simple-statistics' (a well-kept library); what is ours here is the guard around them.
 *
 * Every function that takes data rejects NaN and ±Infinity with a RangeError: a non-finite measurement is a bug
 * upstream, and silently propagating it into a verdict would hide that.
 */
import {
  quantileSorted,
  sampleStandardDeviation,
  mean as ssMean,
  median as ssMedian,
} from 'simple-statistics';

/** Throws a RangeError unless every value is a finite number. `name` appears in the message. */
export function assertFinite(values: readonly number[], name = 'values'): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) throw new RangeError(`${name}[${i}] is ${v}; statistics need finite numbers`);
  }
}

function assertNonEmpty(values: readonly number[], name: string): void {
  if (values.length === 0) throw new RangeError(`${name} is empty`);
}

/**
 * Ascending copy of finite values, exactly as a stable sort by a − b orders them: sorted as a typed array (natively,
 * many times faster than a comparator on the Walsh averages of many pairs), which puts −0 before +0, then each zero
 * given back in its given order.
 */
export function sortedCopy(values: ArrayLike<number>): number[] {
  const sorted = Float64Array.from(values).sort();
  let z = sorted.indexOf(0);
  if (z >= 0) for (let i = 0; i < values.length; i++) if (values[i] === 0) sorted[z++] = values[i]!;
  return Array.from(sorted);
}

/** Arithmetic mean. */
export function mean(values: readonly number[]): number {
  assertFinite(values);
  assertNonEmpty(values, 'values');
  return ssMean([...values]);
}

/** Sample standard deviation (denominator n − 1, numpy `ddof=1`); needs at least two values. */
export function sd(values: readonly number[]): number {
  if (values.length < 2) throw new RangeError(`sd needs at least 2 values, got ${values.length}`);
  assertFinite(values);
  return sampleStandardDeviation([...values]);
}

/**
 * Quantile of already **sorted** values, numpy's default "linear" method (Hyndman & Fan type 7):
 * h = (n − 1)·q, interpolated between the neighbouring order statistics.
 */
export function quantile(sorted: readonly number[], q: number): number {
  assertFinite(sorted, 'sorted');
  assertNonEmpty(sorted, 'sorted');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile q must be in [0, 1], got ${q}`);
  return quantileSorted([...sorted], q);
}

/** Median (halfway between the two middle values when n is even), of unsorted values. */
export function median(values: readonly number[]): number {
  assertFinite(values);
  assertNonEmpty(values, 'values');
  return ssMedian([...values]);
}

/** Per-pair log ratios log(head_i / base_i); positive means head is larger. Needs equal lengths, values > 0. */
export function logRatios(base: readonly number[], head: readonly number[]): number[] {
  assertFinite(base, 'base');
  assertFinite(head, 'head');
  if (base.length !== head.length) {
    throw new RangeError(`base and head need the same length, got ${base.length} and ${head.length}`);
  }
  return base.map((b, i) => {
    const h = head[i]!;
    if (!(b > 0 && h > 0))
      throw new RangeError(`log ratio needs positive values, got base ${b}, head ${h} at ${i}`);
    return Math.log(h / b);
  });
}

/** Geometric mean of head_i / base_i, i.e. exp(mean of the log ratios). 1 = no change. */
export function geometricMeanRatio(base: readonly number[], head: readonly number[]): number {
  const d = logRatios(base, head);
  assertNonEmpty(d, 'base');
  return Math.exp(mean(d));
}

/** Two-sample Hodges-Lehmann shift: the median over all pairs of (y_j − x_i). Positive means y is larger. */
export function hodgesLehmannShift(x: readonly number[], y: readonly number[]): number {
  assertFinite(x, 'x');
  assertFinite(y, 'y');
  assertNonEmpty(x, 'x');
  assertNonEmpty(y, 'y');
  const diffs: number[] = [];
  for (const yj of y) for (const xi of x) diffs.push(yj - xi);
  return median(diffs);
}

/**
 * Average ranks (1-based; tied values share the mean of their ranks, SciPy `rankdata(method='average')`) and the
 * sizes of the tie groups with more than one member, for tie corrections.
 */
export function averageRanks(values: readonly number[]): { ranks: number[]; tieSizes: number[] } {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length).fill(0);
  const tieSizes: number[] = [];
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]!] = rank;
    if (end - start > 1) tieSizes.push(end - start);
    start = end;
  }
  return { ranks, tieSizes };
}

/**
 * Mulberry32: a tiny seeded PRNG with 32-bit state, uniform in [0, 1). Deterministic across platforms, for
 * property tests and benchmarks; not for anything that needs cryptographic or high-dimensional quality.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
