/**
 * The real profiler: installs the pinned 0x (into the default cache directory, so a second run reuses it) and
 * profiles throwaway servers side by side, in windows of load taken in turns, as the gate does. Needs the npm
 * registry the first time. What the profiles name, through the built
 * action, is end to end in restify-listener.test.ts and dep-bump-profile.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { writePortPreload } from '../../../src/diagnostics/port-map.ts';
import { liveChildren } from '../../../src/io/proc.ts';
import { freePort, listening } from '../../../src/io/server.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { Side } from '../../../src/model/measure.ts';
import { SAMPLING_INTERVAL_US } from '../../../src/profile/compare.ts';
import { ensureZeroX } from '../../../src/profile/install.ts';
import type { ProfileTarget } from '../../../src/profile/profiled-server.ts';
import {
  getRequests,
  MIN_ALIGNED_SHARE,
  profileSideBySide,
  type SideBySideSpec,
} from '../../../src/profile/side-by-side.ts';
import { buildProfile } from '../../../src/profile/ticks.ts';
import { processesUnder } from '../../support/repo.ts';

const SERVER = `'use strict';
const http = require('node:http');

function spin(n) {
  let x = 0;
  for (let i = 0; i < n; i++) x += Math.sqrt(i + x) % 7;
  return x;
}

let served = 0;
const crashAfter = Number(process.env.CRASH_AFTER) || Infinity;
http
  .createServer(function handle(req, res) {
    if (++served > crashAfter) process.exit(3);
    res.end(String(spin(5000)));
  })
  .listen(Number(process.env.FIXED_PORT || process.env.PORT), '127.0.0.1');
`;

async function rejection(promise: Promise<unknown>): Promise<GateError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected profileSideBySide to fail');
}

describe('profileSideBySide with 0x', { timeout: 10 * 60_000 }, () => {
  let zeroxBin = '';
  let scratch = '';
  let count = 0;

  /** A server directory of its own for each side, and the spec that profiles them side by side. */
  const spec = (
    files: Record<Side, Record<string, string>>,
    overrides: Partial<Record<Side, Partial<ProfileTarget>>> = {},
  ): SideBySideSpec => {
    const target = (side: Side): ProfileTarget => {
      const dir = join(scratch, `server-${++count}`);
      mkdirSync(dir, { recursive: true });
      for (const [name, text] of Object.entries(files[side])) writeFileSync(join(dir, name), text);
      return {
        side,
        cwd: dir,
        start: 'node server.js',
        port: undefined,
        readyPath: '/',
        outDir: join(dir, 'profile'),
        zeroxBin,
        readyTimeoutMs: 15_000,
        samplingIntervalUs: SAMPLING_INTERVAL_US,
        ...overrides[side],
      };
    };
    return {
      targets: { base: target('base'), head: target('head') },
      requests: getRequests(['/']),
      pairs: 8,
      windowSec: 0.125,
      warmupSec: 0.25,
      connections: 4,
    };
  };
  const both = (files: Record<string, string>) => ({ base: files, head: files });

  const assertNothingLeft = (): void => {
    assert.deepEqual(processesUnder(scratch), [], 'no process of the test is left');
    assert.equal(liveChildren(), 0);
  };

  before(async (t) => {
    scratch = mkdtempSync(join(tmpdir(), 'perf-gate-profile-e2e-'));
    const started = Date.now();
    zeroxBin = await ensureZeroX();
    t.diagnostic(`ensureZeroX: ${Date.now() - started} ms`);
  });
  after(() => {
    if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
  });

  test('profiles two servers at once, one started with npm start: each one’s samples split into its windows', async (t) => {
    const npmStart = {
      'server.js': SERVER,
      'package.json': JSON.stringify({
        name: 'throwaway',
        private: true,
        scripts: { start: 'node server.js' },
      }),
    };
    const started = Date.now();
    const sides = await profileSideBySide(
      spec({ base: { 'server.js': SERVER }, head: npmStart }, { head: { start: 'npm start' } }),
    );
    t.diagnostic(`profileSideBySide (8 pairs of 0.125 s): ${Date.now() - started} ms`);
    for (const side of ['base', 'head'] as const) {
      const { run, windows, split, alignment } = sides[side];
      assert.match(run.command, /^node (?:--no-\w+-inlining )*--prof-sampling-interval=250 server\.js$/);
      assert.deepEqual(
        windows.map((w) => w.pair),
        [0, 1, 2, 3, 4, 5, 6, 7],
      );
      assert.ok(windows.every((w) => w.side === side && w.responses > 0 && w.endMs > w.startMs));
      assert.ok(
        windows.every((w) => w.cpuSec !== undefined && w.cpuSec > 0),
        'the main thread’s CPU time of each window',
      );
      t.diagnostic(
        `${side}: ${Math.round((alignment?.inOwn ?? 0) * 100)}% of busy samples in its own windows`,
      );
      // Split into its windows exactly when its samples align with them (how well is the host's doing: a busy
      // machine spills samples out of 125 ms windows); the profile is that of its windows, else of the whole run.
      const aligned = (alignment?.inOwn ?? 0) >= MIN_ALIGNED_SHARE;
      assert.equal(split.length, aligned ? 8 : 0, 'split into its windows when aligned');
      const profile = buildProfile(aligned ? split.flat() : (run.timed?.ticks ?? []), { roots: [run.root] });
      assert.ok(profile.busy > 100, `${profile.busy} busy samples`);
      const spin = profile.functions.find((f) => f.fn === 'spin');
      assert.deepEqual([spin?.file, spin?.line], ['server.js', 4]);
      assert.equal(profile.functions[0]?.fn, 'spin');
    }
    // ABBA: base first in even pairs.
    const order = [...sides.base.windows, ...sides.head.windows]
      .sort((a, b) => a.startMs - b.startMs)
      .map((w) => w.side[0]);
    assert.equal(order.join('').slice(0, 8), 'bhhbbhhb');
    assertNothingLeft();
  });

  test('servers on one fixed port run side by side, each moved to a port of its own', async (t) => {
    const fixed = await freePort();
    const portPreload = writePortPreload(join(scratch, 'preload'));
    const moved = async () => ({
      port: fixed,
      movedTo: await freePort(),
      portPreload,
      env: { FIXED_PORT: String(fixed) },
    });
    const sides = await profileSideBySide(
      spec(both({ 'server.js': SERVER }), { base: await moved(), head: await moved() }),
    );
    for (const side of ['base', 'head'] as const) {
      const { run, windows, split, alignment } = sides[side];
      // Both ran at once, each on a port of its own: each answered in every one of its windows, and 0x recorded it.
      assert.ok(
        windows.length === 8 && windows.every((w) => w.responses > 0),
        `${side} served in its windows`,
      );
      assert.ok((run.timed?.ticks.length ?? 0) > 0, `${side}'s samples were recorded`);
      // Its samples are split into its windows exactly when they align with them (the host decides how well).
      t.diagnostic(
        `${side}: ${Math.round((alignment?.inOwn ?? 0) * 100)}% of busy samples in its own windows`,
      );
      assert.equal(split.length, (alignment?.inOwn ?? 0) >= MIN_ALIGNED_SHARE ? 8 : 0);
    }
    assert.equal(await listening('127.0.0.1', fixed), false);
    assertNothingLeft();
  });

  test('a server that never listens ends with a GateError within the ready timeout; the other is stopped too', async () => {
    const s = spec(
      { base: { 'server.js': SERVER }, head: { 'server.js': 'setInterval(() => {}, 1000);\n' } },
      { head: { readyTimeoutMs: 3000 } },
    );
    const started = Date.now();
    const error = await rejection(profileSideBySide(s));
    const elapsed = Date.now() - started;
    assert.equal(error.code, 'server-start');
    assert.equal(error.side, 'head');
    assert.match(error.message, /did not answer GET \/ on port \d+ within 3 s under 0x/);
    assert.ok(elapsed < 3000 + 7000, `took ${elapsed} ms`);
    assertNothingLeft();
  });

  test('a server that crashes under load is reported, though 0x exits 0', async () => {
    const error = await rejection(
      profileSideBySide(spec(both({ 'server.js': SERVER }), { head: { env: { CRASH_AFTER: '20' } } })),
    );
    assert.equal(error.code, 'server-crash');
    assert.equal(error.side, 'head');
    assert.match(
      error.message,
      /exited with code 3 during profiling \(GET \/\) under 0x|exited .* during profiling/,
    );
    assertNothingLeft();
  });

  test('a server that dies at start-up is reported with its output', async () => {
    const error = await rejection(
      profileSideBySide(
        spec({
          base: { 'server.js': "throw new Error('no config file');\n" },
          head: { 'server.js': SERVER },
        }),
      ),
    );
    assert.equal(error.code, 'server-start');
    assert.equal(error.side, 'base');
    assert.match(error.message, /exited under 0x before it answered/);
    assert.match(error.output ?? '', /no config file/);
    assertNothingLeft();
  });
});
