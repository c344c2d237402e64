/**
 * The load engines bench/engines.ts compares, behind one pool interface (src/load/pool.ts): the kept engine on our
 * raw-socket connections, the same turns on undici connections (a `Client` per connection, `dispatch`), and
 * autocannon with a fresh instance per turn. The turns, the tally and the rate are the same code for all three; only
 * the client differs.
 */
import { Client } from 'undici-bench';
import type { ConnectionEvents, Outcome, TurnConnection } from '../src/load/connection.ts';
import { AutocannonPool, KeptPool, type Pool } from '../src/load/pool.ts';
import { realClock } from '../src/load/turns.ts';
import type { PoolSpec } from '../src/model/measure.ts';

export type Candidate = 'kept' | 'undici' | 'autocannon';
export const CANDIDATES: readonly Candidate[] = ['kept', 'undici', 'autocannon'];

/** One keep-alive connection on an undici Client of its own (pipelining 1), as the turns drive it. */
class UndiciConnection implements TurnConnection {
  private inFlight:
    | { sentAt: number; done: (o: Outcome) => void; abort?: (reason: Error) => void }
    | undefined;
  private readonly client: Client;
  private readonly spec: PoolSpec;
  private readonly path: string;
  private readonly events: ConnectionEvents;

  constructor(spec: PoolSpec, events: ConnectionEvents) {
    const url = new URL(spec.url);
    this.spec = spec;
    this.path = `${url.pathname}${url.search}`;
    this.events = events;
    const timeoutMs = spec.timeoutSec * 1000;
    this.client = new Client(url.origin, {
      pipelining: 1,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    let opened = false;
    this.client.on('connect', () => {
      if (opened) events.reconnected();
      opened = true;
    });
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  send(done: (o: Outcome) => void): void {
    const request = { sentAt: performance.now(), done } as NonNullable<typeof this.inFlight>;
    this.inFlight = request;
    let status = 0;
    const settle = (outcome: Outcome): void => {
      if (this.inFlight !== request) return;
      this.inFlight = undefined;
      process.nextTick(done, outcome);
    };
    this.client.dispatch(
      {
        path: this.path,
        method: this.spec.method,
        headers: this.spec.headers,
        ...(this.spec.body === undefined ? {} : { body: this.spec.body }),
      },
      {
        onRequestStart: (controller) => {
          request.abort = (reason) => controller.abort(reason);
        },
        onResponseStart: (_controller, statusCode) => {
          status = statusCode;
        },
        onResponseData: (_controller, chunk) => {
          this.events.received(chunk.length);
        },
        onResponseEnd: () => settle({ kind: 'response', status, ms: performance.now() - request.sentAt }),
        onResponseError: (_controller, error) => {
          const code = (error as { code?: string }).code ?? '';
          const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
          settle(timedOut ? { kind: 'timeout', ms: performance.now() - request.sentAt } : { kind: 'error' });
        },
      },
    );
  }

  expire(now: number, timeoutMs: number): void {
    if (this.inFlight && now - this.inFlight.sentAt > timeoutMs) this.abandon();
  }

  abandon(): void {
    const request = this.inFlight;
    if (!request) return;
    this.inFlight = undefined;
    request.abort?.(new Error('timed out'));
    process.nextTick(request.done, { kind: 'timeout', ms: performance.now() - request.sentAt });
  }

  close(): void {
    this.inFlight = undefined;
    void this.client.destroy().catch(() => {});
  }
}

/** A pool of the candidate's engine. */
export function candidatePool(candidate: Candidate, spec: PoolSpec): Pool {
  if (candidate === 'autocannon') return new AutocannonPool({ ...spec, engine: 'autocannon' });
  if (candidate === 'undici')
    return new KeptPool(spec, realClock, (s, events) =>
      Array.from({ length: s.connections }, () => new UndiciConnection(s, events)),
    );
  return new KeptPool(spec);
}
