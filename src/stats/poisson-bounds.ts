/**
 * Exact (Garwood) confidence bounds of a Poisson mean from a count, through the χ² distribution's link to the
 * Poisson's: P(X ≤ k; λ) = P(χ²(2k + 2) > 2λ). A count divided by a dispersion keeps working (the gamma
 * generalisation). Pure.
 */
import { chiSquareSf } from './distributions.ts';

/** The λ at which a decreasing function of λ falls to `target`, by bisection. */
function solve(f: (lambda: number) => number, target: number, high: number): number {
  let [low, up] = [0, high];
  for (let i = 0; i < 80; i++) {
    const mid = (low + up) / 2;
    if (f(mid) > target) low = mid;
    else up = mid;
  }
  return (low + up) / 2;
}

/** The upper bound of a Poisson mean from `count` events, one-sided at `tail`: P(X ≤ count; bound) = tail. */
export function poissonUpper(count: number, tail: number): number {
  const high = count + 20 + 20 * Math.sqrt(count + 1) - Math.log(tail);
  return solve((lambda) => chiSquareSf(2 * lambda, 2 * count + 2), tail, high);
}

/** The lower bound of a Poisson mean from `count` events, one-sided at `tail` (0 without events). */
export function poissonLower(count: number, tail: number): number {
  if (!(count > 0)) return 0;
  return solve((lambda) => chiSquareSf(2 * lambda, 2 * count), 1 - tail, count);
}
