/**
 * example-workflows/merge-queue.yml, for real, on the event a merge queue sends (`merge_group`): its `measure` job
 * compares the group's head (the node:http app whose head serialises the seed data per request,
 * test/fixtures/apps/node-http) with `merge_group.base_sha`, fetched into the shallow checkout, with a token that can
 * only read: it posts nothing and uploads report.json. Its `publish` job runs nothing of the queued code: `mode:
 * report` over that artifact puts the report on the check run `perf-gate` on the group's head commit and in the job
 * summary, asks whether the queued pull request (#12, named by the group's branch) accepts the regression, and fails
 * the step on it (which takes the group out of the queue). There is no pull request to comment on.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-merge-queue.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  appRepo,
  assertRegression,
  fakes,
  runReportJob,
  runStep,
  TIMING_OVERRIDES,
  TOKEN,
  uploadReport,
  writesTo,
} from '../support/example.ts';
import type { TestRepo } from '../support/repo.ts';
import { killProcessesUnder } from '../support/repo.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

const QUEUED_PR = 12;
const RUN = '5151';

/** The `merge_group` event GitHub sends when the queue asks for the checks of a group of one pull request. */
function mergeGroupEvent(repo: TestRepo): Record<string, unknown> {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: repo.headSha,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-${QUEUED_PR}-${repo.baseSha}`,
      base_sha: repo.baseSha,
      base_ref: 'refs/heads/main',
      head_commit: { id: repo.headSha, message: `Merge pull request #${QUEUED_PR}`, tree_id: 'f'.repeat(40) },
    },
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

test('merge-queue.yml: measured with a read-only token, published by a job that runs no queued code', {
  timeout: 240_000,
}, async (t) => {
  const workflow = readWorkflow('merge-queue.yml');
  assert.deepEqual(workflow.events.sort(), ['merge_group', 'pull_request']);
  const measure = perfGateJob(workflow, 'measure');
  const publish = perfGateJob(workflow, 'publish');
  assert.deepEqual(measure.permissions, { contents: 'read' });
  assert.deepEqual(publish.needs, ['measure']);
  const repo = appRepo('node-http');
  const f = fakes(repo, QUEUED_PR);
  try {
    const event = mergeGroupEvent(repo);
    // 1. measure: the queued code runs, with a token that can write nothing.
    const readOnly = await f.open('read');
    const invocation = actionInvocation(measure, { token: TOKEN }, TIMING_OVERRIDES);
    assert.deepEqual(invocation.inputs, {
      start: 'node index.js',
      paths: '/seed/v1\n/health\n',
      threshold: '5%',
      comment: 'off',
      'fail-on-regression': 'false',
      ...TIMING_OVERRIDES,
    });
    const measured = await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      eventName: 'merge_group',
      event,
      fake: readOnly,
      pullNumber: undefined,
      baseSha: repo.baseSha,
      headSha: repo.headSha,
      timeoutMs: 170_000,
      runId: RUN,
    });
    const { report } = measured;
    assert.equal(measured.run.code, 0, 'the measuring job does not decide the check');
    assert.equal(report.verdict, 'regression');
    assert.equal(report.base.sha, repo.baseSha, 'merge_group.base_sha, fetched into the shallow checkout');
    assert.equal(report.head.sha, repo.headSha);
    assert.equal(report.head.label, `gh-readonly-queue/main/pr-${QUEUED_PR}-${repo.baseSha}`);
    assert.equal(report.pullRequest, undefined);
    assert.deepEqual(writesTo(readOnly), [], 'the measuring job posts nothing');
    const upload = { context: { token: TOKEN }, failed: false, workspace: repo.workspace, runId: RUN };
    const artifact = uploadReport(measure, measured.run.outputs, upload);

    // 2. publish: nothing checked out; the artifact, `mode: report`, the check run on the group's head.
    const github = await f.open('write');
    const published = await runReportJob({
      job: publish,
      repo,
      artifacts: [artifact],
      fake: github,
      eventName: 'merge_group',
      event,
      pullNumber: undefined,
      runId: RUN,
    });
    assertRegression(t, published, { path: '/seed/v1', unchanged: ['/health'], atMost: 0.5, comment: false });
    const checks = github.requests.filter((q) => q.operationId === 'checks/create');
    assert.equal(checks.length, 1, JSON.stringify(github.requests.map((q) => q.operationId)));
    const body = checks[0]!.body as {
      name: string;
      head_sha: string;
      conclusion: string;
      output: { summary: string };
    };
    assert.equal(body.name, 'perf-gate');
    assert.equal(body.head_sha, repo.headSha);
    assert.equal(body.conclusion, 'failure');
    assert.match(body.output.summary, /^### 🔴 perf-gate: regression$/m);
    assert.equal(published.run.outputs['comment-url'], '');
    // Nothing is posted to a pull request; its regression asks only whether the queued pull request accepts it.
    assert.deepEqual(
      github.requests.filter((q) => /\/(issues|pulls)\//.test(q.path)).map((q) => `${q.method} ${q.path}`),
      [`GET /repos/octo-org/octo-repo/pulls/${QUEUED_PR}`],
      'only the acceptance of the queued pull request is asked about',
    );
  } finally {
    await f.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
