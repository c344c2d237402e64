/**
 * example-workflows/history.yml, for real: a throwaway repository with a bare `origin` and two release tags, and
 * three pushes to main, each run by the built action as the workflow's step (`mode: history`) against the fake
 * GitHub. Run 1 measures the new release v1.1.0 against v1.0.0 and main against v1.1.0, and creates the history
 * branch on origin; run 2 makes every request three times as costly (a creep far beyond the threshold): an alert
 * issue opens, naming the change, the interval, the chart and the commits; run 3 makes main faster than the release:
 * the issue is closed with a comment. Every run appends to the branch (4 lines), whose lines validate against
 * history.schema.json.
 *
 * Under the shared lock: flock -s /tmp/pg-heavy.lock npx node --test test/e2e/example-history.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { type TestContext, test } from 'node:test';
import type { HistoryLine } from '../../src/model/history.ts';
import { type ExampleResult, killUnder, runStep, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { type HistoryRepo, makeHistoryRepo } from '../support/history-repo.ts';
import { violations } from '../support/json-schema.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

const SCHEMA: unknown = JSON.parse(
  readFileSync(new URL('../../history.schema.json', import.meta.url), 'utf8'),
);
const workflow = readWorkflow('history.yml');
const job = perfGateJob(workflow);

/** One push to main, run as the workflow's step does: a fresh full checkout, GITHUB_REF of main. */
async function push(
  repo: HistoryRepo,
  fake: FakeGitHub,
  before: string,
  after: string,
): Promise<ExampleResult> {
  const invocation = actionInvocation(job, { token: TOKEN, event: { before, after } }, TIMING_OVERRIDES);
  const workspace = repo.checkout();
  return runStep({
    workspace,
    dir: repo.dir,
    invocation: {
      ...invocation,
      env: { ...invocation.env, GITHUB_REF: 'refs/heads/main', GITHUB_RUN_ID: '4242' },
    },
    eventName: 'push',
    event: {
      ref: 'refs/heads/main',
      before,
      after,
      repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
    },
    fake,
    pullNumber: undefined,
    baseSha: before,
    headSha: after,
    timeoutMs: 240_000,
  });
}

/** Each metric of the line's first scenario: change, interval, verdict. */
function rpsOf(line: HistoryLine | undefined): string {
  const { name: _, ...metrics } = line?.scenarios[0] ?? { name: '' };
  const all = Object.entries(metrics).map(([m, r]) => `${m} ${r[0]}% [${r[1]}%, ${r[2]}%] ${r[5]}`);
  return all.length > 0 ? all.join('; ') : 'none';
}

