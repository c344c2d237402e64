/**
 * The exact binomial test (`scipy.stats.binomtest`, two-sided), and with it the exact conditional test of two
 * Poisson rates: given k + m events in all, the first side's count is binomial with its share of the exposure.
 * Pure.
 */
import { lnGamma } from './distributions.ts';

/** ln P(X = k) for X ~ Binomial(n, p), 0 < p < 1. */
function lnPmf(k: number, n: number, p: number): number {
  return lnGamma(n + 1) - lnGamma(k + 1) - lnGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/**
 * Two-sided p-value of k successes in n trials of probability p: the total probability of every outcome no more
 * likely than k (SciPy's rule, with its relative tolerance of 1e-7 for outcomes as likely as k).
 */
export function binomialTestP(k: number, n: number, p: number): number {
  if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 0 && k <= n)) {
    throw new RangeError(`binomial test needs integers 0 ≤ k ≤ n, got k ${k}, n ${n}`);
  }
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomial test needs p in [0, 1], got ${p}`);
  if (n === 0) return 1;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  const observed = lnPmf(k, n, p) + Math.log1p(1e-7);
  let total = 0;
  for (let i = 0; i <= n; i++) {
    const ln = lnPmf(i, n, p);
    if (ln <= observed) total += Math.exp(ln);
  }
  return Math.min(1, total);
}

/**
 * The exact conditional test that two sides fail at the same rate per request: given all failures, head's count
 * is binomial with head's share of the requests. Two-sided; 1 when there are no failures (or no requests).
 */
export function conditionalRateTestP(
  headEvents: number,
  headExposure: number,
  baseEvents: number,
  baseExposure: number,
): number {
  const total = headEvents + baseEvents;
  if (total === 0 || headExposure + baseExposure <= 0) return 1;
  return binomialTestP(headEvents, total, headExposure / (headExposure + baseExposure));
}
