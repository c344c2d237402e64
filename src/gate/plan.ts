/** The order of rounds. Pure. */
import type { Config } from '../model/config.ts';
import type { Side } from '../model/measure.ts';

export interface PairPlan {
  pair: number;
  /** The two sides in the order they run: base first in even pairs, head first in odd ones (ABBA…). */
  order: readonly [Side, Side];
}

/**
 * ABBA…: alternating which side goes first cancels a linear drift of the host's speed within each two pairs,
 * and any advantage of going first or second.
 */
export function schedule(pairs: number): PairPlan[] {
  return Array.from({ length: pairs }, (_, pair) => ({
    pair,
    order: pair % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const),
  }));
}

/**
 * Pair counts at which an adaptive gate may stop: every 2 pairs up to 32, then ever further apart. Every comparison
 * counts the looks exactly (src/stats/sequential-boundary.ts), and looks 2 pairs apart are so strongly correlated
 * that ten of them cost little more than five: in the replays of bench/RESULTS.md, looking every 2 pairs instead of
 * every 4 caught a 5% slowdown within 90 s in 87% of gates instead of 69%.
 */
const LOOK_POINTS = [
  ...[12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32],
  ...[36, 40, 44, 48, 52, 56, 60, 64],
  ...[72, 80, 88, 96, 104, 112, 120, 128],
  ...[144, 160, 176, 192, 208, 224, 240, 256],
  ...[288, 320, 352, 384, 416, 448],
];

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
 * The fewest pairs that confirm a borderline regression: it must still hold after at least this many more (at the
 * next look, when looks are 2 pairs apart). In replays of 2,000 gates (bench/RESULTS.md) 2 rather than 4 caught a
 * 5% slowdown within 90 s in 93.5% of gates instead of 88.3%, with 0.1% of A/A gates failing either way.
 */
export const MIN_CONFIRMATION_PAIRS = 2;

/**
 * Extra pairs a borderline regression at the budget's end earns before the step fails: half as many again, at
 * least 4. (Within the budget, the pairs up to the next looks confirm it: MIN_CONFIRMATION_PAIRS.)
 */
export function confirmationPairs(pairs: number): number {
  const extra = Math.max(4, Math.ceil(pairs / 2));
  return extra + (extra % 2);
}

/**
 * The fewest pairs with which `comparisons` Holm-adjusted exact signed-rank tests can reach significance at all:
 * the smallest two-sided p-value of n pairs is 2/2^n, and Holm multiplies the smallest by the number of tests.
 */
export function minimumPairs(comparisons: number, alpha: number): number {
  let n = 1;
  while ((2 / 2 ** n) * comparisons >= alpha) n++;
  return n;
}

/**
 * Whether base and head servers run side by side (only one loaded at a time), living for blocks of `restartEvery`
 * pairs. A server on a fixed port cannot share it, and `restart-every: 0` asks for a fresh process per round.
 */
export function sideBySide(config: Pick<Config, 'port' | 'restartEvery'>): boolean {
  return config.port === undefined && config.restartEvery > 0;
}

/** Whether base and head take turns in slices within a pair (only when both servers run side by side). */
export function slicing(config: Pick<Config, 'port' | 'restartEvery' | 'sliceSec' | 'durationSec'>): boolean {
  return sideBySide(config) && config.sliceSec > 0 && config.sliceSec < config.durationSec;
}

/** Slices each side gets in a sliced pair: its `durationSec` in slices as close to `sliceSec` as divide it. */
export function sliceCount(durationSec: number, sliceSec: number): number {
  return Math.max(1, Math.round(durationSec / sliceSec));
}

/**
 * autocannon's sampling interval for a window of `durationSec`: it ends a run at the first tick after the
 * duration, so the longest interval from 50 ms down to 5 ms that divides the window's milliseconds ends it on
 * time (250 ms → 50, 125 ms → 25); any other window gets 5 ms ticks and ends within 5 ms.
 */
