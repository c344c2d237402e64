/**
 * Issue 41, item 2, and issue 50, item 1, end to end, in one gate: a pull request's config file neither starts base,
 * nor sets the policy, nor reaches base's servers. Head's file has a `start` that makes base exit (which ended every
 * gate `neutral`, a pass for a required check), `threshold: 100%`, and a `NODE_OPTIONS` that preloads a file burning
 * 10 ms per request only where `PERF_GATE_SIDE=base`; head itself does 20 times base's work per request (2 ms
 * against 100 µs). Base starts with its own file's `start`; head's thresholds are ignored for the workflow's; each
 * side's servers get their own side's NODE_OPTIONS (when head's reached base, base looked several times slower than
 * head, the slower head an improvement and the step green), so the step fails with head's regression; the comment
 * says the file changed. Twenty times, not five: beside the suite's other gates, a 5× slower head's four blocks once
 * read −39% to −81% (other processes holding 1.0–1.6 cores), and t of 3 degrees of freedom left it inconclusive.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/trusted-policy.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readReport, runAction } from '../support/action.ts';
import { SUITE_CONNECTIONS, SUITE_PIN } from '../support/example.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';

const TOKEN = 'ghs_trusted_policy';
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Burns 10 ms of CPU before every request, in base's servers only. */
const SLOW_BASE = `if (process.env.PERF_GATE_SIDE === 'base') {
  const http = require('node:http');
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'request') { const end = process.hrtime.bigint() + 10000000n; while (process.hrtime.bigint() < end); }
    return emit.call(this, event, ...args);
  };
}
`;

test('head’s config cannot stop base, loosen the threshold nor slow base through NODE_OPTIONS: the much slower head fails the step; the comment flags the changed file', {
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
      'server.js': serverSource({ workUs: 2000 }),
      'perf-gate.yml': `start: '[ "$PERF_GATE_SIDE" = base ] && exit 3; exec node server.js'
env: { NODE_OPTIONS: "--require ${preload}" }
threshold: 100%
scenarios:
  - path: /work
    threshold: 100%
`,
    },
  );
  cleanups.push(() => repo.cleanup());
  const run = await runAction({
    workspace: repo.workspace,
    inputs: {
      config: 'perf-gate.yml',
      rounds: '8',
      duration: '0.25s',
      connections: SUITE_CONNECTIONS,
      pin: SUITE_PIN,
      warmup: '0s',
      prime: '0.25s',
      flamegraphs: 'off',
      'restart-every': '2',
    },
    event: pullRequestEvent(repo, 1),
    apiUrl: fake.url,
    token: TOKEN,
    timeoutMs: 170_000,
  });
  assert.deepEqual(processesUnder(repo.dir), [], 'no process is left behind');
  const report = readReport(run);
  assert.equal(report.error, undefined, `base started with its own command: ${run.stdout}`);
  assert.equal(report.settings.threshold, 0.02, 'the workflow’s threshold, not head’s 100%');
  assert.ok(
    report.settings.scenarios.every((s) => s.threshold === 0.02),
    'nor a scenario’s 100%',
  );
  const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
  // 2 ms of work per request against 100 µs: far past what host noise moves in either direction.
  assert.ok(rps && rps.change < -0.5, `req/s ${rps?.change}, interval ${rps?.ci}`);
  assert.equal(run.outputs.verdict, 'regression', run.stdout);
  assert.equal(run.code, 1, 'the step fails on the regression');
  assert.ok(report.notes.some((n) => n.kind === 'config-changed'));
  const [comment] = fake.comments.get(1) ?? [];
  assert.match(comment?.body ?? '', /this pull request changes the config file `perf-gate\.yml`/);
  assert.deepEqual(fake.violations, []);
});
