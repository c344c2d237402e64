import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chiSquareSf, normalSf } from '../../../src/stats/distributions.ts';
import { clusterOf, heterogeneity, mostApart, randomEffects } from '../../../src/stats/random-effects.ts';

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual} is not within ${tolerance} of ${expected}`,
  );

const cluster = (estimate: number, variance: number) => ({ estimate, variance, units: 8 });

describe('χ² distribution', () => {
  test('with 2 degrees of freedom it is exp(−x/2); with 1 it is 2 P(Z > √x)', () => {
    for (const x of [0.01, 0.7, 2, 5.6, 13, 40]) {
      close(chiSquareSf(x, 2), Math.exp(-x / 2), 1e-14, `χ²(2) > ${x}`);
      close(chiSquareSf(x, 1), 2 * normalSf(Math.sqrt(x)), 1e-13, `χ²(1) > ${x}`);
    }
  });

  test('with 4 degrees of freedom it is exp(−x/2)(1 + x/2), below and above the mean', () => {
    for (const x of [0.5, 3, 4, 9, 30])
      close(chiSquareSf(x, 4), Math.exp(-x / 2) * (1 + x / 2), 1e-14, `χ²(4) > ${x}`);
  });
});

describe('random effects (DerSimonian-Laird, Hartung-Knapp)', () => {
  // By hand: w = 1/v = 10⁴, 5·10³, 10⁴; fixed mean 0.006; Q = 0.16 + 2.88 + 2.56 = 5.6;
  // τ² = (5.6 − 2) / (25,000 − 2.25·10⁸ / 25,000) = 2.25·10⁻⁴.
  const clusters = [cluster(0.01, 1e-4), cluster(0.03, 2e-4), cluster(-0.01, 1e-4)];

  test("Cochran's Q, its p-value and τ² are the hand-computed ones", () => {
    const h = heterogeneity(clusters);
    close(h.q, 5.6, 1e-12, 'Q');
    close(h.pQ, Math.exp(-2.8), 1e-14, 'p of Q');
    close(h.tau2, 2.25e-4, 1e-15, 'τ²');
    close(h.i2, 3.6 / 5.6, 1e-12, 'I²');
  });

  test('the estimate, its Hartung-Knapp standard error and the t interval on k − 1 df', () => {
    const r = randomEffects(clusters, 0.05);
    close(r.estimate, 0.008297872340425531, 1e-15, 'estimate');
    close(r.se, 0.011234364921229008, 1e-15, 'se');
    assert.equal(r.df, 2);
    close(r.critical, 4.302652729749464, 1e-9, 't(2) at 97.5%');
    close(r.upper - r.lower, 2 * 4.302652729749464 * 0.011234364921229008, 1e-9, 'width');
    assert.ok(r.p > 0.05, 'the interval holds 0, so p is above the level');
  });

  test('clusters that agree better than chance do not narrow the interval below the weights’ own variance', () => {
    const agreeing = [cluster(0.02, 1e-4), cluster(0.0201, 1e-4), cluster(0.0199, 1e-4), cluster(0.02, 1e-4)];
    const r = randomEffects(agreeing, 0.05);
    assert.equal(r.tau2, 0);
    close(r.se, Math.sqrt(1e-4 / 4), 1e-15, 'se of 4 clusters of variance 1e-4');
  });

  test('p ≤ level exactly when the interval leaves out 0', () => {
    for (const shift of [0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1]) {
      const r = randomEffects(
        clusters.map((c) => ({ ...c, estimate: c.estimate + shift })),
        0.05,
      );
      assert.equal(r.p <= 0.05, r.lower > 0 || r.upper < 0, `shift ${shift}`);
    }
  });

  test('a cluster of units is their mean and the variance of that mean', () => {
    const c = clusterOf([0.01, 0.03, 0.02, 0.02]);
    close(c.estimate, 0.02, 1e-15, 'mean');
    close(c.variance, 0.0002 / 3 / 4, 1e-18, 'variance of the mean');
    assert.throws(() => clusterOf([0.01]), /at least 2 units/);
    assert.throws(() => randomEffects([c], 0.05), /at least 2 clusters/);
  });

  test('the runner apart from the others is named, with its z against the rest', () => {
    const runners = [cluster(0.0, 1e-5), cluster(0.001, 1e-5), cluster(-0.001, 1e-5), cluster(0.05, 1e-5)];
    const apart = mostApart(runners);
    assert.equal(apart.index, 3);
    close(apart.others, 0, 1e-15, 'the others’ mean');
    close(apart.z, 0.05 / Math.sqrt(1e-5 + 1e-5 / 3), 1e-9, 'z');
  });
});
