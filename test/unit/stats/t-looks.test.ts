/**
 * The t looks' share of their level (src/stats/t-looks.ts): where looks with few units use Student's t, the boundary
 * counted for the rank statistic's normal limit crosses more often than alpha; with the share it crosses at alpha.
 * Checked against null gates drawn here from another seed, with the statistics computed afresh.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { normalQuantile } from '../../../src/stats/distributions.ts';
import { tCritical } from '../../../src/stats/inference.ts';
import { lookLevel } from '../../../src/stats/sequential-boundary.ts';
import { type BoundaryLook, tLookShare } from '../../../src/stats/t-looks.ts';

/** The default plan's looks in blocks of 2 pairs: early looks at 3–5 units, full looks at 6–17, confirmation 26. */
const PAIRS = [6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 52];
const ALPHA = 0.05 / 3;

/** The boundary's looks in units, t where ranks cannot reach the look's level (2 / 2ⁿ above it). */
function looksOf(alpha: number): BoundaryLook[] {
  return PAIRS.map((pairs) => {
    const level = lookLevel(alpha, PAIRS, pairs);
    const units = pairs / 2;
    return { units, level, t: 2 / 2 ** units > level };
  });
}

/**
 * The share of `gates` null gates of normal units that cross: at a t look |t| beyond its quantile at `share` of the
 * look's level, at a rank look the mean's |z| beyond the normal one (the rank statistic's limit).
 */
function crossing(looks: readonly BoundaryLook[], share: number, gates: number, seed: number): number {
  const random = mulberry32(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const bounds = looks.map((look) =>
    look.t ? tCritical(share * look.level, look.units - 1) : -normalQuantile(look.level / 2),
  );
  let crossed = 0;
  for (let g = 0; g < gates; g++) {
    const units: number[] = [];
    const hit = looks.some((look, k) => {
      while (units.length < look.units) units.push(normal());
      const n = units.length;
      const mean = units.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(units.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
      const statistic = look.t ? (Math.abs(mean) * Math.sqrt(n)) / sd : Math.abs(mean) * Math.sqrt(n);
      return statistic >= bounds[k]!;
    });
    if (hit) crossed++;
  }
  return crossed / gates;
}

describe('t looks in a boundary counted for ranks', () => {
  test('no t looks: the whole level (share 1)', () => {
    const looks = looksOf(ALPHA).map((look) => ({ ...look, t: false }));
    assert.equal(tLookShare(ALPHA, looks), 1);
  });

  test('deterministic, between 0 and 1, and smaller where the t looks cost more', () => {
    const looks = looksOf(ALPHA);
    const share = tLookShare(ALPHA, looks);
    assert.equal(tLookShare(ALPHA, looks), share);
    assert.ok(share > 0.3 && share < 0.9, `share ${share}`);
    // t at every look costs more than t at the first few.
    const everywhere = tLookShare(
      ALPHA,
      looks.map((look) => ({ ...look, t: true })),
    );
    assert.ok(everywhere < 1, `t everywhere: ${everywhere}`);
  });

  test('null gates of another seed cross above alpha without the share and at alpha with it', (t) => {
    const looks = looksOf(ALPHA);
    const share = tLookShare(ALPHA, looks);
    const gates = 60_000;
    const se = Math.sqrt((ALPHA * (1 - ALPHA)) / gates);
    const without = crossing(looks, 1, gates, 7);
    const withShare = crossing(looks, share, gates, 7);
    t.diagnostic(`share ${share}: ${without} without, ${withShare} with`);
    assert.ok(without > ALPHA + 2 * se, `without the share ${without} against ${ALPHA} ± ${se}`);
    assert.ok(
      Math.abs(withShare - ALPHA) < 3 * se,
      `with share ${share}: ${withShare} against ${ALPHA} ± ${se}`,
    );
  });
});
