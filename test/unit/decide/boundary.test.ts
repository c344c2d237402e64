/**
 * Each look's level and sequential p-value for the statistic it uses (src/decide/boundary.ts): t looks at their
 * share of the boundary's level, rank looks at the boundary's, p-values that reach alpha exactly at the look's level,
 * and null gates decided as the action decides crossing within alpha.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { designP, levelAt, tShare } from '../../../src/decide/boundary.ts';
import { inferUnits, methodFor, RANK_UNITS, unitsOf } from '../../../src/decide/interval.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { excludesZero } from '../../../src/stats/inference.ts';
import { EARLY_SHARE, lookLevel, perLookLevel } from '../../../src/stats/sequential-boundary.ts';

/** The default 3-minute plan's looks in blocks of 2 pairs (early looks at 6–10 pairs, confirmation at 42). */
const LOOKS = [6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 42];
const ALPHA = 0.05 / 3;

describe('levels by the method of each look', () => {
  test('blocks of 2: t looks (3–9 units) at a share of the level, rank looks at the whole of it', () => {
    const share = tShare(ALPHA, LOOKS, 2);
    assert.ok(share > 0.5 && share < 1, `share ${share}`);
    const full = perLookLevel(ALPHA, LOOKS);
    for (const pairs of LOOKS) {
      const base = lookLevel(ALPHA, LOOKS, pairs);
      const t = methodFor(pairs / 2, base) === 't';
      assert.equal(levelAt(ALPHA, LOOKS, pairs, 2), t ? share * base : base, `${pairs} pairs`);
    }
    assert.equal(levelAt(ALPHA, LOOKS, 8, 2), share * EARLY_SHARE * full, 'an early look is t too');
    assert.equal(levelAt(ALPHA, LOOKS, 28, 2), share * full, '14 units: t');
    assert.equal(levelAt(ALPHA, LOOKS, 42, 2), lookLevel(ALPHA, LOOKS, 42), '21 units: ranks');
  });

  test('ranks from RANK_UNITS units where they reach the level; t below, even where ranks could reach it', () => {
    assert.equal(methodFor(14, 0.001), 't', '14 units reach 0.001 (2 / 2¹⁴), but their interval is 7% wider');
    assert.equal(methodFor(RANK_UNITS - 1, 0.05), 't');
    assert.equal(methodFor(RANK_UNITS, 0.001), 'signed-rank');
    assert.equal(methodFor(RANK_UNITS, 0.99 * 2 ** (1 - RANK_UNITS)), 't', 'beyond the reach of ranks');
  });

  test('a pair per unit: t looks up to 15 units at their share, ranks from 16 at their look’s whole level', () => {
    const looks = [4, ...LOOKS];
    const share = tShare(ALPHA, looks, 1);
    assert.ok(share > 0.5 && share <= 1, `share ${share}`);
    assert.equal(levelAt(ALPHA, looks, 12, 1), share * lookLevel(ALPHA, looks, 12));
    assert.equal(levelAt(ALPHA, looks, 16, 1), lookLevel(ALPHA, looks, 16));
  });

  test('the sequential p of a look is alpha at its level, above it beyond, below it within', () => {
    for (const pairs of [8, 12, 20]) {
      const level = levelAt(ALPHA, LOOKS, pairs, 2);
      const atLevel = designP(level, ALPHA, LOOKS, pairs, 2);
      assert.ok(atLevel <= ALPHA && atLevel > 0.999 * ALPHA, `${pairs} pairs: ${atLevel}`);
      assert.ok(designP(1.1 * level, ALPHA, LOOKS, pairs, 2) > ALPHA, `${pairs} pairs`);
      assert.ok(designP(0.9 * level, ALPHA, LOOKS, pairs, 2) < ALPHA, `${pairs} pairs`);
    }
    assert.equal(designP(1, ALPHA, LOOKS, 12, 2), 1);
  });
});

describe('null gates decided as the action decides', () => {
  test('blocks of 2 at the default plan: within alpha (binomial bound)', (t) => {
    const random = mulberry32(42);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const gates = 2000;
    const numbers = Array.from({ length: LOOKS.at(-1)! }, (_, i) => i);
    let crossed = 0;
    for (let g = 0; g < gates; g++) {
      const ratios = numbers.map(normal);
      const hit = LOOKS.some((n) => {
        const units = unitsOf(numbers.slice(0, n), ratios.slice(0, n), 2);
        const inferred = inferUnits(units, levelAt(ALPHA, LOOKS, n, 2));
        return inferred !== undefined && excludesZero(inferred.inference.lower, inferred.inference.upper);
      });
      if (hit) crossed++;
    }
    const se = Math.sqrt((ALPHA * (1 - ALPHA)) / gates);
    t.diagnostic(`${crossed} of ${gates} crossed`);
    assert.ok(crossed / gates <= ALPHA + 3 * se, `${crossed} of ${gates}`);
  });
});
