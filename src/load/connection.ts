/**
 * One keep-alive HTTP/1.1 connection of the kept engine, on a raw socket (bench/NOTEBOOK.md §18: cheaper per request
 * than the other clients measured), with at most one request in flight. It stays open across turns; a connection
 * the server closes is reopened before the next request (a reconnect), a request it never answered is sent again
 * once, and a request past the timeout fails and takes its connection with it.
 */
import { connect, type Socket } from 'node:net';
import { ResponseReader } from './http-responses.ts';

/** What became of one request; `ms` from when it was (last) sent to the end of its response, µs resolution. */
export type Outcome =
  | { kind: 'response'; status: number; ms: number }
  | { kind: 'timeout'; ms: number }
  | { kind: 'error' };

/** The connection as the turns drive it (src/load/turns.ts); the tests hand them fakes. */
export interface TurnConnection {
  readonly busy: boolean;
  /** Sends the request; `done` is called once, never synchronously, with what became of it. */
  send(done: (outcome: Outcome) => void): void;
  /** Fails the request in flight as timed out when it was sent more than `timeoutMs` before `now`. */
  expire(now: number, timeoutMs: number): void;
  /** Fails the request in flight, if any, as timed out (a turn that gives up waiting). */
  abandon(): void;
  close(): void;
}

/** Where a connection sends, and what. */
export interface Target {
  host: string;
  port: number;
  request: Buffer;
  method: string;
}

export interface ConnectionEvents {
  /** A socket was opened again after this connection's first (the server closed it, or a failure dropped it). */
  reconnected(): void;
  /** Bytes received. */
  received(bytes: number): void;
}

interface InFlight {
  sentAt: number;
  done: (outcome: Outcome) => void;
  retried: boolean;
}

export class KeptConnection implements TurnConnection {
  private socket: Socket | undefined;
  private reader: ResponseReader;
  private inFlight: InFlight | undefined;
  private opened = false;
  private readonly target: Target;
  private readonly events: ConnectionEvents;

  constructor(target: Target, events: ConnectionEvents) {
    this.target = target;
    this.events = events;
    this.reader = new ResponseReader(target.method);
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  send(done: (outcome: Outcome) => void): void {
    this.inFlight = { sentAt: performance.now(), done, retried: false };
    this.write();
  }

  expire(now: number, timeoutMs: number): void {
    if (this.inFlight && now - this.inFlight.sentAt > timeoutMs) this.abandon();
  }

  abandon(): void {
    const request = this.inFlight;
    if (!request) return;
    this.drop();
    this.settle({ kind: 'timeout', ms: performance.now() - request.sentAt });
  }

  /** Closes the socket; a request in flight is forgotten (its turn is over). */
  close(): void {
    this.inFlight = undefined;
    this.drop();
  }

  private write(): void {
    this.connected().write(this.target.request);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
  }

  private settle(outcome: Outcome): void {
    const request = this.inFlight;
    this.inFlight = undefined;
    // Never synchronously: the caller may be in the middle of a send.
    if (request) process.nextTick(request.done, outcome);
  }

  private connected(): Socket {
    if (this.socket) return this.socket;
    if (this.opened) this.events.reconnected();
    this.opened = true;
    const socket = connect({ host: this.target.host, port: this.target.port, noDelay: true });
    this.socket = socket;
    this.reader = new ResponseReader(this.target.method);
    socket.on('data', (chunk: Buffer) => this.data(socket, chunk));
    socket.on('error', () => {});
    socket.on('close', () => this.lost(socket));
    return socket;
  }

  private data(socket: Socket, chunk: Buffer): void {
    if (socket !== this.socket) return;
    this.events.received(chunk.length);
    // Bytes with no request in flight are no answer (HTTP/1.1 sends none unasked): a protocol error, and the
    // connection goes, so that a server cannot keep the load generator reading during the other side's turn.
    if (!this.inFlight) {
      this.drop();
      return;
    }
    let responses: ReturnType<ResponseReader['read']>;
    try {
      responses = this.reader.read(chunk);
    } catch {
      // Not HTTP: the connection is useless, and the request fails.
      this.drop();
      this.settle({ kind: 'error' });
      return;
    }
    for (const response of responses) {
      // A server that closes after this response: the next request goes on a new connection.
      if (response.close) this.drop();
      const request = this.inFlight;
      if (request)
        this.settle({ kind: 'response', status: response.status, ms: performance.now() - request.sentAt });
      if (response.close) return;
    }
  }

  /** The socket closed (the server's doing, a reset, a refusal): a body that ran to its end is complete. */
  private lost(socket: Socket): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    const request = this.inFlight;
    if (!request) return;
    const last = this.reader.end();
    if (last) {
      this.settle({ kind: 'response', status: last.status, ms: performance.now() - request.sentAt });
    } else if (!request.retried) {
      // Closed before answering (a keep-alive timeout crossing our request, a restart): sent again, once.
      request.retried = true;
      request.sentAt = performance.now();
      this.write();
    } else this.settle({ kind: 'error' });
  }
}

/** Host and port of an http:// URL, for the sockets (the kept engine speaks plain HTTP/1.1 only). */
export function targetOf(url: URL, request: Buffer, method: string): Target {
  if (url.protocol !== 'http:')
    throw new Error(
      `the kept engine loads http:// servers only, not ${url.protocol}// (engine: autocannon does)`,
    );
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80), request, method };
}
