/**
 * The real profiler (test/support/side-by-side.ts) on throwaway servers side by side, in windows of load taken in
 * turns, as the gate does: what each profile holds and how its samples split into its windows, which a busy CPU
 * moves. Servers that fail under the profiler are in test/e2e/profile-failures.test.ts. What the profiles name,
 * through the built action, is end to end in restify-listener.test.ts and dep-bump-profile.test.ts.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { writePortPreload } from '../../../src/diagnostics/port-map.ts';
import { freePort } from '../../../src/io/ports.ts';
import { listening } from '../../../src/io/server.ts';
import { MIN_ALIGNED_SHARE, profileSideBySide } from '../../../src/profile/side-by-side.ts';
import { buildProfile } from '../../../src/profile/ticks.ts';
import { SERVER, sideBySide } from '../../support/side-by-side.ts';

describe('profileSideBySide with 0x', { timeout: 10 * 60_000 }, () => {
  const { spec, both, assertNothingLeft, scratch } = sideBySide();

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
    const portPreload = writePortPreload(join(scratch(), 'preload'));
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
});
