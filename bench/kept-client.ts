/**
 * A closed-loop HTTP/1.1 client whose connections stay open across turns (bench/interleave.ts design `k<seconds>`):
 * a turn sends on every connection, sends again on each response until the turn's time is up, and ends once the
 * requests in flight have come back, so that none is served in the other side's turn. Responses need a
 * Content-Length or chunked encoding. For benchmarks only.
 */
import { connect, type Socket } from 'node:net';

/**
 * One keep-alive connection: sends a request, reports when its whole response has come back. The server closes a
 * connection left idle (Node's keepAliveTimeout, 5 s), as while other designs take their turns: the next request
 * then opens a new one, and a request the closed connection never answered is sent again on it.
 */
class Connection {
  #socket: Socket | undefined;
  #buffer = Buffer.alloc(0);
  #onResponse: (() => void) | undefined;

  readonly #port: number;
  readonly #request: Buffer;

  constructor(port: number, request: Buffer) {
    this.#port = port;
    this.#request = request;
  }

  send(onResponse: () => void): void {
    this.#onResponse = onResponse;
    this.#open().write(this.#request);
  }

  close(): void {
    this.#onResponse = undefined;
    this.#socket?.destroy();
  }

  #open(): Socket {
    if (this.#socket) return this.#socket;
    const socket = connect({ port: this.#port, host: '127.0.0.1', noDelay: true });
    this.#socket = socket;
    this.#buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#drain();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      if (this.#onResponse) this.#open().write(this.#request);
    });
    return socket;
  }

  /** Takes every complete response off the buffer. */
  #drain(): void {
    for (;;) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.#buffer.subarray(0, end).toString('latin1').toLowerCase();
      const length = /content-length:\s*(\d+)/.exec(head);
      let total: number;
      if (length) total = end + 4 + Number(length[1]);
      else if (head.includes('transfer-encoding: chunked')) {
        const last = this.#buffer.indexOf('\r\n0\r\n\r\n', end);
        if (last < 0) return;
        total = last + 7;
      } else total = end + 4;
      if (this.#buffer.length < total) return;
      this.#buffer = this.#buffer.subarray(total);
      const done = this.#onResponse;
      this.#onResponse = undefined;
      done?.();
    }
  }
}

export class KeptClient {
  readonly #connections: Connection[];

  constructor(url: string, connections: number) {
    const { port, pathname, search, host } = new URL(url);
    const request = Buffer.from(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    this.#connections = Array.from({ length: connections }, () => new Connection(Number(port), request));
  }

  /** One turn: responses, and the seconds between the first and the last of them. */
  turn(seconds: number): Promise<{ n: number; sec: number }> {
    return new Promise((resolve) => {
      const until = performance.now() + seconds * 1000;
      let n = 0;
      let first = 0;
      let last = 0;
      let inFlight = 0;
      const loop = (c: Connection): void => {
        inFlight++;
        c.send(() => {
          inFlight--;
          const t = performance.now();
          if (n === 0) first = t;
          last = t;
          n++;
          if (t < until) loop(c);
          else if (inFlight === 0) resolve({ n: n - 1, sec: (last - first) / 1000 });
        });
      };
      for (const c of this.#connections) loop(c);
    });
  }

  close(): void {
    for (const c of this.#connections) c.close();
  }
}
