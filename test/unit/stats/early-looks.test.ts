/**
 * Early looks (src/stats/sequential-boundary.ts, src/stats/look-schedule.ts): which looks are early, what they spend of
 * alpha, that every p-value and level stays consistent with them, and that null gates decided as the action
 * decides (block means, t where ranks cannot reach the level, ranks where they can) cross no more often than alpha.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inferUnits } from '../../../src/decide/interval.ts';
import { blockMeans } from '../../../src/decide/process-offsets.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { normalQuantile } from '../../../src/stats/distributions.ts';
import { excludesZero } from '../../../src/stats/inference.ts';
import { earlyLookPoints, planLooks } from '../../../src/stats/look-schedule.ts';
import {
  boundaryCrossing,
  EARLY_SHARE,
  earlyLooks,
  isEarlyLook,
  LEVEL_GROWTH,
  lookLevel,
  lookShares,
  perLookLevel,
  sequentialP,
} from '../../../src/stats/sequential-boundary.ts';

/** The default 3-minute budget's looks without and with the early looks of blocks of 2 pairs. */
const FULL = [12, 14, 16, 18, 20, 22, 24, 26, 28, 42];
const WITH_EARLY = [6, 8, 10, ...FULL];

describe('which looks are early', () => {
  test('early looks come where 3 units can be had, only when the budget reaches the first full look', () => {
    assert.deepEqual(earlyLookPoints(28, 2), [6, 8, 10]);
    assert.deepEqual(earlyLookPoints(28, 0), [4, 6, 8, 10]);
    assert.deepEqual(earlyLookPoints(28, 1), [4, 6, 8, 10]);
    assert.deepEqual(earlyLookPoints(28, 4), []);
    assert.deepEqual(earlyLookPoints(11, 2), []);
    assert.deepEqual(planLooks(28)[0], 12);
  });

  test('read from the schedule alone: before 12 pairs, with a full look before the confirmation look', () => {
    assert.deepEqual(earlyLooks(WITH_EARLY), [true, true, true, ...FULL.map(() => false)]);
    // A small budget's last look before 12 is a full look; so is a fixed number of pairs.
    assert.deepEqual(earlyLooks([8, 12]), [false, false]);
    assert.deepEqual(earlyLooks([10, 16]), [false, false]);
    assert.deepEqual(earlyLooks([8]), [false]);
    assert.ok(isEarlyLook(8, WITH_EARLY));
    assert.ok(!isEarlyLook(7, WITH_EARLY), 'a look off the schedule counts as a full one');
    assert.ok(!isEarlyLook(12, WITH_EARLY));
  });
});

describe('what early looks cost', () => {
  test('they spend under 5% of alpha, and the full looks keep over 97% of their level', () => {
    for (const alpha of [0.05, 0.05 / 3]) {
      const level = perLookLevel(alpha, WITH_EARLY);
      const without = perLookLevel(alpha, FULL);
      assert.ok(level > 0.97 * without && level <= without, `${level} against ${without}`);
      const bound = -normalQuantile((EARLY_SHARE * level) / 2);
      const spent = boundaryCrossing([6, 8, 10], [bound, bound, bound]);
      assert.ok(spent < 0.05 * alpha, `early looks spent ${spent} of ${alpha}`);
    }
  });

  test('an early look is at EARLY_SHARE of the last look’s level, and its p-value reaches alpha exactly there', () => {
    const alpha = 0.05 / 3;
    const full = perLookLevel(alpha, WITH_EARLY);
    assert.equal(lookLevel(alpha, WITH_EARLY, 28), full);
    assert.equal(lookLevel(alpha, WITH_EARLY, 8), EARLY_SHARE * full);
    const atEarly = sequentialP(EARLY_SHARE * full, WITH_EARLY, 8);
    const atFull = sequentialP(full, WITH_EARLY, 28);
    assert.ok(atEarly <= alpha && atEarly > 0.999 * alpha, `${atEarly}`);
    assert.ok(Math.abs(atEarly - atFull) < 1e-12);
    // The same p is worth far less at an early look, where the bar was higher.
    assert.ok(sequentialP(1e-3, WITH_EARLY, 8) > 5 * sequentialP(1e-3, WITH_EARLY, 28));
    assert.equal(sequentialP(EARLY_SHARE, WITH_EARLY, 8), 1);
    // A look off the schedule counts as the planned look it stands in for, the first at or after it.
    assert.equal(sequentialP(1e-3, FULL, 27), sequentialP(1e-3, FULL, 28));
    assert.equal(sequentialP(1e-3, WITH_EARLY, 7), sequentialP(1e-3, WITH_EARLY, 8));
    assert.equal(sequentialP(1e-3, FULL, 50), sequentialP(1e-3, FULL));
  });

  test('a full look’s level grows as (pairs / the last look’s)^LEVEL_GROWTH, and the boundary spends alpha', () => {
    const alpha = 0.05 / 3;
    const last = perLookLevel(alpha, WITH_EARLY);
    assert.ok(lookLevel(alpha, WITH_EARLY, 12) < 0.5 * lookLevel(alpha, WITH_EARLY, 20));
    for (const pairs of FULL.slice(0, -1)) {
      const share = (pairs / 28) ** LEVEL_GROWTH;
      assert.ok(Math.abs(lookLevel(alpha, WITH_EARLY, pairs) - share * last) < 1e-15 * last, `${pairs}`);
      // Every look's p-value reaches alpha exactly at its own level.
      const p = sequentialP(share * last, WITH_EARLY, pairs);
      assert.ok(p <= alpha && p > 0.999 * alpha, `${pairs}: ${p}`);
    }
    assert.deepEqual(lookShares(WITH_EARLY).slice(-2), [1, 1], 'the last look and the confirmation look');
  });
});

