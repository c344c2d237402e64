/**
 * The walk's one step (src/stats/walk.ts stepDensity): the convolution carried along the grid by products gives what
 * an exp at every point gives, on the grids the boundaries use and on steps far smaller and larger than their spacing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { simpsonWeights, startDensity, stepDensity } from '../../../src/stats/walk.ts';

/** The convolution as its definition reads: an exp for every pair of points within 9 sd. */
function direct(
  xs: Float64Array,
  f: Float64Array,
  w: Float64Array,
  step: number,
  to: Float64Array,
): number[] {
  return Array.from(to, (t) => {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) {
      const z = (t - xs[i]!) / step;
      if (z > -9 && z < 9) sum += w[i]! * f[i]! * Math.exp(-0.5 * z * z);
    }
    return sum / (step * Math.sqrt(2 * Math.PI));
  });
}

const grid = (points: number, low: number, h: number) =>
  Float64Array.from({ length: points }, (_, i) => low + i * h);

/**
 * Within 1e-10 of the largest value: where the step is far below the spacing, a point's value moves with the last
 * bits of the grid's positions (each divided by the step), by up to 4e-12 of it between mirrored points.
 */
const TOLERANCE = 1e-10;

test('stepDensity agrees with the convolution computed point by point, to 1e-10 of its largest value', () => {
  const rng = mulberry32(51);
  for (let c = 0; c < 300; c++) {
    const points = [101, 301, 11][c % 3]!;
    const sigma = 0.2 + 3 * rng();
    const half = (1 + 8 * rng()) * sigma;
    const h = (2 * half) / (points - 1);
    const xs = grid(points, -half, h);
    const f = startDensity(xs, sigma);
    const w = simpsonWeights(points, h);
    // Steps from a hundredth of the spacing (few points in reach) to a hundred times it.
    const step = h * 10 ** (4 * rng() - 2);
    const toHalf = half * (0.5 + rng());
    const to = grid(points, -toHalf, (2 * toHalf) / (points - 1));
    const want = direct(xs, f, w, step, to);
    const got = stepDensity({ xs, f, w }, step, to);
    const scale = Math.max(...want, 1e-300);
    for (let j = 0; j < to.length; j++)
      assert.ok(
        Math.abs(got[j]! - want[j]!) <= TOLERANCE * scale,
        `case ${c}, point ${j}: ${got[j]} against ${want[j]} (step ${step}, h ${h})`,
      );
    const even = stepDensity({ xs, f, w }, step, to, true);
    for (let j = 0; j < to.length; j++)
      assert.ok(
        Math.abs(even[j]! - want[j]!) <= TOLERANCE * scale,
        `case ${c}, point ${j}, mirrored: ${even[j]} against ${want[j]}, ${got[j]} unmirrored (step ${step}, h ${h}, scale ${scale})`,
      );
  }
});
