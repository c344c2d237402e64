/**
 * bench/engines.ts's correctness matrix: each candidate's pool against loopback servers that answer in every
 * framing, close, reset, or never answer; a case passes when the statuses, errors and timeouts are what the server
 * did, and the turns end on time.
 */
import http from 'node:http';
import net from 'node:net';
import type { PoolSpec, TurnResult } from '../src/model/measure.ts';
import { type Candidate, candidatePool } from './engine-candidates.ts';

interface Case {
  name: string;
  method?: string;
  path?: string;
  /** The raw server's answer to each request; undefined: the node:http server. */
  raw?: (socket: net.Socket) => void;
  /** The status every response must have; undefined: no response at all, only `failure`s. */
  status?: number;
  failure?: 'errors' | 'timeouts';
}

const CASES: Case[] = [
  { name: 'Content-Length', path: '/', status: 200 },
  { name: 'chunked', path: '/chunked', status: 200 },
  { name: 'HEAD', method: 'HEAD', path: '/', status: 200 },
  { name: '204', path: '/204', status: 204 },
  { name: '304', path: '/304', status: 304 },
  {
    name: '`Connection: close`',
    raw: (s) => s.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'),
    status: 200,
  },
  { name: 'body to the close', raw: (s) => s.end('HTTP/1.1 200 OK\r\n\r\nuntil the end'), status: 200 },
  {
    name: 'reset mid-response',
    raw: (s) => {
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npart');
      setImmediate(() => s.resetAndDestroy());
    },
    failure: 'errors',
  },
  { name: 'slower than the timeout', raw: () => {}, failure: 'timeouts' },
];

function listen(server: http.Server | net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

function rawServer(answer: (socket: net.Socket) => void): net.Server {
  return net.createServer((socket) => {
    let buffer = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        buffer = buffer.slice(end + 4);
        answer(socket);
      }
    });
  });
}

const httpServer = http.createServer((req, res) => {
  if (req.url === '/chunked') {
    res.write('hello ');
    res.end('world');
  } else if (req.url === '/204') res.writeHead(204).end();
  else if (req.url === '/304') res.writeHead(304, { etag: '"x"' }).end();
  else res.setHeader('content-length', 5).end(req.method === 'HEAD' ? undefined : 'hello');
});

/** One case's verdict for one candidate: ✓ or ✗ with what was seen. */
async function runCase(candidate: Candidate, c: Case, port: number): Promise<string> {
  const spec: PoolSpec = {
    url: `http://127.0.0.1:${port}${c.path ?? '/'}`,
    method: c.method ?? 'GET',
    headers: {},
    connections: 2,
    timeoutSec: 1,
    engine: 'kept',
  };
  const pool = candidatePool(candidate, spec);
  const turns: TurnResult[] = [];
  const started = performance.now();
  try {
    const limit = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 6000).unref());
    for (let i = 0; i < 2; i++) {
      const turn = await Promise.race([pool.turn({ pool: 'm', sec: 0.2, record: true }), limit]);
      if (turn === 'hung') return '✗ hung';
      turns.push(turn);
    }
  } catch (error) {
    return `✗ threw ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    pool.close();
  }
  const sec = (performance.now() - started) / 1000;
  const m = pool.take();
  const codes = Object.keys(m.statusCodes).join(',') || 'none';
  const seen = `${m.responses} × ${codes}, ${m.errors} errors, ${m.timeouts} timeouts`;
  const ok =
    c.status !== undefined
      ? m.responses >= 2 && codes === String(c.status) && m.errors + m.timeouts === 0
      : m.responses === 0 && m[c.failure!] > 0 && sec < 2 * (0.2 + 1 + 0.5);
  return `${ok ? '✓' : '✗'} ${seen}`;
}

export async function correctnessMatrix(candidates: readonly Candidate[]): Promise<void> {
  const httpPort = await listen(httpServer);
  console.log(`\n| case | ${candidates.join(' | ')} |`);
  console.log(`| --- |${candidates.map(() => ' --- |').join('')}`);
  for (const c of CASES) {
    const server = c.raw ? rawServer(c.raw) : undefined;
    const port = server ? await listen(server) : httpPort;
    const cells: string[] = [];
    for (const candidate of candidates) cells.push(await runCase(candidate, c, port));
    console.log(`| ${c.name} | ${cells.join(' | ')} |`);
    server?.close();
  }
  httpServer.closeAllConnections();
  httpServer.close();
}
