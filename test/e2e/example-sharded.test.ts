/**
 * example-workflows/sharded.yml, for real, chained as GitHub runs it: the `measure` job once per matrix value
 * (`shard: 1/3`, `2/3`, `3/3`, with `strategy.job-index` 0–2), each on the pull request with the workflow's
 * read-only token (`contents: read`: the fake GitHub answers 403 to writes), neither failing nor commenting; each
 * shard's upload-artifact step (its `if:` evaluated) stores its report.json as `perf-gate-shard-<i>`; then the
 * `merge` job, in a workspace with nothing checked out, downloads them by pattern (each into a directory of its
 * own, as download-artifact does) and `mode: report` posts ONE comment and ONE check run, with ONE verdict
 * corrected across all shards. The app is test/fixtures/apps/sharded: three routes, the head serialises the seed
 * data per request (GET /seed/v1 regresses; the other two are unchanged). Shard 1/3 runs live; shards 2/3 and 3/3,
 * whose unchanged paths no assertion needs measured again, are recorded runs of the same job
 * (test/fixtures/sharded-shards/), as example-replicas.test.ts's runners 2 to 4 are.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-sharded.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  appRepo,
  assertRegression,
  comparisonsOf,
  fakes,
  familySize,
  pullRequestStep,
  runReportJob,
  TIMING_OVERRIDES,
  TOKEN,
  testedMetrics,
} from '../support/example.ts';
import { PR, RUN, recordedArtifact, runMatrix } from '../support/replicas.ts';
import { killProcessesUnder } from '../support/repo.ts';
import { actionInvocation, matrixRuns, perfGateJob, readWorkflow } from '../support/workflow.ts';

const RECORDED = fileURLToPath(new URL('../fixtures/sharded-shards/', import.meta.url));
/**
 * The live shard (GET /seed/v1, whose merged verdict the test asserts) takes 16 pairs, 8 blocks; the recorded ones
 * took 8. The merge decides over all three shards' comparisons at once, at a stricter level than any one gate's, and
 * t over 6 blocks there once left the tenfold slowdown inconclusive when one block read −17% beside the suite's other
 * gates (bench/SUITE.md, 2026-12-06).
 */
const LIVE_TIMING = { ...TIMING_OVERRIDES, rounds: '16' };

test('sharded.yml: three shards measured apart, merged into one comment, check run and regression verdict', {
  timeout: 420_000,
}, async (t) => {
  const workflow = readWorkflow('sharded.yml');
  assert.deepEqual(workflow.events, ['pull_request']);
  const measure = perfGateJob(workflow, 'measure');
  const merge = perfGateJob(workflow, 'merge');
  assert.deepEqual(merge.needs, ['measure']);
  const paths = measure.with.paths!.split('\n').filter((line) => line.trim() !== '');
  assert.deepEqual(paths, ['/seed/v1', '/search?q=record-1', '/health']);

  const repo = appRepo('sharded');
  const f = fakes(repo, PR);
  const started = Date.now();
  try {
    // The measure job, once per matrix value: shard 1/3 live, 2/3 and 3/3 as recorded.
    const runs = matrixRuns(measure);
    assert.deepEqual(
      runs.map(
        ({ matrix, jobIndex }) => actionInvocation(measure, { token: TOKEN, matrix, jobIndex }).inputs.shard,
      ),
      ['1/3', '2/3', '3/3'],
    );
    // Each runner checked as runMatrix checks one: neither failing nor posting (its token could not), no process left.
    const live = await runMatrix(t, measure, repo, f.open, { only: [0], timing: LIVE_TIMING });
    const shard = live.results[0]!;
    const recorded = [1, 2].map((i) =>
      recordedArtifact(measure, i, join(RECORDED, `shard-${i + 1}.json`), repo),
    );
    const artifacts = [live.artifacts[0]!, ...recorded.map((r) => r.artifact)];
    // Recorded for this job's pull request: the merge refuses reports of another.
    assert.deepEqual(
      recorded.map((r) => r.report.pullRequest?.number),
      [PR, PR],
    );
    for (const [i, report] of [shard.report, ...recorded.map((r) => r.report)].entries()) {
      assert.deepEqual(report.shard, { index: i + 1, count: 3 });
      assert.deepEqual(
        report.settings.scenarios.map((s) => s.path),
        [paths[i]],
        'shard i/3 loads the i-th path',
      );
    }
    assert.deepEqual(
      artifacts.map((a) => a.name),
      ['perf-gate-shard-0', 'perf-gate-shard-1', 'perf-gate-shard-2'],
    );

    // The merge job: after the matrix, nothing checked out, the shards' reports downloaded.
    const github = await f.open('write');
    const merged = await runReportJob({
      job: merge,
      repo,
      artifacts,
      fake: github,
      ...pullRequestStep(repo, PR),
      runId: RUN,
    });
    assert.deepEqual(
      merged.downloaded,
      [0, 1, 2].map((i) =>
        join(merged.workspace, 'perf-gate-results', `perf-gate-shard-${i}`, 'report.json'),
      ),
    );
    assert.deepEqual(merged.inputs, {
      mode: 'report',
      results: 'perf-gate-results',
      'check-name': 'perf-gate',
    });
    t.diagnostic(
      `merge step ${(merged.run.durationMs / 1000).toFixed(1)} s; whole workflow ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    assertRegression(t, merged, {
      path: '/seed/v1',
      unchanged: ['/search?q=record-1', '/health'],
      atMost: 0.5,
    });
    const { report } = merged;
    // Every scenario of the workflow, once, from the shard that measured it.
    assert.deepEqual(
      report.settings.scenarios.map((s) => s.path),
      paths,
    );
    for (const path of paths)
      assert.deepEqual(testedMetrics(comparisonsOf(report, path)), ['rps', 'p99', 'alloc'], path);
    assert.equal(report.decision?.errors.length, 3, 'failed requests of each path, a comparison each');
    assert.deepEqual(
      report.shards?.map((s) => s.source),
      [0, 1, 2].map((i) => `perf-gate-shard-${i}/report.json`),
    );
    // Decided again as one family: each comparison's level is the shard's own (3 comparisons or so) divided among
    // all of them now. (Its p need not grow: at the smaller level 6 blocks' ranks cannot reach it, and t decides.)
    const own = shard.report.decision?.comparisons.find((c) => c.metric === 'rps');
    const all = comparisonsOf(report, '/seed/v1').find((c) => c.metric === 'rps');
    assert.ok(own && all);
    const ratio = own.level / all.level;
    const expected = familySize(report) / familySize(shard.report);
    assert.ok(
      Math.abs(ratio - expected) < 1e-9,
      `levels ${own.level} and ${all.level}: ratio ${ratio}, not ${expected}`,
    );
    const body = merged.comments[0]!.body;
    assert.match(body, /3 shards of 16, 8, 8 pairs/);
    assert.ok(body.includes(`p-values adjusted over ${familySize(report)} comparisons (across all shards)`));
    assert.equal(github.checkRuns.length, 1, 'one check run');
    const check = github.checkRuns[0]!;
    assert.equal(check.name, 'perf-gate');
    assert.equal(check.head_sha, repo.headSha);
    assert.equal(check.conclusion, 'failure');
    assert.deepEqual(
      readdirSync(merged.workspace),
      ['perf-gate-results'],
      'nothing checked out in the merge job',
    );
  } finally {
    await f.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
