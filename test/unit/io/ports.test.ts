/**
 * The ports of the servers we start: picked below the kernel's ephemeral range (where every other program's
 * listen(0) and connect() get theirs), and a port another program takes before the server opens it is never
 * mistaken for the server: a port we picked is picked again, a fixed one is an error that says so.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { isRunning, killProcesses } from '../../../src/io/leftovers.ts';
import { freePort, HANDED_ON_MS, pickRange, portHolder } from '../../../src/io/ports.ts';
import { getStatus, startServer } from '../../../src/io/server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-ports-'));
const foreign: Server[] = [];
after(() => {
  for (const server of foreign) server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Another program's server on `port`, answering 'foreign'; resolves once it listens. */
function takePort(port: number): Promise<void> {
  const server = createServer((_req, res) => res.end('foreign'));
  foreign.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/**
 * A server that prints its PORT and, the first time it is started in `dir`, waits until something else listens
 * there before it listens itself (and dies of EADDRINUSE); started again, it listens at once and answers 'ours'.
 */
const LATE = `const fs = require('node:fs'), http = require('node:http'), net = require('node:net');
const port = Number(process.env.PORT);
const serve = () => http.createServer((req, res) => res.end('ours')).listen(port);
console.log('PORT=' + port);
if (fs.existsSync('started')) serve();
else {
  fs.writeFileSync('started', '');
  const poll = () => net.connect(port, '127.0.0.1').on('connect', serve).on('error', () => setTimeout(poll, 10));
  poll();
}
`;

/** The pids a test's server processes wrote as files `<prefix><pid>` in `dir`. */
function pidFiles(dir: string, prefix: string): number[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .map((name) => Number(name.slice(prefix.length)));
}

/** Starts `source` in a directory of its own, taking its port away from it on its first `PORT=` line. */
function start(name: string, source: string, port: number | undefined, grab = true) {
  const dir = join(scratch, name);
  writeFileSync(join(scratch, `${name}.cjs`), source);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  let grabbed: number | undefined;
  const server = startServer({
    side: 'head',
    cwd: dir,
    start: `"${process.execPath}" ../${name}.cjs`,
    port,
    readyPath: '/',
    readyTimeoutMs: 30_000,
    onOutput: (chunk) => {
      const seen = /PORT=(\d+)/.exec(chunk);
      if (!grab || grabbed !== undefined || !seen) return;
      grabbed = Number(seen[1]);
      // The server waits until its port is taken (LATE), or lives on without it (the handed-on case).
      void takePort(grabbed);
    },
  });
  return { server, grabbed: () => grabbed, dir };
}

async function body(origin: string): Promise<string> {
  return (await fetch(origin)).text();
}

describe('picking a port', () => {
  test('below the ephemeral range; the kernel default elsewhere; none when the range leaves too little', () => {
    assert.deepEqual(pickRange('32768\t60999\n'), [20_000, 32_768]);
    assert.deepEqual(pickRange(undefined), [20_000, 49_152]);
    assert.deepEqual(pickRange('garbage'), [20_000, 49_152]);
    assert.equal(pickRange('20500 60999'), undefined);
  });

  test('a picked port is free, and where the kernel hands ports to no one else', async () => {
    const range = pickRange(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'))!;
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      assert.ok(port >= range[0] && port < range[1], `${port} in [${range}]`);
      assert.equal(await getStatus('127.0.0.1', port, '/', 200), undefined, 'nothing answers there');
    }
  });

  test('a port in use is passed over', async () => {
    const taken = await freePort(() => 0.5);
    await takePort(taken);
    let calls = 0;
    const port = await freePort(() => (calls++ === 0 ? 0.5 : 0.25));
    assert.notEqual(port, taken);
    assert.equal(calls, 2);
  });
});

describe('a port another program takes before the server opens it', () => {
  test('a picked port: the server is started again on another, and the gate loads the server, not the program', async () => {
    const { server, grabbed } = start('picked', LATE, undefined);
    const running = await server;
    try {
      assert.ok(grabbed() !== undefined, 'the first port was taken');
      assert.notEqual(running.port, grabbed());
      assert.equal(await body(running.origin), 'ours');
      assert.equal(portHolder(running.port, running.child.pid), 'tree');
      assert.equal(portHolder(grabbed()!, running.child.pid), 'elsewhere');
    } finally {
      await running.stop();
    }
  });

  test('a fixed port: an error that names the other program’s hold, and nothing left running', async () => {
    const port = await freePort();
    const { server } = start('fixed', LATE, port);
    await assert.rejects(server, (error: Error) => {
      assert.match(
        error.message,
        new RegExp(
          `exited before it answered, while another program, not one of the server's processes, listened on port ${port}: stop whatever else`,
        ),
      );
      return true;
    });
  });

  test('a start command that leaves its server in the background (its shell gone) is started once and loaded, as before', async () => {
    const dir = join(scratch, 'background');
    mkdirSync(dir);
    // The server, started in the background, keeps its pid in a file of its own and listens 300 ms later.
    writeFileSync(
      join(dir, 'bg.cjs'),
      "require('node:fs').writeFileSync('bg-' + process.pid, ''); setTimeout(() => require('node:http').createServer((q, s) => s.end('bg')).listen(Number(process.env.PORT)), 300);\n",
    );
    const pids = () => pidFiles(dir, 'bg-');
    try {
      const running = await startServer({
        side: 'base',
        cwd: dir,
        start: `"${process.execPath}" bg.cjs &`,
        port: undefined,
        readyPath: '/',
        readyTimeoutMs: 30_000,
      });
      assert.equal(await body(running.origin), 'bg');
      assert.equal(pids().length, 1, 'started once');
      await running.stop();
      assert.deepEqual(pids().filter(isRunning), [], 'what it left in the background is stopped with it');
    } finally {
      // Should the product have missed it; one already gone (stopped and reaped) is skipped.
      await killProcesses(pids(), 0);
    }
  });

  test('a start command that exits 0 once its daemon holds the port: its own error, not a taken port started again', async () => {
    const dir = join(scratch, 'daemon');
    mkdirSync(dir);
    // The daemon (detached, its pid in a file of its own) holds PORT without answering HTTP; its parent exits 0 as
    // soon as it does. What the server left running is stopped before anyone is asked who holds its port.
    writeFileSync(
      join(dir, 'daemon.cjs'),
      `const net = require('node:net'), fs = require('node:fs'), { spawn } = require('node:child_process');
const port = Number(process.env.PORT);
if (process.argv[2] === 'daemon') {
  fs.writeFileSync('daemon-' + process.pid, '');
  net.createServer(() => {}).listen(port);
} else {
  spawn(process.execPath, [__filename, 'daemon'], { detached: true, stdio: 'ignore' }).unref();
  const poll = () => net.connect(port, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => setTimeout(poll, 10));
  poll();
}
`,
    );
    const pids = () => pidFiles(dir, 'daemon-');
    try {
      await assert.rejects(
        startServer({
          side: 'base',
          cwd: dir,
          start: `"${process.execPath}" daemon.cjs`,
          port: undefined,
          readyPath: '/',
          readyTimeoutMs: 30_000,
        }),
        /exited with code 0 before it answered GET \/ on port \d+$/,
      );
      assert.equal(pids().length, 1, 'started once');
      assert.deepEqual(pids().filter(isRunning), [], 'its daemon is stopped');
    } finally {
      // Should the product have missed it; one already gone (stopped and reaped) is skipped.
      await killProcesses(pids(), 0);
    }
  });

  test('a server that hands its port to another program (a container’s proxy) is taken as ready after a while', async () => {
    const idle = "console.log('PORT=' + process.env.PORT); setInterval(() => {}, 1000);\n";
    const began = Date.now();
    const { server, grabbed, dir } = start('handed', idle, undefined);
    const running = await server;
    try {
      assert.equal(running.port, grabbed());
      assert.ok(Date.now() - began >= HANDED_ON_MS, 'waited for the server to die of a taken port first');
      assert.equal(await body(running.origin), 'foreign');
      assert.ok(!existsSync(join(dir, 'started')));
    } finally {
      await running.stop();
    }
  });
});
