/**
 * Random-effects meta-analysis of a few clusters (runners), each with an estimate and its within-cluster variance:
 * the cluster most apart from the others (what the merge names, src/decide/replicas.ts), and DerSimonian-Laird's τ²
 * with the Hartung-Knapp interval (t on k − 1 df, q ≥ 1 as Knapp & Hartung 2003), the estimand of "the average
 * runner" that bench/replicas.ts sets beside the merge's mean of the runners measured. Pure.
 */
import { mean } from './describe.ts';
import { chiSquareSf, studentTSf } from './distributions.ts';
import { pOfInterval, tCritical } from './inference.ts';

/** One cluster: its estimate and the variance of that estimate from its own units. */
export interface Cluster {
  estimate: number;
  variance: number;
  units: number;
}

export interface RandomEffects {
  estimate: number;
  lower: number;
  upper: number;
  /** Two-sided p of the Hartung-Knapp t test (p ≤ level ⟺ the interval leaves out 0). */
  p: number;
  /** Standard error of the estimate and the t quantile the interval used (k − 1 degrees of freedom). */
  se: number;
  critical: number;
  df: number;
  /** DerSimonian-Laird between-cluster variance of the true effects. */
  tau2: number;
  /** Cochran's Q, its p-value (χ² with k − 1 df) and I² (share of the spread beyond chance). */
  q: number;
  pQ: number;
  i2: number;
  /** Mean within-cluster variance of a cluster's estimate. */
  within: number;
}

/** Smallest within variance a cluster may claim (units that are all equal would weigh infinitely). */
const VARIANCE_FLOOR = 1e-12;

/** A cluster of units: their mean and the variance of that mean (sample variance / n); needs two units. */
export function clusterOf(units: readonly number[]): Cluster {
  if (units.length < 2) throw new RangeError(`a cluster needs at least 2 units, got ${units.length}`);
  const m = mean(units);
  const ss = units.reduce((sum, u) => sum + (u - m) ** 2, 0);
  return { estimate: m, variance: ss / (units.length - 1) / units.length, units: units.length };
}

function weightedMean(values: readonly number[], weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  return values.reduce((s, v, i) => s + v * weights[i]!, 0) / total;
}

/** Cochran's Q of the clusters around their fixed-effect mean, and DerSimonian-Laird's τ² from it. */
export function heterogeneity(clusters: readonly Cluster[]): {
  q: number;
  tau2: number;
  pQ: number;
  i2: number;
} {
  const k = clusters.length;
  const w = clusters.map((c) => 1 / Math.max(c.variance, VARIANCE_FLOOR));
  const y = clusters.map((c) => c.estimate);
  const fixed = weightedMean(y, w);
  const q = y.reduce((s, v, i) => s + w[i]! * (v - fixed) ** 2, 0);
  const sw = w.reduce((s, v) => s + v, 0);
  const sw2 = w.reduce((s, v) => s + v * v, 0);
  const tau2 = Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
  return { q, tau2, pQ: chiSquareSf(q, k - 1), i2: q > 0 ? Math.max(0, (q - (k - 1)) / q) : 0 };
}

/**
 * The random-effects estimate of k ≥ 2 clusters and its Hartung-Knapp interval at two-sided `level`. In the last
 * bits of floating point the quantile and the tail may disagree; the p-value then follows the interval (as
 * inference.ts meanInference does).
 */
export function randomEffects(clusters: readonly Cluster[], level: number): RandomEffects {
  const k = clusters.length;
  if (k < 2) throw new RangeError(`a random-effects interval needs at least 2 clusters, got ${k}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const { q, tau2, pQ, i2 } = heterogeneity(clusters);
  const w = clusters.map((c) => 1 / (Math.max(c.variance, VARIANCE_FLOOR) + tau2));
  const y = clusters.map((c) => c.estimate);
  const estimate = weightedMean(y, w);
  const sw = w.reduce((s, v) => s + v, 0);
  const qHk = y.reduce((s, v, i) => s + w[i]! * (v - estimate) ** 2, 0) / (k - 1);
  const se = Math.sqrt(Math.max(qHk, 1) / sw);
  const df = k - 1;
  const critical = tCritical(level, df);
  const lower = estimate - critical * se;
  const upper = estimate + critical * se;
  const tested = Math.min(1, 2 * studentTSf(Math.abs(estimate) / se, df));
  const p = pOfInterval(tested, lower, upper, level);
  const within = mean(clusters.map((c) => c.variance));
  return { estimate, lower, upper, p, se, critical, df, tau2, q, pQ, i2, within };
}

/**
 * The cluster that differs most from the others: the largest |z| of its estimate against the fixed-effect mean of
 * the rest (leave one out), with that z.
 */
export function mostApart(clusters: readonly Cluster[]): { index: number; z: number; others: number } {
  let best = { index: 0, z: 0, others: Number.NaN };
  clusters.forEach((c, i) => {
    const rest = clusters.filter((_, j) => j !== i);
    const w = rest.map((r) => 1 / Math.max(r.variance, VARIANCE_FLOOR));
    const others = weightedMean(
      rest.map((r) => r.estimate),
      w,
    );
    const sw = w.reduce((s, v) => s + v, 0);
    const z = (c.estimate - others) / Math.sqrt(Math.max(c.variance, VARIANCE_FLOOR) + 1 / sw);
    if (Math.abs(z) > Math.abs(best.z) || Number.isNaN(best.others)) best = { index: i, z, others };
  });
  return best;
}
