/**
 * The unit and the interval of a comparison, both fixed by the design before any data is seen:
 *
 * - the unit: when the pairs share their server processes in blocks (`restart-every` ≥ 2), each block's mean log
 *   ratio, so that a process pair that runs apart from its twin for its whole life weighs as one unit, not as the
 *   pairs it served; else (every pair with processes of its own) each pair's log ratio;
 * - the interval: the exact signed-rank (Walsh) interval from RANK_UNITS units where it can reach the per-look level
 *   (2 / 2ⁿ ≤ level), Student's t below them or where it cannot; chosen from the number of units and the level only.
 *
 * Pure.
 */
import { normalQuantile } from '../stats/distributions.ts';
import { type Inference, meanInference, signedRankInference, tCritical } from '../stats/inference.ts';
import { blockMeans } from './process-offsets.ts';

export type Unit = 'pairs' | 'blocks';
export type Method = 'signed-rank' | 't';

/** The unit of a design: blocks when pairs share their processes, else pairs. */
export function unitOf(restartEvery: number): Unit {
  return Number.isInteger(restartEvery) && restartEvery >= 2 ? 'blocks' : 'pairs';
}

/**
 * The units of a comparison: its log ratios (`pairs[i]` is the pair number of `logRatios[i]`), or its whole blocks'
 * means (`measured`: the pairs measured so far, which tells a block with pairs left out from one still filling).
 */
export function unitsOf(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
  measured?: number,
): number[] {
  return unitOf(restartEvery) === 'blocks'
    ? blockMeans(pairs, logRatios, restartEvery, measured)
    : [...logRatios];
}

/** Units a number of pairs gives in this design (whole blocks, as blockMeans counts them). */
export function unitCount(pairs: number, restartEvery: number): number {
  return unitOf(restartEvery) === 'pairs' ? pairs : Math.floor(pairs / restartEvery);
}

/** Whether the exact signed-rank interval of n units can reach a two-sided level (its smallest p is 2 / 2ⁿ). */
export function rankReaches(n: number, level: number): boolean {
  return n >= 1 && 2 / 2 ** n <= level;
}

/**
 * The units from which the interval is the signed-rank one. Below them, at the levels a family's looks decide at,
 * the discrete rank interval is up to 27% wider than t's for normal units (14 units at 0.001: 7%, 11 units: 18%);
 * from 16 within 7% down to 0.0005, a price its robustness to a disturbed round is worth (bench/rank-width.ts,
 * bench/NOTEBOOK.md §55).
 */
export const RANK_UNITS = 16;

/** The method of the interval for n units at this level: ranks from RANK_UNITS units where they reach it, else t. */
export function methodFor(n: number, level: number): Method {
  return n >= RANK_UNITS && rankReaches(n, level) ? 'signed-rank' : 't';
}

/**
 * The quantile an interval of n units at this level is built from (the normal one of the rank statistic, or
 * Student's t with n − 1 degrees of freedom); NaN below 2 units.
 */
export function criticalFor(n: number, level: number): number {
  if (n < 2) return Number.NaN;
  return methodFor(n, level) === 'signed-rank' ? normalQuantile(1 - level / 2) : tCritical(level, n - 1);
}

export interface UnitInference {
  inference: Inference;
  method: Method;
  /** The interval's quantile (criticalFor). */
  critical: number;
}

/** The interval and p-value of these units at the level; undefined below 2 units. */
export function inferUnits(units: readonly number[], level: number): UnitInference | undefined {
  if (units.length < 2) return undefined;
  const method = methodFor(units.length, level);
  return {
    inference: method === 'signed-rank' ? signedRankInference(units, level) : meanInference(units, level),
    method,
    critical: criticalFor(units.length, level),
  };
}