function assertRan(t: TestContext, result: ExampleResult, what: string): void {
  const { run } = result;
  t.diagnostic(
    `${what}: exit ${run.code}, verdict ${run.outputs.verdict}, ${(run.durationMs / 1000).toFixed(0)} s`,
  );
  assert.equal(run.code, 0, `${what} should not fail the step:\n${run.stdout}\n${run.stderr}`);
  assert.deepEqual(result.violations, []);
  assert.deepEqual(result.leftover, [], 'processes left running after the action exited');
  assert.match(result.summary, /### 📈 perf-gate history: `main` \([0-9a-f]{7}\) against `v1\.1\.0`/);
}

test('history.yml: main against its last release on every push, the history branch, one creep alert opened and closed', {
  timeout: 900_000,
}, async (t) => {
  assert.deepEqual(workflow.events, ['push', 'schedule', 'workflow_dispatch']);
  assert.equal(job.with.mode, 'history');
  const repo = makeHistoryRepo();
  const fake = await startFakeGitHub({ token: TOKEN });
  try {
    const v100 = repo.commit(600, 'first release');
    repo.tag('v1.0.0');
    const v110 = repo.commit(600, 'second release: the same speed');
    repo.tag('v1.1.0');
    const c1 = repo.commit(600, 'a change that costs nothing');

    // Run 1: the new release against the one before, then main against it.
    const one = await push(repo, fake, v110, c1);
    assertRan(t, one, 'run 1');
    let lines = repo.history();
    t.diagnostic(`run 1: release ${rpsOf(lines[0])}; main ${rpsOf(lines[1])}`);
    assert.deepEqual(
      lines.map((l) => [l.kind, l.head.tag ?? l.head.ref, l.head.commit, l.base.tag, l.base.commit]),
      [
        ['release', 'v1.1.0', v110, 'v1.0.0', v100],
        ['branch', 'main', c1, 'v1.1.0', v110],
      ],
    );
    for (const line of lines) assert.deepEqual(violations(SCHEMA, line), []);
    assert.equal(lines[1]!.run, 'https://github.com/octo-org/octo-repo/actions/runs/4242');
    assert.match(repo.file('index.html'), /<h2>GET \/ <small>main<\/small><\/h2>/);
    assert.match(
      repo.file('README.md'),
      /!\[req\/s against the release, run by run\]\(charts\/get-[0-9a-f]{8}\.svg\)/,
    );
    // An unchanged main raises no alert, unless noise made its run a regression (then the alert is that run's).
    const falseAlarm = lines[1]!.scenarios.some((s) =>
      Object.entries(s).some(([, r]) => Array.isArray(r) && r[5] === 'regression'),
    );
    assert.equal(fake.issues.length, falseAlarm ? 1 : 0);

    // Run 2: every request three times as costly.
    const c2 = repo.commit(1800, 'a creep');
    const two = await push(repo, fake, c1, c2);
    assertRan(t, two, 'run 2');
    lines = repo.history();
    t.diagnostic(`run 2: main ${rpsOf(lines[2])}`);
    assert.equal(lines.length, 3);
    assert.equal(lines[2]!.scenarios[0]!.rps![5], 'regression');
    assert.equal(fake.issues.length, 1, 'one alert for v1.1.0 and GET /');
    const issue = fake.issues[0]!;
    t.diagnostic(`the alert's marker: ${issue.body.split('\n')[0]}`);
    assert.equal(issue.state, 'open');
    assert.match(issue.title, /^perf-gate: main is \d+\.\d% slower than v1\.1\.0 on GET \/$/);
    assert.match(issue.body, /^<!-- perf-gate:creep s=[0-9a-f]{12} r=[0-9a-f]{12} m=[a-z0-9,]*rps/);
    assert.match(
      issue.body,
      /\| req\/s \| −\d+\.\d% against `v1\.1\.0` \| \[−\d+\.\d%, −\d+\.\d%\] \| ±2% \| 🔴 regression \|/,
    );
    assert.match(issue.body, /raw\/perf-gate-history\/charts\/get-[0-9a-f]{8}\.svg/);
    assert.ok(issue.body.includes(`compare/`), 'the commits of the step or of the drift');
    // The summary draws the runs against v1.1.0 so far, and says where the history went.
    assert.match(two.summary, /#### GET \/\n\n```mermaid\n/);
    assert.match(two.summary, /Written to the branch `perf-gate-history` \([0-9a-f]{7}\)/);
    assert.match(
      two.summary,
      falseAlarm ? /Alert on GET \/ updated/ : /Alert on GET \/ opened: \[issue \d+\]/,
    );

    // Run 3: main faster than the release: the alert closes.
    const c3 = repo.commit(0, 'the creep fixed, and then some');
    const three = await push(repo, fake, c2, c3);
    assertRan(t, three, 'run 3');
    lines = repo.history();
    t.diagnostic(`run 3: main ${rpsOf(lines[3])}`);
    assert.equal(lines.length, 4);
    assert.equal(lines[3]!.scenarios[0]!.rps![5], 'improvement');
    assert.equal(fake.issues.length, 1);
    assert.equal(fake.issues[0]!.state, 'closed');
    assert.equal(fake.issues[0]!.state_reason, 'completed');
    const closing = fake.comments.get(fake.issues[0]!.number) ?? [];
    assert.equal(closing.length, 1);
    assert.match(closing[0]!.body, /^✅ main is back on GET \/ \(req\/s \+\d+/);
    assert.match(three.summary, /Alert on GET \/ closed/);
    // Written by perf-gate's git commits on the branch, one per run, in a line.
    assert.equal(repo.history().length, 4);
  } finally {
    await fake.close();
    killUnder(repo.dir);
    repo.cleanup();
  }
});
