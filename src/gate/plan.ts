/** The order of rounds and how server processes live: which side goes first, priming, measuring again. Pure. */
import { DEFAULT_RESTART_EVERY } from '../config/defaults.ts';
import type { Config } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import { startupNoteText } from '../report/gate-text.ts';

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

/** Time kept back at the end of the gate's time limit for writing the report and publishing it. */
export const PUBLISH_RESERVE_MS = 30_000;

/** Seconds of load in each turn of priming (thrown away; the turns: `primingTurns`). */
export const PRIME_SEC = 1;

/**
 * Whether base and head servers run side by side (only one loaded at a time), living for blocks of `restartEvery`
 * pairs; `restart-every: 0` asks for a fresh process per round. A server on a fixed port runs side by side too, each
 * side's port moved to one of its own (movesFixedPort); when a server keeps its fixed port all the same, the gate
 * falls back to a fresh process per round as it starts (see moved-port.ts).
 */
export function sideBySide(config: Pick<Config, 'restartEvery'>): boolean {
  return config.restartEvery > 0;
}

/**
 * Whether the servers' fixed port (input `port`) is moved to a port of each side's own (the port preload), so that
 * base and head can run side by side: whenever there is one and they are to run side by side.
 */
export function movesFixedPort(config: Pick<Config, 'port' | 'restartEvery'>): boolean {
  return config.port !== undefined && sideBySide(config);
}

/** Whether base and head take turns in slices within a pair (only when both servers run side by side). */
export function slicing(config: Pick<Config, 'restartEvery' | 'sliceSec' | 'durationSec'>): boolean {
  return sideBySide(config) && config.sliceSec > 0 && config.sliceSec < config.durationSec;
}

/**
 * Turns of priming per side when a block of `restart-every` pairs starts new server processes (PRIME_SEC of load
 * each, thrown away; two turns go base, head, head, base). None when every pair has processes of its own
 * (`restart-every: 1`): both sides start cold together and take turns within the pair, so the warm-up falls on both
 * alike, and priming would double the cost of a pair (bench/RESULTS.md §11).
 */
export function primingTurns(restartEvery: number): number {
  return restartEvery === 1 ? 0 : 2;
}

/** The share of a pair's time above which starting the servers of every pair is worth a note. */
export const STARTUP_SHARE_NOTE = 1 / 3;

/**
 * With a new pair of processes for every pair (`restart-every: 1`), a server that takes long to start pays that on
 * every pair: when starting took at least STARTUP_SHARE_NOTE of a pair's time (both in seconds per pair), a note
 * that says so and what to set instead; undefined otherwise.
 */
export function startupNote(startupSec: number, pairSec: number): string | undefined {
  if (!(pairSec > 0 && startupSec >= STARTUP_SHARE_NOTE * pairSec)) return undefined;
  return startupNoteText(startupSec, pairSec, DEFAULT_RESTART_EVERY);
}

/** Disturbed measurements in a row after which the next disturbed pair is kept, not measured again. */
export const MEASURED_AGAIN_IN_A_ROW = 4;

/**
 * Whether a disturbed pair (0-based `pair`, never the first) is measured again. Not when it and the 4 measurements
 * before it were all disturbed (`disturbedInARow` counts it): the machine is busy throughout and measuring again
 * does not help. Nor when half of the pairs (at least four) were measured again already (`measuredAgain`): the
 * cost of a disturbance that comes and goes. A pair that is not measured again is kept: base and head took turns
 * in it, so both felt the disturbance alike (in expectation); it is noisier, not biased, and the rank tests and
 * the intervals account for the noise they see (bench/RESULTS.md §10).
 */
export function measureAgain(pair: number, disturbedInARow: number, measuredAgain: number): boolean {
  return disturbedInARow <= MEASURED_AGAIN_IN_A_ROW && measuredAgain < Math.max(4, Math.ceil(pair / 2));
}
