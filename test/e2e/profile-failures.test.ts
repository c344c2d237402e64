/**
 * The real profiler (test/support/side-by-side.ts) on servers that fail under it: one that never listens, one that
 * crashes under load, one that dies at start-up, one that fails as it stops (its CPU profile lost, its heap profiles
 * kept). Each is reported as a GateError naming the side, and nothing of the test is left running; no figure a busy
 * CPU moves is asserted.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, test } from 'node:test';
import { GateError } from '../../src/model/errors.ts';
import { compareProfiles } from '../../src/profile/compare.ts';
import { profileSideBySide } from '../../src/profile/side-by-side.ts';
import { rejection } from '../support/rejection.ts';
import { SERVER, sideBySide } from '../support/side-by-side.ts';

describe('profileSideBySide with 0x, servers that fail', { timeout: 5 * 60_000 }, () => {
  const { spec, both, assertNothingLeft, scratch } = sideBySide();

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

  test('a server that fails as it stops loses its CPU profile, not the heap profiles the inspector took', async () => {
    const dirs = { base: join(scratch(), 'compare-base'), head: join(scratch(), 'compare-head') };
    const failing = "process.on('exit', () => { process.exitCode = 3; });\n";
    for (const [side, dir] of Object.entries(dirs)) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'server.js'), side === 'head' ? `${SERVER}${failing}` : SERVER);
    }
    const result = await compareProfiles({
      dirs,
      start: 'node server.js',
      port: undefined,
      requests: [{ method: 'GET', path: '/', headers: {}, body: undefined }],
      durationSec: 1,
      connections: 4,
      readyTimeoutMs: 15_000,
      explain: true,
      explainMemory: true,
      outDir: join(scratch(), 'compare-profiles'),
    });
    assert.ok(result.cpu instanceof GateError, 'the CPU profile is lost');
    assert.equal(result.cpu.side, 'head');
    assert.match(result.cpu.message, /exited with code 3 while being profiled/);
    assert.ok(result.allocation, 'the allocation profile stands');
    assert.equal(result.allocation.evidence.pairs, 8);
    assert.ok(result.allocation.evidence.head.requests > 0);
    assert.deepEqual(
      result.files.map((f) => basename(f)),
      ['allocation.heapprofile', 'allocation.heapprofile'],
    );
    assert.ok(result.files.every((f) => existsSync(f)));
    assertNothingLeft();
  });
});
