/**
 * The real profiler: installs the pinned 0x (into the default cache directory, so a second run reuses it) and
 * profiles throwaway servers. Needs the npm registry the first time. Skip with PERF_GATE_SKIP_PROFILE_E2E=1.
 * Base and head profiled and compared (compareProfiles: the diff pages, the comment's section naming the hotter
 * function, relative paths) are end to end in restify-listener.test.ts, through the built action.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GateError } from '../../src/io/errors.ts';
import { liveChildren } from '../../src/io/proc.ts';
import { ensureZeroX } from '../../src/profile/install.ts';
import { getRequests, type ProfileSpec, profileServer } from '../../src/profile/run.ts';
import { buildProfile, readTicks } from '../../src/profile/ticks.ts';
import { processesUnder } from '../support/repo.ts';

const skip = process.env.PERF_GATE_SKIP_PROFILE_E2E === '1' ? 'PERF_GATE_SKIP_PROFILE_E2E=1' : false;

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
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

async function rejection(promise: Promise<unknown>): Promise<GateError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected profileServer to fail');
}

describe('profileServer with 0x', { skip, timeout: 10 * 60_000 }, () => {
  let zeroxBin = '';
  let scratch = '';
  let count = 0;

  /** A server directory of its own, and the spec to profile it. */
  const server = (files: Record<string, string>, overrides: Partial<ProfileSpec> = {}): ProfileSpec => {
    const dir = join(scratch, `server-${++count}`);
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return {
      side: 'head',
      cwd: dir,
      start: 'node server.js',
      port: undefined,
      requests: getRequests(['/']),
      durationSec: 2,
      connections: 4,
      outDir: join(dir, 'profile'),
      zeroxBin,
      readyTimeoutMs: 15_000,
      ...overrides,
    };
  };

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

  test('profiles a server started with npm start: flamegraph.html and ticks.json, its hot function in them', async (t) => {
    const spec = server(
      {
        'server.js': SERVER,
        'package.json': JSON.stringify({
          name: 'throwaway',
          private: true,
          scripts: { start: 'node server.js' },
        }),
      },
      { start: 'npm start' },
    );
    const started = Date.now();
    const run = await profileServer(spec);
    t.diagnostic(`profileServer (2 s of load): ${Date.now() - started} ms`);
    assert.ok(existsSync(run.flamegraphHtml), run.flamegraphHtml);
    assert.ok(existsSync(run.ticksJson), run.ticksJson);
    assert.match(readFileSync(run.flamegraphHtml, 'utf8').slice(0, 500), /<html|<!DOCTYPE/i);
    assert.match(run.command, /^node (?:--no-\w+-inlining )*server\.js$/);
    const profile = buildProfile(readTicks(JSON.parse(readFileSync(run.ticksJson, 'utf8'))), {
      roots: [run.root],
    });
    assert.ok(profile.busy > 200, `${profile.busy} busy samples`);
    const spin = profile.functions.find((f) => f.fn === 'spin');
    assert.ok(spin, 'spin is in the profile');
    assert.equal(spin.file, 'server.js');
    assert.equal(spin.line, 4);
    assert.ok(spin.selfShare > 0.3, `spin self share ${spin.selfShare}`);
    assert.equal(profile.functions[0]?.fn, 'spin');
    assertNothingLeft();
  });

  test('a server that never listens ends with a GateError within the ready timeout, and nothing is left', async () => {
    const spec = server({ 'server.js': 'setInterval(() => {}, 1000);\n' }, { readyTimeoutMs: 3000 });
    const started = Date.now();
    const error = await rejection(profileServer(spec));
    const elapsed = Date.now() - started;
    assert.equal(error.code, 'server-start');
    assert.equal(error.side, 'head');
    assert.match(error.message, /did not answer GET \/ on port \d+ within 3 s under 0x/);
    assert.ok(elapsed < 3000 + 7000, `took ${elapsed} ms`);
    assertNothingLeft();
  });

  test('a server that crashes under load is reported, though 0x exits 0', async () => {
    const spec = server({ 'server.js': SERVER }, { env: { CRASH_AFTER: '20' } });
    const error = await rejection(profileServer(spec));
    assert.equal(error.code, 'server-crash');
    assert.match(
      error.message,
      /exited with code 3 during profiling \(GET \/\) under 0x|exited .* during profiling/,
    );
    assertNothingLeft();
  });

  test('a server that dies at start-up is reported with its output', async () => {
    const spec = server({ 'server.js': "throw new Error('no config file');\n" });
    const error = await rejection(profileServer(spec));
    assert.equal(error.code, 'server-start');
    assert.match(error.message, /exited under 0x before it answered/);
    assert.match(error.output ?? '', /no config file/);
    assertNothingLeft();
  });
});
