/**
 * Issue 50, item 1, end to end: a pull request's config file sets `NODE_OPTIONS` to preload a file that burns 2 ms
 * per request only where `PERF_GATE_SIDE=base`, and makes head itself 5× slower (500 µs of work per request against
 * 100). When head's NODE_OPTIONS reached base's server, base looked 4× slower than head, the slower head an
 * improvement and the step green; each side's servers get their own side's NODE_OPTIONS, so the step fails with
 * head's regression. About 30 s.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/side-node-options.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readReport, runAction } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';

const TOKEN = 'ghs_side_node_options';
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Burns 2 ms of CPU before every request, in base's servers only. */
const SLOW_BASE = `if (process.env.PERF_GATE_SIDE === 'base') {
  const http = require('node:http');
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'request') { const end = process.hrtime.bigint() + 2000000n; while (process.hrtime.bigint() < end); }
    return emit.call(this, event, ...args);
  };
}
`;

test('head’s NODE_OPTIONS that slows base never reaches base: the 5× slower head fails the step with its regression', {
  timeout: 180_000,
}, async () => {
  const fake: FakeGitHub = await startFakeGitHub({ token: TOKEN });
  cleanups.push(() => fake.close());
  // Outside both trees, by an absolute path: where the file lies does not matter, only whose servers load it.
  const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-slow-base-'));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  const preload = join(scratch, 'slow-base.cjs');
  writeFileSync(preload, SLOW_BASE);
  const repo: TestRepo = makeRepo(
    {
      'server.js': serverSource({ workUs: 100 }),
      'perf-gate.yml': 'start: node server.js\nscenarios:\n  - path: /work\n',
    },
    {
      'server.js': serverSource({ workUs: 500 }),
      'perf-gate.yml': `start: node server.js\nenv: { NODE_OPTIONS: "--require ${preload}" }\nscenarios:\n  - path: /work\n`,
    },
  );
  cleanups.push(() => repo.cleanup());
  const run = await runAction({
    workspace: repo.workspace,
    inputs: {
      config: 'perf-gate.yml',
      rounds: '8',
      duration: '0.25s',
      warmup: '0s',
      prime: '0.25s',
      flamegraphs: 'off',
      comment: 'off',
    },
    event: pullRequestEvent(repo, 1),
    apiUrl: fake.url,
    token: TOKEN,
    timeoutMs: 170_000,
  });
  assert.deepEqual(processesUnder(repo.dir), [], 'no process is left behind');
  const report = readReport(run);
  assert.equal(report.error, undefined, run.stdout);
  const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
  // 500 µs of work per request against 100: far past what host noise moves in either direction.
  assert.ok(rps && rps.change < -0.5, `req/s ${rps?.change}, interval ${rps?.ci}`);
  assert.equal(run.outputs.verdict, 'regression', run.stdout);
  assert.equal(run.code, 1, 'the step fails on the regression');
});
