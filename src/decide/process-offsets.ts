/**
 * Whether the server processes of a gate differed for their whole life. With `restart-every` above 1, the pairs of
 * a block share one base and one head process; a process that happens to run a few percent faster or slower than
 * its twin (where the JIT settled, where memory landed) moves every pair of its block alike, and a test that counts
 * pairs as independent then sees a change that is not there (bench/RESULTS.md section 11: 29–31% of A/A gates).
 * The one-way F test of the blocks' per-pair log ratios says when blocks differ by more than the pairs within them
 * allow. Pure.
 */
import { type AnovaResult, oneWayAnova } from '../stats/anova.ts';
import { mean } from '../stats/describe.ts';

/**
 * Below this p-value the blocks are said to differ (for processes that run alike, about once in 100 comparisons).
 * A gate's processes serve all its scenarios, and one F test per scenario and metric would find blocks that differ
 * by chance in a quarter of the gates of 10 scenarios: the level is shared among the scenarios (offsetLevel).
 */
export const PROCESS_OFFSET_LEVEL = 0.01;

/**
 * The level of each comparison's F test among those of `scenarios` scenarios served by the same processes:
 * PROCESS_OFFSET_LEVEL divided among the scenarios (Bonferroni), so that a gate of many scenarios whose processes
 * run alike is guarded by chance about as rarely as a gate of one. The metrics of a scenario are not counted: an
 * offset of the processes moves its req/s and latencies together. A real offset moves every scenario alike, so
 * it still shows.
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

/**
 * The F test over blocks of `restartEvery` consecutive pairs (pair numbers 0…restartEvery−1 form the first) of
 * per-pair log ratios (`pairs[i]` is the pair number of `logRatios[i]`). Undefined when there are fewer than two
 * blocks of at least two pairs (a block of one pair says nothing about its processes) or `restartEvery` is below 2.
 */
export function blockTest(
  pairs: readonly number[],
  logRatios: readonly number[],
  restartEvery: number,
): BlockTest | undefined {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return undefined;
  const byBlock = new Map<number, number[]>();
  pairs.forEach((pair, i) => {
    const block = Math.floor(pair / restartEvery);
    byBlock.set(block, [...(byBlock.get(block) ?? []), logRatios[i]!]);
  });
  const groups = [...byBlock]
    .sort((a, b) => a[0] - b[0])
    .map(([, ratios]) => ratios)
    .filter((ratios) => ratios.length >= 2);
  if (groups.length < 2) return undefined;
  return {
    ...oneWayAnova(groups),
    blocks: groups.length,
    pairs: groups.reduce((sum, ratios) => sum + ratios.length, 0),
    changes: groups.map((ratios) => Math.expm1(mean(ratios))),
  };
}

/** Whether a block test says the blocks' processes differed, at `level` (default PROCESS_OFFSET_LEVEL). */
export function processesDiffered(
  test: BlockTest | undefined,
  level: number = PROCESS_OFFSET_LEVEL,
): test is BlockTest {
  return test !== undefined && test.p < level;
}
