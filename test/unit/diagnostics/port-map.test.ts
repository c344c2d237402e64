/**
 * The port preload (src/diagnostics/port-preload.ts) and its environment (port-map.ts): the pure mapping read from
 * the written script itself, then small real servers, one per form of listen, in cluster workers and in a worker
 * thread, and startServer (src/io/server.ts) probing the handed port and finding out servers that kept their
 * fixed one. Frameworks: port-map-frameworks.test.ts.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import vm from 'node:vm';
import { portMapEnv, writePortPreload } from '../../../src/diagnostics/port-map.ts';
import {
  formatPortMap,
  PORT_MAP_ENV,
  PORT_PRELOAD_FILE,
  PORT_PRELOAD_SOURCE,
} from '../../../src/diagnostics/port-preload.ts';
import { freePort, portHolder } from '../../../src/io/ports.ts';
import { getStatus, PortNotMovedError, startServer } from '../../../src/io/server.ts';
import { aptInstall } from '../../support/apt.ts';
import { processesUnder } from '../../support/repo.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-port-map-'));
/** How long a probe waits for its answer: these tests ask whether the moved server answers, not how soon. */
const PROBE_MS = 15_000;
after(() => rmSync(scratch, { recursive: true, force: true }));
const preload = writePortPreload(scratch);

type PortMap = Record<string, number>;
/** A port held open by this process (every address, as a server's listen(port) asks) until it is closed. */
function holdPort(port: number): Promise<ReturnType<typeof createServer>> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

const { parsePortMap, mapListenArgs } = createRequire(import.meta.url)(preload) as {
  parsePortMap(text: unknown): PortMap | null;
  mapListenArgs(args: unknown[], map: PortMap | null): unknown[];
};

