/**
 * The kept engine against real loopback servers that misbehave on purpose: bodies of every framing, servers that
 * close connections, reset them, hang past the timeout, or restart on the same port between turns. Asserts counts,
 * statuses, reconnects, timeouts, and that a turn ends only when its requests in flight have come back.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, describe, test } from 'node:test';
import { KeptPool } from '../../../src/load/pool.ts';
import type { PoolSpec } from '../../../src/model/measure.ts';

const servers: (http.Server | net.Server)[] = [];
after(() => {
  for (const server of servers) {
    (server as http.Server).closeAllConnections?.();
    server.close();
  }
});

async function listen<T extends http.Server | net.Server>(server: T, port = 0): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A raw server that answers every request (a head ending in an empty line) with `answer`. */
async function raw(answer: (socket: net.Socket, n: number) => void): Promise<number> {
  let n = 0;
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        buffer = buffer.slice(end + 4);
        answer(socket, n++);
      }
    });
  });
  return listen(server);
}

function spec(port: number, extra: Partial<PoolSpec> = {}): PoolSpec {
  return {
    url: `http://127.0.0.1:${port}/`,
    method: 'GET',
    headers: {},
    connections: 4,
    timeoutSec: 2,
    engine: 'kept',
    ...extra,
  };
}

async function turn(pool: KeptPool, sec = 0.05, record = true, rate?: number) {
  return pool.turn({ pool: 'p', sec, record, ...(rate === undefined ? {} : { rate }) });
}

describe('the kept engine: framing', () => {
  test('Content-Length, chunked, HEAD, 204 and 304 on connections kept across turns', async () => {
    const port = await listen(
      http.createServer((req, res) => {
        if (req.url === '/chunked') {
          res.write('hello ');
          res.end('world');
        } else if (req.url === '/204') res.writeHead(204).end();
        else if (req.url === '/304') res.writeHead(304, { etag: '"x"' }).end();
        else res.setHeader('content-length', 5).end(req.method === 'HEAD' ? undefined : 'hello');
      }),
    );
    const cases: [string, string, number][] = [
      ['/', 'GET', 200],
      ['/chunked', 'GET', 200],
      ['/', 'HEAD', 200],
      ['/204', 'GET', 204],
      ['/304', 'GET', 304],
    ];
    for (const [path, method, status] of cases) {
      const pool = new KeptPool(spec(port, { url: `http://127.0.0.1:${port}${path}`, method }));
      const first = await turn(pool);
      const second = await turn(pool);
      pool.close();
      const m = pool.take();
      // A turn sends on every connection and waits for the answers: at least one per connection, however busy
      // the machine (how many more depends on its speed, which a test cannot assert).
      assert.ok(first.responses >= 4 && second.responses >= 4, `${method} ${path}: ${first.responses}`);
      assert.deepEqual(m.statusCodes, { [status]: first.responses + second.responses }, `${method} ${path}`);
      assert.equal(m.errors + m.timeouts + (m.reconnects ?? 0), 0, `${method} ${path}: none dropped`);
      assert.equal(m.non2xx, status < 300 ? 0 : m.responses);
      assert.equal(m.turns, 2);
      assert.ok(m.latencyMs.p50 > 0 && !Number.isInteger(m.latencyMs.p50 * 1000), 'µs, not whole ms');
    }
  });

  test('`Connection: close` and a body delimited by the close: each request on a new connection, counted', async () => {
    const closing = await raw((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'),
    );
    const toEof = await raw((socket) => socket.end('HTTP/1.1 201 Created\r\n\r\nbody until the end'));
    for (const [port, status] of [
      [closing, 200],
      [toEof, 201],
    ] as const) {
      const pool = new KeptPool(spec(port));
      const first = await turn(pool);
      const second = await turn(pool);
      pool.close();
      const m = pool.take();
      assert.deepEqual(m.statusCodes, { [status]: m.responses });
      // Every request after each connection's first opened a connection again.
      assert.equal(first.reconnects, first.responses - 4);
      assert.equal(second.reconnects, second.responses);
      assert.equal(m.reconnects, m.responses - 4);
      assert.equal(m.errors, 0);
    }
  });

  test('a server that closes after 3 responses per connection (its keep-alive limit)', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    server.maxRequestsPerSocket = 3;
    const port = await listen(server);
    const pool = new KeptPool(spec(port));
    // Turns until the connections have sent well past their limit, however slow the host.
    let responses = 0;
    let reconnects = 0;
    for (let turns = 0; turns < 100 && responses < 40; turns++) {
      const done = await turn(pool, 0.02);
      assert.equal(done.errors, 0);
      responses += done.responses;
      reconnects += done.reconnects;
    }
    pool.close();
    // A connection that sent r requests was opened ceil(r / 3) times.
    assert.ok(reconnects >= responses / 3 - 4, `${reconnects} of ${responses}`);
    assert.ok(reconnects <= responses - 4);
  });
});

