/**
 * Wilcoxon signed-rank test, the one-sample Hodges-Lehmann estimator and its Walsh-average confidence interval.
 * Conventions follow SciPy (`scipy.stats.wilcoxon`, zero_method='wilcox', correction=True). Pure: no I/O.
 */
import { assertFinite, averageRanks, median, sortedCopy } from './describe.ts';
import { normalCdf, normalQuantile, normalSf } from './distributions.ts';

export type Alternative = 'two-sided' | 'less' | 'greater';

export interface SignedRankResult {
  /** SciPy's statistic: min(W+, W−) for 'two-sided', W+ for 'less' and 'greater'. */
  statistic: number;
  /** Sum of the ranks of |d| over the positive d. */
  wPlus: number;
  /** Sum of the ranks of |d| over the negative d. */
  wMinus: number;
  /** Number of non-zero d (zeros are dropped). */
  n: number;
  p: number;
  method: 'exact' | 'approx';
}

/** Largest n for which 'auto' uses the exact null distribution (SciPy uses the same cut-off). */
export const SIGNED_RANK_EXACT_MAX_N = 50;

const distributionCache = new Map<number, readonly number[]>();

/**
 * Null distribution of W+ for n untied, non-zero values: element s is the number of the 2^n sign patterns whose
 * positive ranks sum to s (s = 0 … n(n+1)/2). The counts are exact integers up to n ≈ 50 (they stay below 2^53).
 * Cached per n; the array is shared, do not mutate it.
 */
export function signedRankDistribution(n: number): readonly number[] {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  const cached = distributionCache.get(n);
  if (cached) return cached;
  const max = (n * (n + 1)) / 2;
  const counts = new Array<number>(max + 1).fill(0);
  counts[0] = 1;
  for (let k = 1; k <= n; k++) {
    for (let s = (k * (k + 1)) / 2; s >= k; s--) counts[s]! += counts[s - k]!;
  }
  Object.freeze(counts);
  distributionCache.set(n, counts);
  return counts;
}

/** P(W+ ≤ w) under the exact null for n values (w need not be an integer). */
function exactCdf(w: number, n: number): number {
  const counts = signedRankDistribution(n);
  let sum = 0;
  for (let s = 0; s <= Math.min(Math.floor(w), counts.length - 1); s++) sum += counts[s]!;
  return sum / 2 ** n;
}

/**
 * Wilcoxon signed-rank test of H0: d is symmetric about 0.
 *
 * - Zeros are dropped before ranking (SciPy zero_method='wilcox'); ties among |d| get average ranks.
 * - method 'auto': exact when there are no ties, no zeros and n ≤ 50; otherwise 'approx'.
 * - 'exact': p from the full null distribution of W+; two-sided p = min(1, 2·min(P(W+ ≤ w), P(W+ ≥ w))).
 *   Throws if the non-zero |d| have ties (the untied null distribution would not apply).
 * - 'approx': normal approximation with the tie-corrected variance n(n+1)(2n+1)/24 − Σ(t³ − t)/48 and a
 *   continuity correction of 0.5 towards the mean (SciPy's formula, including its sign(0) = 0 at W+ = mean).
 * - With no non-zero d at all, p = 1.
 *
 * 'less' tests whether d tends to be negative (small W+), 'greater' whether it tends to be positive.
 */
export function wilcoxonSignedRank(
  d: readonly number[],
  options: { alternative?: Alternative; method?: 'auto' | 'exact' | 'approx' } = {},
): SignedRankResult {
  assertFinite(d, 'd');
  const alternative = options.alternative ?? 'two-sided';
  const nonZero = d.filter((v) => v !== 0);
  const n = nonZero.length;
  const { ranks, tieSizes } = averageRanks(nonZero.map(Math.abs));
  let wPlus = 0;
  let wMinus = 0;
  nonZero.forEach((v, i) => {
    if (v > 0) wPlus += ranks[i]!;
    else wMinus += ranks[i]!;
  });
  const statistic = alternative === 'two-sided' ? Math.min(wPlus, wMinus) : wPlus;
  const hasTies = tieSizes.length > 0;
  const requested = options.method ?? 'auto';
  const exactApplies = !hasTies && n === d.length && n <= SIGNED_RANK_EXACT_MAX_N;
  const method = requested === 'auto' ? (exactApplies ? 'exact' : 'approx') : requested;
  const result = { statistic, wPlus, wMinus, n, method };
  if (n === 0) return { ...result, p: 1 };

  if (method === 'exact') {
    if (hasTies)
      throw new RangeError('exact signed-rank p-values need untied |d|; use method "approx" or "auto"');
    const lower = exactCdf(wPlus, n); // P(W+ ≤ w+)
    const upper = exactCdf((n * (n + 1)) / 2 - wPlus, n); // P(W+ ≥ w+) by symmetry
    if (alternative === 'less') return { ...result, p: lower };
    if (alternative === 'greater') return { ...result, p: upper };
    return { ...result, p: Math.min(1, 2 * Math.min(lower, upper)) };
  }

  const meanW = (n * (n + 1)) / 4;
  const tieTerm = tieSizes.reduce((acc, t) => acc + t ** 3 - t, 0);
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48);
  const diff = wPlus - meanW;
  let p: number;
  if (alternative === 'two-sided')
    p = Math.min(1, 2 * normalSf(Math.abs((diff - 0.5 * Math.sign(diff)) / se)));
  else if (alternative === 'less') p = normalCdf((diff + 0.5) / se);
  else p = normalSf((diff - 0.5) / se);
  return { ...result, p };
}

