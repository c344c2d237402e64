/**
 * One interval and the p-value that inverts it, so that the two cannot disagree: at a two-sided level c, the
 * interval leaves out 0 exactly when p ≤ c. Two sampling units share this contract (src/decide/verdict.ts):
 *
 * - units that are independent (pairs): the Walsh-average interval of the signed-rank test (Tukey), and as its
 *   p-value the signed-rank tail of the count of Walsh averages on the far side of 0 (zeros counted against
 *   significance), from the same null distribution (exact for n ≤ 50, normal with continuity correction beyond).
 *   Without ties and zeros the p-value is the exact signed-rank test's (SciPy's);
 * - few units averaged from several measurements each (block means): Student's t interval and t test, k − 1
 *   degrees of freedom. A rank interval of 7 units cannot reach a level of 0.004 at all (2/2⁷ = 0.016).
 *
 * Pure.
 */
import { mean, median, sd } from './describe.ts';
import { normalCdf, normalQuantile, studentTQuantile, studentTSf } from './distributions.ts';
import { SIGNED_RANK_EXACT_MAX_N, signedRankDistribution, walshAverages } from './wilcoxon.ts';

export interface Inference {
  /** The estimate the interval is centred on (Hodges-Lehmann, or the mean), on the scale of the units. */
  estimate: number;
  /** NaN when no interval reaches the level with these units (too few of them). */
  lower: number;
  upper: number;
  /** Two-sided p-value of the test the interval inverts: p ≤ level ⟺ the interval leaves out 0. */
  p: number;
}

const cumulativeCache = new Map<number, Float64Array>();

/** P(W ≤ w) under the null of the signed-rank statistic of n values, for integer w. */
function nullCdf(n: number): (w: number) => number {
  if (n <= SIGNED_RANK_EXACT_MAX_N) {
    let cumulative = cumulativeCache.get(n);
    if (cumulative === undefined) {
      const counts = signedRankDistribution(n);
      cumulative = new Float64Array(counts.length);
      let sum = 0;
      for (let s = 0; s < counts.length; s++) {
        sum += counts[s]!;
        cumulative[s] = sum / 2 ** n;
      }
      cumulativeCache.set(n, cumulative);
    }
    const table = cumulative;
    return (w) => (w < 0 ? 0 : table[Math.min(w, table.length - 1)]!);
  }
  const meanW = (n * (n + 1)) / 4;
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
  return (w) => (w < 0 ? 0 : normalCdf((w + 0.5 - meanW) / se));
}

/** The largest integer w with cdf(w) ≤ tail; −1 when even w = 0 is too likely. */
function criticalCount(n: number, cdf: (w: number) => number, tail: number): number {
  const max = (n * (n + 1)) / 2;
  const meanW = (n * (n + 1)) / 4;
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
  let k = Math.max(-1, Math.min(max, Math.floor(meanW - 0.5 + normalQuantile(tail) * se)));
  while (k + 1 <= max && cdf(k + 1) <= tail) k++;
  while (k >= 0 && cdf(k) > tail) k--;
  return k;
}

/**
 * The size of the exact signed-rank test of n units at a two-sided level: the chance under the null that its p is
 * at most the level, below the level where the statistic is discrete (n = 10 at 0.0035: 0.00195); 0 where it cannot
 * reach the level.
 */
export function signedRankSize(n: number, level: number): number {
  const cdf = nullCdf(n);
  const k = criticalCount(n, cdf, level / 2);
  return k < 0 ? 0 : Math.min(1, 2 * cdf(k));
}

/** How many of the sorted values are below `x` (strictly) and how many are at most `x`. */
function countBelow(sorted: readonly number[], x: number): { below: number; atMost: number } {
  const search = (strict: boolean): number => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (strict ? sorted[mid]! < x : sorted[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { below: search(true), atMost: search(false) };
}

/**
 * The Walsh-average interval at two-sided level `level` (coverage 1 − level) of the centre of symmetry of `d`, and
 * the signed-rank p-value that inverts it. Needs at least one value.
 */
export function signedRankInference(d: readonly number[], level: number): Inference {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const n = d.length;
  if (n === 0) throw new RangeError('d is empty');
  const walsh = walshAverages(d);
  const m = walsh.length;
  const cdf = nullCdf(n);
  const k = criticalCount(n, cdf, level / 2);
  // Walsh averages at or below 0 (their count plays W−), and at or above 0 (W+).
  const { below, atMost } = countBelow(walsh, 0);
  const notAbove = atMost;
  const notBelow = m - below;
  const p = Math.min(1, 2 * cdf(Math.min(notAbove, notBelow)));
  const reachable = k >= 0;
  return {
    estimate: median(walsh),
    lower: reachable ? walsh[k]! : Number.NaN,
    upper: reachable ? walsh[m - 1 - k]! : Number.NaN,
    p,
  };
}

const quantileCache = new Map<string, number>();

/** Student's t quantile 1 − level/2 with df degrees of freedom, cached (a gate asks for the same few many times). */
export function tCritical(level: number, df: number): number {
  const key = `${level}|${df}`;
  let q = quantileCache.get(key);
  if (q === undefined) {
    q = studentTQuantile(1 - level / 2, df);
    quantileCache.set(key, q);
  }
  return q;
}

/**
 * Student's t interval of the mean of `units` at two-sided level `level`, and the t test's p-value. Needs at least
 * two units. In the last bits of floating point the quantile and the tail may disagree; the p-value is then set
 * at the level on the interval's side, so that p ≤ level ⟺ the interval leaves out 0 holds exactly.
 */
export function meanInference(units: readonly number[], level: number): Inference {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  if (units.length < 2) throw new RangeError(`meanInference needs at least 2 units, got ${units.length}`);
  const df = units.length - 1;
  const estimate = mean(units);
  const se = sd(units) / Math.sqrt(units.length);
  const q = tCritical(level, df);
  if (se === 0) {
    const p = estimate === 0 ? 1 : 0;
    return { estimate, lower: estimate, upper: estimate, p };
  }
  const lower = estimate - q * se;
  const upper = estimate + q * se;
  const t = Math.abs(estimate) / se;
  const tested = Math.min(1, 2 * studentTSf(t, df));
  return { estimate, lower, upper, p: pOfInterval(tested, lower, upper, level) };
}

/**
 * A test's p as its interval at `level` says it: in the last bits of floating point the quantile and the tail may
 * disagree, and then p is set at the level on the interval's side, so that p ≤ level ⟺ the interval leaves out 0.
 */
export function pOfInterval(tested: number, lower: number, upper: number, level: number): number {
  if (lower > 0 || upper < 0) return Math.min(tested, level);
  return tested <= level ? level * (1 + 1e-9) : tested;
}

/** Whether an interval leaves out 0 (a NaN bound never does). */
export function excludesZero(lower: number, upper: number): boolean {
  return lower > 0 || upper < 0;
}
