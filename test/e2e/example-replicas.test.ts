/**
 * example-workflows/replicas.yml for real, chained as GitHub runs it, the four runners of its matrix at once on this
 * machine, each on a checkout of its own (test/support/replicas.ts): each runner's perf-gate step on the pull request
 * with the read-only token, its report uploaded as an artifact (its `if:` evaluated), then the merging job downloads
 * them and `mode: report` posts ONE comment and ONE check run with ONE verdict decided over the runners as clusters.
 * The app is test/fixtures/apps/sharded: GET /seed/v1 is about ten times slower on head, which no CPU the runners
 * share here moves. two-stage.yml's test, on the same app, is example-two-stage.test.ts.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-replicas.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appRepo, assertRegression, fakes } from '../support/example.ts';
import { PR, runForkSafeReport, runMatrix, runMerge } from '../support/replicas.ts';
import { killProcessesUnder } from '../support/repo.ts';
import { perfGateJob, readWorkflow } from '../support/workflow.ts';

test('replicas.yml: four runners measure the same path, merged into one comment, check run and verdict', {
  timeout: 600_000,
}, async (t) => {
  const workflow = readWorkflow('replicas.yml');
  const measure = perfGateJob(workflow, 'measure');
  const merge = perfGateJob(workflow, 'merge');
  assert.deepEqual(merge.needs, ['measure']);
  const repo = appRepo('sharded');
  const f = fakes(repo, PR);
  try {
    const { results, artifacts } = await runMatrix(t, measure, repo, f.open, { together: true });
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
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
