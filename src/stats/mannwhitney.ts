/**
 * Mann-Whitney U test (Wilcoxon rank-sum) for two independent samples, following `scipy.stats.mannwhitneyu`
 * (use_continuity=True). Pure: no I/O.
 */
import { assertFinite, averageRanks } from './describe.ts';
import { normalSf } from './distributions.ts';
import type { Alternative } from './wilcoxon.ts';

export interface MannWhitneyResult {
  /** U of x: the number of pairs with x_i > y_j, ties counting 1/2. U of y is nx·ny − U. */
  U: number;
  p: number;
  method: 'exact' | 'asymptotic';
}

/** Largest sample size (of each sample) for which 'auto' uses the exact distribution. */
export const MANN_WHITNEY_EXACT_MAX_SIZE = 30;

const distributionCache = new Map<string, Float64Array>();

/**
 * Null distribution of U for sizes m and n without ties: element u is P(U = u), u = 0 … m·n. Built with the
 * recurrence on the largest observation, P_{i,j}(u) = i/(i+j)·P_{i−1,j}(u − j) + j/(i+j)·P_{i,j−1}(u), which only
 * adds positive terms (no cancellation, no overflow). O(m²n²) time, O(m²n) memory.
 */
function uDistribution(m: number, n: number): Float64Array {
  const key = `${Math.min(m, n)},${Math.max(m, n)}`;
  const cached = distributionCache.get(key);
  if (cached) return cached;
  // rows[i] holds P_{i,j} for the current j; P_{i,0} is a point mass at 0.
  const rows = Array.from({ length: m + 1 }, (_, i) => {
    const row = new Float64Array(i * n + 1);
    row[0] = 1;
    return row;
  });
  for (let j = 1; j <= n; j++) {
    for (let i = 1; i <= m; i++) {
      const previous = rows[i]!; // P_{i,j−1}
      const shorter = rows[i - 1]!; // P_{i−1,j}, already updated for this j
      const next = new Float64Array(i * n + 1);
      for (let u = 0; u <= i * j; u++) {
        const fromX = u >= j ? shorter[u - j]! : 0;
        next[u] = (i * fromX + j * previous[u]!) / (i + j);
      }
      rows[i] = next;
    }
  }
  const dist = rows[m]!.subarray(0, m * n + 1);
  distributionCache.set(key, dist);
  return dist;
}

/** P(U ≥ u) under the exact null (summed over the upper tail itself, so small p keep their precision). */
function exactSf(u: number, m: number, n: number): number {
  const dist = uDistribution(m, n);
  let sum = 0;
  for (let k = dist.length - 1; k >= Math.ceil(u); k--) sum += dist[k]!;
  return Math.min(1, sum);
}

/**
 * Mann-Whitney U test of H0: x and y come from the same distribution.
 * 'less' means x tends to be smaller than y, 'greater' that it tends to be larger.
 *
 * - method 'auto': exact when the pooled sample has no ties and both sizes ≤ 30, otherwise asymptotic. (This is the
 *   fixture's rule; SciPy's own 'auto' switches to asymptotic as soon as both sizes exceed 8.)
 * - 'exact': two-sided p = min(1, 2·P(U ≥ max(U_x, U_y))); 'greater' P(U ≥ U_x), 'less' P(U ≥ U_y). Throws on ties.
 * - 'asymptotic': z = (U − nx·ny/2 − 0.5)/σ with U = max(U_x, U_y) (two-sided, p = 2·sf(z)), U_x ('greater') or
 *   U_y ('less'), σ² = nx·ny/12·((N + 1) − Σ(t³ − t)/(N(N − 1))). When σ = 0 (all values tied) p = 1.
 */
export function mannWhitneyU(
  x: readonly number[],
  y: readonly number[],
  options: { alternative?: Alternative; method?: 'auto' | 'exact' | 'asymptotic' } = {},
): MannWhitneyResult {
  assertFinite(x, 'x');
  assertFinite(y, 'y');
  const nx = x.length;
  const ny = y.length;
  if (nx === 0 || ny === 0) throw new RangeError('Mann-Whitney U needs at least one value in each sample');
  const alternative = options.alternative ?? 'two-sided';
  const { ranks, tieSizes } = averageRanks([...x, ...y]);
  let rankSumX = 0;
  for (let i = 0; i < nx; i++) rankSumX += ranks[i]!;
  const U = rankSumX - (nx * (nx + 1)) / 2;
  const uY = nx * ny - U;
  const requested = options.method ?? 'auto';
  const hasTies = tieSizes.length > 0;
  const exactApplies = !hasTies && nx <= MANN_WHITNEY_EXACT_MAX_SIZE && ny <= MANN_WHITNEY_EXACT_MAX_SIZE;
  const method = requested === 'auto' ? (exactApplies ? 'exact' : 'asymptotic') : requested;
  const statistic = alternative === 'two-sided' ? Math.max(U, uY) : alternative === 'greater' ? U : uY;
  const factor = alternative === 'two-sided' ? 2 : 1;

  if (method === 'exact') {
    if (hasTies)
      throw new RangeError('exact Mann-Whitney p-values need untied data; use method "asymptotic" or "auto"');
    return { U, p: Math.min(1, factor * exactSf(statistic, nx, ny)), method };
  }
  const total = nx + ny;
  const tieTerm = tieSizes.reduce((acc, t) => acc + t ** 3 - t, 0);
  const sigma = Math.sqrt(((nx * ny) / 12) * (total + 1 - tieTerm / (total * (total - 1))));
  if (!(sigma > 0)) return { U, p: 1, method };
  const z = (statistic - (nx * ny) / 2 - 0.5) / sigma;
  return { U, p: Math.min(1, factor * normalSf(z)), method };
}
