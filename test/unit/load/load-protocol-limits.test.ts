/**
 * Issue 41, item 4: the kept engine's response reader buffered an unfinished head without bound (6.6 MB took
 * 241 ms of quadratic copying), chunk lines too, and read bytes a server sent with no request in flight, so head's
 * server could keep the load generator busy during base's turns. Heads are capped at 64 KiB, chunk lines at 8 KiB,
 * and unasked bytes drop the connection.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, test } from 'node:test';
import { KeptConnection, targetOf } from '../../../src/load/connection.ts';
import { ResponseReader } from '../../../src/load/http-responses.ts';

const MAX_HEAD_BYTES = 64 * 1024;

const servers: net.Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

// What it reads is bounded by the cap, not by a clock: failing after one line past 64 KiB bounds its copying too.
test('a head that never ends fails once it passes 64 KiB, having read at most one line more', () => {
  const reader = new ResponseReader('GET');
  reader.push(Buffer.from('HTTP/1.1 200 OK\r\n'));
  const line = Buffer.from(`x-filler: ${'a'.repeat(1000)}\r\n`);
  let sent = 0;
  assert.throws(() => {
    for (let i = 0; i < 6600; i++) {
      reader.push(line);
      sent += line.length;
    }
  }, /response head longer than 65536 bytes/);
  assert.ok(sent <= MAX_HEAD_BYTES + line.length, `read ${sent} bytes before failing`);
});

test('a chunk-size line or a trailer line without an end fails past 8 KiB', () => {
  const chunked = Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n');
  const reader = new ResponseReader('GET');
  reader.push(chunked);
  assert.throws(() => reader.push(Buffer.from('f'.repeat(9000))), /chunk line longer than 8192 bytes/);
  const trailer = new ResponseReader('GET');
  trailer.push(Buffer.concat([chunked, Buffer.from('0\r\n')]));
  assert.throws(() => trailer.push(Buffer.from(`x-t: ${'b'.repeat(9000)}`)), /chunk line longer/);
  // A head under the cap is read as before.
  const fine = new ResponseReader('GET');
  assert.deepEqual(
    fine.push(Buffer.from(`HTTP/1.1 204 No Content\r\nx: ${'c'.repeat(60_000)}\r\n\r\n`)),
    [204],
  );
});

test('bytes a server sends with no request in flight drop the connection', async () => {
  let closedByClient!: () => void;
  const closed = new Promise<void>((resolve) => {
    closedByClient = resolve;
  });
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
      // Then, unasked, a stream of bytes while the client is idle.
      const timer = setInterval(
        () => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'.repeat(20)),
        5,
      );
      socket.on('close', () => {
        clearInterval(timer);
        closedByClient();
      });
      socket.on('error', () => {});
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(`http://127.0.0.1:${port}/`);
  let received = 0;
  const connection = new KeptConnection(
    targetOf(url, Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), 'GET'),
    {
      reconnected: () => {},
      received: (bytes) => {
        received += bytes;
      },
    },
  );
  const outcome = await new Promise((resolve) => connection.send(resolve));
  assert.deepEqual(Object.keys(outcome as object).sort(), ['kind', 'ms', 'status']);
  const dropped = await Promise.race([
    closed.then(() => true),
    new Promise((r) => setTimeout(() => r(false), 2000)),
  ]);
  connection.close();
  assert.equal(dropped, true, 'the connection was dropped');
  assert.ok(received < 64 * 1024, `read ${received} bytes`);
});
