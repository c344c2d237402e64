/**
 * The real profiler on throwaway servers, for test/e2e/alone/profile-run.test.ts (what the profiles hold) and
 * test/e2e/profile-failures.test.ts (servers that fail under it): installs the pinned 0x (into the default cache
 * directory, so a second run reuses it) before a file's tests, and gives each test servers of its own, profiled side
 * by side in windows of load taken in turns, as the gate does.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { liveChildren } from '../../src/io/proc.ts';
import type { Side } from '../../src/model/measure.ts';
import { SAMPLING_INTERVAL_US } from '../../src/profile/compare.ts';
import { ensureZeroX } from '../../src/profile/install.ts';
import type { ProfileTarget } from '../../src/profile/profiled-server.ts';
import { getRequests, type SideBySideSpec } from '../../src/profile/side-by-side.ts';
import { processesUnder } from './repo.ts';

/** A node:http server that spins per request; it exits with 3 after CRASH_AFTER requests. */
export const SERVER = `'use strict';
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

/** Called inside a describe: 0x installed before its tests, their servers' directories removed after them. */
export function sideBySide() {
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
  return { spec, both, assertNothingLeft, scratch: () => scratch };
}
