/**
 * Issue 41, item 2, end to end: a pull request's config file neither starts base nor sets the policy. Head's
 * `start` that makes base exit (which ended every gate `neutral`, a pass for a required check) runs head only: base
 * starts with its own file's `start`; head's `threshold: 100%` is ignored for the workflow's; the comment says the
 * file changed.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { readReport, runAction } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';

const TOKEN = 'ghs_trusted_policy';
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('head’s config cannot stop base nor loosen the threshold; the comment flags the changed file', async () => {
  const fake: FakeGitHub = await startFakeGitHub({ token: TOKEN });
  cleanups.push(() => fake.close());
  const repo: TestRepo = makeRepo(
    {
      'server.js': serverSource({ workUs: 0 }),
      'perf-gate.yml': 'start: node server.js\nscenarios:\n  - path: /\n',
    },
    {
      'perf-gate.yml': `start: '[ "$PERF_GATE_SIDE" = base ] && exit 3; exec node server.js'\nthreshold: 100%\nscenarios:\n  - path: /\n    threshold: 100%\n`,
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
      'restart-every': '2',
    },
    event: pullRequestEvent(repo, 1),
    apiUrl: fake.url,
    token: TOKEN,
  });
  assert.deepEqual(processesUnder(repo.dir), [], 'no process is left behind');
  const report = readReport(run);
  assert.equal(report.error, undefined, `base started with its own command: ${run.stdout}`);
  assert.equal(report.settings.threshold, 0.02, 'the workflow’s threshold, not head’s 100%');
  assert.ok(
    report.settings.scenarios.every((s) => s.threshold === 0.02),
    'nor a scenario’s 100%',
  );
  assert.ok(report.notes.some((n) => n.kind === 'config-changed'));
  const [comment] = fake.comments.get(1) ?? [];
  assert.match(comment?.body ?? '', /this pull request changes the config file `perf-gate\.yml`/);
  assert.deepEqual(fake.violations, []);
});
