/**
 * example-workflows/two-stage.yml for real, chained as GitHub runs it (test/support/replicas.ts). The app is
 * test/fixtures/apps/sharded: GET /seed/v1 is about ten times slower on head, and head also searches every record
 * twice on GET /search, a tenth to a quarter slower: what one runner of 8 short pairs sees as a plausible regression
 * it cannot settle. Its first runner runs for real; noise decides its `needs-more`, so both branches are decided
 * every time, the one it took and the other, from runners recorded on the same workflow (test/fixtures/two-stage/):
 * the second stage's matrix runs only when `needs-more` is `true`.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-two-stage.test.ts
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { needsMore as needsMoreOf } from '../../src/decide/needs-more.ts';
import type { Report } from '../../src/model/report.ts';
import { fakes, TOKEN } from '../support/example.ts';
import { PR, recordedArtifact, runMatrix, runMerge, twoStageRepo } from '../support/replicas.ts';
import { killProcessesUnder } from '../support/repo.ts';
import { type Artifact, conditionHolds, perfGateJob, readWorkflow, substitute } from '../support/workflow.ts';

const RECORDED = fileURLToPath(new URL('../fixtures/two-stage/', import.meta.url));

test('two-stage.yml: one runner, three more only when it says so, and one decision over what ran; both branches', {
  timeout: 300_000,
}, async (t) => {
  const workflow = readWorkflow('two-stage.yml');
  const first = perfGateJob(workflow, 'first');
  const more = perfGateJob(workflow, 'more');
  const decide = perfGateJob(workflow, 'decide');
  assert.deepEqual(decide.needs, ['first', 'more']);
  const repo = twoStageRepo();
  const f = fakes(repo, PR);
  try {
    const one = await runMatrix(t, first, repo, f.open);
    const stageOne = one.results[0]!;
    assert.deepEqual(stageOne.report.replica, { index: 1, count: 1, stage: 1 });
    // Its settings keep the gate's alpha; the stage decides at half of it (the level plan).
    assert.equal(stageOne.report.settings.alpha, 0.05);
    assert.equal(stageOne.report.decision?.alpha, 0.025);
    const outputs = { [first.perfGateId ?? 'perf']: stageOne.run.outputs };
    const live = substitute(first.outputs['needs-more']!, { token: TOKEN, steps: outputs }, 'first.outputs');
    const verdict = stageOne.run.outputs.verdict;
    // needs-more says what the first runner's report leaves open on the worse side.
    assert.equal(live, String(needsMoreOf(stageOne.report)));
    if (verdict === 'no-change' || verdict === 'improvement') assert.equal(live, 'false');
    t.diagnostic(`the first runner said needs-more ${live}; the other branch from a recorded first runner`);
    for (const needsMore of ['true', 'false']) {
      // The branch the live runner took with its artifact; the other with a recorded runner that said the other.
      const firstRunner: { artifact: Artifact; report: Report } =
        needsMore === live
          ? { artifact: one.artifacts[0]!, report: stageOne.report }
          : recordedArtifact(
              first,
              0,
              join(RECORDED, needsMore === 'true' ? 'first-needs-more.json' : 'first-settled.json'),
              repo,
            );
      assert.equal(String(needsMoreOf(firstRunner.report)), needsMore);
      const needs = { first: { 'needs-more': needsMore } };
      const runsMore = conditionHolds(
        more.if,
        { token: TOKEN, needs },
        { failed: false },
        'two-stage.yml more',
      );
      assert.equal(runsMore, needsMore === 'true');
      // The second stage: the runners recorded after the recorded first runner that asked for them.
      const two = runsMore
        ? [1, 2, 3].map((i) => recordedArtifact(more, i - 1, join(RECORDED, `second-${i}.json`), repo))
        : [];
      for (const r of two) assert.equal(r.report.replica?.stage, 2);
      const github = await f.open('write');
      const artifacts = [firstRunner.artifact, ...two.map((r) => r.artifact)];
      const merged = await runMerge(decide, repo, artifacts, github, needs, `decide-${needsMore}`);
      t.diagnostic(`needs-more ${needsMore}: merged verdict ${merged.run.outputs.verdict}`);
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
        assert.equal(
          merged.run.outputs.verdict,
          firstRunner.report.verdict,
          'the first runner decides alone',
        );
      }
      assert.equal(rps.level < firstRunner.report.decision!.comparisons[0]!.level * 1.000001, true);
    }
  } finally {
    await f.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
