/**
 * The equivalence side's sequential boundary (src/stats/equivalence-boundary.ts): its one-sided crossing against
 * the bivariate normal, its shares of the level per look, and what a null gate at δ = τ really does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { plannedLooks } from '../../../src/gate/measurement-plan.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { normalCdf } from '../../../src/stats/distributions.ts';
import {
  EQUIVALENCE_INTERIM_SHARE,
  equivalenceFinalLevel,
  equivalenceLevel,
  equivalenceShares,
} from '../../../src/stats/equivalence-boundary.ts';
import { meanInference } from '../../../src/stats/inference.ts';
import { informationTimes } from '../../../src/stats/sequential-boundary.ts';
import { lowerCrossing } from '../../../src/stats/walk.ts';

/** P(Z1 ≤ −a or Z2 ≤ −b) for standard normals of correlation rho, by one-dimensional quadrature. */
function bivariateLower(a: number, b: number, rho: number): number {
  const n = 20_000;
  let both = 0;
  for (let i = 0; i < n; i++) {
    const z = -a - (10 * (i + 0.5)) / n;
    both +=
      (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) *
      normalCdf((-b - rho * z) / Math.sqrt(1 - rho * rho));
  }
  return normalCdf(-a) + normalCdf(-b) - (both * 10) / n;
}

/** The default plan's schedule: 180 s at 6 s a pair in blocks of 2 (early looks 6–10, full 12–30, confirmation 46). */
const SCHEDULE = plannedLooks(180, 6, undefined, 2).schedule;

describe('lowerCrossing', () => {
  test('one look: the normal tail; two looks: the bivariate normal to 1e-6', () => {
    assert.ok(Math.abs(lowerCrossing([12], [2]) - normalCdf(-2)) < 1e-12);
    const times = informationTimes([12, 30]);
    const rho = Math.sqrt(times[0]! / times[1]!);
    for (const [a, b] of [
      [2.5, 2],
      [3, 1.8],
      [1.5, 2.5],
    ] as const) {
      const exact = bivariateLower(a, b, rho);
      assert.ok(Math.abs(lowerCrossing(times, [a, b]) - exact) < 1e-6, `${a}, ${b}: ${exact}`);
    }
  });

  test('a look without a bound (share 0) adds nothing', () => {
    const times = informationTimes([6, 12, 30]);
    const withNone = lowerCrossing(times, [Number.POSITIVE_INFINITY, 2.5, 2]);
    assert.ok(Math.abs(withNone - lowerCrossing(informationTimes([12, 30]), [2.5, 2])) < 1e-6);
  });
});

describe('the shares and the level', () => {
  test('early looks none, full looks a tenth, the budget and confirmation looks all', () => {
    const shares = equivalenceShares(SCHEDULE);
    assert.deepEqual(SCHEDULE, [6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 46]);
    assert.deepEqual(shares.slice(0, 3), [0, 0, 0]);
    assert.ok(shares.slice(3, -2).every((s) => s === EQUIVALENCE_INTERIM_SHARE));
    assert.deepEqual(shares.slice(-2), [1, 1]);
  });

  test('one look spends the whole level; a schedule solves its crossing to alpha exactly', () => {
    assert.equal(equivalenceFinalLevel(0.025, [20]), 0.025);
    const level = equivalenceFinalLevel(0.025, SCHEDULE);
    assert.ok(level > 0.01 && level < 0.025, `${level}`);
    const bounds = equivalenceShares(SCHEDULE).map((s) =>
      s > 0 ? -normalInverse(s * level) : Number.POSITIVE_INFINITY,
    );
    const crossing = lowerCrossing(informationTimes(SCHEDULE), bounds);
    assert.ok(crossing <= 0.025 && crossing > 0.025 * (1 - 1e-6), `${crossing}`);
  });

  test('a look off the schedule: before the budget look it stands in for it, after it for confirmation', () => {
    const full = equivalenceFinalLevel(0.025, SCHEDULE);
    assert.equal(equivalenceLevel(0.025, SCHEDULE, 29), full);
    assert.equal(equivalenceLevel(0.025, SCHEDULE, 40), full);
    assert.equal(equivalenceLevel(0.025, SCHEDULE, 8), 0);
    assert.equal(equivalenceLevel(0.025, SCHEDULE, 14), EQUIVALENCE_INTERIM_SHARE * full);
  });
});

/** −Φ⁻¹(p) by bisection (the test's own, so that it does not lean on the code under test). */
function normalInverse(p: number): number {
  let [low, high] = [-40, 40];
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < p) low = mid;
    else high = mid;
  }
  return low;
}

test('null gates at δ = τ: "within ±τ" at any look of the schedule in at most α/2 of them (t intervals, blocks of 2)', () => {
  // Each unit is a block mean of sd 1; τ = 3 standard errors at the budget's 15 units.
  const random = mulberry32(20261205);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const gates = 20_000;
  const tau = 3 / Math.sqrt(15);
  let within = 0;
  for (let g = 0; g < gates; g++) {
    const units = Array.from({ length: 23 }, () => tau + gauss());
    const hit = SCHEDULE.some((pairs) => {
      const level = 2 * equivalenceLevel(0.025, SCHEDULE, pairs);
      const n = Math.floor(pairs / 2);
      if (!(level > 0) || n < 2) return false;
      const { lower, upper } = meanInference(units.slice(0, n), level);
      return lower > -tau && upper < tau;
    });
    if (hit) within++;
  }
  // 2.5% ± 3 binomial standard errors (0.33%).
  assert.ok(within / gates <= 0.025 + 3 * Math.sqrt((0.025 * 0.975) / gates), `${within} of ${gates}`);
});
