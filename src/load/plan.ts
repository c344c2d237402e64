/** How a turn's load is paced: autocannon's sampling ticks, the open loop's window and rate. Pure. */

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
 * Open-loop load each side gets per pair, after its closed-loop `duration`: a sixth of it, enough requests for a
 * p99 while adding little to a pair's time (bench/NOTEBOOK.md §5).
 */
export function openLoopSec(durationSec: number): number {
  return durationSec / 6;
}

/**
 * Requests per second the open-loop client sends on schedule with room to spare on one core; beyond it the
 * client's own lag would become the p99 (bench/NOTEBOOK.md §5).
 */
export const OPEN_LOOP_MAX_RATE = 5000;

/** The open loop's rate for a share of base's req/s, within what the client sustains. */
export function openLoopRate(share: number, baseRps: number): number {
  return Math.max(1, Math.min(OPEN_LOOP_MAX_RATE, Math.round(share * baseRps)));
}
