/**
 * From the V8 log to windows of load: the preprocessed log read as 0x reads it (with each sample's time), the
 * samples put on our clock by the windows they fit, split into them, and rolled up by function, file and package.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { packageOf, rollUp, unitKey } from '../../../src/profile/rollup.ts';
import { buildProfile, type RawFrame } from '../../../src/profile/ticks.ts';
import { rawLogFacts, readV8Log, type TimedTicks, v8LogFile } from '../../../src/profile/v8-log.ts';
import { alignTicks, type Span, splitTicks } from '../../../src/profile/windows.ts';

const frame = (fn: string, file: string): RawFrame => ({ name: `${fn} ${file}:1:1`, type: 'JS' });
const IDLE: RawFrame = { name: 'epoll_pwait', type: 'CPP' };

describe('readV8Log', () => {
  test('stacks root first without the unresolved entries, times in ms, as 0x makes ticks.json', () => {
    const code = [frame('outer', '/app/a.js'), frame('inner', '/app/b.js'), IDLE];
    const timed = readV8Log({
      code,
      ticks: [
        // Innermost first, as (code, offset) pairs; -1: not resolved.
        { tm: 1500, vm: 0, s: [1, 10, -1, 0, 0, 4] },
        { tm: 2500, vm: 8, s: [2, 0] },
      ],
    });
    assert.deepEqual(timed.timesMs, [1.5, 2.5]);
    assert.deepEqual(
      timed.ticks.map((stack) => stack.map((f) => f.name)),
      [['outer /app/a.js:1:1', 'inner /app/b.js:1:1'], ['epoll_pwait']],
    );
  });

  test('says what is wrong with a file that is not a preprocessed log', () => {
    assert.throws(() => readV8Log([]), /not an object with `code` and `ticks`/);
    assert.throws(() => readV8Log({ code: [], ticks: [{ s: [] }] }), /tick 0 has no time/);
  });

  test("v8LogFile picks the main thread's log among the worker threads'", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-v8log-'));
    try {
      writeFileSync(join(dir, 'isolate-0x1-100-101-v8.log.json'), 'x'.repeat(100));
      writeFileSync(join(dir, 'isolate-0x2-100-100-v8.log.json'), 'x');
      writeFileSync(join(dir, 'isolate-0x2-100-100-v8.log'), 'x');
      assert.equal(v8LogFile(dir), join(dir, 'isolate-0x2-100-100-v8.log.json'));
      mkdirSync(join(dir, 'empty'));
      assert.equal(v8LogFile(join(dir, 'empty')), undefined);
      assert.equal(rawLogFacts(join(dir, 'empty')), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("rawLogFacts counts the samples of the main thread's raw log, to say why 0x wrote none", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-v8log-'));
    try {
      const log = 'v8-version,12\ncode-creation,JS,0,1\ntick,0x1,2,0\ntick,0x2,3,0\nnot a tick,\n';
      writeFileSync(join(dir, 'isolate-0x2-100-100-v8.log'), log);
      writeFileSync(join(dir, 'isolate-0x1-100-101-v8.log'), 'tick,0x1\n'.repeat(50));
      writeFileSync(join(dir, 'isolate-0x2-100-100-v8.log.json'), '{"ticks":[]}');
      assert.deepEqual(rawLogFacts(dir), { bytes: log.length, ticks: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A process busy in `own` windows and idle otherwise, its samples every ms on the log's clock, which starts
 * `offsetMs` after ours.
 */
function busyIn(own: readonly Span[], offsetMs: number, endMs: number): TimedTicks {
  const busy = [frame('handle', '/app/index.js')];
  const timed: TimedTicks = { ticks: [], timesMs: [] };
  for (let t = 0; t < endMs - offsetMs; t++) {
    const at = t + offsetMs;
    timed.ticks.push(own.some((w) => at >= w.startMs && at < w.endMs) ? busy : [IDLE]);
    timed.timesMs.push(t);
  }
  return timed;
}

/** ABBA windows of 125 ms from 2 s on: [base, head] in even pairs, [head, base] in odd ones. */
function windows(pairs: number): { base: Span[]; head: Span[] } {
  const out = { base: [] as Span[], head: [] as Span[] };
  for (let k = 0; k < 2 * pairs; k++) {
    const side = k % 4 === 0 || k % 4 === 3 ? 'base' : 'head';
    out[side].push({ startMs: 2000 + 130 * k, endMs: 2000 + 130 * k + 125 });
  }
  return out;
}

describe('alignTicks and splitTicks', () => {
  test('the offset that puts the busy samples into their own windows, within the range given', () => {
    const w = windows(8);
    const timed = busyIn(w.base, 437, 4500);
    const aligned = alignTicks(timed, w.base, w.head, { fromMs: 0, toMs: 1500 });
    assert.ok(Math.abs(aligned.offsetMs - 437) <= 3, String(aligned.offsetMs));
    assert.equal(aligned.inOwn, 1);
  });

  test('a process that is busy throughout fits no better anywhere: it shows as a low share', () => {
    const w = windows(8);
    const busy = busyIn([{ startMs: 0, endMs: 10_000 }], 300, 4500);
    assert.ok(alignTicks(busy, w.base, w.head, { fromMs: 0, toMs: 1500 }).inOwn < 0.6);
  });

  test('each window gets the samples of its span, on our clock', () => {
    const w = windows(4);
    const timed = busyIn(w.head, 250, 3500);
    const split = splitTicks(timed, w.head, 250);
    assert.equal(split.length, w.head.length);
    for (const ticks of split) {
      assert.equal(ticks.length, 125);
      assert.ok(ticks.every((stack) => stack[0]!.name.startsWith('handle')));
    }
  });
});

describe('packageOf and rollUp', () => {
  test('a dependency by its name (scoped, pnpm-nested), Node’s modules, the app, native code', () => {
    const of = (file: string, fn = 'f') => packageOf({ file, fn, pseudo: file === '' });
    assert.equal(of('node_modules/restify/lib/server.js'), 'restify');
    assert.equal(of('node_modules/@fastify/ajv/index.js'), '@fastify/ajv');
    assert.equal(of('node_modules/.pnpm/a@1.0.0/node_modules/a/x.js'), 'a');
    assert.equal(of('node_modules/a/node_modules/b/y.js'), 'b');
    assert.equal(of('node:internal/streams/writable'), 'node:');
    assert.equal(of('lib/util.js'), '');
    assert.equal(of('', '(garbage collection)'), '(garbage collection)');
  });

  test('self where the sample ends, total once per sample for every function, file and package on its stack', () => {
    const a = frame('a', '/app/node_modules/dep/a.js');
    const b = frame('b', '/app/node_modules/dep/b.js');
    const h = frame('handle', '/app/index.js');
    const profile = buildProfile(
      [
        [h, a, b],
        [h, a, b],
        [h, a],
        [h, b, a],
      ],
      { roots: ['/app'] },
    );
    const counts = rollUp(profile, (key) => key);
    const get = (level: 'file' | 'package', id: string) => counts.get(unitKey(level, id));
    assert.deepEqual(get('package', 'dep'), { self: 4, total: 4 });
    assert.deepEqual(get('package', ''), { self: 0, total: 4 });
    assert.deepEqual(get('file', 'node_modules/dep/a.js'), { self: 2, total: 4 });
    assert.deepEqual(get('file', 'node_modules/dep/b.js'), { self: 2, total: 3 });
  });
});
