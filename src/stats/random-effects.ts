/**
 * Random-effects meta-analysis of a few clusters (runners), each with an estimate and its within-cluster variance.
 * What the merge uses (src/decide/replicas.ts): halfNormalRandomEffects, the posterior of the mean change with a
 * half-normal prior on the between-cluster spread τ, and Cochran's Q (heterogeneity) with the cluster most apart.
 * Also DerSimonian-Laird's τ² and the Hartung-Knapp interval (t on k − 1 df, q ≥ 1 as Knapp & Hartung 2003), which
 * bench/replicas.ts sets beside it: exact for any τ, but too wide for 2 to 8 runners at a gate's level. Pure.
 */
import { mean } from './describe.ts';
import { chiSquareSf, normalQuantile, studentTSf } from './distributions.ts';
import { tCritical } from './inference.ts';

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
  const leavesOut = lower > 0 || upper < 0;
  const p = leavesOut ? Math.min(tested, level) : tested <= level ? level * (1 + 1e-9) : tested;
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

/** Points of the grid over τ on which the half-normal posterior is summed. */
const TAU_POINTS = 61;

/** The variance of a cluster's estimate, widened for having been estimated from its own units (Student's t). */
function widened(c: Cluster): number {
  const factor = c.units > 3 ? (c.units - 1) / (c.units - 3) : 3;
  return Math.max(c.variance, VARIANCE_FLOOR) * factor;
}

/** The posterior of μ as a mixture of normals over a grid of τ (flat prior on μ, half-normal on τ). */
function posteriorMixture(clusters: readonly Cluster[], scale: number) {
  const y = clusters.map((c) => c.estimate);
  const v = clusters.map(widened);
  const parts = Array.from({ length: TAU_POINTS }, (_, i) => {
    const tau = (6 * scale * i) / (TAU_POINTS - 1);
    const w = v.map((x) => 1 / (x + tau * tau));
    const sw = w.reduce((s, x) => s + x, 0);
    const m = weightedMean(y, w);
    const logLik =
      -0.5 * Math.log(sw) +
      0.5 * w.reduce((s, x) => s + Math.log(x), 0) -
      0.5 * y.reduce((s, yi, j) => s + w[j]! * (yi - m) ** 2, 0);
    return { tau, m, sd: Math.sqrt(1 / sw), log: logLik - (tau * tau) / (2 * scale * scale) };
  });
  const top = Math.max(...parts.map((p) => p.log));
  const total = parts.reduce((s, p) => s + Math.exp(p.log - top), 0);
  // Points of τ the data and the prior leave no weight at (below 1e-12 of the whole) are dropped.
  return parts.map((p) => ({ ...p, weight: Math.exp(p.log - top) / total })).filter((p) => p.weight > 1e-12);
}

type Mixture = ReturnType<typeof posteriorMixture>;

/**
 * Φ(z) to a relative error of 1.2e-7 (Numerical Recipes' erfcc): the mixture sums it over every point of τ at every
 * step, and the exact one (distributions.ts) costs 40 times as much; the interval's ends move by under 1e-9.
 */
function quickNormalCdf(z: number): number {
  const x = -z / Math.SQRT2;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.5 * a);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(-a * a + poly);
  return 0.5 * (x >= 0 ? erfc : 2 - erfc);
}

function mixtureCdf(mix: Mixture, x: number): number {
  let sum = 0;
  for (const p of mix) sum += p.weight * quickNormalCdf((x - p.m) / p.sd);
  return sum;
}

function mixturePdf(mix: Mixture, x: number): number {
  return mix.reduce(
    (s, p) => s + (p.weight * Math.exp(-0.5 * ((x - p.m) / p.sd) ** 2)) / (p.sd * Math.sqrt(2 * Math.PI)),
    0,
  );
}

/**
 * The x at which the mixture's CDF is `q`: Newton's steps from `start`, kept inside a bracket that bisects, to 1e-8
 * (a millionth of a percent of a change; the quick Φ cannot settle finer).
 */
function mixtureQuantile(mix: Mixture, q: number, start: number): number {
  let lo = Math.min(...mix.map((p) => p.m - 40 * p.sd));
  let hi = Math.max(...mix.map((p) => p.m + 40 * p.sd));
  let x = Math.min(hi, Math.max(lo, start));
  for (let i = 0; i < 100; i++) {
    const f = mixtureCdf(mix, x) - q;
    if (f < 0) lo = x;
    else hi = x;
    const step = f / mixturePdf(mix, x);
    if (f === 0 || Math.abs(step) < 1e-8) return x - (Number.isFinite(step) ? step : 0);
    const next = x - step;
    x = Number.isFinite(next) && next > lo && next < hi ? next : (lo + hi) / 2;
    if (hi - lo < 1e-8) break;
  }
  return x;
}

/**
 * The random-effects estimate of k ≥ 2 clusters with a half-normal prior of `scale` on τ (and a flat one on μ):
 * the posterior mean of μ and its equal-tailed interval at two-sided `level`, each cluster's variance widened for
 * being estimated. Few clusters cannot estimate τ; the prior says, before the data, how far runners usually differ
 * (Friede et al. 2017, Röver 2020: weakly informative priors for meta-analyses of few studies). p is twice the
 * smaller posterior tail at 0, set to follow the interval (p ≤ level ⟺ it leaves out 0). Q and τ² as heterogeneity.
 */
export function halfNormalRandomEffects(
  clusters: readonly Cluster[],
  level: number,
  scale: number,
): RandomEffects {
  const k = clusters.length;
  if (k < 2) throw new RangeError(`a random-effects interval needs at least 2 clusters, got ${k}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const mix = posteriorMixture(clusters, scale);
  const estimate = mix.reduce((s, p) => s + p.weight * p.m, 0);
  const variance = mix.reduce((s, p) => s + p.weight * (p.sd ** 2 + (p.m - estimate) ** 2), 0);
  const z = normalQuantile(1 - level / 2);
  const lower = mixtureQuantile(mix, level / 2, estimate - z * Math.sqrt(variance));
  const upper = mixtureQuantile(mix, 1 - level / 2, estimate + z * Math.sqrt(variance));
  const below = mixtureCdf(mix, 0);
  const tested = Math.min(1, 2 * Math.min(below, 1 - below));
  const leavesOut = lower > 0 || upper < 0;
  const p = leavesOut ? Math.min(tested, level) : tested <= level ? level * (1 + 1e-9) : tested;
  const { q, pQ, i2 } = heterogeneity(clusters);
  const se = Math.sqrt(variance);
  return {
    estimate,
    lower,
    upper,
    p,
    se,
    critical: (upper - lower) / 2 / se,
    df: Number.POSITIVE_INFINITY,
    tau2: mix.reduce((s, x) => s + x.weight * x.tau * x.tau, 0),
    q,
    pQ,
    i2,
    within: mean(clusters.map(widened)),
  };
}
