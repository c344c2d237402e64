/**
 * An open-loop HTTP client (as wrk2 is): requests go out at a fixed rate whatever the server does, over a fixed
 * pool of keep-alive connections (raw sockets: node:http costs too much per request to keep to a schedule at
 * thousands per second), and each is timed from when it was due. A closed loop (autocannon) waits for a
 * free connection before sending, so a server that stalls is simply sent less while it stalls and its queue never
 * shows in the latencies (coordinated omission); here the requests that fell due during a stall wait, and count.
 * Runs in the load generator's process.
 */
import net from 'node:net';
import type { LoadSpec, PacedMeasurement, PacedSpec } from '../model/measure.ts';
import { ResponseReader, requestBytes } from './http-responses.ts';
import { latencySummary, quantileOf } from './latency.ts';

/** Longest a window waits for its last answers after it stops sending. */
export const PACED_DRAIN_SEC = 2;

/** Open-loop warm-up before each side's open-loop load (connections, the rate's steady state). */
export const PACED_WARMUP_SEC = 0.2;

/** The longest one side's open-loop load can take, in `windows` measured windows plus its warm-up. */
export function pacedLimitSec(paced: PacedSpec | undefined, windows: number): number {
  if (!paced) return 0;
  return PACED_WARMUP_SEC + paced.durationSec + (windows + 1) * PACED_DRAIN_SEC;
}

/** One side's open-loop tally, over one or more windows (slices) at the same rate. */
export class PacedTally {
  private latencies: number[] = [];
  private lags: number[] = [];
  sent = 0;
  responses = 0;
  failures = 0;
  private readonly spec: LoadSpec;
  private readonly paced: PacedSpec;
  private readonly url: URL;
  private readonly request: Buffer;
  /** Connections kept from window to window (slices of one pair); opened as needed. */
  private readonly connections: Connection[] = [];

  constructor(spec: LoadSpec, paced: PacedSpec) {
    this.spec = spec;
    this.paced = paced;
    this.url = new URL(spec.url);
    this.request = requestBytes(this.url, spec.method, spec.headers, spec.body);
  }

