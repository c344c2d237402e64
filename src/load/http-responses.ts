/**
 * A minimal HTTP/1.1 response reader for the open-loop client: fed the bytes of one keep-alive connection, it
 * reports each complete response's status. Bodies are skipped by Content-Length or chunked encoding. Pure.
 */

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

type State =
  | { at: 'head' }
  | { at: 'length'; status: number; left: number }
  | { at: 'chunk-size'; status: number }
  | { at: 'chunk-data'; status: number; left: number }
  | { at: 'trailer'; status: number };

export class ResponseReader {
  private buffer: Buffer = Buffer.alloc(0);
  private state: State = { at: 'head' };
  /** Whether the request answered next was a HEAD (its response has no body whatever its headers say). */
  private readonly head: boolean;

  constructor(method: string) {
    this.head = method.toUpperCase() === 'HEAD';
  }

  /** Adds bytes; returns the statuses of the responses they completed, in order. Throws on bytes that are not HTTP. */
  push(chunk: Buffer): number[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const done: number[] = [];
    for (;;) {
      const state = this.state;
      if (state.at === 'head') {
        const end = this.buffer.indexOf(HEAD_END);
        if (end < 0) return done;
        const head = this.buffer.subarray(0, end).toString('latin1');
        this.buffer = this.buffer.subarray(end + 4);
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
        if (!status) throw new Error(`not an HTTP response: ${JSON.stringify(head.slice(0, 40))}`);
        const code = Number(status[1]);
        if (code >= 100 && code < 200) continue; // 100 Continue and the like: the real answer follows
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        const chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(head);
        if (this.head || code === 204 || code === 304) this.state = { at: 'length', status: code, left: 0 };
        else if (chunked) this.state = { at: 'chunk-size', status: code };
        else if (length) this.state = { at: 'length', status: code, left: Number(length[1]) };
        // No length and not chunked: the body runs to the end of the connection, which a keep-alive client
        // cannot use; treated as empty (the servers we load answer with a length or in chunks).
        else this.state = { at: 'length', status: code, left: 0 };
      } else if (state.at === 'length') {
        const take = Math.min(state.left, this.buffer.length);
        this.buffer = this.buffer.subarray(take);
        state.left -= take;
        if (state.left > 0) return done;
        done.push(state.status);
        this.state = { at: 'head' };
      } else if (state.at === 'chunk-size') {
        const end = this.buffer.indexOf(CRLF);
        if (end < 0) return done;
        const size = Number.parseInt(this.buffer.subarray(0, end).toString('latin1').split(';')[0]!, 16);
        if (!Number.isFinite(size)) throw new Error('bad chunk size');
        this.buffer = this.buffer.subarray(end + 2);
        this.state =
          size === 0
            ? { at: 'trailer', status: state.status }
            : { at: 'chunk-data', status: state.status, left: size + 2 };
      } else if (state.at === 'chunk-data') {
        const take = Math.min(state.left, this.buffer.length);
        this.buffer = this.buffer.subarray(take);
        state.left -= take;
        if (state.left > 0) return done;
        this.state = { at: 'chunk-size', status: state.status };
      } else {
        // Trailer lines until an empty one.
        const end = this.buffer.indexOf(CRLF);
        if (end < 0) return done;
        this.buffer = this.buffer.subarray(end + 2);
        if (end === 0) {
          done.push(state.status);
          this.state = { at: 'head' };
        }
      }
    }
  }
}

/** The bytes of one request, written as is for every request of a window. */
export function requestBytes(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Buffer {
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? undefined : Buffer.from(body);
  if (payload && !names.has('content-length')) lines.push(`Content-Length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}
