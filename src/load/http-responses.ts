/**
 * A minimal HTTP/1.1 response reader for our raw-socket clients: fed the bytes of one keep-alive connection, it
 * reports each complete response's status and whether the server will close the connection after it. Bodies are
 * skipped by Content-Length, chunked encoding, or (neither given) the end of the connection. Pure.
 */

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
/** The longest response head read (Node's own limit is 16 KiB): a server that sends more is not answering. */
export const MAX_HEAD_BYTES = 64 * 1024;
/** The longest chunk-size or trailer line read. */
export const MAX_LINE_BYTES = 8 * 1024;

/** One complete response. */
export interface ParsedResponse {
  status: number;
  /** The server closes the connection after it (`Connection: close`, HTTP/1.0 without keep-alive, a body to EOF). */
  close: boolean;
}

type State =
  | { at: 'head' }
  | { at: 'length'; response: ParsedResponse; left: number }
  | { at: 'chunk-size'; response: ParsedResponse }
  | { at: 'chunk-data'; response: ParsedResponse; left: number }
  | { at: 'trailer'; response: ParsedResponse }
  | { at: 'eof'; response: ParsedResponse };

export class ResponseReader {
  private buffer: Buffer = Buffer.alloc(0);
  private state: State = { at: 'head' };
  /** Whether the requests answered are HEADs (their responses have no body whatever their headers say). */
  private readonly head: boolean;

  constructor(method: string) {
    this.head = method.toUpperCase() === 'HEAD';
  }

  /** Adds bytes; returns the statuses of the responses they completed, in order. Throws on bytes that are not HTTP. */
  push(chunk: Buffer): number[] {
    return this.read(chunk).map((response) => response.status);
  }

  /** Whether a response has begun and is not complete (its bytes so far are buffered or being skipped). */
  get partial(): boolean {
    return this.state.at !== 'head' || this.buffer.length > 0;
  }

  /**
   * The connection ended: the response whose body runs to the end of the connection is complete; undefined when
   * none was (a response cut short is no response).
   */
  end(): ParsedResponse | undefined {
    const state = this.state;
    this.state = { at: 'head' };
    this.buffer = Buffer.alloc(0);
    return state.at === 'eof' ? state.response : undefined;
  }

  /** Adds bytes; returns the responses they completed, in order. Throws on bytes that are not HTTP. */
  read(chunk: Buffer): ParsedResponse[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const done: ParsedResponse[] = [];
    for (;;) {
      const state = this.state;
      if (state.at === 'head') {
        if (!this.readHead()) return done;
      } else if (state.at === 'length' || state.at === 'chunk-data') {
        const take = Math.min(state.left, this.buffer.length);
        this.buffer = this.buffer.subarray(take);
        state.left -= take;
        if (state.left > 0) return done;
        if (state.at === 'chunk-data') this.state = { at: 'chunk-size', response: state.response };
        else {
          done.push(state.response);
          this.state = { at: 'head' };
        }
      } else if (state.at === 'chunk-size') {
        const end = this.lineEnd();
        if (end < 0) return done;
        const size = Number.parseInt(this.buffer.subarray(0, end).toString('latin1').split(';')[0]!, 16);
        if (!Number.isFinite(size)) throw new Error('bad chunk size');
        this.buffer = this.buffer.subarray(end + 2);
        this.state =
          size === 0
            ? { at: 'trailer', response: state.response }
            : { at: 'chunk-data', response: state.response, left: size + 2 };
      } else if (state.at === 'trailer') {
        // Trailer lines until an empty one.
        const end = this.lineEnd();
        if (end < 0) return done;
        this.buffer = this.buffer.subarray(end + 2);
        if (end === 0) {
          done.push(state.response);
          this.state = { at: 'head' };
        }
      } else {
        // A body that runs to the end of the connection: skipped until end().
        this.buffer = Buffer.alloc(0);
        return done;
      }
    }
  }

  /** Where the buffer's first line ends (-1: not yet); throws when it is longer than a line may be. */
  private lineEnd(): number {
    const end = this.buffer.subarray(0, MAX_LINE_BYTES + 2).indexOf(CRLF);
    if (end < 0 && this.buffer.length > MAX_LINE_BYTES)
      throw new Error(`a chunk line longer than ${MAX_LINE_BYTES} bytes`);
    return end;
  }

  /** Reads a response head off the buffer and sets the state for its body; false when the head is not all here. */
  private readHead(): boolean {
    const end = this.buffer.subarray(0, MAX_HEAD_BYTES + 4).indexOf(HEAD_END);
    if (end < 0) {
      // Bounded: a head that never ends would be buffered and searched again with every chunk.
      if (this.buffer.length > MAX_HEAD_BYTES)
        throw new Error(`a response head longer than ${MAX_HEAD_BYTES} bytes`);
      // A server that answers with something else than HTTP fails at once, not at the timeout.
      if (this.buffer.length >= 5 && !this.buffer.subarray(0, 5).equals(Buffer.from('HTTP/')))
        throw new Error(
          `not an HTTP response: ${JSON.stringify(this.buffer.subarray(0, 40).toString('latin1'))}`,
        );
      return false;
    }
    const head = this.buffer.subarray(0, end).toString('latin1');
    this.buffer = this.buffer.subarray(end + 4);
    const status = /^HTTP\/1\.([01]) (\d{3})/.exec(head);
    if (!status) throw new Error(`not an HTTP response: ${JSON.stringify(head.slice(0, 40))}`);
    const code = Number(status[2]);
    if (code >= 100 && code < 200) return true; // 100 Continue and the like: the real answer follows
    const lower = head.toLowerCase();
    const connection = /\r\nconnection:([^\r]*)/.exec(lower)?.[1] ?? '';
    const close = connection.includes('close') || (status[1] === '0' && !connection.includes('keep-alive'));
    const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    const chunked = /\r\ntransfer-encoding:[^\r]*chunked/.test(lower);
    const response = { status: code, close };
    if (this.head || code === 204 || code === 304) this.state = { at: 'length', response, left: 0 };
    else if (chunked) this.state = { at: 'chunk-size', response };
    else if (length) this.state = { at: 'length', response, left: Number(length[1]) };
    // Neither a length nor chunks: the body runs to the end of the connection.
    else this.state = { at: 'eof', response: { status: code, close: true } };
    return true;
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
