/** How many pairs: the looks of an adaptive gate and the pairs that confirm a regression. Pure. */

/**
 * Pair counts at which an adaptive gate may stop: every 2 pairs up to 32, then ever further apart. Every comparison
 * counts the looks exactly (src/stats/sequential-boundary.ts), and looks 2 pairs apart are so strongly correlated
 * that ten of them cost little more than five, while a slowdown is caught sooner (bench/NOTEBOOK.md §8).
 */
const LOOK_POINTS = [
  ...[12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32],
  ...[36, 40, 44, 48, 52, 56, 60, 64],
  ...[72, 80, 88, 96, 104, 112, 120, 128],
  ...[144, 160, 176, 192, 208, 224, 240, 256],
  ...[288, 320, 352, 384, 416, 448],
];

/** The first look that spends a full look's share of alpha; looks before it are early (sequential-boundary.ts). */
export const FIRST_FULL_LOOK = LOOK_POINTS[0]!;

/** Units an early look needs: with fewer, no interval at its tiny level can call even a change of −99%. */
const EARLY_UNITS = 3;

/**
 * The early looks of an adaptive gate in blocks of `restartEvery` pairs (0 or 1: every pair is a unit) whose budget
 * reaches FIRST_FULL_LOOK: every even count below it whose units are at least EARLY_UNITS. They spend almost no
 * alpha and call only changes far beyond the threshold (a −99% or a 2× slowdown), long before the first full look.
 */
export function earlyLookPoints(maxPairs: number, restartEvery: number): number[] {
  if (maxPairs < FIRST_FULL_LOOK) return [];
  const perUnit = Math.max(1, Math.floor(restartEvery));
  const points: number[] = [];
  for (let n = 4; n < FIRST_FULL_LOOK; n += 2) if (Math.floor(n / perUnit) >= EARLY_UNITS) points.push(n);
  return points;
}

/**
 * The looks of an adaptive gate whose budget allows `maxPairs` pairs: the fixed points below it and the budget's
 * end (rounded down to an even count, so base and head go first equally often). The looks are fixed before the
 * first one, so every comparison can count all of them.
 */
export function planLooks(maxPairs: number): number[] {
  const last = Math.max(2, maxPairs - (maxPairs % 2));
  return [...LOOK_POINTS.filter((n) => n < last), last];
}

/**
 * Extra pairs a borderline regression at the budget's end earns before the step fails: half as many again, at
 * least 4.
 */
export function confirmationPairs(pairs: number): number {
  const extra = Math.max(4, Math.ceil(pairs / 2));
  return extra + (extra % 2);
}
