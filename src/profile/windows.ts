/**
 * One profiled process's samples split into the windows of load it got. Both sides run under 0x at once and take
 * turns (base, head, head, base, …), so each process is busy in its own windows and idle in the other side's. The
 * V8 log times its samples from the logger's start, an instant we do not see from outside, somewhere between 0x's
 * spawn and the server's first answer: the offset to our clock is the one within that range that puts the most
 * busy samples into this side's windows and the fewest into the other side's. Pure.
 */
import { busySamples, type RawTicks } from './ticks.ts';
import type { TimedTicks } from './v8-log.ts';

/** A span on our clock (performance.now(), ms). */
export interface Span {
  startMs: number;
  endMs: number;
}

export interface Alignment {
  /** Added to a sample's time on the log's clock, it gives the time on ours (ms). */
  offsetMs: number;
  /** Of the busy samples between the first window's start and the last one's end, the share in own windows. */
  inOwn: number;
}

/** Busy samples this side's windows would hold at offset δ, less those the other side's would. */
function scorer(busyMs: readonly number[], own: readonly Span[], other: readonly Span[]) {
  const below = (t: number): number => {
    let lo = 0;
    let hi = busyMs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (busyMs[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const within = (spans: readonly Span[], offset: number): number =>
    spans.reduce((n, s) => n + below(s.endMs - offset) - below(s.startMs - offset), 0);
  return { within, score: (offset: number): number => within(own, offset) - within(other, offset) };
}

/**
 * The offset (log clock → ours) within `range` that best fits the busy samples to this side's windows, searched
 * in steps of 1 ms; the middle of the best run of equal scores.
 */
export function alignTicks(
  timed: TimedTicks,
  own: readonly Span[],
  other: readonly Span[],
  range: { fromMs: number; toMs: number },
): Alignment {
  const busy = busySamples(timed.ticks);
  const busyMs = timed.timesMs.filter((_, i) => busy[i]).sort((a, b) => a - b);
  const { within, score } = scorer(busyMs, own, other);
  let best = Number.NEGATIVE_INFINITY;
  let bestFrom = range.fromMs;
  let bestTo = range.fromMs;
  let run = false;
  for (let offset = range.fromMs; offset <= range.toMs; offset += 1) {
    const s = score(offset);
    if (s > best) {
      best = s;
      bestFrom = offset;
      bestTo = offset;
      run = true;
    } else if (s === best && run) bestTo = offset;
    else run = false;
  }
  const offsetMs = (bestFrom + bestTo) / 2;
  const first = Math.min(...own.map((s) => s.startMs), ...other.map((s) => s.startMs));
  const last = Math.max(...own.map((s) => s.endMs), ...other.map((s) => s.endMs));
  const span = within([{ startMs: first, endMs: last }], offsetMs);
  return { offsetMs, inOwn: span === 0 ? 0 : within(own, offsetMs) / span };
}

/** The samples of each window (all of them: idle ones are left out later, as in any profile), in window order. */
export function splitTicks(timed: TimedTicks, windows: readonly Span[], offsetMs: number): RawTicks[] {
  const out: RawTicks[] = windows.map(() => []);
  const order = windows.map((w, i) => ({ ...w, i })).sort((a, b) => a.startMs - b.startMs);
  for (const [index, stack] of timed.ticks.entries()) {
    const t = timed.timesMs[index]! + offsetMs;
    // Few windows: a linear look is fast enough, and adjacent windows of one side share no sample.
    const window = order.find((w) => t >= w.startMs && t < w.endMs);
    if (window !== undefined) out[window.i]!.push(stack);
  }
  return out;
}
