/**
 * The random walk of a sequential test's statistic under the null, S_k = Z_k·√I_k with Var(S_k) = I_k (the looks'
 * information times), and the chance that it crosses a boundary at some look: both ways (the regression boundary,
 * sequential-boundary.ts) or below only (the equivalence boundary, equivalence-boundary.ts). The density of the
 * paths still going is integrated look by look on a grid with Simpson's weights. Pure.
 */
import { normalCdf, normalSf } from './distributions.ts';

/** Grid points per look for the numerical integration (odd, for Simpson's rule). */
const GRID = 101;
/** The grid's middle point, at 0: the grid is symmetric about it, as are the densities on it. */
const MID = (GRID - 1) / 2;
/** The one-sided crossing's grid points per look (odd) and how far above 0 it reaches, in sd of the walk. */
const LOWER_GRID = 301;
const REACH = 8;

/** Simpson weights for `points` equally spaced points of spacing h. */
export function simpsonWeights(points: number, h: number): Float64Array {
  const w = new Float64Array(points);
  for (let i = 0; i < points; i++) w[i] = ((i === 0 || i === points - 1 ? 1 : i % 2 === 1 ? 4 : 2) * h) / 3;
  return w;
}

/** The walk's density on a grid: its points, the density there and Simpson's weights. */
export interface WalkGrid {
  xs: Float64Array;
  f: Float64Array;
  w: Float64Array;
}

/** The density of S at the first look (variance sigma²), at the points xs. */
export function startDensity(xs: Float64Array, sigma: number): Float64Array {
  return xs.map((x) => Math.exp(-0.5 * (x / sigma) ** 2) / (sigma * Math.sqrt(2 * Math.PI)));
}

/** Beyond this many sd the step's normal density is left out (below e^−40). */
const KERNEL_REACH = 9;

/**
 * The density at the points `to` of the paths still going one step on: the grid's density convolved with the
 * step's normal density (sd `step`). `even`: the density is symmetric about 0, so half is computed and mirrored.
 * The grid is evenly spaced, so along it z falls by a constant d and exp(−z²/2) is carried from point to point by
 * two products instead of an exp each (the integration's cost).
 */
export function stepDensity(grid: WalkGrid, step: number, to: Float64Array, even = false): Float64Array {
  const { xs, f, w } = grid;
  const out = new Float64Array(to.length);
  const norm = 1 / (step * Math.sqrt(2 * Math.PI));
  const last = even ? (to.length - 1) / 2 : to.length - 1;
  const n = xs.length;
  const d = (xs[n - 1]! - xs[0]!) / (n - 1) / step;
  const weighted = xs.map((_, i) => w[i]! * f[i]!);
  for (let j = 0; j <= last; j++) {
    const z0 = (to[j]! - xs[0]!) / step;
    out[j] = norm * kernelSum(weighted, z0, d);
    if (even) out[to.length - 1 - j] = out[j]!;
  }
  return out;
}

/** Σ weighted[i]·exp(−z_i²/2) over |z_i| < KERNEL_REACH, where z_i = z0 − i·d. */
function kernelSum(weighted: Float64Array, z0: number, d: number): number {
  const n = weighted.length;
  if (!(d > 0 && d < 1)) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const z = z0 - i * d;
      if (z > -KERNEL_REACH && z < KERNEL_REACH) sum += weighted[i]! * Math.exp(-0.5 * z * z);
    }
    return sum;
  }
  const from = Math.max(0, Math.floor((z0 - KERNEL_REACH) / d) + 1);
  const to = Math.min(n - 1, Math.ceil((z0 + KERNEL_REACH) / d) - 1);
  if (from > to) return 0;
  // g = exp(−z²/2) at z = z0 − i·d, and r = g(i+1)/g(i) = exp(z·d − d²/2), which shrinks by exp(−d²) a step.
  const z = z0 - from * d;
  let g = Math.exp(-0.5 * z * z);
  let r = Math.exp(z * d - 0.5 * d * d);
  const decay = Math.exp(-d * d);
  let sum = 0;
  for (let i = from; i <= to; i++) {
    sum += weighted[i]! * g;
    g *= r;
    r *= decay;
  }
  return sum;
}

