/**
 * Statistics the product does not use, kept as oracles for tests of the code that it does use. Pure: no I/O.
 */
import { averageRanks } from '../../src/stats/describe.ts';
import { normalSf } from '../../src/stats/distributions.ts';

/**
 * Two-sided p of the Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples, by the normal approximation
 * with tie and continuity correction, as `scipy.stats.mannwhitneyu(x, y, method='asymptotic')`: what an unpaired
 * comparison of the two samples concludes. p = 1 when every value is tied.
 */
export function mannWhitneyP(x: readonly number[], y: readonly number[]): number {
  const nx = x.length;
  const ny = y.length;
  const n = nx + ny;
  if (nx === 0 || ny === 0) throw new RangeError('Mann-Whitney U needs at least one value in each sample');
  const { ranks, tieSizes } = averageRanks([...x, ...y]);
  const uX = ranks.slice(0, nx).reduce((sum, rank) => sum + rank, 0) - (nx * (nx + 1)) / 2;
  const u = Math.max(uX, nx * ny - uX);
  const ties = tieSizes.reduce((sum, t) => sum + t ** 3 - t, 0);
  const sigma = Math.sqrt(((nx * ny) / 12) * (n + 1 - ties / (n * (n - 1))));
  return sigma > 0 ? Math.min(1, 2 * normalSf((u - (nx * ny) / 2 - 0.5) / sigma)) : 1;
}

// Holm's adjustment, the product's until its p-values were adjusted as its simultaneous intervals are (Bonferroni
// over the comparisons, exact over the looks: src/decide/verdict.ts), kept with its SciPy reference.

function validate(p: readonly number[]): void {
  p.forEach((v, i) => {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`p[${i}] is ${v}; p-values must be in [0, 1]`);
  });
}

/** Indices of p sorted by ascending p (stable). */
function ascendingOrder(p: readonly number[]): number[] {
  return p.map((_, i) => i).sort((a, b) => p[a]! - p[b]! || a - b);
}

/** Holm's step-down adjustment (controls the family-wise error rate): p̃_(i) = max_{j ≤ i} min(1, (m − j + 1)·p_(j)). */
export function holm(p: readonly number[]): number[] {
  validate(p);
  const m = p.length;
  const adjusted = new Array<number>(m).fill(0);
  let running = 0;
  ascendingOrder(p).forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
