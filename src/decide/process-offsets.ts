/**
 * Whether a gate's server processes differed for their whole life: pairs that share a process move alike, so a
 * test that counts them as independent can see a change that is not there (bench/RESULTS.md §11). Pure.
 */
import { type AnovaResult, oneWayAnova } from '../stats/anova.ts';
import { mean } from '../stats/describe.ts';

/** Below this p-value a gate's blocks are said to differ; shared among its scenarios (offsetLevel). */
export const PROCESS_OFFSET_LEVEL = 0.01;

/**
 * The level of each F test among `scenarios` scenarios served by the same processes (Bonferroni), so that many
 * scenarios are guarded by chance as rarely as one; a scenario's metrics move together, so they are not counted.
 */
export function offsetLevel(scenarios: number): number {
  return PROCESS_OFFSET_LEVEL / Math.max(1, scenarios);
}

export interface BlockTest extends AnovaResult {
  /** Blocks of at least two pairs that were compared, and the pairs in them. */
  blocks: number;
  pairs: number;
  /** Each block's mean log ratio as a relative change (head against base), in block order. */
  changes: number[];
}

/** The log ratios (`pairs[i]` is the pair number of `logRatios[i]`) by block of `restartEvery` pairs, in order. */
function byBlock(pairs: readonly number[], logRatios: readonly number[], restartEvery: number): number[][] {
  const blocks = new Map<number, number[]>();
  pairs.forEach((pair, i) => {
    const block = Math.floor(pair / restartEvery);
    blocks.set(block, [...(blocks.get(block) ?? []), logRatios[i]!]);
  });
  return [...blocks]
    .sort((a, b) => a[0] - b[0])
    .map(([, ratios]) => ratios)
    .filter((ratios) => ratios.length >= 2);
}

/**
 * The one-way F test of the log ratios (`pairs[i]` is the pair number of `logRatios[i]`) over blocks of
 * `restartEvery` consecutive pairs; undefined without two blocks of at least two pairs, or `restartEvery` below 2.
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
 * Each block's mean log ratio, the unit of a decision whose blocks differed: blocks of at least two pairs, the
 * ones the F test compares (a block of one pair so far waits for its next).
 */
export function blockMeans(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
): number[] {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return [];
  return byBlock(pairs, logRatios, restartEvery).map(mean);
}

/** Whether a block test says the blocks' processes differed, at `level` (default PROCESS_OFFSET_LEVEL). */
export function processesDiffered(
  test: BlockTest | undefined,
  level: number = PROCESS_OFFSET_LEVEL,
): test is BlockTest {
  return test !== undefined && test.p < level;
}
