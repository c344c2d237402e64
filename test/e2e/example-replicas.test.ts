/**
 * example-workflows/replicas.yml and two-stage.yml, for real, chained as GitHub runs them, the runners of a matrix
 * one after the other on this machine: each runner's perf-gate step on the pull request with the read-only token,
 * its report uploaded as an artifact (its `if:` evaluated), then the merging job downloads them and `mode: report`
 * posts ONE comment and ONE check run with ONE verdict decided over the runners as clusters. The app is
 * test/fixtures/apps/sharded: GET /seed/v1 is about ten times slower on head. For two-stage.yml its head also searches
 * every record twice on GET /search, a tenth to a quarter slower: what one runner of 8 short pairs sees as a plausible
 * regression it cannot settle. The test follows whatever the first runner's `needs-more` says (noise decides it, so
 * it asserts what each branch must do, not which one it takes): the second stage's matrix runs only when it is `true`.
 *
 * Under the shared lock: flock /tmp/pg-load.lock npx node --test test/e2e/example-replicas.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { needsMore as needsMoreOf } from '../../src/decide/needs-more.ts';
import {
  appRepo,
  assertRegression,
  type ExampleResult,
  fakeGitHubFor,
  fixtureApp,
  killUnder,
  runStep,
  TIMING_OVERRIDES,
  TOKEN,
  workflowRunEvent,
  writesTo,
} from '../support/example.ts';
import type { FakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, pullRequestEvent, type TestRepo } from '../support/repo.ts';
import {
  type Artifact,
  actionInvocation,
  conditionHolds,
  DOWNLOAD_ARTIFACT,
  downloadArtifacts,
  matrixRuns,
  type PerfGateJob,
  perfGateJob,
  readWorkflow,
  substitute,
  UPLOAD_ARTIFACT,
  uploadArtifact,
} from '../support/workflow.ts';

const PR = 65;
const RUN = '6161';
/** The run of fork-safe/report.yml, which the measuring run's completion starts. */
const REPORTING_RUN = '6162';

/** A test's fake GitHubs, closed at its end. */
function fakes(repo: TestRepo) {
  const all: FakeGitHub[] = [];
  return {
    async open(permission: 'read' | 'write'): Promise<FakeGitHub> {
      const f = await fakeGitHubFor(repo, PR, permission);
      all.push(f);
      return f;
    },
    async close(): Promise<void> {
      for (const f of all) await f.close();
    },
  };
}

/** Every run of a measuring job's matrix, one after the other: each runner's result, and its uploaded artifact. */
async function runMatrix(
  t: TestContext,
  job: PerfGateJob,
  repo: TestRepo,
  open: (p: 'read' | 'write') => Promise<FakeGitHub>,
): Promise<{ results: ExampleResult[]; artifacts: Artifact[] }> {
  const upload = job.steps.slice(job.perfGateIndex + 1).find((s) => s.uses?.startsWith(UPLOAD_ARTIFACT));
  assert.ok(upload, `${job.id}: an upload-artifact step after perf-gate`);
  const results: ExampleResult[] = [];
  const artifacts: Artifact[] = [];
  for (const { matrix, jobIndex } of matrixRuns(job)) {
    const readOnly = await open('read');
    const invocation = actionInvocation(job, { token: TOKEN, matrix, jobIndex }, TIMING_OVERRIDES);
    const result = await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      eventName: 'pull_request',
      event: pullRequestEvent(repo, PR),
      fake: readOnly,
      pullNumber: PR,
      baseSha: repo.baseSha,
      headSha: repo.headSha,
      timeoutMs: 150_000,
      runId: RUN,
    });
    const { run, report } = result;
    const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
    t.diagnostic(
      `${job.id} ${matrix.replica ?? ''}: ${rps === undefined ? '?' : (rps.change * 100).toFixed(1)}% req/s, own verdict ${run.outputs.verdict}, needs-more ${run.outputs['needs-more']}; ${report.sequential?.pairs} pairs; action ${(run.durationMs / 1000).toFixed(1)} s`,
    );
    // `fail-on-regression: false`, `comment: false`: a runner neither fails nor posts (its token could not).
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(result.comments, []);
    assert.deepEqual(writesTo(readOnly), []);
    assert.deepEqual(result.leftover, [], 'processes left running after the runner');
    // Where it ran, for the merge to name it.
    assert.ok(report.environment.cpuModel && report.environment.kernel);
    const context = { token: TOKEN, matrix, jobIndex, steps: { [job.perfGateId ?? 'perf']: run.outputs } };
    assert.ok(conditionHolds(upload.if, context, { failed: false }, `${job.file} upload`));
    artifacts.push(uploadArtifact(upload, context, repo.workspace, RUN));
    results.push(result);
  }
  return { results, artifacts };
}

