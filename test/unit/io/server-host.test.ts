/**
 * Which loopback a server is loaded over: 127.0.0.1 whenever it answers there, so that base and head of a gate are
 * loaded alike. A dual-stack server can start listening between the two probes of a sweep (127.0.0.1 refused, ::1
 * answered a moment later); this server makes that order certain: it listens on ::1 first and opens 127.0.0.1 only
 * while answering its first request on ::1.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startServer } from '../../../src/io/server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-server-host-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Whether this machine can listen on ::1 (some CI containers have no IPv6). */
function ipv6(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
}

const LATE_IPV4 = `const http = require('node:http');
const port = Number(process.env.PORT);
const handler = (req, res) => res.end('ok');
let v4;
http.createServer((req, res) => {
  if (v4) return handler(req, res);
  v4 = http.createServer(handler).listen(port, '127.0.0.1', () => handler(req, res));
}).listen(port, '::1');
`;

/** Starts `source` (CommonJS, listening on PORT) as a server of the gate's. */
function serve(name: string, source: string) {
  writeFileSync(join(scratch, name), source);
  return startServer({
    side: 'base',
    cwd: scratch,
    start: `"${process.execPath}" ${name}`,
    port: undefined,
    readyPath: '/',
    readyTimeoutMs: 30_000,
  });
}

test('a server that answers on ::1 first and on 127.0.0.1 a moment later is loaded over 127.0.0.1', async () => {
  assert.ok(
    await ipv6(),
    'no IPv6 loopback (::1) on this machine, which this test needs: enable it with `sysctl -w net.ipv6.conf.lo.disable_ipv6=0`',
  );
  const server = await serve('late-ipv4.cjs', LATE_IPV4);
  try {
    assert.equal(server.host, '127.0.0.1');
    assert.match(server.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
  } finally {
    await server.stop();
  }
});

test('a server on ::1 alone is loaded over ::1', async () => {
  assert.ok(
    await ipv6(),
    'no IPv6 loopback (::1) on this machine, which this test needs: enable it with `sysctl -w net.ipv6.conf.lo.disable_ipv6=0`',
  );
  const server = await serve(
    'ipv6-only.cjs',
    "require('node:http').createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '::1');\n",
  );
  try {
    assert.equal(server.host, '::1');
  } finally {
    await server.stop();
  }
});
