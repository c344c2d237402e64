/**
 * The real profiler (test/support/side-by-side.ts) on servers that fail under it: one that never listens, one that
 * crashes under load, one that dies at start-up. Each is reported as a GateError naming the side, and nothing of the
 * test is left running; no figure a busy CPU moves is asserted.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { profileSideBySide } from '../../src/profile/side-by-side.ts';
import { rejection } from '../support/rejection.ts';
import { SERVER, sideBySide } from '../support/side-by-side.ts';

describe('profileSideBySide with 0x, servers that fail', { timeout: 5 * 60_000 }, () => {
  const { spec, both, assertNothingLeft } = sideBySide();

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
