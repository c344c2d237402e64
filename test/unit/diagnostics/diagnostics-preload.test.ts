import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import vm from 'node:vm';
import {
  controlFile,
  diagnosticsEnv,
  outFileFor,
  PRELOAD_FILE,
  parseSnapshot,
  parseSnapshots,
  quoteNodeOption,
  readSnapshots,
  snapshot,
  writePreload,
} from '../../../src/diagnostics/install.ts';
import {
  CONTROL_MS,
  CONTROL_SUFFIX,
  DIAGNOSTICS_ENV,
  PRELOAD_SOURCE,
  RESOLUTION_MS,
  TICK_MS,
} from '../../../src/diagnostics/preload.ts';
import { servingPort } from '../../../src/diagnostics/recorder.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-diagnostics-unit-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('PRELOAD_SOURCE', () => {
  test('parses as a script', () => {
    assert.doesNotThrow(() => new vm.Script(PRELOAD_SOURCE, { filename: PRELOAD_FILE }));
  });

  test('requires only built-in modules that Node 18 has, by their plain names', () => {
    const required = [...PRELOAD_SOURCE.matchAll(/require\(([^)]*)\)/g)].map((m) => m[1]);
    assert.ok(required.length > 0);
    for (const name of required)
      assert.ok(
        ["'fs'", "'perf_hooks'", "'worker_threads'", "'diagnostics_channel'", "'v8'", "'vm'"].includes(name!),
        `unexpected require(${name})`,
      );
    assert.doesNotMatch(PRELOAD_SOURCE, /\bimport\s*[({'"]|import\.meta|\bexport\b/);
  });

  test('uses no API newer than Node 18', () => {
    const newer: [RegExp, string][] = [
      [/getBuiltinModule/, 'process.getBuiltinModule (22.3)'],
      [/Object\.groupBy|Map\.groupBy/, 'groupBy (21)'],
      [/withResolvers/, 'Promise.withResolvers (22)'],
      [/\.toSorted|\.toReversed|\.toSpliced|\.with\(/, 'change-array-by-copy (20)'],
      [/fromAsync/, 'Array.fromAsync (22)'],
      [/\.union\(|\.intersection\(|\.difference\(|isSubsetOf/, 'Set methods (22)'],
      [
        /loadEnvFile|globSync|AbortSignal\.any|navigator\.|Iterator\.from|RegExp\.escape|Error\.isError/,
        'newer API',
      ],
      [/\busing\s+\w+\s*=/, 'explicit resource management'],
      [/process\.features\.typescript|process\.finalization/, 'newer process API'],
      [/['"]node:/, '"node:" specifiers (fine in 18, but keep the plain names)'],
    ];
    for (const [pattern, what] of newer) assert.doesNotMatch(PRELOAD_SOURCE, pattern, what);
  });

  test('carries the shared constants', () => {
    assert.ok(PRELOAD_SOURCE.includes(`process.env.${DIAGNOSTICS_ENV}`));
    assert.ok(PRELOAD_SOURCE.includes(JSON.stringify(CONTROL_SUFFIX)));
    assert.ok(PRELOAD_SOURCE.includes(`var RESOLUTION_MS = ${RESOLUTION_MS};`));
    assert.doesNotMatch(PRELOAD_SOURCE, /SIGUSR|uncaughtException|\.prototype\.\w+\s*=/);
  });
});

/** A fake runtime for the preload: just enough of process and the built-in modules, with switches for old releases. */
function sandbox(
  options: {
    env?: string;
    mainThread?: boolean;
    old?: boolean;
    failingFs?: boolean;
    v8Counts?: boolean;
  } = {},
) {
  const written: string[] = [];
  const required: string[] = [];
  const intervals: { fn: () => void; unref: boolean; ms: number }[] = [];
  let memoryReads = 0;
  const subscribers: ((message: unknown) => void)[] = [];
  const requestSubscribers: (() => void)[] = [];
  // V8's heap: `used` grows as the app allocates; each collection frees `freed` of it; a full one leaves `kept`.
  const heap = { used: 1000, total: 0, kept: 600, collections: [] as { before: number; after: number }[] };
  let fullCollections = 0;
  const listeners = new Map<string, (() => void)[]>();
  let control: { token: string; ino: number } | undefined;
  let killed: string | undefined;
  const histogram = {
    enabled: false,
    enable() {
      this.enabled = true;
    },
    reset() {},
    percentile: (q: number) => (q === 50 ? 10.2e6 : 31e6),
    max: 45e6,
    mean: 11e6,
    ...(options.old ? {} : { count: 42 }),
  };
  const fakeProcess = {
    env: options.env === undefined ? {} : { [DIAGNOSTICS_ENV]: options.env },
    pid: 4242,
    ppid: 1,
    version: 'v18.0.0',
    uptime: () => 1.5,
    cpuUsage: (base?: { user: number; system: number }) =>
      base ? { user: 2_000_000 - base.user, system: 500_000 - base.system } : { user: 1000, system: 100 },
    memoryUsage: () => {
      memoryReads++;
      return { rss: 50 * 2 ** 20, heapUsed: 8 * 2 ** 20 };
    },
    ...(options.old ? {} : { getActiveResourcesInfo: () => ['TTYWrap'] }),
    _getActiveHandles: () => [{ listening: true, address: () => ({ port: 3000 }) }],
    prependListener(name: string, fn: () => void) {
      listeners.set(name, [fn, ...(listeners.get(name) ?? [])]);
    },
    on(name: string, fn: () => void) {
      listeners.set(name, [...(listeners.get(name) ?? []), fn]);
    },
    removeListener(name: string, fn: () => void) {
      listeners.set(
        name,
        (listeners.get(name) ?? []).filter((l) => l !== fn),
      );
    },
    listenerCount: (name: string) => (listeners.get(name) ?? []).length,
    kill(_pid: number, signal: string) {
      killed = signal;
    },
  };
  const channel = {
    subscribe: (fn: (message: unknown) => void) => subscribers.push(fn),
    unsubscribe: () => {},
  };
  const modules: Record<string, unknown> = {
    fs: {
      appendFileSync(_path: string, text: string) {
        if (options.failingFs) throw new Error('EROFS');
        written.push(text);
      },
      statSync: () =>
        control ? { ino: control.ino, mtimeMs: control.ino, size: control.token.length } : undefined,
      readFileSync: () => control?.token ?? '',
    },
    perf_hooks: {
      monitorEventLoopDelay: () => histogram,
      performance: options.old ? {} : { eventLoopUtilization: () => ({ utilization: 0.5 }) },
    },
    worker_threads: { isMainThread: options.mainThread ?? true },
    diagnostics_channel: options.old
      ? { channel: () => channel }
      : {
          channel: () => channel,
          subscribe: (name: string, fn: (message: unknown) => void) =>
            name === 'http.server.request.start'
              ? requestSubscribers.push(fn as () => void)
              : subscribers.push(fn),
          unsubscribe: () => {},
        },
    v8: {
      getHeapStatistics: () => ({
        used_heap_size: heap.used,
        ...(options.v8Counts ? { total_allocated_bytes: heap.total } : {}),
      }),
      GCProfiler: class {
        start() {
          heap.collections = [];
        }
        stop() {
          const statistics = heap.collections.map((c) => ({
            cost: 1500,
            beforeGC: { heapStatistics: { usedHeapSize: c.before } },
            afterGC: { heapStatistics: { usedHeapSize: c.after } },
          }));
          return { statistics };
        }
      },
      setFlagsFromString: () => {},
    },
    vm: {
      runInNewContext: () => () => {
        fullCollections++;
        heap.used = heap.kept;
      },
    },
  };
  const context = vm.createContext({
    process: fakeProcess,
    require: (name: string) => {
      required.push(name);
      if (!(name in modules)) throw new Error(`no module ${name}`);
      return modules[name];
    },
    setInterval: (fn: () => void, ms: number) => {
      const entry = { fn, unref: false, ms };
      intervals.push(entry);
      return {
        unref() {
          entry.unref = true;
        },
      };
    },
    setImmediate: (fn: () => void) => {
      fn();
      return { unref() {} };
    },
  });
  new vm.Script(PRELOAD_SOURCE).runInContext(context);
  return {
    written,
    required,
    intervals,
    histogram,
    listeners,
    tick: () => {
      for (const i of intervals) i.fn();
    },
    /** The app allocates `bytes` on the heap, serving `requests` requests. */
    serve: (requests: number, bytes: number) => {
      for (let i = 0; i < requests; i++) for (const r of requestSubscribers) r();
      heap.used += bytes;
      heap.total += bytes;
    },
    /** A collection that frees `bytes`. */
    collect: (bytes: number) => {
      heap.collections.push({ before: heap.used, after: heap.used - bytes });
      heap.used -= bytes;
    },
    fullCollections: () => fullCollections,
    connect: (localPort: number | undefined) => {
      for (const s of [...subscribers]) s({ socket: { localPort } });
    },
    ask: (token: string) => {
      control = { token, ino: (control?.ino ?? 0) + 1 };
    },
    signal: (name: string) => {
      for (const l of [...(listeners.get(name) ?? [])]) l();
    },
    killed: () => killed,
    memoryReads: () => memoryReads,
    lines: () => written.map((t) => JSON.parse(t) as Record<string, unknown>),
  };
}

describe('the preload in a fake runtime', () => {
  test('without PERF_GATE_DIAGNOSTICS it does nothing at all', () => {
    const s = sandbox();
    assert.deepEqual(s.required, []);
    assert.equal(s.intervals.length, 0);
  });

  test('looks for a token every CONTROL_MS (a snapshot waits for that), reads memory at most every TICK_MS', () => {
    const s = sandbox({ env: '/tmp/x.jsonl' });
    assert.equal(s.intervals[0]!.ms, CONTROL_MS);
    assert.ok(CONTROL_MS < TICK_MS);
    s.connect(8080);
    s.tick();
    const reads = s.memoryReads();
    s.tick();
    s.tick();
    assert.equal(s.memoryReads(), reads, 'ticks within TICK_MS of a sample read no memory');
    s.ask('t1');
    s.tick();
    assert.equal(s.lines().at(-1)!.seq, 't1', 'a token is answered at the next tick all the same');
  });

  test('in a worker thread it starts nothing', () => {
    const s = sandbox({ env: '/tmp/x.jsonl', mainThread: false });
    assert.equal(s.intervals.length, 0);
    assert.equal(s.written.length, 0);
  });

  test('stays silent until it accepts a TCP connection (not a pipe), then registers, answers tokens once each', () => {
    const s = sandbox({ env: '/tmp/x.jsonl' });
    assert.equal(s.intervals.length, 1);
    assert.equal(s.intervals[0]!.unref, true, 'its timer never keeps the process alive');
    s.tick();
    s.connect(undefined); // a pipe
    assert.equal(s.written.length, 0);
    assert.equal(s.listeners.size, 0, 'no signal handler in a process that does not serve');
    s.ask('old-token'); // written before the process reported: not for it
    s.connect(8080);
    assert.equal(s.histogram.enabled, true);
    const [listening] = s.lines();
    assert.equal(listening!.reason, 'listening');
    assert.deepEqual(listening!.ports, [8080, 3000], 'the accepted port, then the listening handles');
    s.tick();
    assert.equal(s.written.length, 1, 'the old token is not answered');
    s.ask('t1');
    s.tick();
    s.tick();
    const lines = s.lines();
    assert.equal(lines.length, 2, 'one answer per token');
    const answer = lines[1]!;
    assert.equal(answer.reason, 'snapshot');
    assert.equal(answer.seq, 't1');
    assert.deepEqual(answer.eventLoopDelayMs, { p50: 0.2, p99: 21, max: 35, mean: 1, count: 42 });
    assert.equal(answer.eventLoopUtilization, 0.5);
    assert.deepEqual(answer.cpu, { userMs: 1999, systemMs: 499.9 });
    assert.deepEqual(answer.rss, { peak: 50 * 2 ** 20, last: 50 * 2 ** 20 });
    assert.ok(parseSnapshot(s.written[1]!) !== undefined, 'the line parses');
  });

  test('SIGTERM: writes a line, removes itself first, re-raises only when nobody else listens', () => {
    const alone = sandbox({ env: '/tmp/x.jsonl' });
    alone.connect(8080);
    alone.signal('SIGTERM');
    assert.equal(alone.lines().at(-1)!.reason, 'SIGTERM');
    assert.equal(alone.killed(), 'SIGTERM', 'default action restored and re-raised');

    const handled = sandbox({ env: '/tmp/x.jsonl' });
    handled.connect(8080);
    let appRan = false;
    handled.listeners.set('SIGTERM', [...(handled.listeners.get('SIGTERM') ?? []), () => (appRan = true)]);
    handled.signal('SIGTERM');
    assert.equal(appRan, true);
    assert.equal(handled.killed(), undefined, "the app's handler decides");
    assert.equal(handled.listeners.get('SIGTERM')!.length, 1, 'only the app listens now');
  });

  test('old releases (no subscribe(name), no getActiveResourcesInfo, no histogram.count, no ELU) still work', () => {
    const s = sandbox({ env: '/tmp/x.jsonl', old: true });
    s.tick();
    s.connect(9000);
    s.ask('t');
    s.tick();
    const answer = s.lines().at(-1)!;
    assert.equal(answer.seq, 't');
    assert.equal(answer.eventLoopUtilization, null);
    assert.equal((answer.eventLoopDelayMs as { p99: number }).p99, 21);
  });

  test('counts bytes allocated and requests per window from the collections; a full collection only when asked', () => {
    const s = sandbox({ env: '/tmp/x.jsonl' });
    s.connect(8080);
    s.serve(100, 5000);
    s.collect(4000);
    s.serve(100, 3000);
    s.collect(2500);
    s.serve(50, 1000);
    s.ask('w1-begin#1');
    s.tick();
    const first = s.lines().at(-1)!.heap as Record<string, unknown>;
    // used 1000 → 2500, freed 4000 + 2500: 1500 + 6500 = 9000 bytes over 250 requests.
    assert.deepEqual(first, {
      allocated: 9000,
      exact: false,
      gcMs: 3,
      gcs: 2,
      retained: null,
      requests: 250,
    });
    assert.equal(s.fullCollections(), 0, 'no full collection unless the token asks for one');
    s.serve(10, 700);
    s.ask('w1-end#collect#1');
    s.tick();
    const second = s.lines().at(-1)!.heap as Record<string, unknown>;
    assert.equal(s.fullCollections(), 1);
    assert.deepEqual(second, { allocated: 700, exact: false, gcMs: 0, gcs: 0, retained: 600, requests: 10 });
    s.serve(1, 100);
    s.ask('w2-begin#2');
    s.tick();
    assert.equal(
      (s.lines().at(-1)!.heap as { allocated: number }).allocated,
      100,
      'the full collection is not counted',
    );
    assert.equal(parseSnapshot(s.written.at(-1)!)?.heap?.allocated, 100, 'the line parses with its heap');
  });

  test("V8's own allocation counter, where the release has it, is taken as exact", () => {
    const s = sandbox({ env: '/tmp/x.jsonl', v8Counts: true });
    s.connect(8080);
    s.serve(4, 4096);
    s.collect(4000);
    s.ask('t');
    s.tick();
    const heap = s.lines().at(-1)!.heap as Record<string, unknown>;
    assert.equal(heap.allocated, 4096);
    assert.equal(heap.exact, true);
    assert.equal(heap.requests, 4);
  });

  test('a failing file system never throws into the app', () => {
    const s = sandbox({ env: '/tmp/x.jsonl', failingFs: true });
    assert.doesNotThrow(() => {
      s.connect(8080);
      s.ask('t');
      s.tick();
      s.signal('SIGINT');
    });
    assert.equal(s.killed(), 'SIGINT');
  });
});

describe('install', () => {
  test('writePreload writes a .cjs once and returns its absolute path', () => {
    const dir = join(scratch, 'pre load');
    const path = writePreload(dir);
    assert.equal(path, join(dir, PRELOAD_FILE));
    assert.equal(readFileSync(path, 'utf8'), PRELOAD_SOURCE);
    const before = statSync(path).mtimeMs;
    assert.equal(writePreload(dir), path);
    assert.equal(statSync(path).mtimeMs, before, 'not rewritten');
  });

  test('quoteNodeOption and diagnosticsEnv', () => {
    assert.equal(quoteNodeOption('/a b/c.cjs'), '"/a b/c.cjs"');
    assert.equal(quoteNodeOption('C:\\x "y"\\z'), '"C:\\\\x \\"y\\"\\\\z"');
    assert.deepEqual(diagnosticsEnv('/p/pre.cjs', '/o/out.jsonl'), {
      NODE_OPTIONS: '--require "/p/pre.cjs"',
      PERF_GATE_DIAGNOSTICS: '/o/out.jsonl',
    });
    assert.deepEqual(diagnosticsEnv('/p/pre.cjs', '/o/out.jsonl', ' --max-old-space-size=512 '), {
      NODE_OPTIONS: '--require "/p/pre.cjs" --max-old-space-size=512',
      PERF_GATE_DIAGNOSTICS: '/o/out.jsonl',
    });
    assert.equal(
      diagnosticsEnv('rel/pre.cjs', 'out.jsonl').PERF_GATE_DIAGNOSTICS,
      join(process.cwd(), 'out.jsonl'),
    );
    assert.equal(controlFile('/o/out.jsonl'), `/o/out.jsonl${CONTROL_SUFFIX}`);
    assert.equal(outFileFor('/o', 'pair 1/head: x'), '/o/pair_1_head_x.jsonl');
  });

  test('Node parses the NODE_OPTIONS we build: a path with spaces and quotes loads, existing options stay', () => {
    const dir = join(scratch, 'odd "dir" name');
    mkdirSync(dir, { recursive: true });
    const preload = writePreload(dir);
    const env = diagnosticsEnv(preload, join(dir, 'out.jsonl'), '--title=perf-gate-unit');
    const out = execFileSync(
      process.execPath,
      ['-p', "[Boolean(process[Symbol.for('perf-gate.diagnostics')]), process.title].join(' ')"],
      { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
    );
    assert.equal(out.trim(), 'true perf-gate-unit');
  });

  test('parseSnapshots keeps well-formed lines only, whatever the file holds', () => {
    const good = {
      v: 1,
      pid: 10,
      ppid: 1,
      reason: 'snapshot',
      seq: 'a',
      at: 2000,
      startedAt: 1000,
      elapsedMs: 1000,
      uptimeMs: 5000,
      ports: [3000, 'x', 70000, -1],
      eventLoopDelayMs: { p50: 0.1, p99: 1, max: 2, mean: 0.2, count: 90 },
      eventLoopUtilization: 1.5,
      cpu: { userMs: 500, systemMs: 50 },
      rss: { peak: 100, last: 90 },
      heapUsed: { peak: 50, last: 40 },
      memory: [
        [0, 90, 40],
        [250, 'x', 1],
        [500, 95],
      ],
      node: 'v24.0.0',
    };
    const text = [
      JSON.stringify(good),
      '{not json',
      JSON.stringify({ ...good, reason: 'oops' }),
      JSON.stringify({ ...good, cpu: { userMs: Number.NaN, systemMs: 1 } }),
      JSON.stringify({ ...good, eventLoopDelayMs: { p50: -1, p99: 1, max: 1, mean: 1, count: 1 } }),
      JSON.stringify({ ...good, v: 2 }),
      '[]',
      '',
      JSON.stringify(good).slice(0, 40),
    ].join('\n');
    const lines = parseSnapshots(text);
    assert.equal(lines.length, 1);
    const line = lines[0]!;
    assert.deepEqual(line.ports, [3000]);
    assert.deepEqual(line.memory, [[0, 90, 40]]);
    assert.equal(line.eventLoopUtilization, 1);
    assert.equal(readSnapshots(join(scratch, 'missing.jsonl')).length, 0);
  });

  test('servingPort keeps the processes that served the port, all when none did', () => {
    const line = parseSnapshots(
      JSON.stringify({
        v: 1,
        pid: 1,
        reason: 'snapshot',
        seq: null,
        at: 2,
        startedAt: 1,
        elapsedMs: 1,
        ports: [3000],
        eventLoopDelayMs: { p50: 0, p99: 0, max: 0, mean: 0, count: 0 },
        cpu: { userMs: 0, systemMs: 0 },
        rss: { peak: 0, last: 0 },
        heapUsed: { peak: 0, last: 0 },
      }),
    )[0]!;
    const other = { ...line, pid: 2, ports: [9229] };
    assert.deepEqual(
      servingPort([line, other], 3000).map((l) => l.pid),
      [1],
    );
    assert.deepEqual(
      servingPort([line, other], 4000).map((l) => l.pid),
      [1, 2],
    );
  });

  test('snapshot returns [] at once when no process ever reported', async () => {
    const out = join(scratch, 'nobody.jsonl');
    const started = Date.now();
    // After registrationMs, not the answers' timeout: a bound far from both, so no busy host moves the outcome.
    assert.deepEqual(await snapshot(out, { registrationMs: 100, timeoutMs: 60_000 }), []);
    assert.ok(Date.now() - started < 30_000);
    writeFileSync(out, 'garbage\n');
    assert.deepEqual(await snapshot(out, { registrationMs: 50 }), []);
  });
});