/** All n(n+1)/2 Walsh averages (d_i + d_j)/2, i ≤ j, sorted ascending. */
export function walshAverages(d: readonly number[]): number[] {
  assertFinite(d, 'd');
  const out = new Float64Array((d.length * (d.length + 1)) / 2);
  let at = 0;
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) out[at++] = (d[i]! + d[j]!) / 2;
  return sortedCopy(out);
}

/** One-sample Hodges-Lehmann estimate: the median of the Walsh averages (d_i + d_j)/2, i ≤ j. */
export function hodgesLehmann1(d: readonly number[]): number {
  if (d.length === 0) throw new RangeError('d is empty');
  return median(walshAverages(d));
}

export interface SignedRankInterval {
  /** The Hodges-Lehmann estimate (median of the Walsh averages). */
  estimate: number;
  lower: number;
  upper: number;
  /**
   * The coverage this interval actually has under the null distribution, 1 − 2·P(W+ ≤ k) (≥ the requested
   * confidence unless n is too small, see `signedRankConfidenceInterval`).
   */
  achievedConfidence: number;
}

/**
 * Distribution-free confidence interval for the centre of symmetry of d (Tukey's Walsh-average interval, the
 * inversion of the signed-rank test). With M = n(n+1)/2 sorted Walsh averages W_(1) ≤ … ≤ W_(M):
 * lower = W_(k+1), upper = W_(M−k), where k is the largest integer with P(W+ ≤ k) ≤ (1 − confidence)/2 — under the
 * exact null for n ≤ 50, under the normal approximation (with continuity correction) beyond. Then the coverage is
 * 1 − 2·P(W+ ≤ k), reported as `achievedConfidence`.
 *
 * All d are used, zeros included (unlike the test, which drops them): this estimates a location. Ties make the
 * coverage approximate.
 *
 * Small n: when even k = 0 is too wide a tail (2^−n > (1 − confidence)/2, e.g. n ≤ 5 at 95%), no interval reaches
 * the requested confidence. Then the widest one is returned, [min d, max d], with achievedConfidence = 1 − 2^(1−n),
 * which is below `confidence`: callers must check it.
 */
export function signedRankConfidenceInterval(d: readonly number[], confidence = 0.95): SignedRankInterval {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const n = d.length;
  if (n === 0) throw new RangeError('d is empty');
  const walsh = walshAverages(d);
  const m = walsh.length;
  const alphaHalf = (1 - confidence) / 2;
  let k: number;
  let tail: number;
  if (n <= SIGNED_RANK_EXACT_MAX_N) {
    const counts = signedRankDistribution(n);
    const total = 2 ** n;
    let cumulative = counts[0]!;
    k = -1;
    while (cumulative / total <= alphaHalf) {
      k++;
      cumulative += counts[k + 1]!;
    }
    tail = k < 0 ? counts[0]! / total : (cumulative - counts[k + 1]!) / total;
  } else {
    const meanW = (n * (n + 1)) / 4;
    const se = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
    k = Math.floor(meanW - 0.5 + normalQuantile(alphaHalf) * se);
    tail = normalCdf((Math.max(k, 0) + 0.5 - meanW) / se);
  }
  const j = Math.max(k, 0);
  return {
    estimate: median(walsh),
    lower: walsh[j]!,
    upper: walsh[m - 1 - j]!,
    achievedConfidence: 1 - 2 * tail,
  };
}

/**
 * The exact one-sided p-value of the signed-rank statistic given the data's own ranks: zeros dropped, ties of |d|
 * at their average ranks, and every one of the 2^n sign patterns equally likely (what exchangeable pairs give under
 * the null). Exact whatever the ties, so its false-alarm rate is at most its level. 'greater': d tends positive.
 */
export function signedRankExactP(d: readonly number[], alternative: 'greater' | 'less'): number {
  assertFinite(d, 'd');
  const nonZero = d.filter((v) => v !== 0);
  if (nonZero.length === 0) return 1;
  const { ranks } = averageRanks(nonZero.map(Math.abs));
  // Average ranks are multiples of ½: count in halves, so every sum is an integer.
  const halves = ranks.map((r) => Math.round(r * 2));
  const total = halves.reduce((a, b) => a + b, 0);
  let counts = new Float64Array(total + 1);
  counts[0] = 1;
  for (const h of halves) {
    const next = new Float64Array(total + 1);
    for (let s = 0; s <= total; s++) {
      if (counts[s] === 0) continue;
      next[s]! += counts[s]! / 2;
      if (s + h <= total) next[s + h]! += counts[s]! / 2;
    }
    counts = next;
  }
  let observed = 0;
  nonZero.forEach((v, i) => {
    if ((alternative === 'greater' && v > 0) || (alternative === 'less' && v < 0)) observed += halves[i]!;
  });
  let p = 0;
  for (let s = observed; s <= total; s++) p += counts[s]!;
  return Math.min(1, p);
}