  /** Sends at the rate for `durationSec`, then waits for the answers (at most the drain time). */
  async window(durationSec: number, record: boolean): Promise<void> {
    const intervalMs = 1000 / this.paced.rate;
    const timeoutMs = this.spec.timeoutSec * 1000;
    const start = performance.now();
    const end = start + durationSec * 1000;
    // Requests that fell due and wait for a free connection: their due times, oldest first.
    const waiting: number[] = [];
    let head = 0;
    let open = 0;
    const settle = (due: number, ok: boolean, outcome: 'answered' | 'timeout' | 'error'): void => {
      open--;
      if (!record) return;
      if (outcome === 'answered') this.responses++;
      // A request that timed out counts with the time it waited (its latency is at least that); one that never
      // reached the server (connection refused or reset) has no latency, only a failure.
      if (outcome !== 'error') this.latencies.push(performance.now() - due);
      if (!ok) this.failures++;
    };
    const dispatch = (): void => {
      for (const connection of this.connections) {
        if (head >= waiting.length) break;
        if (connection.busy()) continue;
        connection.send(waiting[head++]!, settle);
      }
      if (head > 4096 && head * 2 > waiting.length) {
        waiting.splice(0, head);
        head = 0;
      }
    };
    while (this.connections.length < this.spec.connections)
      this.connections.push(new Connection(this.url, this.request, this.spec.method, dispatch));
    for (const connection of this.connections) connection.onIdle = dispatch;
    // Every request falls due at start + i × interval; each wake-up queues those that are due and hands them to
    // free connections (a timer fires about every millisecond, so at high rates a few fall due together, each
    // still timed from its own due time).
    let next = start;
    await new Promise<void>((resolve) => {
      const tick = (): void => {
        const now = performance.now();
        while (next <= now && next < end) {
          waiting.push(next);
          open++;
          if (record) {
            this.sent++;
            // How late the client itself noticed the request was due (its own timer and event loop), apart
            // from any wait for a free connection, which is the server's doing.
            this.lags.push(now - next);
          }
          next += intervalMs;
        }
        for (const connection of this.connections) connection.expire(now, timeoutMs);
        dispatch();
        if (next >= end) {
          resolve();
          return;
        }
        setTimeout(tick, Math.max(0, Math.min(next - performance.now(), 5)));
      };
      tick();
    });
    // A server far slower than the rate builds a queue that would take minutes to serve: what is still waiting
    // after the drain time counts as timed out (with the time it waited), and the window ends.
    const drainEnd = performance.now() + Math.min(timeoutMs, PACED_DRAIN_SEC * 1000);
    while (open > 0 && performance.now() < drainEnd) {
      for (const connection of this.connections) connection.expire(performance.now(), timeoutMs);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (open > 0) {
      for (; head < waiting.length; head++) settle(waiting[head]!, false, 'timeout');
      for (const connection of this.connections) connection.abandon();
    }
    waiting.length = 0;
  }

  /** The side's figures over its recorded windows; closes the connections. */
  measurement(): PacedMeasurement {
    for (const connection of this.connections) connection.close();
    return {
      rate: this.paced.rate,
      sent: this.sent,
      responses: this.responses,
      failures: this.failures,
      latencyMs: latencySummary(Float64Array.from(this.latencies).sort()),
      sendLagP99Ms: quantileOf(Float64Array.from(this.lags).sort(), 0.99),
    };
  }
}

type Settle = (due: number, ok: boolean, outcome: 'answered' | 'timeout' | 'error') => void;

/** One keep-alive connection with at most one request in flight; reconnects after an error or a close. */
class Connection {
  onIdle: () => void;
  private socket: net.Socket | undefined;
  private reader: ResponseReader;
  private inFlight: { due: number; sentAt: number; settle: Settle } | undefined;
  private readonly url: URL;
  private readonly request: Buffer;
  private readonly method: string;

  constructor(url: URL, request: Buffer, method: string, onIdle: () => void) {
    this.url = url;
    this.request = request;
    this.method = method;
    this.onIdle = onIdle;
    this.reader = new ResponseReader(method);
  }

  busy(): boolean {
    return this.inFlight !== undefined;
  }

  send(due: number, settle: Settle): void {
    this.inFlight = { due, sentAt: performance.now(), settle };
    this.connected().write(this.request);
  }

  /** Fails the request in flight if it has waited longer than the timeout (and drops the connection). */
  expire(now: number, timeoutMs: number): void {
    if (this.inFlight && now - this.inFlight.sentAt > timeoutMs) this.fail('timeout');
  }

  /** Ends the window: the request in flight counts as timed out. */
  abandon(): void {
    if (this.inFlight) this.fail('timeout');
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connected(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect({ host: this.url.hostname, port: Number(this.url.port || 80) });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      let statuses: number[];
      try {
        statuses = this.reader.push(chunk);
      } catch {
        this.fail('error');
        return;
      }
      for (const status of statuses) {
        const request = this.inFlight;
        if (!request) continue;
        this.inFlight = undefined;
        request.settle(request.due, status >= 200 && status < 300, 'answered');
      }
      if (!this.inFlight) this.onIdle();
    });
    const lost = (): void => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.inFlight) this.fail('error');
    };
    socket.on('error', lost);
    socket.on('close', lost);
    this.socket = socket;
    this.reader = new ResponseReader(this.method);
    return socket;
  }

  private fail(outcome: 'timeout' | 'error'): void {
    const request = this.inFlight;
    this.inFlight = undefined;
    this.socket?.destroy();
    this.socket = undefined;
    if (request) request.settle(request.due, false, outcome);
    this.onIdle();
  }
}