describe('the kept engine: failures', () => {
  test('a reset mid-response is sent again once, then counts as an error', async () => {
    let requests = 0;
    const port = await raw((socket) => {
      requests++;
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npart');
      setImmediate(() => socket.resetAndDestroy());
    });
    const pool = new KeptPool(spec(port, { connections: 1 }));
    const done = await turn(pool, 0.03);
    pool.close();
    const m = pool.take();
    assert.equal(done.responses, 0);
    assert.ok(m.errors >= 1);
    assert.equal(requests, 2 * m.errors, 'each request sent twice before it failed');
    assert.deepEqual(m.statusCodes, {});
  });

  test('a request past the timeout counts as a timeout, and the turn ends once it has', async () => {
    let requests = 0;
    const port = await raw(() => {
      requests++; // never answered
    });
    const pool = new KeptPool(spec(port, { connections: 3, timeoutSec: 0.2 }));
    const done = await turn(pool, 0.02);
    pool.close();
    const m = pool.take();
    assert.equal(done.timeouts, 3);
    assert.equal(m.timeouts, 3);
    assert.equal(done.responses, 0);
    assert.ok(done.sec >= 0.2 && done.sec < 1.5, String(done.sec));
    assert.equal(requests, 3);
  });

  test('a turn ends when its requests in flight are back: none is served after it', async () => {
    let received = 0;
    let answered = 0;
    const port = await listen(
      http.createServer((_req, res) => {
        received++;
        setTimeout(() => {
          answered++;
          res.end('slow');
        }, 40);
      }),
    );
    const pool = new KeptPool(spec(port));
    const done = await turn(pool, 0.01);
    assert.equal(done.responses, 4, 'each connection sent once: the time was up at its answer');
    assert.ok(done.sec >= 0.04, String(done.sec));
    assert.equal(answered, received, 'nothing in flight when the turn ended');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(received, 4, 'nothing sent after it');
    pool.close();
  });

  test('a server restarted on the same port between turns: its connections are opened again', async () => {
    const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('ok');
    const first = http.createServer(handler);
    const port = await listen(first);
    const pool = new KeptPool(spec(port));
    const before = await turn(pool);
    await new Promise<void>((resolve) => {
      first.close(() => resolve());
      first.closeAllConnections();
    });
    await listen(http.createServer(handler), port);
    const afterRestart = await turn(pool);
    pool.close();
    const m = pool.take();
    assert.ok(before.responses >= 4 && afterRestart.responses >= 4);
    assert.equal(afterRestart.reconnects, 4);
    assert.equal(m.errors, 0);
    assert.equal(m.reconnects, 4);
  });
});

describe('the kept engine: open loop on the same connections', () => {
  test('requests due at the rate, timed from when they were due; not in the closed-loop figures', async () => {
    const port = await listen(http.createServer((_req, res) => res.end('ok')));
    const pool = new KeptPool(spec(port));
    await turn(pool, 0.05, false);
    const closed = await turn(pool, 0.05);
    const paced = await turn(pool, 0.2, true, 200);
    pool.close();
    const m = pool.take();
    assert.equal(paced.sent, 40);
    assert.equal(paced.responses, 40);
    assert.equal(m.responses, closed.responses, 'the open loop counts apart');
    assert.equal(m.paced?.sent, 40);
    assert.equal(m.paced?.responses, 40);
    assert.equal(m.paced?.failures, 0);
    assert.equal(m.paced?.rate, 200);
    assert.equal(m.turns, 1);
    const next = pool.take();
    assert.equal(next.responses, 0, 'a take starts a new tally');
    assert.equal(next.paced, undefined);
  });
});
