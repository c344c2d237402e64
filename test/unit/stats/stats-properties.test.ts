/**
 * Properties of src/stats that must hold for any data: textbook values and closed forms, symmetries, coverage of
 * confidence intervals by simulation (seeded, reproducible), edge cases and input validation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  geometricMeanRatio,
  hodgesLehmannShift,
  logRatios,
  mean,
  median,
  mulberry32,
  quantile,
  sd,
} from '../../../src/stats/describe.ts';
import {
  normalCdf,
  normalQuantile,
  normalSf,
  regularizedIncompleteBeta,
  studentTCdf,
  studentTQuantile,
} from '../../../src/stats/distributions.ts';
import {
  hodgesLehmann1,
  signedRankConfidenceInterval,
  signedRankDistribution,
  walshAverages,
  wilcoxonSignedRank,
} from '../../../src/stats/wilcoxon.ts';
import { holm } from '../../support/reference-stats.ts';

function close(actual: number, expected: number, tolerance: number, what = 'value'): void {
  const error = Math.abs(actual - expected);
  assert.ok(
    error <= Math.max(tolerance * Math.abs(expected), tolerance * 1e-6),
    `${what}: got ${actual}, expected ${expected}`,
  );
}

/** Standard normal variate by Box-Muller (independent of normalQuantile, which is under test). */
function gaussian(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** n values from a symmetric distribution centred at `centre`. */
function sample(
  rng: () => number,
  n: number,
  centre: number,
  shape: 'normal' | 'uniform' | 'laplace',
): number[] {
  return Array.from({ length: n }, () => {
    if (shape === 'normal') return centre + gaussian(rng);
    if (shape === 'uniform') return centre + 2 * rng() - 1;
    const u = rng() - 0.5;
    return centre - Math.sign(u) * Math.log(1 - 2 * Math.abs(u));
  });
}

const ALTERNATIVES = ['two-sided', 'less', 'greater'] as const;

describe('normal distribution', () => {
  it('matches textbook values of Φ, including far tails', () => {
    assert.equal(normalCdf(0), 0.5);
    close(normalCdf(1.96), 0.9750021048517795, 1e-14);
    close(normalCdf(-1), 0.15865525393145707, 1e-14);
    close(normalCdf(-3), 0.0013498980316300946, 1e-13);
    close(normalCdf(-5), 2.866515718791939e-7, 1e-13);
    close(normalCdf(-10), 7.619853024160527e-24, 1e-12);
    assert.equal(normalCdf(Number.NEGATIVE_INFINITY), 0);
    assert.equal(normalCdf(Number.POSITIVE_INFINITY), 1);
  });

  it('is symmetric: Φ(z) + Φ(−z) = 1 and sf(z) = Φ(−z)', () => {
    for (let z = -8; z <= 8; z += 0.37) {
      close(normalCdf(z) + normalCdf(-z), 1, 1e-15);
      assert.equal(normalSf(z), normalCdf(-z));
    }
  });

  it('quantile: textbook values, endpoints, and round trip Φ(Φ⁻¹(p)) = p from 1e-300 to 1 − 1e-12', () => {
    close(normalQuantile(0.975), 1.959963984540054, 1e-14);
    close(normalQuantile(0.95), 1.6448536269514722, 1e-14);
    assert.equal(normalQuantile(0.5), 0);
    assert.equal(normalQuantile(0), Number.NEGATIVE_INFINITY);
    assert.equal(normalQuantile(1), Number.POSITIVE_INFINITY);
    for (const p of [
      1e-300,
      1e-50,
      1e-10,
      1e-4,
      0.01,
      0.02425,
      0.1,
      0.3,
      0.5,
      0.7,
      0.97575,
      0.99,
      1 - 1e-12,
    ]) {
      close(normalCdf(normalQuantile(p)), p, 1e-12, `p=${p}`);
    }
  });

  it('rejects NaN and probabilities outside [0, 1]', () => {
    assert.throws(() => normalCdf(Number.NaN), /NaN/);
    assert.throws(() => normalQuantile(1.5), RangeError);
    assert.throws(() => normalQuantile(Number.NaN), RangeError);
  });
});

describe('Student t distribution', () => {
  it('regularized incomplete beta matches the closed forms I_x(a,1) = x^a and I_x(1,b) = 1 − (1−x)^b', () => {
    for (const x of [0, 0.01, 0.2, 0.5, 0.77, 0.999, 1]) {
      for (const a of [0.5, 1, 2.5, 7]) {
        close(regularizedIncompleteBeta(x, a, 1), x ** a, 1e-13, `I_${x}(${a},1)`);
        close(regularizedIncompleteBeta(x, 1, a), 1 - (1 - x) ** a, 1e-13, `I_${x}(1,${a})`);
      }
    }
  });

  it('CDF matches the closed forms for df = 1 (Cauchy) and df = 2', () => {
    for (const t of [-1e6, -30, -2.5, -1, -0.1, 0, 0.4, 1, 3, 50, 1e6]) {
      // Written without cancellation so that the far tails are checked to full relative precision too.
      close(studentTCdf(t, 1), Math.atan2(1, -t) / Math.PI, 1e-13, `df=1 t=${t}`);
      const r = Math.sqrt(2 + t * t);
      const tail = 1 / (r * (r + Math.abs(t)));
      close(studentTCdf(t, 2), t < 0 ? tail : 1 - tail, 1e-13, `df=2 t=${t}`);
    }
  });

  it('CDF is symmetric, tends to the normal as df grows, and handles ±Infinity', () => {
    for (const df of [1, 3.7, 11.080106100795753, 40]) {
      for (const t of [0.2, 1.5, 4]) close(studentTCdf(t, df) + studentTCdf(-t, df), 1, 1e-14);
      assert.equal(studentTCdf(Number.NEGATIVE_INFINITY, df), 0);
      assert.equal(studentTCdf(Number.POSITIVE_INFINITY, df), 1);
    }
    // Large df: the first-order expansion F(t) = Φ(t) − φ(t)(t³ + t)/(4ν) + O(1/ν²).
    for (const nu of [1e5, 1e6]) {
      for (const t of [-3, -1, 0.5, 2]) {
        const expansion =
          normalCdf(t) - (Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI)) * ((t ** 3 + t) / (4 * nu));
        const error = Math.abs(studentTCdf(t, nu) - expansion) / Math.min(expansion, 1 - expansion);
        assert.ok(error < 1e-7, `df=${nu} t=${t}: relative error ${error}`);
      }
    }
    assert.equal(studentTCdf(1.3, Number.POSITIVE_INFINITY), normalCdf(1.3));
  });

  it('quantile: closed forms for df = 1 and 2, table values, and round trip for fractional df', () => {
    for (const p of [0.001, 0.025, 0.3, 0.5, 0.8, 0.975, 0.9999]) {
      close(studentTQuantile(p, 1), Math.tan(Math.PI * (p - 0.5)), 1e-12, `df=1 p=${p}`);
      close(studentTQuantile(p, 2), (2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 1e-12, `df=2 p=${p}`);
      for (const df of [3, 6.4672675683183956, 29]) close(studentTCdf(studentTQuantile(p, df), df), p, 1e-12);
    }
    // Two-sided 95% critical values as printed in t tables (3 decimals).
    assert.equal(studentTQuantile(0.975, 4).toFixed(3), '2.776');
    assert.equal(studentTQuantile(0.975, 9).toFixed(3), '2.262');
    assert.equal(studentTQuantile(0.975, 30).toFixed(3), '2.042');
    assert.equal(studentTQuantile(0, 5), Number.NEGATIVE_INFINITY);
    assert.equal(studentTQuantile(1, 5), Number.POSITIVE_INFINITY);
  });

  it('rejects df ≤ 0 and NaN', () => {
    assert.throws(() => studentTCdf(1, 0), /degrees of freedom/);
    assert.throws(() => studentTCdf(Number.NaN, 3), /NaN/);
    assert.throws(() => studentTQuantile(0.5, -1), /degrees of freedom/);
  });
});

describe('signed-rank null distribution', () => {
  it('n = 3 by hand: sums of subsets of {1,2,3} are 0,1,2,3,3,4,5,6', () => {
    assert.deepEqual([...signedRankDistribution(3)], [1, 1, 1, 2, 1, 1, 1]);
    assert.deepEqual([...signedRankDistribution(0)], [1]);
  });

  it('matches brute-force enumeration of all 2^n sign patterns for n ≤ 12', () => {
    for (let n = 1; n <= 12; n++) {
      const counts = new Array<number>((n * (n + 1)) / 2 + 1).fill(0);
      for (let mask = 0; mask < 2 ** n; mask++) {
        let s = 0;
        for (let r = 1; r <= n; r++) if (mask & (1 << (r - 1))) s += r;
        counts[s]!++;
      }
      assert.deepEqual([...signedRankDistribution(n)], counts, `n=${n}`);
    }
  });

  it('for n ≤ 50 sums exactly to 2^n, is symmetric, and has the textbook mean and variance', () => {
    for (let n = 0; n <= 50; n++) {
      const counts = signedRankDistribution(n);
      const max = (n * (n + 1)) / 2;
      assert.equal(counts.length, max + 1);
      assert.equal(
        counts.reduce((a, b) => a + b, 0),
        2 ** n,
        `n=${n}`,
      );
      for (let s = 0; s <= max; s++) assert.equal(counts[s], counts[max - s]);
      const total = 2 ** n;
      const m = counts.reduce((acc, c, s) => acc + (c * s) / total, 0);
      const v = counts.reduce((acc, c, s) => acc + (c * (s - m) ** 2) / total, 0);
      close(m, (n * (n + 1)) / 4, 1e-12, `mean n=${n}`);
      close(v, (n * (n + 1) * (2 * n + 1)) / 24, 1e-9, `variance n=${n}`);
    }
  });

  it('is cached (same array) and frozen', () => {
    assert.equal(signedRankDistribution(20), signedRankDistribution(20));
    assert.ok(Object.isFrozen(signedRankDistribution(20)));
    assert.throws(() => signedRankDistribution(-1), RangeError);
    assert.throws(() => signedRankDistribution(2.5), RangeError);
  });
});

describe('Wilcoxon signed-rank test', () => {
  const rng = mulberry32(20240611);

  it('p is in [0, 1] and exact p-values are consistent: two-sided = min(1, 2·min(less, greater))', () => {
    for (let rep = 0; rep < 200; rep++) {
      const n = 1 + Math.floor(rng() * 30);
      const d = sample(rng, n, rng() - 0.5, 'normal');
      for (const method of ['exact', 'approx'] as const) {
        for (const alternative of ALTERNATIVES) {
          const { p } = wilcoxonSignedRank(d, { method, alternative });
          assert.ok(p >= 0 && p <= 1, `p=${p}`);
        }
      }
      const less = wilcoxonSignedRank(d, { method: 'exact', alternative: 'less' });
      const greater = wilcoxonSignedRank(d, { method: 'exact', alternative: 'greater' });
      const two = wilcoxonSignedRank(d, { method: 'exact' });
      close(two.p, Math.min(1, 2 * Math.min(less.p, greater.p)), 1e-12);
      // Discrete distribution: P(W+ ≤ w) + P(W+ ≥ w) = 1 + P(W+ = w).
      const pointMass = signedRankDistribution(n)[less.wPlus]! / 2 ** n;
      close(less.p + greater.p, 1 + pointMass, 1e-12);
      // Reflection: negating d swaps the one-sided alternatives.
      const negated = d.map((v) => -v);
      close(wilcoxonSignedRank(negated, { method: 'exact', alternative: 'greater' }).p, less.p, 1e-12);
    }
  });

  it('approximation is close to the exact p for moderate n', () => {
    for (let rep = 0; rep < 20; rep++) {
      const d = sample(rng, 40, 0.3 * rng(), 'laplace');
      const exact = wilcoxonSignedRank(d, { method: 'exact' }).p;
      const approx = wilcoxonSignedRank(d, { method: 'approx' }).p;
      assert.ok(Math.abs(exact - approx) < 0.01, `exact ${exact} vs approx ${approx}`);
    }
  });

  it("'auto' chooses exact only without ties, without zeros and for n ≤ 50", () => {
    const d = sample(rng, 50, 0, 'normal');
    assert.equal(wilcoxonSignedRank(d).method, 'exact');
    assert.equal(wilcoxonSignedRank([...d, 0.5]).method, 'approx');
    assert.equal(wilcoxonSignedRank([...d.slice(1), 0]).method, 'approx');
    assert.equal(wilcoxonSignedRank([1, -1, 2, 3]).method, 'approx');
    assert.throws(() => wilcoxonSignedRank([1, -1, 2, 3], { method: 'exact' }), /untied/);
  });

  it('drops zeros before ranking (zero_method "wilcox")', () => {
    const withZeros = wilcoxonSignedRank([0, 0.4, -1.1, 0, 2.3, 3.5], { method: 'exact' });
    const without = wilcoxonSignedRank([0.4, -1.1, 2.3, 3.5], { method: 'exact' });
    assert.deepEqual(withZeros, without);
    assert.equal(without.n, 4);
    // Ranks of |d|: 0.4→1, 1.1→2, 2.3→3, 3.5→4.
    assert.equal(without.wPlus, 8);
    assert.equal(without.wMinus, 2);
  });

  it('ties: average ranks and the tie-corrected variance n(n+1)(2n+1)/24 − Σ(t³−t)/48', () => {
    // |d| all tied: ranks 2.5 each, W+ = 7.5, mean 5, variance 7.5 − 60/48 = 6.25, z = (2.5 − 0.5)/2.5.
    const r = wilcoxonSignedRank([1, 1, 1, -1]);
    assert.equal(r.method, 'approx');
    assert.equal(r.wPlus, 7.5);
    assert.equal(r.statistic, 2.5);
    close(r.p, 2 * normalSf(0.8), 1e-14);
  });

  it('edge cases: empty, all zeros, n = 1', () => {
    for (const d of [[], [0, 0, 0]]) {
      const r = wilcoxonSignedRank(d);
      assert.equal(r.p, 1);
      assert.equal(r.n, 0);
      assert.equal(wilcoxonSignedRank(d, { method: 'approx', alternative: 'less' }).p, 1);
    }
    // n = 1: W+ is 0 or 1 with probability 1/2 each.
    assert.equal(wilcoxonSignedRank([3]).p, 1);
    assert.equal(wilcoxonSignedRank([3], { alternative: 'greater' }).p, 0.5);
    assert.equal(wilcoxonSignedRank([3], { alternative: 'less' }).p, 1);
  });

  it('textbook extreme: all n = 10 differences negative gives exact two-sided p = 2/2^10', () => {
    const r = wilcoxonSignedRank([-1, -2, -3, -4, -5, -6, -7, -8, -9, -10]);
    assert.equal(r.statistic, 0);
    assert.equal(r.p, 2 / 1024);
  });
});

describe('Hodges-Lehmann estimate and signed-rank confidence interval', () => {
  it('Walsh averages and HL estimate by hand: d = [0, 1, 5]', () => {
    assert.deepEqual(walshAverages([0, 1, 5]), [0, 0.5, 1, 2.5, 3, 5]);
    assert.equal(hodgesLehmann1([0, 1, 5]), 1.75);
    assert.equal(hodgesLehmann1([4.2]), 4.2);
  });

  it('HL is translation equivariant', () => {
    const rng = mulberry32(7);
    for (let rep = 0; rep < 20; rep++) {
      const d = sample(rng, 12, 0, 'laplace');
      close(hodgesLehmann1(d.map((v) => v + 3.25)), hodgesLehmann1(d) + 3.25, 1e-12);
    }
  });

  it('n = 10, 95%: k = 8 (table value), so the interval is [9th smallest, 9th largest] Walsh average', () => {
    // Walsh averages of 1..10 in ascending order start 1, 1.5, 2, 2, 2.5, 2.5, 3, 3, 3: the 9th is 3, and by
    // symmetry the 9th largest is 11 − 3 = 8. P(W+ ≤ 8) = 25/1024 ≤ 0.025 < P(W+ ≤ 9) = 33/1024.
    const ci = signedRankConfidenceInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(ci, { estimate: 5.5, lower: 3, upper: 8, achievedConfidence: 1 - 50 / 1024 });
  });

  it('too small n (≤ 5 at 95%): [min, max] with achievedConfidence = 1 − 2^(1−n) below the request', () => {
    for (let n = 1; n <= 5; n++) {
      const d = Array.from({ length: n }, (_, i) => (i * 7) % 5);
      const ci = signedRankConfidenceInterval(d, 0.95);
      assert.equal(ci.lower, Math.min(...d));
      assert.equal(ci.upper, Math.max(...d));
      assert.equal(ci.achievedConfidence, 1 - 2 ** (1 - n));
      assert.ok(ci.achievedConfidence < 0.95);
    }
    // n = 6: k = 0 exists (1/64 ≤ 0.025), the same [min, max] but now at 1 − 2/64 ≥ 0.95.
    const ci6 = signedRankConfidenceInterval([1, 2, 3, 4, 5, 6]);
    assert.equal(ci6.achievedConfidence, 1 - 2 / 64);
    assert.deepEqual([ci6.lower, ci6.upper], [1, 6]);
  });

  it('inverts the exact test: just outside the bounds the test rejects at 1 − confidence, just inside it does not', () => {
    const rng = mulberry32(99);
    for (let rep = 0; rep < 40; rep++) {
      const n = 8 + Math.floor(rng() * 23);
      const d = sample(rng, n, 0, 'normal');
      const ci = signedRankConfidenceInterval(d, 0.9);
      const walsh = walshAverages(d);
      const lo = walsh.indexOf(ci.lower);
      const hi = walsh.lastIndexOf(ci.upper);
      const pAt = (theta: number) =>
        wilcoxonSignedRank(
          d.map((v) => v - theta),
          { method: 'exact' },
        ).p;
      assert.ok(pAt((walsh[lo - 1]! + ci.lower) / 2) <= 0.1, 'below lower: rejected');
      assert.ok(pAt((ci.lower + walsh[lo + 1]!) / 2) > 0.1, 'above lower: kept');
      assert.ok(pAt((walsh[hi + 1]! + ci.upper) / 2) <= 0.1, 'above upper: rejected');
      assert.ok(pAt((ci.upper + walsh[hi - 1]!) / 2) > 0.1, 'below upper: kept');
      close(1 - ci.achievedConfidence, pAt((walsh[lo - 1]! + ci.lower) / 2), 1e-12);
    }
  });

  for (const [n, shape] of [
    [7, 'normal'],
    [15, 'laplace'],
    [30, 'uniform'],
    [60, 'normal'],
  ] as const) {
    it(`covers the true centre in ≈95% of simulated samples (n=${n}, ${shape})`, () => {
      const rng = mulberry32(1000 + n);
      const centre = 3.7;
      const reps = 2000;
      let covered = 0;
      let achieved = 0;
      for (let rep = 0; rep < reps; rep++) {
        const ci = signedRankConfidenceInterval(sample(rng, n, centre, shape));
        if (ci.lower <= centre && centre <= ci.upper) covered++;
        achieved = ci.achievedConfidence;
      }
      const coverage = covered / reps;
      assert.ok(coverage >= 0.93 && coverage <= 0.98, `coverage ${coverage}`);
      assert.ok(achieved >= 0.95 && achieved < 0.96, `achievedConfidence ${achieved}`);
    });
  }

  it('rejects bad input', () => {
    assert.throws(() => signedRankConfidenceInterval([]), /empty/);
    assert.throws(() => signedRankConfidenceInterval([1, 2], 1), /confidence/);
    assert.throws(() => hodgesLehmann1([]), /empty/);
  });
});

describe("Holm's multiple-comparison adjustment", () => {
  it('is ≥ raw p, ≤ 1, order-preserving, and its minimum is the Bonferroni minimum', () => {
    const rng = mulberry32(5);
    for (let rep = 0; rep < 200; rep++) {
      const m = 1 + Math.floor(rng() * 12);
      const p = Array.from({ length: m }, () => (rng() < 0.3 ? rng() * 0.01 : rng()));
      const h = holm(p);
      for (let i = 0; i < m; i++) {
        assert.ok(h[i]! >= p[i]! && h[i]! <= 1);
        for (let j = 0; j < m; j++) {
          if (p[i]! <= p[j]!) assert.ok(h[i]! <= h[j]!, 'monotone');
        }
      }
      close(Math.min(...h), Math.min(1, m * Math.min(...p)), 1e-14);
    }
  });

  it('edge cases: empty, a single p, ties, and invalid p', () => {
    assert.deepEqual(holm([]), []);
    assert.deepEqual(holm([0.3]), [0.3]);
    assert.deepEqual(holm([0.02, 0.02]), [0.04, 0.04]);
    assert.deepEqual(holm([0.6, 0.7]), [1, 1]);
    assert.throws(() => holm([0.1, 1.2]), /\[0, 1\]/);
    assert.throws(() => holm([Number.NaN]), /\[0, 1\]/);
  });
});

describe('descriptive statistics', () => {
  it('quantile is numpy type 7 (linear interpolation between order statistics)', () => {
    const s = [1, 2, 3, 4];
    assert.equal(quantile(s, 0), 1);
    assert.equal(quantile(s, 0.25), 1.75);
    assert.equal(quantile(s, 0.5), 2.5);
    close(quantile(s, 0.9), 3.7, 1e-15);
    assert.equal(quantile(s, 1), 4);
    assert.equal(quantile([7], 0.3), 7);
    assert.throws(() => quantile(s, 1.1), /q must be/);
    assert.throws(() => quantile([], 0.5), /empty/);
  });

  it('median, mean, sd (n − 1)', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    const data = [2, 4, 4, 4, 5, 5, 7, 9];
    assert.equal(mean(data), 5);
    close(sd(data), Math.sqrt(32 / 7), 1e-15);
    assert.throws(() => sd([1]), /at least 2/);
    assert.throws(() => median([]), /empty/);
  });

  it('log ratios and geometric-mean ratio', () => {
    assert.deepEqual(logRatios([1, 2], [2, 1]), [Math.log(2), -Math.log(2)]);
    close(geometricMeanRatio([1, 1], [2, 8]), 4, 1e-15);
    assert.throws(() => logRatios([1, 2], [1]), /same length/);
    assert.throws(() => logRatios([0], [1]), /positive/);
    assert.throws(() => geometricMeanRatio([], []), /empty/);
  });

  it('Hodges-Lehmann shift recovers an exact shift and is antisymmetric', () => {
    const rng = mulberry32(11);
    const x = sample(rng, 9, 10, 'laplace');
    close(
      hodgesLehmannShift(
        x,
        x.map((v) => v - 2.5),
      ),
      -2.5,
      1e-12,
    );
    const y = sample(rng, 6, 11, 'normal');
    close(hodgesLehmannShift(x, y), -hodgesLehmannShift(y, x), 1e-12);
  });

  it('mulberry32 is deterministic per seed, in [0, 1), and roughly uniform', () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    const c = mulberry32(124);
    const first = Array.from({ length: 5 }, a);
    assert.deepEqual(first, Array.from({ length: 5 }, b));
    assert.notDeepEqual(first, Array.from({ length: 5 }, c));
    let sum = 0;
    for (let i = 0; i < 100_000; i++) {
      const u = a();
      assert.ok(u >= 0 && u < 1);
      sum += u;
    }
    assert.ok(Math.abs(sum / 100_000 - 0.5) < 0.005);
  });
});

describe('non-finite input is rejected with a clear error', () => {
  const bad = [
    [1, Number.NaN, 3],
    [1, Number.POSITIVE_INFINITY, 3],
    [Number.NEGATIVE_INFINITY, 2, 3],
  ];
  const ok = [1, 2, 3, 4];
  const calls: Record<string, (v: number[]) => unknown> = {
    wilcoxonSignedRank: (v) => wilcoxonSignedRank(v),
    signedRankConfidenceInterval: (v) => signedRankConfidenceInterval(v),
    hodgesLehmann1: (v) => hodgesLehmann1(v),
    median: (v) => median(v),
    mean: (v) => mean(v),
    sd: (v) => sd(v),
    quantile: (v) => quantile(v, 0.5),
    logRatios: (v) => logRatios(ok.slice(0, 3), v),
    geometricMeanRatio: (v) => geometricMeanRatio(v, ok.slice(0, 3)),
    hodgesLehmannShift: (v) => hodgesLehmannShift(ok, v),
  };
  for (const [name, call] of Object.entries(calls)) {
    it(name, () => {
      for (const values of bad) assert.throws(() => call(values), /finite/);
    });
  }
});