/**
 * Null gates decided as the action decides them: pairs of noise from `draw`, units the means of blocks of 2
 * pairs, at each look the interval at the look's level (t or ranks, interval.ts). Returns the share of gates whose
 * interval left out 0 at any look, with the early looks and, on the same pairs, without them.
 */
function nullCrossing(gates: number, alpha: number, draw: () => number): { early: number; full: number } {
  const pairNumbers = Array.from({ length: WITH_EARLY.at(-1)! }, (_, i) => i);
  const crosses = (ratios: number[], looks: readonly number[]): boolean =>
    looks.some((n) => {
      const units = blockMeans(pairNumbers.slice(0, n), ratios.slice(0, n), 2);
      const inferred = inferUnits(units, lookLevel(alpha, looks, n));
      return inferred !== undefined && excludesZero(inferred.inference.lower, inferred.inference.upper);
    });
  let early = 0;
  let full = 0;
  for (let g = 0; g < gates; g++) {
    const ratios = pairNumbers.map(() => draw());
    if (crosses(ratios, WITH_EARLY)) early++;
    if (crosses(ratios, FULL)) full++;
  }
  return { early: early / gates, full: full / gates };
}

describe('null gates with early looks', () => {
  const random = mulberry32(20261128);
  const normal = (): number => {
    const u = random() || 1e-12;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  // Laplace noise: the tails of a disturbed runner's pairs.
  const laplace = (): number => (random() < 0.5 ? -1 : 1) * Math.log(random() || 1e-12);
  const gates = 3000;

  test("at the level of each of the default family's 3 comparisons, cross no more often than alpha (binomial bounds)", (t) => {
    const alpha = 0.05 / 3;
    for (const [name, draw] of [
      ['normal', normal],
      ['laplace', laplace],
    ] as const) {
      const { early, full } = nullCrossing(gates, alpha, draw);
      t.diagnostic(`${name}: ${early} with early looks, ${full} without`);
      const se = Math.sqrt((alpha * (1 - alpha)) / gates);
      assert.ok(early <= alpha + 3 * se, `${name}: ${early} of null gates crossed`);
      assert.ok(early >= alpha - 5 * se, `${name}: only ${early} crossed`);
    }
  });

  test('add to the gates that cross no more than the alpha they spend (under 5% of it)', (t) => {
    const alpha = 0.05;
    const { early, full } = nullCrossing(gates, alpha, normal);
    t.diagnostic(`${early} with early looks, ${full} without`);
    assert.ok(early >= full, `${early} against ${full}`);
    assert.ok(early - full <= 0.05 * alpha, `with early looks ${early}, without ${full}`);
  });
});
