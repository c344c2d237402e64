/**
 * Blocks of pairs that share their server processes: each block's mean log ratio (the unit of such a design,
 * src/decide/interval.ts), and how far the blocks differ (a one-way F test), which the report shows. Pairs that
 * share a process move alike, so a test that counted them as independent could see a change that is not there
 * (bench/RESULTS.md §11); the unit is the block whatever the F test says. Pure.
 */
import { type AnovaResult, oneWayAnova } from '../stats/anova.ts';
import { mean } from '../stats/describe.ts';

/** Below this p-value the report says a comparison's blocks differed (descriptive: it changes nothing else). */
export const PROCESS_OFFSET_LEVEL = 0.01;

export interface BlockTest extends AnovaResult {
  /** Blocks of at least two pairs that were compared, and the pairs in them. */
  blocks: number;
  pairs: number;
  /** Each block's mean log ratio as a relative change (head against base), in block order. */
  changes: number[];
}

/**
 * The log ratios (`pairs[i]` is the pair number of `logRatios[i]`) by block of `restartEvery` pairs, in order: the
 * blocks of at least two pairs, but the last while it is still being filled (fewer than `restartEvery` pairs), so
 * that every unit is the mean of a whole block and a look's units are nested in the next one's.
 */
function byBlock(pairs: readonly number[], logRatios: readonly number[], restartEvery: number): number[][] {
  const blocks = new Map<number, number[]>();
  pairs.forEach((pair, i) => {
    const block = Math.floor(pair / restartEvery);
    blocks.set(block, [...(blocks.get(block) ?? []), logRatios[i]!]);
  });
  const last = pairs.length === 0 ? -1 : Math.floor(Math.max(...pairs) / restartEvery);
  return [...blocks]
    .sort((a, b) => a[0] - b[0])
    .filter(([block, ratios]) => ratios.length >= 2 && (block < last || ratios.length >= restartEvery))
    .map(([, ratios]) => ratios);
}

/**
 * The one-way F test of the log ratios (`pairs[i]` is the pair number of `logRatios[i]`) over blocks of
 * `restartEvery` consecutive pairs (byBlock); undefined without two such blocks, or `restartEvery` below 2.
 */
export function blockTest(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
): BlockTest | undefined {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return undefined;
  const groups = byBlock(pairs, logRatios, restartEvery);
  if (groups.length < 2) return undefined;
  return {
    ...oneWayAnova(groups),
    blocks: groups.length,
    pairs: groups.reduce((sum, ratios) => sum + ratios.length, 0),
    changes: groups.map((ratios) => Math.expm1(mean(ratios))),
  };
}

/**
 * Each block's mean log ratio, the unit of a design whose pairs share their processes: the blocks the F test
 * compares (the last one waits until it is whole).
 */
export function blockMeans(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
): number[] {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return [];
  return byBlock(pairs, logRatios, restartEvery).map(mean);
}
