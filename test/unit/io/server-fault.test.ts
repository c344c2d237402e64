/** Why a server did not answer in time: where its processes listen, and the hint the message gives. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { describe, test } from 'node:test';
import { listeningSockets } from '../../../src/io/ports.ts';
import { readyHint } from '../../../src/io/server.ts';

function listen(host: string): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address !== null ? address.port : 0 });
    });
  });
}

describe('listeningSockets', () => {
  test('finds the listening ports of a process, loopback and wildcard as local', async () => {
    const loopback = await listen('127.0.0.1');
    const wildcard = await listen('0.0.0.0');
    try {
      const found = listeningSockets([process.pid]);
      assert.deepEqual(
        found.filter((s) => s.port === loopback.port),
        [{ port: loopback.port, local: true }],
      );
      assert.deepEqual(
        found.filter((s) => s.port === wildcard.port),
        [{ port: wildcard.port, local: true }],
      );
    } finally {
      loopback.server.close();
      wildcard.server.close();
    }
  });

  test('a process that does not exist listens nowhere', () => {
    assert.deepEqual(listeningSockets([2 ** 22 + 12_345]), []);
  });
});

describe('readyHint', () => {
  test('opened no port, PORT given: names PORT, `ready-timeout` and `port`', () => {
    const hint = readyHint(undefined, 40_001, []);
    assert.match(hint, /It was given PORT=40001 and opened no port/);
    assert.match(hint, /raise `ready-timeout`/);
    assert.match(hint, /set the `port` input/);
  });

  test('listens on another port than PORT: names both and the fix', () => {
    const hint = readyHint(undefined, 40_001, [{ port: 3000, local: true }]);
    assert.match(hint, /It listens on port 3000, not on the PORT=40001 it was given/);
    assert.match(hint, /`process\.env\.PORT`, or set the `port` input to 3000/);
  });

  test('a fixed `port` that is wrong', () => {
    const hint = readyHint(8080, 8080, [
      { port: 3000, local: true },
      { port: 9229, local: true },
    ]);
    assert.match(hint, /It listens on ports 3000, 9229, not on port 8080 \(input `port`\)/);
  });

  test('on the right port but only on another address: bind to localhost', () => {
    assert.match(readyHint(undefined, 40_001, [{ port: 40_001, local: false }]), /not on localhost/);
  });

  test('on the right port without an HTTP answer', () => {
    assert.match(
      readyHint(undefined, 40_001, [{ port: 40_001, local: true }]),
      /accepts connections on port 40001 but gave no HTTP answer/,
    );
  });

  test('a fixed `port` and no port opened', () => {
    assert.match(readyHint(8080, 8080, []), /opened no port: check that it listens on port 8080/);
  });
});
