/**
 * The leak test: whether head's server keeps more of its heap as it serves than base's. Each window's end takes a
 * full collection and reads the heap left (RoundMemory.retainedBytes) with the requests the process had begun
 * (`served`); within each block of pairs that shared their processes, each side's slope of heap kept against
 * requests served, in bytes per request (least squares); the unit is the block's head − base slope, so that the
 * heap both sides grow early in their lives (compiled code, caches filling) cancels. Its interval is at the family's
 * level like every comparison's (src/decide/family.ts), and the rule is rule.ts's on an absolute scale:
 *
 * - regression: the whole interval above `floor` × the threshold, the estimate at or above it;
 * - improvement: the mirror image (base leaks, head does not);
 * - no change: the equivalence interval inside ±threshold; otherwise inconclusive.
 *
 * Tested only where the design gives a process two readings or more (`restart-every` 2 or more, or two scenarios or
 * more), and the first pair's rounds carry the heap kept: fixed before the first look. Pure.
 */
import type { LeakComparison } from '../model/decision.ts';
import type { Round, Side } from '../model/measure.ts';
import { mean, median } from '../stats/describe.ts';
import { excludesZero } from '../stats/inference.ts';
import { adjustedP, type Family } from './family.ts';
import { inferUnits } from './interval.ts';
import { ruleVerdict } from './rule.ts';

/** Bytes a leak must keep per request to matter: 1 MB (MiB) per 100,000 requests (bench/NOTEBOOK.md §47). */
export const LEAK_THRESHOLD = (1024 * 1024) / 100_000;

/** The block of processes a pair ran on: pairs share theirs in blocks of `restartEvery` (2 or more), else not. */
function blockOf(pair: number, restartEvery: number): number {
  return restartEvery >= 2 ? Math.floor(pair / restartEvery) : pair;
}

/** Whether a group is tested for a leak (the file comment): decided from the design and its first pair alone. */
export function leakTested(rounds: readonly Round[], scenarios: number, restartEvery: number): boolean {
  const first = rounds.filter((r) => r.pair === 0);
  const readings = restartEvery >= 2 || scenarios >= 2;
  return (
    readings &&
    first.some((r) => r.side === 'head') &&
    first.some((r) => r.side === 'base') &&
    first.every((r) => r.measurement.memory?.retainedBytes !== undefined)
  );
}

/** Least-squares slope of y on x; undefined below two distinct x. */
export function slope(points: readonly [number, number][]): number | undefined {
  if (points.length < 2) return undefined;
  const mx = mean(points.map((p) => p[0]));
  const my = mean(points.map((p) => p[1]));
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : undefined;
}

/** Per block whose pairs are all measured (`measured` of them so far): each side's slope and last reading's requests. */
export function blockSlopes(rounds: readonly Round[], restartEvery: number, measured: number) {
  const blocks = new Map<number, Record<Side, [number, number][]>>();
  for (const r of rounds) {
    const memory = r.measurement.memory;
    if (memory?.retainedBytes === undefined) continue;
    const block = blockOf(r.pair, restartEvery);
    if (restartEvery >= 2 && (block + 1) * restartEvery > measured) continue;
    const entry = blocks.get(block) ?? { base: [], head: [] };
    entry[r.side].push([memory.served, memory.retainedBytes]);
    blocks.set(block, entry);
  }
  const out: { base: number; head: number; requests: number }[] = [];
  for (const [, sides] of [...blocks].sort((a, b) => a[0] - b[0])) {
    const base = slope(sides.base);
    const head = slope(sides.head);
    if (base === undefined || head === undefined) continue;
    const requests = Math.max(...sides.head.map((p) => p[0]), ...sides.base.map((p) => p[0]));
    out.push({ base, head, requests });
  }
  return out;
}

/** The leak comparison of a group's rounds at this look (`measured` pairs); undefined without a block to compare. */
export function compareLeak(
  rounds: readonly Round[],
  restartEvery: number,
  measured: number,
  f: Family,
  threshold: number = LEAK_THRESHOLD,
): LeakComparison | undefined {
  const blocks = blockSlopes(rounds, restartEvery, measured);
  if (blocks.length === 0) return undefined;
  const units = blocks.map((b) => b.head - b.base);
  const inferred = inferUnits(units, f.level);
  const nan = Number.NaN;
  const ci: [number, number] = inferred ? [inferred.inference.lower, inferred.inference.upper] : [nan, nan];
  const change = inferred?.inference.estimate ?? units[0]!;
  const equivalent = f.equivalence > 0 ? inferUnits(units, f.equivalence) : undefined;
  const within: [number, number] = equivalent
    ? [equivalent.inference.lower, equivalent.inference.upper]
    : [nan, nan];
  const significant = excludesZero(ci[0], ci[1]);
  return {
    units: units.length,
    base: median(blocks.map((b) => b.base)),
    head: median(blocks.map((b) => b.head)),
    change,
    ci,
    level: f.level,
    equivalence: { ci: within, level: f.equivalence },
    threshold,
    requests: mean(blocks.map((b) => b.requests)),
    pAdjusted: adjustedP(inferred?.inference.p ?? 1, f, significant),
    method: inferred?.method ?? 't',
    verdict: ruleVerdict(change, ci, within, threshold, f.floor),
  };
}