export function sampleTickMs(durationSec: number): number {
  const ms = durationSec * 1000;
  const whole = Math.round(ms);
  if (Math.abs(ms - whole) < 1e-6) for (let tick = 50; tick > 5; tick--) if (whole % tick === 0) return tick;
  return 5;
}

/**
 * Open-loop load each side gets per pair, after its closed-loop `duration`: a sixth of it (0.33 s at the default
 * 2 s), enough for a p99 from a thousand or more requests at typical rates while adding little to a pair's time.
 */
export function openLoopSec(durationSec: number): number {
  return durationSec / 6;
}

/**
 * Requests per second the open-loop client sends on schedule with room to spare on one core: at 5,000 its own lag
 * stays within 1.3–3.3 ms at p99 (node:http, tried first, fell 30 ms behind at 36,000 and its queue became the p99).
 */
export const OPEN_LOOP_MAX_RATE = 5000;

/** The open loop's rate for a share of base's req/s, within what the client sustains. */
export function openLoopRate(share: number, baseRps: number): number {
  return Math.max(1, Math.min(OPEN_LOOP_MAX_RATE, Math.round(share * baseRps)));
}

/**
 * Turns of priming per side when a block of `restart-every` pairs starts new server processes (1 s of load each,
 * thrown away; two turns go base, head, head, base). None when every pair has processes of its own
 * (`restart-every: 1`): both sides start cold together and take turns within the pair, so the warm-up falls on both
 * alike, and priming would double the cost of a pair (10 s instead of 5 s for the bench server, bench/RESULTS.md
 * section 11).
 */
export function primingTurns(restartEvery: number): number {
  return restartEvery === 1 ? 0 : 2;
}

/**
 * Pairs a server process serves by default (`restart-every`): by the first look (12 pairs) that is three blocks of
 * processes, so that one or two process pairs that run apart from their twins cannot decide alone (bench/RESULTS.md
 * section 13: 0.3% of replayed A/A gates failed on a server whose processes differ, against 2.6–4.1% with blocks
 * of 8), for 0.6 s more per pair than blocks of 8.
 */
export const DEFAULT_RESTART_EVERY = 4;

/** The share of a pair's time above which starting the servers of every pair is worth a note. */
export const STARTUP_SHARE_NOTE = 1 / 3;

/**
 * With a new pair of processes for every pair (`restart-every: 1`), a server that takes long to start pays that on
 * every pair: when starting took at least STARTUP_SHARE_NOTE of a pair's time (both in seconds per pair), a note
 * that says so and what to set instead; undefined otherwise.
 */
export function startupNote(startupSec: number, pairSec: number): string | undefined {
  if (!(pairSec > 0 && startupSec >= STARTUP_SHARE_NOTE * pairSec)) return undefined;
  return `starting base and head took ${startupSec.toFixed(1)} s of every pair's ${pairSec.toFixed(1)} s (\`restart-every: 1\` starts new processes for every pair). For a server this slow to start, the default \`restart-every: ${DEFAULT_RESTART_EVERY}\` starts them once per ${DEFAULT_RESTART_EVERY} pairs (and primes them, so they are measured warm), and the time budget buys more pairs.`;
}

/** Disturbed measurements in a row after which the next disturbed pair is kept, not measured again. */
export const MEASURED_AGAIN_IN_A_ROW = 4;

/**
 * Whether a disturbed pair (0-based `pair`, never the first) is measured again. Not when it and the 4 measurements
 * before it were all disturbed (`disturbedInARow` counts it): the machine is busy throughout and measuring again
 * does not help. Nor when half of the pairs (at least four) were measured again already (`measuredAgain`): the
 * cost of a disturbance that comes and goes. A pair that is not measured again is kept: base and head took turns
 * in it, so both felt the disturbance alike (in expectation); it is noisier, not biased, and the rank tests and
 * the intervals account for the noise they see.
 */
export function measureAgain(pair: number, disturbedInARow: number, measuredAgain: number): boolean {
  return disturbedInARow <= MEASURED_AGAIN_IN_A_ROW && measuredAgain < Math.max(4, Math.ceil(pair / 2));
}
