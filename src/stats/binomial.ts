/**
 * The exact binomial test (`scipy.stats.binomtest`, two-sided), and with it the exact conditional test of two
 * Poisson rates: given k + m events in all, the first side's count is binomial with its share of the exposure.
 * Pure.
 */
import { lnGamma, regularizedIncompleteBeta } from './distributions.ts';

/** Up to this many trials every outcome is summed (exact); beyond it, two tails of the incomplete beta. */
const SUMMED_TRIALS = 10_000;
/** SciPy's relative tolerance for outcomes as likely as the one observed. */
const RELATIVE_TOLERANCE = 1e-7;

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
  const observed = lnPmf(k, n, p) + Math.log1p(RELATIVE_TOLERANCE);
  if (n > SUMMED_TRIALS) return Math.min(1, tails(k, n, p, observed));
  let total = 0;
  for (let i = 0; i <= n; i++) {
    const ln = lnPmf(i, n, p);
    if (ln <= observed) total += Math.exp(ln);
  }
  return Math.min(1, total);
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
function cdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  return regularizedIncompleteBeta(1 - p, n - k, k + 1, p);
}

/**
 * SciPy's two tails in logarithmic time: the outcomes are unimodal, so those no more likely than k are all of k's
 * side of the mode and a tail of the other side, whose edge a binary search finds.
 */
function tails(k: number, n: number, p: number, observed: number): number {
  const mode = n * p;
  if (k === mode) return 1;
  if (k < mode) {
    // The first i above the mode no more likely than k (n + 1: none).
    let lo = Math.ceil(mode);
    let hi = n + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (lnPmf(mid, n, p) <= observed) hi = mid;
      else lo = mid + 1;
    }
    return cdf(k, n, p) + (1 - cdf(lo - 1, n, p));
  }
  // The last i below the mode no more likely than k (-1: none).
  let lo = -1;
  let hi = Math.floor(mode);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (lnPmf(mid, n, p) <= observed) lo = mid;
    else hi = mid - 1;
  }
  return cdf(lo, n, p) + (1 - cdf(k - 1, n, p));
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
