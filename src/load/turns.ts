/**
 * One turn on a pool's connections: closed loop (send on every connection, again on each answer until the time is
 * up, then wait for the requests in flight, so that none is served in the other side's turn) or open loop
 * (requests due on a schedule, each timed from when it was due). Mechanics only: the connections and the clock are
 * passed in, so that the tests drive them with fakes.
 */
import type { Outcome, TurnConnection } from './connection.ts';

/** The clock turns are timed by: monotonic milliseconds and a timer (the tests pass a fake). */
export interface TurnClock {
  /** Milliseconds, monotonic (performance.now). */
  now(): number;
  /** Calls `fn` after `ms`. */
  after(ms: number, fn: () => void): void;
}

export const realClock: TurnClock = {
  now: () => performance.now(),
  after: (ms, fn) => {
    setTimeout(fn, ms);
  },
};

/** What a closed-loop turn measured, for the rate: responses and the times of the turn and of its answers. */
export interface ClosedTurn {
  responses: number;
  /** From the first send to the last request back. */
  sec: number;
  /** From the first response to the last (over responses - 1 intervals); 0 with fewer than two. */
  spanSec: number;
}

/** How often a turn looks for requests past their timeout, in ms. */
function expiryTick(timeoutMs: number): number {
  return Math.min(100, Math.max(5, timeoutMs / 10));
}

/**
 * A closed-loop turn of `sec` on `connections`; `seen` gets every request's outcome. Ends when the requests in
 * flight at the end of its time have come back, or timed out.
 */
export function closedTurn(
  connections: readonly TurnConnection[],
  sec: number,
  timeoutMs: number,
  clock: TurnClock,
  seen: (outcome: Outcome) => void,
): Promise<ClosedTurn> {
  return new Promise((resolve) => {
    const start = clock.now();
    const until = start + sec * 1000;
    let inFlight = 0;
    let responses = 0;
    let first = 0;
    let last = 0;
    let over = false;
    const finish = (): void => {
      over = true;
      const span = responses > 1 ? (last - first) / 1000 : 0;
      resolve({ responses, sec: (clock.now() - start) / 1000, spanSec: span });
    };
    const send = (connection: TurnConnection): void => {
      inFlight++;
      connection.send((outcome) => {
        inFlight--;
        const now = clock.now();
        if (outcome.kind === 'response') {
          if (responses === 0) first = now;
          last = now;
          responses++;
        }
        seen(outcome);
        if (now < until) send(connection);
        else if (inFlight === 0) finish();
      });
    };
    const expire = (): void => {
      if (over) return;
      const now = clock.now();
      for (const connection of connections) connection.expire(now, timeoutMs);
      clock.after(expiryTick(timeoutMs), expire);
    };
    if (connections.length === 0) {
      finish();
      return;
    }
    for (const connection of connections) send(connection);
    clock.after(expiryTick(timeoutMs), expire);
  });
}

/** An open-loop request's outcome, timed from when it was due; `lagMs`: how late the client noticed it was due. */
export interface PacedOutcome {
  outcome: Outcome;
  /** From when it was due to its answer (or to its timeout); undefined for an error. */
  ms: number | undefined;
}

export interface PacedTurn {
  sent: number;
  /** How late the client itself noticed each request was due (its timer and event loop), ms. */
  lags: number[];
  sec: number;
}

/** Longest an open-loop turn waits for its last answers after it stops sending. */
export const PACED_DRAIN_SEC = 2;

/**
 * An open-loop turn: requests fall due at start + i / rate for `sec`; each goes out on the first free connection
 * (a stalled server makes them wait, and the wait counts); then the answers are awaited, at most the drain time,
 * after which what is left counts as timed out (with the time it waited).
 */
export async function pacedTurn(
  connections: readonly TurnConnection[],
  options: { sec: number; rate: number; timeoutMs: number },
  clock: TurnClock,
  seen: (result: PacedOutcome) => void,
): Promise<PacedTurn> {
  const intervalMs = 1000 / options.rate;
  const start = clock.now();
  const end = start + options.sec * 1000;
  // Requests due and waiting for a free connection: their due times, oldest first.
  const waiting: number[] = [];
  let head = 0;
  let open = 0;
  const lags: number[] = [];
  const answered = (due: number) => (outcome: Outcome) => {
    open--;
    seen({ outcome, ms: outcome.kind === 'error' ? undefined : clock.now() - due });
    dispatch();
  };
  const dispatch = (): void => {
    for (const connection of connections) {
      if (head >= waiting.length) break;
      if (!connection.busy) connection.send(answered(waiting[head++]!));
    }
  };
  let next = start;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = clock.now();
      while (next <= now && next < end) {
        waiting.push(next);
        lags.push(now - next);
        open++;
        next += intervalMs;
      }
      for (const connection of connections) connection.expire(now, options.timeoutMs);
      dispatch();
      if (next >= end) resolve();
      else clock.after(Math.max(0, Math.min(next - clock.now(), 5)), tick);
    };
    tick();
  });
  const drainEnd = clock.now() + Math.min(options.timeoutMs, PACED_DRAIN_SEC * 1000);
  while (open > 0 && clock.now() < drainEnd) {
    for (const connection of connections) connection.expire(clock.now(), options.timeoutMs);
    await new Promise<void>((resolve) => clock.after(2, resolve));
  }
  if (open > 0) {
    // Never sent: timed out with the time they waited. In flight: abandoned (their connections dropped).
    for (; head < waiting.length; head++) {
      open--;
      seen({ outcome: { kind: 'timeout', ms: 0 }, ms: clock.now() - waiting[head]! });
    }
    for (const connection of connections) connection.abandon();
  }
  return { sent: waiting.length, lags, sec: (clock.now() - start) / 1000 };
}