/** The merging job: nothing checked out, the artifacts downloaded, `mode: report` with the write token. */
async function runMerge(
  job: PerfGateJob,
  repo: TestRepo,
  artifacts: readonly Artifact[],
  github: FakeGitHub,
  needs: Record<string, Record<string, string>>,
): Promise<ExampleResult> {
  const event = pullRequestEvent(repo, PR);
  const context = { token: TOKEN, event, needs };
  assert.ok(conditionHolds(job.if, context, { failed: false }, `${job.file} ${job.id}`));
  const jobDir = join(repo.dir, `${job.id}-job`);
  const workspace = join(jobDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const before = job.steps.slice(0, job.perfGateIndex);
  assert.deepEqual(
    before.map((s) => s.uses?.replace(/@.*/, '@')),
    [DOWNLOAD_ARTIFACT],
  );
  const downloaded = downloadArtifacts(before[0]!, context, artifacts, workspace, RUN);
  assert.equal(downloaded.length, artifacts.length);
  const invocation = actionInvocation(job, context);
  assert.equal(invocation.inputs.mode, 'report');
  return runStep({
    workspace,
    dir: jobDir,
    invocation,
    eventName: 'pull_request',
    event,
    fake: github,
    pullNumber: PR,
    baseSha: repo.baseSha,
    headSha: repo.headSha,
    timeoutMs: 60_000,
    runId: RUN,
  });
}

/**
 * The same runners' artifacts published for a fork (issue 50): fork-safe/report.yml on the `workflow_run` event of
 * the measuring run, in a run of its own, downloads every runner's artifact and merges them.
 */
async function runForkSafeReport(
  repo: TestRepo,
  artifacts: readonly Artifact[],
  github: FakeGitHub,
): Promise<ExampleResult> {
  const job = perfGateJob(readWorkflow('fork-safe/report.yml'));
  const event = workflowRunEvent(repo, Number(RUN), 'success');
  const context = { token: TOKEN, event };
  assert.ok(conditionHolds(job.if, context, { failed: false }, 'fork-safe/report.yml'));
  const jobDir = join(repo.dir, 'fork-safe-report-job');
  const workspace = join(jobDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const download = job.steps.slice(0, job.perfGateIndex)[0]!;
  assert.equal(
    downloadArtifacts(download, context, artifacts, workspace, REPORTING_RUN).length,
    artifacts.length,
  );
  return runStep({
    workspace,
    dir: jobDir,
    invocation: actionInvocation(job, context),
    eventName: 'workflow_run',
    event,
    fake: github,
    pullNumber: PR,
    baseSha: repo.baseSha,
    headSha: repo.headSha,
    timeoutMs: 60_000,
    runId: REPORTING_RUN,
  });
}

test('replicas.yml: four runners measure the same path, merged into one comment, check run and verdict', {
  timeout: 600_000,
}, async (t) => {
  const workflow = readWorkflow('replicas.yml');
  const measure = perfGateJob(workflow, 'measure');
  const merge = perfGateJob(workflow, 'merge');
  assert.deepEqual(merge.needs, ['measure']);
  const repo = appRepo('sharded');
  const f = fakes(repo);
  try {
    const { results, artifacts } = await runMatrix(t, measure, repo, f.open);
    assert.deepEqual(
      results.map((r) => r.report.replica),
      [1, 2, 3, 4].map((index) => ({ index, count: 4 })),
    );
    const github = await f.open('write');
    const merged = await runMerge(merge, repo, artifacts, github, {});
    // A tenfold slowdown: no host noise moves it.
    assertRegression(t, merged, { path: '/seed/v1', unchanged: [], atMost: 0.5 });
    const rps = merged.report.decision!.comparisons.find((c) => c.metric === 'rps')!;
    assert.equal(rps.method, 'stratified');
    assert.equal(rps.runners?.changes.length, 4);
    assert.equal(
      rps.units,
      results.reduce((s, r) => s + r.report.decision!.comparisons[0]!.units, 0),
    );
    assert.equal(merged.comments.length, 1, 'one comment');
    const body = merged.comments[0]!.body;
    assert.match(body, /Decided over 4 runners, \d+\.\d runner-minutes/);
    assert.match(body, /The regression is the mean change of these 4 runners\./);
    assert.match(body, /with 8 runners ≈\d+\.\d%/);
    assert.equal(github.checkRuns.length, 1, 'one check run');
    assert.equal(github.checkRuns[0]!.conclusion, 'failure');
    // For a fork: the same artifacts, published by fork-safe/report.yml, make the same decision.
    const forkGitHub = await f.open('write');
    const fork = await runForkSafeReport(repo, artifacts, forkGitHub);
    assertRegression(t, fork, { path: '/seed/v1', unchanged: [], atMost: 0.5 });
    assert.deepEqual(fork.report.decision, merged.report.decision);
    assert.match(fork.comments[0]!.body, /Decided over 4 runners/);
    assert.equal(forkGitHub.checkRuns[0]!.conclusion, 'failure');
  } finally {
    await f.close();
    killUnder(repo.dir);
    repo.cleanup();
  }
});

test('two-stage.yml: one runner, three more only when it says so, and one decision over what ran', {
  timeout: 600_000,
}, async (t) => {
  const workflow = readWorkflow('two-stage.yml');
  const first = perfGateJob(workflow, 'first');
  const more = perfGateJob(workflow, 'more');
  const decide = perfGateJob(workflow, 'decide');
  assert.deepEqual(decide.needs, ['first', 'more']);
  const app = fixtureApp('sharded');
  const search = 'records.filter((r) => r.name.includes(q))';
  assert.ok(app.head['index.js']!.includes(search));
  const repo = makeRepo(app.base, {
    ...app.head,
    'index.js': app.head['index.js']!.replace(
      search,
      `[...records, ...records].filter((r) => r.name.includes(q))`,
    ),
  });
  const f = fakes(repo);
  try {
    const one = await runMatrix(t, first, repo, f.open);
    const stageOne = one.results[0]!;
    assert.deepEqual(stageOne.report.replica, { index: 1, count: 1, stage: 1 });
    // Its settings keep the gate's alpha; the stage decides at half of it (the level plan).
    assert.equal(stageOne.report.settings.alpha, 0.05);
    assert.equal(stageOne.report.decision?.alpha, 0.025);
    const outputs = { [first.perfGateId ?? 'perf']: stageOne.run.outputs };
    const needsMore = substitute(
      first.outputs['needs-more']!,
      { token: TOKEN, steps: outputs },
      'first.outputs',
    );
    const verdict = stageOne.run.outputs.verdict;
    // needs-more says what the first runner's report leaves open on the worse side.
    assert.equal(needsMore, String(needsMoreOf(stageOne.report)));
    if (verdict === 'no-change' || verdict === 'improvement') assert.equal(needsMore, 'false');
    const needs = { first: { 'needs-more': needsMore } };
    const runsMore = conditionHolds(
      more.if,
      { token: TOKEN, needs },
      { failed: false },
      'two-stage.yml more',
    );
    assert.equal(runsMore, needsMore === 'true');
    const two = runsMore ? await runMatrix(t, more, repo, f.open) : { results: [], artifacts: [] };
    for (const r of two.results) assert.equal(r.report.replica?.stage, 2);
    const github = await f.open('write');
    const merged = await runMerge(decide, repo, [...one.artifacts, ...two.artifacts], github, needs);
    t.diagnostic(`stage two ${runsMore ? 'ran' : 'skipped'}; merged verdict ${merged.run.outputs.verdict}`);
    assert.equal(merged.comments.length, 1, 'one comment');
    assert.equal(github.checkRuns.length, 1, 'one check run');
    const rps = merged.report.decision!.comparisons.find((c) => c.metric === 'rps')!;
    if (runsMore) {
      assert.equal(rps.runners?.changes.length, 4, 'the first runner and the three of the second stage');
      assert.match(
        merged.comments[0]!.body,
        /Decided over 4 runners \(1 in the first stage, 3 in the second\)/,
      );
    } else {
      assert.equal(rps.runners, undefined);
      assert.equal(merged.run.outputs.verdict, verdict, 'the first runner decides alone');
    }
    assert.equal(rps.level < stageOne.report.decision!.comparisons[0]!.level * 1.000001, true);
  } finally {
    await f.close();
    killUnder(repo.dir);
    repo.cleanup();
  }
});