/**
 * P(|Z_k| ≥ bounds[k] at some look k) under the null, for looks already placed on the information scale: the walk
 * S_k = Z_k·√I_k absorbed on both sides.
 */
export function twoSidedCrossing(looks: readonly number[], bounds: readonly number[]): number {
  if (bounds.some((b) => !(b > 0))) return 1;
  if (bounds.every((b) => b === Number.POSITIVE_INFINITY)) return 0;
  // S_k = Z_k·√I_k is a random walk with Var(S_k) = I_k (the looks' information times); f holds the density of
  // S_k on the paths still going.
  let sigma = Math.sqrt(looks[0]!);
  let total = 2 * normalSf(bounds[0]!);
  let half = Math.min(bounds[0]!, 12) * sigma;
  let h = (2 * half) / (GRID - 1);
  let xs = Float64Array.from({ length: GRID }, (_, i) => (i - MID) * h);
  let f = startDensity(xs, sigma);
  for (let k = 1; k < looks.length; k++) {
    const step = Math.sqrt(looks[k]! - looks[k - 1]!);
    const w = simpsonWeights(GRID, h);
    const bound = Math.min(bounds[k]!, 12) * Math.sqrt(looks[k]!);
    // Stopping first here: from each continuing s, the step takes S beyond ±bound.
    let cross = 0;
    for (let i = 0; i < GRID; i++)
      cross += w[i]! * f[i]! * (normalCdf((-bound - xs[i]!) / step) + normalSf((bound - xs[i]!) / step));
    total += cross;
    if (k === looks.length - 1) break;
    // Density of S_k on (−bound, bound): the previous density convolved with the step's normal density. Bounds
    // are two-sided and the walk starts at 0, so every density is even: half the grid is computed, then mirrored.
    sigma = Math.sqrt(looks[k]!);
    half = bound;
    const nh = (2 * half) / (GRID - 1);
    const nxs = Float64Array.from({ length: GRID }, (_, i) => (i - MID) * nh);
    f = stepDensity({ xs, f, w }, step, nxs, true);
    xs = nxs;
    h = nh;
  }
  return Math.min(1, total);
}

/** A grid from −bound to REACH sd above 0, and its spacing. */
function gridOf(bound: number, sigma: number): { xs: Float64Array; h: number } {
  const low = -Math.min(bound, REACH) * sigma;
  const h = (REACH * sigma - low) / (LOWER_GRID - 1);
  return { xs: Float64Array.from({ length: LOWER_GRID }, (_, i) => low + i * h), h };
}

/**
 * P(Z_k ≤ −bounds[k] at some look k) under the null, for looks on the information scale (`times`): the walk
 * S_k = Z_k·√I_k absorbed below, free above (beyond REACH sd its density is below 1e-15).
 */
export function lowerCrossing(times: readonly number[], bounds: readonly number[]): number {
  let sigma = Math.sqrt(times[0]!);
  let total = normalCdf(-bounds[0]!);
  let { xs, h } = gridOf(bounds[0]!, sigma);
  let f = startDensity(xs, sigma);
  for (let k = 1; k < times.length; k++) {
    const step = Math.sqrt(times[k]! - times[k - 1]!);
    const w = simpsonWeights(LOWER_GRID, h);
    const bound = Math.min(bounds[k]!, REACH + 4) * Math.sqrt(times[k]!);
    let cross = 0;
    for (let i = 0; i < LOWER_GRID; i++) cross += w[i]! * f[i]! * normalCdf((-bound - xs[i]!) / step);
    total += cross;
    if (k === times.length - 1) break;
    sigma = Math.sqrt(times[k]!);
    const next = gridOf(bounds[k]!, sigma);
    f = stepDensity({ xs, f, w }, step, next.xs);
    ({ xs, h } = next);
  }
  return Math.min(1, total);
}
