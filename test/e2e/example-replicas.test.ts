/**
 * example-workflows/replicas.yml for real, chained as GitHub runs it (test/support/replicas.ts): its first runner's
 * perf-gate step on the pull request with the read-only token, its report uploaded as an artifact (its `if:`
 * evaluated), beside runners 2 to 4 recorded from the same matrix (test/fixtures/replicas/); then the merging job
 * downloads the four and `mode: report` posts ONE comment and ONE check run with ONE verdict decided over the runners
 * as clusters. The app is test/fixtures/apps/sharded: GET /seed/v1 is about ten times slower on head. One runner
 * live, not four: what a runner does is the same for each (its index aside), and three more gates at once cost the
 * suite's other files their CPU (bench/SUITE.md). two-stage.yml's test, on the same app, is example-two-stage.test.ts.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-replicas.test.ts
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { appRepo, assertRegression, fakes } from '../support/example.ts';
import { PR, recordedArtifact, runForkSafeReport, runMatrix, runMerge } from '../support/replicas.ts';
import { killProcessesUnder } from '../support/repo.ts';
import { perfGateJob, readWorkflow } from '../support/workflow.ts';

const RECORDED = fileURLToPath(new URL('../fixtures/replicas/', import.meta.url));

test('replicas.yml: four runners measure the same path (the first live), merged into one comment, check run and verdict', {
  timeout: 600_000,
}, async (t) => {
  const workflow = readWorkflow('replicas.yml');
  const measure = perfGateJob(workflow, 'measure');
  const merge = perfGateJob(workflow, 'merge');
  assert.deepEqual(merge.needs, ['measure']);
  const repo = appRepo('sharded');
  const f = fakes(repo, PR);
  try {
    const live = await runMatrix(t, measure, repo, f.open, { only: [0] });
    const recorded = [1, 2, 3].map((i) =>
      recordedArtifact(measure, i, join(RECORDED, `runner-${i + 1}.json`), repo),
    );
    const reports = [live.results[0]!.report, ...recorded.map((r) => r.report)];
    const artifacts = [live.artifacts[0]!, ...recorded.map((r) => r.artifact)];
    assert.deepEqual(
      reports.map((r) => r.replica),
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
      reports.reduce((s, r) => s + r.decision!.comparisons[0]!.units, 0),
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
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
