/**
 * The level of each look of a gate and its sequential p-value, for the statistic the look actually uses: the
 * boundary counted for the rank statistic (src/stats/sequential-boundary.ts: each look at its share of the last look's
 * level), and at the looks whose interval is Student's t (too few units for ranks to reach the level,
 * interval.ts) a share of that level solved so that the boundary as a whole still crosses at alpha
 * (src/stats/t-looks.ts). The design (its units per look) and the level alone decide which looks are t. Pure.
 */

import { signedRankSize } from '../stats/inference.ts';
import { lookLevel, sequentialP } from '../stats/sequential-boundary.ts';
import { tLookShare } from '../stats/t-looks.ts';
import { methodFor, unitCount } from './interval.ts';

/** Whether a look at `pairs` pairs of this design uses Student's t at this level (too few units for ranks). */
function isT(pairs: number, level: number, restartEvery: number): boolean {
  return methodFor(unitCount(pairs, restartEvery), level) === 't';
}

/**
 * The share of their level the t looks of a gate get (1 where it has none, or where the boundary holds with them):
 * per comparison at `alpha`, over the planned `looks`, in blocks of `restartEvery` pairs (0 or 1: pairs).
 */
export function tShare(alpha: number, looks: readonly number[], restartEvery: number): number {
  // Asked at every look of every comparison: the looks' levels and exact sizes are worked out once per design.
  const key = `${alpha}|${restartEvery}|${looks.join(',')}`;
  const known = shares.get(key);
  if (known !== undefined) return known;
  const share = tLookShare(
    alpha,
    looks.map((pairs) => {
      const level = lookLevel(alpha, looks, pairs);
      const units = unitCount(pairs, restartEvery);
      // A rank look crosses alone as often as its exact test's size, below its level where ranks are discrete.
      return isT(pairs, level, restartEvery)
        ? { units, level, t: true }
        : { units, level: signedRankSize(units, level), t: false };
    }),
  );
  shares.set(key, share);
  return share;
}

const shares = new Map<string, number>();

/** The factor of a look's level on top of the boundary's: the t share at a t look, else 1. */
function factorAt(alpha: number, looks: readonly number[], pairs: number, restartEvery: number): number {
  return isT(pairs, lookLevel(alpha, looks, pairs), restartEvery) ? tShare(alpha, looks, restartEvery) : 1;
}

/** The level of a look at `pairs` pairs (a look off the schedule counts as a full one). */
export function levelAt(
  alpha: number,
  looks: readonly number[],
  pairs: number,
  restartEvery: number,
): number {
  return lookLevel(alpha, looks, pairs) * factorAt(alpha, looks, pairs, restartEvery);
}

/**
 * The sequential p-value of a look's p at `pairs` pairs: the boundary's (sequentialP) for p over the look's t
 * share, so that it is at most `alpha` exactly when p is at most the look's level (levelAt).
 */
export function designP(
  p: number,
  alpha: number,
  looks: readonly number[],
  pairs: number,
  restartEvery: number,
): number {
  const factor = factorAt(alpha, looks, pairs, restartEvery);
  return sequentialP(Math.min(1, p / factor), looks, pairs);
}