describe('the script', () => {
  test('is a script that requires only net, by its plain name, and names its variable', () => {
    assert.doesNotThrow(() => new vm.Script(PORT_PRELOAD_SOURCE, { filename: PORT_PRELOAD_FILE }));
    const required = [...PORT_PRELOAD_SOURCE.matchAll(/require\(([^)]*)\)/g)].map((m) => m[1]);
    assert.deepEqual(required, ["'net'"]);
    assert.doesNotMatch(
      PORT_PRELOAD_SOURCE,
      /\bimport\s*[({'"]|import\.meta|\bexport\b|['"]node:(?!internal)/,
    );
    assert.equal(PORT_MAP_ENV, 'PERF_GATE_PORT_MAP');
    assert.ok(PORT_PRELOAD_SOURCE.includes(`process.env.${PORT_MAP_ENV}`));
  });

  test('its environment: our --require first, then the NODE_OPTIONS the server would have had', () => {
    const env = portMapEnv(
      '/x/perf-gate-ports.cjs',
      new Map([[3000, 41_234]]),
      '--require "/x/diag.cjs" --inspect',
    );
    assert.deepEqual(env, {
      NODE_OPTIONS: '--require "/x/perf-gate-ports.cjs" --require "/x/diag.cjs" --inspect',
      PERF_GATE_PORT_MAP: '3000=41234',
    });
    assert.equal(
      portMapEnv('/x/p.cjs', new Map([[80, 8080]]), undefined).NODE_OPTIONS,
      '--require "/x/p.cjs"',
    );
    assert.equal(
      formatPortMap(
        new Map([
          [3000, 41_234],
          [3001, 41_235],
        ]),
      ),
      '3000=41234,3001=41235',
    );
  });
});

describe('parsePortMap', () => {
  test('reads fixed=handed pairs, comma-separated', () => {
    assert.deepEqual(parsePortMap('3000=41234'), { '3000': 41_234 });
    assert.deepEqual(parsePortMap('3000=41234,8080=41235'), { '3000': 41_234, '8080': 41_235 });
    assert.deepEqual(parsePortMap(' 3000 = 41234 '), { '3000': 41_234 });
  });

  test('nothing to move: unset, empty, malformed, port 0, out of range, a port onto itself', () => {
    for (const text of [undefined, '', 'x', '3000', '3000=', '=41234', '0=41234', '3000=0', '3000=70000']) {
      assert.equal(parsePortMap(text), null, String(text));
    }
    assert.equal(parsePortMap('3000=3000'), null);
    assert.equal(parsePortMap('3000.5=41234'), null);
    assert.deepEqual(parsePortMap('junk,3000=41234'), { '3000': 41_234 }, 'the valid pairs are kept');
  });
});

describe('mapListenArgs', () => {
  const map = { '3000': 41_234 };
  const cb = (): void => {};

  test('a port first, as a number or a numeric string, with or without host, backlog and callback', () => {
    assert.deepEqual(mapListenArgs([3000], map), [41_234]);
    assert.deepEqual(mapListenArgs(['3000'], map), [41_234]);
    assert.deepEqual(mapListenArgs([3000, '127.0.0.1'], map), [41_234, '127.0.0.1']);
    assert.deepEqual(mapListenArgs([3000, '::1', 511, cb], map), [41_234, '::1', 511, cb]);
    assert.deepEqual(mapListenArgs([3000, '::', cb], map), [41_234, '::', cb]);
    assert.deepEqual(mapListenArgs([3000, cb], map), [41_234, cb]);
  });

  test('an options object: copied with the port moved, the app’s object untouched', () => {
    const options = { port: 3000, host: '::', ipv6Only: false, backlog: 10 };
    const mapped = mapListenArgs([options, cb], map);
    assert.deepEqual(mapped, [{ port: 41_234, host: '::', ipv6Only: false, backlog: 10 }, cb]);
    assert.notEqual(mapped[0], options);
    assert.equal(options.port, 3000);
    assert.deepEqual(mapListenArgs([{ port: '3000' }], map), [{ port: 41_234 }]);
  });

  test('Node’s own normalized [options, callback] array: copied with its symbols', () => {
    const marker = Symbol('normalized');
    const options = { port: 3000, host: null };
    const normalized = Object.assign([options, cb], { [marker]: true });
    const [moved] = mapListenArgs([normalized], map) as [typeof normalized];
    assert.deepEqual([...moved], [{ port: 41_234, host: null }, cb]);
    assert.equal(moved[marker], true);
    assert.equal(options.port, 3000);
  });

  test('anything else is left alone, the same array', () => {
    for (const args of [
      [],
      [0],
      [3001],
      ['3001'],
      [cb],
      [undefined],
      [null],
      ['/tmp/app.sock'],
      ['3000x'],
      [''],
      [3000.5],
      [-3000],
      [{ port: 0 }],
      [{ path: '/tmp/app.sock' }],
      [{ fd: 3 }],
      [{ port: 3000, fd: 3 }],
      [{ _handle: {}, port: 3000 }],
      [{ handle: {}, port: 3000 }],
    ]) {
      assert.equal(mapListenArgs(args, map), args, JSON.stringify(args));
    }
    const args = [3000];
    assert.equal(mapListenArgs(args, null), args, 'no map: nothing moves');
  });
});

/** Whether this machine can listen on ::1 (some CI containers have no IPv6). */
async function ipv6(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
}

interface Served {
  child: ChildProcess;
  /** The first line the server printed: its address, or what a script chose to print. */
  line: string;
}

/** Runs `source` (CommonJS) with the preload moving `fixed` to `handed`; resolves with its first line of output. */
function serve(
  source: string,
  fixed: number,
  handed: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Served> {
  const file = join(scratch, `server-${fixed}-${handed}.cjs`);
  writeFileSync(file, source);
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      ...portMapEnv(preload, new Map([[fixed, handed]]), undefined),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve({ child, line: out.slice(0, newline) });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.once('exit', (code) =>
      reject(new Error(`the server exited with ${code} before printing:\n${err}`)),
    );
  });
}

const children: ChildProcess[] = [];
after(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A node:http server listening with `args` (JavaScript source of listen's arguments, callback excluded). */
function httpServer(args: string): string {
  return `const http = require('http');
const server = http.createServer((req, res) => res.end('pid ' + process.pid));
server.listen(${args}${args === '' ? '' : ', '}() => console.log(JSON.stringify(server.address())));
`;
}

/**
 * Whether a process of `pid`'s tree listens on `port`. Not whether anything answers there: in the suite another
 * file's server can be handed the port freePort() just released (a fixed port "opened" that way failed a full run).
 */
function heldBy(port: number, pid: number): boolean {
  return portHolder(port, pid) === 'tree';
}

describe('listen, for real: each form listens on the handed port, the fixed one stays closed', () => {
  let fixed = 0;
  let handed = 0;
  let v6 = true;
  before(async () => {
    v6 = await ipv6();
  });

  const forms: [string, (port: number) => string, 'v4' | 'v6' | 'any'][] = [
    ['listen(port)', (p) => `${p}`, 'any'],
    ['listen(port, host)', (p) => `${p}, '127.0.0.1'`, 'v4'],
    ['listen(port, host, backlog, cb) on ::1', (p) => `${p}, '::1', 511`, 'v6'],
    ['listen(port, "::")', (p) => `${p}, '::'`, 'any'],
    ['listen({ port, host })', (p) => `{ port: ${p}, host: '127.0.0.1' }`, 'v4'],
    ['listen({ port, host: "::" })', (p) => `{ port: ${p}, host: '::' }`, 'any'],
    ["listen('3000'), a string port", (p) => `'${p}'`, 'any'],
    ["listen({ port: '3000' })", (p) => `{ port: '${p}' }`, 'any'],
  ];
  for (const [name, args, family] of forms) {
    test(name, async () => {
      if (family === 'v6')
        assert.ok(
          v6,
          'no IPv6 loopback (::1) on this machine, which this test needs: enable it with `sysctl -w net.ipv6.conf.lo.disable_ipv6=0`',
        );
      fixed = await freePort();
      handed = await freePort();
      const { child, line } = await serve(httpServer(args(fixed)), fixed, handed);
      try {
        assert.equal(JSON.parse(line).port, handed, line);
        const host = family === 'v6' ? '::1' : '127.0.0.1';
        assert.equal(await getStatus(host, handed, '/', PROBE_MS), 200);
        assert.equal(heldBy(fixed, child.pid!), false, 'the fixed port is not opened');
      } finally {
        await stop(child);
      }
    });
  }

  test('listen(0) and other ports are left alone', async () => {
    fixed = await freePort();
    handed = await freePort();
    // Held while the server listens on 0, so that the system cannot hand it either (it did once in 20 runs).
    const held = await Promise.all([fixed, handed].map(holdPort));
    const zero = await serve(httpServer('0'), fixed, handed).finally(() => {
      for (const h of held) h.close();
    });
    const other = await freePort();
    try {
      const port = JSON.parse(zero.line).port;
      assert.ok(port !== handed && port !== fixed && port > 0, `listen(0) got ${port}`);
      const served = await serve(httpServer(String(other)), fixed, handed);
      assert.equal(JSON.parse(served.line).port, other);
      await stop(served.child);
    } finally {
      await stop(zero.child);
    }
  });

  test('without PERF_GATE_PORT_MAP the preload changes nothing', async () => {
    fixed = await freePort();
    const { child, line } = await serve(httpServer(String(fixed)), fixed, 1, { PERF_GATE_PORT_MAP: '' });
    try {
      assert.equal(JSON.parse(line).port, fixed);
    } finally {
      await stop(child);
    }
  });

  test('loaded twice (NODE_OPTIONS with it twice), it moves once and the server answers', async () => {
    fixed = await freePort();
    handed = await freePort();
    const twice = `--require "${preload}" --require "${preload}"`;
    const { child, line } = await serve(httpServer(String(fixed)), fixed, handed, { NODE_OPTIONS: twice });
    try {
      assert.equal(JSON.parse(line).port, handed);
      assert.equal(await getStatus('127.0.0.1', handed, '/', PROBE_MS), 200);
    } finally {
      await stop(child);
    }
  });
});

/** A cluster primary whose 2 workers listen on `fixed`; it prints the port the workers share once both listen. */
function clusterServer(fixed: number, workerEnv: string): string {
  return `const cluster = require('cluster');
const http = require('http');
if (cluster.isPrimary) {
  const ports = [];
  for (let i = 0; i < 2; i++) {
    cluster.fork(${workerEnv}).on('listening', (address) => {
      ports.push(address.port);
      if (ports.length === 2) console.log(JSON.stringify({ ports }));
    });
  }
} else {
  http.createServer((req, res) => res.end('worker ' + process.pid)).listen(${fixed});
}
`;
}

describe('cluster', () => {
  for (const policy of ['rr', 'none']) {
    test(`workers share the handed port (scheduling: ${policy})`, async () => {
      const fixed = await freePort();
      const handed = await freePort();
      const { child, line } = await serve(clusterServer(fixed, '{}'), fixed, handed, {
        NODE_CLUSTER_SCHED_POLICY: policy,
      });
      try {
        assert.deepEqual(JSON.parse(line), { ports: [handed, handed] });
        assert.equal(await getStatus('127.0.0.1', handed, '/', PROBE_MS), 200);
        assert.equal(heldBy(fixed, child.pid!), false);
      } finally {
        await stop(child);
      }
    });
  }

  test('workers started without the preload open the fixed port: the primary does not move it behind them', async () => {
    const fixed = await freePort();
    const handed = await freePort();
    // Moving it in the primary would fail every worker with EADDRINUSE (a worker checks the port it got).
    const source = clusterServer(fixed, "{ NODE_OPTIONS: '', PERF_GATE_PORT_MAP: '' }");
    const { child, line } = await serve(source, fixed, handed);
    try {
      assert.deepEqual(JSON.parse(line), { ports: [fixed, fixed] });
      assert.equal(await getStatus('127.0.0.1', fixed, '/', PROBE_MS), 200);
      assert.equal(heldBy(handed, child.pid!), false);
    } finally {
      await stop(child);
    }
  });
});

test('a server in a worker thread is moved too', async () => {
  const fixed = await freePort();
  const handed = await freePort();
  const source = `const { Worker, isMainThread } = require('worker_threads');
if (isMainThread) new Worker(__filename);
else {
  const server = require('http').createServer((req, res) => res.end('thread'));
  server.listen(${fixed}, () => console.log(JSON.stringify(server.address())));
}
`;
  const { child, line } = await serve(source, fixed, handed);
  try {
    assert.equal(JSON.parse(line).port, handed);
    assert.equal(await getStatus('127.0.0.1', handed, '/', PROBE_MS), 200);
  } finally {
    await stop(child);
  }
});

describe('startServer with a moved port', () => {
  /** Starts `start` (a shell command) in scratch on `fixed` moved to a free port, with the port preload. */
  async function startMoved(start: string, fixed: number, readyTimeoutMs = 10_000) {
    const movedTo = await freePort();
    const server = startServer({
      side: 'head',
      cwd: scratch,
      start,
      port: fixed,
      movedTo,
      readyPath: '/',
      readyTimeoutMs,
      env: portMapEnv(preload, new Map([[fixed, movedTo]]), undefined),
    });
    return { server, movedTo };
  }

  test('probes the handed port and loads it there; PORT is still the fixed port', async () => {
    const fixed = await freePort();
    writeFileSync(
      join(scratch, 'fixed.cjs'),
      `require('http').createServer((req, res) => res.end(process.env.PORT)).listen(${fixed});\n`,
    );
    const { server, movedTo } = await startMoved(`"${process.execPath}" fixed.cjs`, fixed);
    const running = await server;
    try {
      assert.equal(running.port, movedTo);
      assert.equal(running.origin, `http://127.0.0.1:${movedTo}`);
      const body = await (await fetch(`${running.origin}/`)).text();
      assert.equal(body, String(fixed));
      assert.equal(heldBy(fixed, running.child.pid), false);
    } finally {
      await running.stop();
    }
  });

  test('another program on the fixed port is not the server keeping it: the server is waited for on its own port', async () => {
    // As in the suite, where another file's server was handed the port this one's app names (2026-12-06): after the
    // check that the fixed port is free, and before the moved server listens, a program outside its processes
    // takes the fixed port.
    const fixed = await freePort();
    writeFileSync(
      join(scratch, 'late.cjs'),
      `setTimeout(() => require('http').createServer((req, res) => res.end('late')).listen(${fixed}), 1000);\n`,
    );
    const { server, movedTo } = await startMoved(`"${process.execPath}" late.cjs`, fixed);
    const started = () => processesUnder(scratch).some((p) => p.includes('late.cjs'));
    for (const until = Date.now() + 10_000; !started(); await sleep(10))
      assert.ok(Date.now() < until, 'the app started within 10 s');
    const other = await holdPort(fixed);
    try {
      const running = await server;
      try {
        assert.equal(running.port, movedTo);
        assert.equal(await (await fetch(`${running.origin}/`)).text(), 'late');
      } finally {
        await running.stop();
      }
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  test('a Node.js process started with NODE_OPTIONS replaced keeps the port: PortNotMovedError, at once', async () => {
    const fixed = await freePort();
    writeFileSync(
      join(scratch, 'kept.cjs'),
      `require('http').createServer((req, res) => res.end('kept')).listen(${fixed});\n`,
    );
    const started = Date.now();
    const { server, movedTo } = await startMoved(
      `NODE_OPTIONS= "${process.execPath}" kept.cjs`,
      fixed,
      20_000,
    );
    const error = await server.then(
      () => assert.fail('it started'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof PortNotMovedError, String(error));
    assert.equal(error.code, 'server-start');
    assert.equal(error.side, 'head');
    assert.deepEqual([error.fixed, error.movedTo], [fixed, movedTo]);
    assert.match(
      error.message,
      new RegExp(`opened port ${fixed} \\(input \`port\`\\) itself instead of port ${movedTo}`),
    );
    assert.ok(
      Date.now() - started < 10_000,
      'found out as soon as the fixed port opened, not at the time limit',
    );
    assert.deepEqual(
      processesUnder(scratch).filter((p) => p.includes('kept.cjs')),
      [],
      'and stopped',
    );
  });

  test('a server that is not Node.js keeps the port: PortNotMovedError', async () => {
    const fixed = await freePort();
    aptInstall({
      name: 'python3',
      present: () => spawnSync('python3', ['--version']).status === 0,
      missing: 'no python3 (a server that is not Node.js)',
      timeoutMs: 300_000,
    });
    const { server } = await startMoved(
      `exec python3 -m http.server ${fixed} --bind 127.0.0.1`,
      fixed,
      20_000,
    );
    const error = await server.then(
      () => assert.fail('it started'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof PortNotMovedError, String(error));
  });

  test('a server that answers nowhere in time: the message names the fixed port and where it moved', async () => {
    const fixed = await freePort();
    writeFileSync(join(scratch, 'silent.cjs'), 'setInterval(() => {}, 1000);\n');
    const { server, movedTo } = await startMoved(`"${process.execPath}" silent.cjs`, fixed, 1000);
    const error = await server.then(
      () => assert.fail('it started'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof Error && !(error instanceof PortNotMovedError), String(error));
    assert.match(
      error.message,
      new RegExp(
        `on port ${fixed} \\(moved to ${movedTo} by perf-gate\\) within 1 s\\. It opened no port: check that it listens on port ${fixed} \\(input \`port\`\\)`,
      ),
    );
  });
});
