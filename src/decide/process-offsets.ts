/**
 * Blocks of pairs that share their server processes: each block's mean log ratio (the unit of such a design,
 * src/decide/interval.ts), and how far the blocks differ (a one-way F test), which the report shows. Pairs that
 * share a process move alike, so a test that counted them as independent could see a change that is not there
 * (bench/NOTEBOOK.md §11); the unit is the block whatever the F test says. Pure.
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
 * The log ratios (`pairs[i]` is the pair number of `logRatios[i]`) by block of `restartEvery` pairs, in order: every
 * block with a ratio, but one still being filled, so that every unit is the mean of a whole block and a look's units
 * are nested in the next one's. A block is whole once `measured` pairs reach its end; without `measured`, every block
 * but the last, and the last once it has `restartEvery` ratios. A block some of whose pairs were left out (carry-over,
 * a side that served nothing) is the mean of the pairs it kept: one unit still, noisier (see blockMeans).
 */
function byBlock(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
  measured?: number,
): number[][] {
  const blocks = new Map<number, number[]>();
  pairs.forEach((pair, i) => {
    const block = Math.floor(pair / restartEvery);
    blocks.set(block, [...(blocks.get(block) ?? []), logRatios[i]!]);
  });
  const last = pairs.length === 0 ? -1 : Math.floor(Math.max(...pairs) / restartEvery);
  const whole = (block: number, ratios: readonly number[]) =>
    measured === undefined
      ? block < last || ratios.length >= restartEvery
      : (block + 1) * restartEvery <= measured;
  return [...blocks]
    .sort((a, b) => a[0] - b[0])
    .filter(([block, ratios]) => whole(block, ratios))
    .map(([, ratios]) => ratios);
}

/**
 * The one-way F test of the log ratios (`pairs[i]` is the pair number of `logRatios[i]`) over the whole blocks of
 * `restartEvery` consecutive pairs (byBlock) that have two ratios or more; undefined without two such blocks, or
 * `restartEvery` below 2.
 */
export function blockTest(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
): BlockTest | undefined {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return undefined;
  const groups = byBlock(pairs, logRatios, restartEvery).filter((ratios) => ratios.length >= 2);
  if (groups.length < 2) return undefined;
  return {
    ...oneWayAnova(groups),
    blocks: groups.length,
    pairs: groups.reduce((sum, ratios) => sum + ratios.length, 0),
    changes: groups.map((ratios) => Math.expm1(mean(ratios))),
  };
}

/**
 * Each whole block's mean log ratio (byBlock; `measured`: the pairs measured so far), the unit of a design whose
 * pairs share their processes. Unweighted: a block that kept one pair of two weighs as one unit like the others
 * (its process pair is one unit whatever it served; with process offsets its variance is nearly theirs), and the
 * signed-rank test needs units only independent and symmetric under the null, not alike.
 */
export function blockMeans(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
  measured?: number,
): number[] {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return [];
  return byBlock(pairs, logRatios, restartEvery, measured).map(mean);
}
