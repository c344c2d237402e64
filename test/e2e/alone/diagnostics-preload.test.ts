/**
 * The diagnostics preload inside real servers started the way the gate starts them (startServer, a shell command,
 * our env). Short: a few hundred requests per server, about 10 s in all.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { diagnosticsEnv, readSnapshots, snapshot, writePreload } from '../../../src/diagnostics/install.ts';
import { type DiagnosticsSnapshot, RESOLUTION_MS } from '../../../src/diagnostics/preload.ts';
import { DiagnosticsRecorder } from '../../../src/diagnostics/recorder.ts';
import { inWindows } from '../../../src/gate/servers.ts';
import { liveChildren } from '../../../src/io/proc.ts';
import { type RunningServer, startServer } from '../../../src/io/server.ts';
import { runLoad } from '../../../src/load/generator.ts';
import type { LoadSpec } from '../../../src/model/measure.ts';
import { renderDiagnosticsSection } from '../../../src/report/diagnostics.ts';
import { aptInstall } from '../../support/apt.ts';
import { processesUnder } from '../../support/repo.ts';

/** The servers' body after their import of http: each request busy BUSY_MS of CPU time, then `ok`. */
const SERVER_BODY = `const busyMs = Number(process.env.BUSY_MS || 0);
// CPU time, not the clock: on a busy machine a wait by the clock is partly spent descheduled.
const spent = (start) => { const u = process.cpuUsage(start); return u.user + u.system; };
http
  .createServer((req, res) => {
    if (busyMs > 0) { const start = process.cpuUsage(); while (spent(start) < busyMs * 1000); }
    res.end('ok');
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

const CJS = `'use strict';
const http = require('http');
${SERVER_BODY}`;

const MJS = `import http from 'node:http';
${SERVER_BODY}`;

/** Connects to itself once (so that the preload reports), then waits to be signalled; MODE picks the app's handlers. */
const SIGNALLED = `'use strict';
const http = require('http');
const mode = process.env.MODE;
const server = http.createServer((req, res) => res.end('ok'));
if (mode === 'graceful') process.on('SIGTERM', () => server.close(() => process.exit(7)));
if (mode === 'signal-exit') {
  // What the signal-exit package does: re-raise only when it is the last listener.
  const listener = () => {
    if (process.listeners('SIGTERM').length === 1) {
      process.removeListener('SIGTERM', listener);
      process.kill(process.pid, 'SIGTERM');
    }
  };
  process.on('SIGTERM', listener);
}
server.listen(0, '127.0.0.1', () => {
  http.get('http://127.0.0.1:' + server.address().port + '/', (res) => {
    res.resume();
    res.on('end', () => console.log('ready'));
  });
});
`;

/** `requests` GETs, `concurrency` at a time, over keep-alive connections. */
async function load(server: RunningServer, requests: number, concurrency: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let sent = 0;
  let ok = 0;
  const worker = async (): Promise<void> => {
    while (sent < requests) {
      sent++;
      await new Promise<void>((resolve, reject) => {
        get(`${server.origin}/`, { agent }, (res) => {
          if (res.statusCode === 200) ok++;
          res.resume();
          res.once('end', resolve);
          res.once('error', reject);
        }).once('error', reject);
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return ok;
}

describe('diagnostics preload in real servers', { timeout: 120_000 }, () => {
  let scratch = '';
  let preload = '';
  let count = 0;

  const serve = async (
    files: Record<string, string>,
    start: string,
    env: Record<string, string> = {},
  ): Promise<{ server: RunningServer; out: string; dir: string }> => {
    const dir = join(scratch, `server-${++count}`);
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const out = join(dir, 'diagnostics.jsonl');
    const server = await startServer({
      side: 'head',
      cwd: dir,
      start,
      port: undefined,
      readyPath: '/',
      readyTimeoutMs: 20_000,
      env: { ...diagnosticsEnv(preload, out, process.env.NODE_OPTIONS), ...env },
    });
    return { server, out, dir };
  };

  /** How long the last `measured` load took by the test's own clock: the window around it spans at least that. */
  let loadMs = 0;

  /** A snapshot, the load, a snapshot: the second one's lines cover the load. */
  const measured = async (server: RunningServer, out: string, requests: number, concurrency: number) => {
    await snapshot(out, { label: 'begin' });
    const started = Date.now();
    const ok = await load(server, requests, concurrency);
    loadMs = Date.now() - started;
    assert.equal(ok, requests, 'every request answered 200');
    return snapshot(out, { label: 'end' });
  };

  /** `spanned`: what the window must span by the test's clock (the load it was opened and closed around). */
  const assertPlausible = (line: DiagnosticsSnapshot, server: RunningServer, spanned = loadMs): void => {
    assert.equal(line.reason, 'snapshot');
    assert.ok(line.ports.includes(server.port), `ports ${line.ports} include ${server.port}`);
    // Both clocks are the machine's wall clock in whole ms: 2 ms of rounding, whatever the host's speed.
    assert.ok(
      line.elapsedMs >= spanned - 2 && line.elapsedMs < 30_000,
      `elapsed ${line.elapsedMs} ms around a load of ${spanned} ms`,
    );
    const d = line.eventLoopDelayMs;
    assert.ok(d.count > 0, 'the delay timer fired');
    assert.ok(d.p50 <= d.p99 && d.p99 <= d.max, JSON.stringify(d));
    const cpuMs = line.cpu.userMs + line.cpu.systemMs;
    assert.ok(cpuMs > 0 && cpuMs < line.elapsedMs * 2 + 50, `cpu ${cpuMs} ms in ${line.elapsedMs} ms`);
    assert.ok(line.rss.last > 10 * 2 ** 20 && line.rss.peak >= line.rss.last, JSON.stringify(line.rss));
    assert.ok(
      line.heapUsed.last > 2 ** 20 && line.heapUsed.peak >= line.heapUsed.last,
      JSON.stringify(line.heapUsed),
    );
    assert.ok(line.rss.peak < 1024 * 2 ** 20, 'under 1 GB');
    assert.ok(line.memory.length >= 1);
    assert.ok(
      line.eventLoopUtilization !== null && line.eventLoopUtilization >= 0 && line.eventLoopUtilization <= 1,
    );
  };

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'perf-gate-diagnostics-e2e-'));
    preload = writePreload(join(scratch, 'pre load')); // a space in the path: NODE_OPTIONS quoting for real
  });
  after(() => {
    assert.deepEqual(processesUnder(scratch), [], 'no process of the test is left');
    assert.equal(liveChildren(), 0);
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a plain CommonJS server: one process, plausible numbers, a median delay under the resolution, a SIGTERM line on stop', async (t) => {
    const { server, out } = await serve({ 'server.js': CJS }, 'node server.js');
    let lines: DiagnosticsSnapshot[];
    try {
      lines = await measured(server, out, 300, 4);
    } finally {
      await server.stop();
    }
    t.diagnostic(JSON.stringify(lines[0]?.eventLoopDelayMs));
    assert.equal(lines.length, 1);
    const line = lines[0]!;
    assertPlausible(line, server);
    // The histogram's resolution is subtracted: an unread one would put every delay at 10 ms or more. (Its p99 is
    // the host's: 14.6 ms on a machine kept busy by other processes.)
    assert.ok(line.eventLoopDelayMs.p50 < RESOLUTION_MS, `p50 ${line.eventLoopDelayMs.p50} ms`);
    const all = readSnapshots(out);
    assert.deepEqual([...new Set(all.map((l) => l.pid))], [line.pid], 'one reporting process');
    assert.deepEqual(
      all.map((l) => l.reason),
      ['listening', 'snapshot', 'snapshot', 'SIGTERM'],
    );
  });

  test('an ES module server whose handler busy-waits 30 ms of CPU: p99 of at least 20 ms', async (t) => {
    const { server, out } = await serve({ 'server.mjs': MJS }, 'node server.mjs', { BUSY_MS: '30' });
    let lines: DiagnosticsSnapshot[];
    try {
      lines = await measured(server, out, 40, 4);
    } finally {
      await server.stop();
    }
    t.diagnostic(JSON.stringify(lines[0]?.eventLoopDelayMs));
    assert.equal(lines.length, 1);
    assertPlausible(lines[0]!, server);
    assert.ok(lines[0]!.eventLoopDelayMs.p99 >= 20, `p99 ${lines[0]!.eventLoopDelayMs.p99} ms`);
    assert.ok(lines[0]!.cpu.userMs + lines[0]!.cpu.systemMs >= 40 * 30 * 0.8, 'the busy-wait shows as CPU');
  });

  test('npm start: npm loads the preload too, but only the server process reports', async () => {
    const { server, out } = await serve(
      {
        'server.js': CJS,
        'package.json': JSON.stringify({
          name: 'throwaway',
          private: true,
          scripts: { start: 'node server.js' },
        }),
      },
      'npm start',
    );
    let lines: DiagnosticsSnapshot[];
    let command = '';
    try {
      lines = await measured(server, out, 200, 4);
      const pid = lines[0]?.pid;
      if (pid !== undefined)
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } finally {
      await server.stop();
    }
    assert.equal(lines.length, 1);
    assertPlausible(lines[0]!, server);
    assert.equal(command, 'node server.js');
    const pids = new Set(readSnapshots(out).map((l) => l.pid));
    assert.deepEqual([...pids], [lines[0]!.pid], 'exactly one process wrote lines');
  });

  /** A Node.js other than the one running the tests (the devDependency's): Debian's, installed when missing. */
  const otherNode = (): string | undefined =>
    ['/usr/bin/node', '/usr/local/bin/node'].find(
      (path) =>
        existsSync(path) && !execFileSync(path, ['-v'], { encoding: 'utf8' }).startsWith(process.version),
    );
  test("another Node.js release (the system's) reports too", async () => {
    aptInstall({
      name: 'nodejs',
      present: () => otherNode() !== undefined,
      missing: `no Node.js other than ${process.version} in /usr/bin or /usr/local/bin`,
      timeoutMs: 300_000,
    });
    const systemNode = otherNode()!;
    const { server, out } = await serve({ 'server.js': CJS }, `${systemNode} server.js`);
    let lines: DiagnosticsSnapshot[];
    try {
      lines = await measured(server, out, 200, 4);
    } finally {
      await server.stop();
    }
    assert.equal(lines.length, 1);
    assertPlausible(lines[0]!, server);
    assert.notEqual(lines[0]!.node, process.version);
  });

  test('a start command that replaces NODE_OPTIONS: no data, and snapshots do not wait for it', async () => {
    const { server, out } = await serve({ 'server.js': CJS }, 'NODE_OPTIONS= node server.js');
    try {
      const started = Date.now();
      assert.deepEqual(await snapshot(out), []);
      assert.ok(Date.now() - started < 1500, `${Date.now() - started} ms`);
    } finally {
      await server.stop();
    }
    assert.deepEqual(readSnapshots(out), []);
  });

  test("the pipeline's path: DiagnosticsRecorder around runLoad, then the summary and the section", async () => {
    const recorder = new DiagnosticsRecorder(join(scratch, 'recorder'));
    const probe = recorder.server('head', 'pair1-head');
    const dir = join(scratch, 'recorded');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'server.js'), CJS);
    const server = await startServer({
      side: 'head',
      cwd: dir,
      start: 'node server.js',
      port: undefined,
      readyPath: '/',
      readyTimeoutMs: 20_000,
      env: probe.env,
    });
    const spec = (warmupSec: number): LoadSpec => ({
      url: `${server.origin}/`,
      method: 'GET',
      headers: {},
      connections: 2,
      warmupSec,
      durationSec: 1,
      timeoutSec: 5,
    });
    let withWarmupMs = 0;
    try {
      // No warm-up: the window opens before the load starts.
      const opened = await probe.open('/', { warmupSec: 0, port: server.port });
      const { result: first } = await inWindows([opened], () => runLoad(spec(0), 'head'));
      assert.ok(first.responses > 100, `${first.responses} responses`);
      // 1 s of warm-up: the window opens only once it is over.
      const started = Date.now();
      const warming = await probe.open('/', { warmupSec: 1, port: server.port });
      await inWindows([warming], () => runLoad(spec(1), 'head'));
      withWarmupMs = Date.now() - started;
    } finally {
      await server.stop();
    }
    const recorded = recorder.snapshots();
    assert.equal(recorded.base.length, 0);
    assert.equal(recorded.head.length, 2);
    for (const line of recorded.head) assertPlausible(line, server, 0);
    assert.equal(recorded.head[0]!.pid, recorded.head[1]!.pid, 'one long-lived process');
    assert.ok(
      recorded.head[0]!.elapsedMs >= 900,
      `the first window spans the load: ${recorded.head[0]!.elapsedMs} ms`,
    );
    const second = recorded.head[1]!.elapsedMs;
    assert.ok(
      second >= 500 && second <= withWarmupMs - 900,
      `the warm-up is left out: ${second} of ${withWarmupMs} ms`,
    );
    const summary = recorder.summary();
    assert.equal(summary.head?.windows, 2);
    assert.ok(summary.head!.cpuCores > 0.05, `${summary.head!.cpuCores} cores`);
    const markdown = renderDiagnosticsSection(summary);
    assert.match(markdown, /No data from the base server/);
    assert.match(markdown, /\| peak RSS \| n\/a \| \d+(\.\d)? MB \|/);
  });
});

describe("the preload keeps the app's signal semantics", { timeout: 30_000 }, () => {
  let scratch = '';
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'perf-gate-diagnostics-signals-'));
    writeFileSync(join(scratch, 'app.js'), SIGNALLED);
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  const run = async (
    mode: string,
  ): Promise<{ code: number | null; signal: string | null; reasons: string[] }> => {
    const out = join(scratch, `${mode}.jsonl`);
    const child: ChildProcess = spawn(process.execPath, ['app.js'], {
      cwd: scratch,
      env: { PATH: process.env.PATH ?? '', MODE: mode, ...diagnosticsEnv(writePreload(scratch), out) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    await sleep(50);
    child.kill('SIGTERM');
    const exit = await Promise.race([
      exited,
      sleep(5000, undefined, { ref: false }).then(() => ({ code: -1, signal: 'still running' })),
    ]);
    if (exit.code === -1) child.kill('SIGKILL');
    return { ...exit, reasons: readSnapshots(out).map((l) => l.reason) };
  };

  test('no handler of its own: it still dies by SIGTERM, after writing its line', async () => {
    assert.deepEqual(await run('none'), { code: null, signal: 'SIGTERM', reasons: ['listening', 'SIGTERM'] });
  });

  test("the app's own handler decides: a graceful exit with its code", async () => {
    assert.deepEqual(await run('graceful'), {
      code: 7,
      signal: null,
      reasons: ['listening', 'SIGTERM', 'exit'],
    });
  });

  test('a listener-counting handler (signal-exit) still sees itself alone and re-raises', async () => {
    assert.deepEqual(await run('signal-exit'), {
      code: null,
      signal: 'SIGTERM',
      reasons: ['listening', 'SIGTERM'],
    });
  });
});
