/**
 * Whether the server processes of a gate differed for their whole life. With `restart-every` above 1, the pairs of
 * a block share one base and one head process; a process that happens to run a few percent faster or slower than
 * its twin (where the JIT settled, where memory landed) moves every pair of its block alike, and the verdict, which
 * counts pairs as independent, then sees a change that is not there (bench/RESULTS.md section 11: 29–31% of A/A
 * gates). The one-way F test of the blocks' req/s log ratios says when the blocks differ by more than the pairs
 * within them allow. Pure.
 */
import { metricValue, type Round } from './measure.ts';
import { type AnovaResult, oneWayAnova } from './stats/anova.ts';
import { mean } from './stats/describe.ts';

/** Below this p-value the blocks are said to differ (a gate whose processes run alike warns about once in 100). */
export const PROCESS_OFFSET_LEVEL = 0.01;

export interface ProcessOffsets extends AnovaResult {
  scenario: string;
  /** Blocks of at least two pairs that were compared, and pairs in them. */
  blocks: number;
  pairs: number;
  /** The lowest and highest block's mean req/s ratio of head to base, as relative changes. */
  lowest: number;
  highest: number;
}

/**
 * The F test over blocks of `restartEvery` consecutive pairs (pair numbers 0…restartEvery−1 form the first), per
 * scenario; a scenario with fewer than two blocks of at least two pairs is left out.
 */
export function processOffsets(rounds: readonly Round[], restartEvery: number): ProcessOffsets[] {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return [];
  const scenarios = [...new Set(rounds.map((round) => round.scenario))];
  const found: ProcessOffsets[] = [];
  for (const scenario of scenarios) {
    const byPair = new Map<number, Partial<Record<Round['side'], number>>>();
    for (const round of rounds) {
      if (round.scenario !== scenario) continue;
      const value = metricValue(round.measurement, 'rps');
      if (!(Number.isFinite(value) && value > 0)) continue;
      const entry = byPair.get(round.pair) ?? {};
      entry[round.side] = value;
      byPair.set(round.pair, entry);
    }
    const byBlock = new Map<number, number[]>();
    for (const [pair, { base, head }] of byPair) {
      if (base === undefined || head === undefined) continue;
      const block = Math.floor(pair / restartEvery);
      byBlock.set(block, [...(byBlock.get(block) ?? []), Math.log(head / base)]);
    }
    const groups = [...byBlock.values()].filter((ratios) => ratios.length >= 2);
    if (groups.length < 2) continue;
    const means = groups.map((ratios) => mean(ratios));
    found.push({
      scenario,
      ...oneWayAnova(groups),
      blocks: groups.length,
      pairs: groups.reduce((sum, ratios) => sum + ratios.length, 0),
      lowest: Math.expm1(Math.min(...means)),
      highest: Math.expm1(Math.max(...means)),
    });
  }
  return found;
}

function percent(change: number): string {
  return `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)}%`;
}

/** The report's note when some scenario's blocks differed (p below PROCESS_OFFSET_LEVEL); undefined otherwise. */
export function processOffsetNote(
  offsets: readonly ProcessOffsets[],
  restartEvery: number,
): string | undefined {
  const differing = offsets.filter((o) => o.p < PROCESS_OFFSET_LEVEL);
  if (differing.length === 0) return undefined;
  const which = differing
    .map(
      (o) =>
        `${o.scenario}: block means of head/base req/s from ${percent(o.lowest)} to ${percent(o.highest)} over ${o.blocks} blocks, F = ${o.f.toFixed(1)}, p ${o.p < 0.001 ? '< 0.001' : `= ${o.p.toFixed(3)}`}`,
    )
    .join('; ');
  return `the server's processes differed for their whole life: the blocks of ${restartEvery} pairs that shared a base and a head process differ by more than the pairs within a block allow (${which}). The pairs of a block then lean together, and the verdict, which counts them as independent, can call a change that is only a difference between two processes. Use \`restart-every: 1\` (new processes for every pair, the default) for this server.`;
}
