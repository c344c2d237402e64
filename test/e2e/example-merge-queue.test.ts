/**
 * example-workflows/merge-queue.yml, for real, on the event a merge queue sends (`merge_group`): the group's head
 * (the node:http app whose head serialises the seed data per request, test/fixtures/apps/node-http) against
 * `merge_group.base_sha`, fetched into the shallow checkout. There is no pull request: no comment and no request about
 * one; the report goes to the job summary and to the check run `perf-gate` on the group's head commit, and the step
 * fails on the regression (which takes the group out of the queue).
 *
 * Under the shared lock: flock -s /tmp/pg-heavy.lock npx node --test test/e2e/example-merge-queue.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import type { TestRepo } from '../support/repo.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

/** The `merge_group` event GitHub sends when the queue asks for the checks of a group of one pull request. */
function mergeGroupEvent(repo: TestRepo): Record<string, unknown> {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: repo.headSha,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-12-${repo.baseSha}`,
      base_sha: repo.baseSha,
      base_ref: 'refs/heads/main',
      head_commit: { id: repo.headSha, message: 'Merge pull request #12', tree_id: 'f'.repeat(40) },
    },
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

test('merge-queue.yml: on merge_group, the group’s head against its base; the check run and the summary, no comment', {
  timeout: 180_000,
}, async (t) => {
  const workflow = readWorkflow('merge-queue.yml');
  assert.deepEqual(workflow.events.sort(), ['merge_group', 'pull_request']);
  const job = perfGateJob(workflow);
  const invocation = actionInvocation(job, { token: TOKEN }, TIMING_OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    start: 'node index.js',
    paths: '/seed/v1\n/health\n',
    threshold: '5%',
    'check-name': 'perf-gate',
    ...TIMING_OVERRIDES,
  });
  const result = await runExample({
    app: 'node-http',
    invocation,
    event: { name: 'merge_group', payload: mergeGroupEvent },
    timeoutMs: 170_000,
  });
  const { report, run } = result;
  assert.equal(report.base.sha, result.baseSha, 'merge_group.base_sha, fetched into the shallow checkout');
  assert.equal(report.head.sha, result.headSha);
  assert.equal(report.base.label, 'main');
  assert.equal(report.head.label, `gh-readonly-queue/main/pr-12-${result.baseSha}`);
  assert.equal(report.pullRequest, undefined);
  assertRegression(t, result, { path: '/seed/v1', unchanged: ['/health'], atMost: 0.5, comment: false });
  // The check run on the group's head commit, and nothing about a pull request.
  const checks = result.requests.filter((q) => q.operationId === 'checks/create');
  assert.equal(checks.length, 1, JSON.stringify(result.requests.map((q) => q.operationId)));
  const body = checks[0]!.body as {
    name: string;
    head_sha: string;
    conclusion: string;
    output: { summary: string };
  };
  assert.equal(body.name, 'perf-gate');
  assert.equal(body.head_sha, result.headSha);
  assert.equal(body.conclusion, 'failure');
  assert.match(body.output.summary, /^### 🔴 perf-gate: regression$/m);
  assert.match(run.outputs['check-run-url'] ?? '', /^https:\/\/github\.com\/octo-org\/octo-repo\/runs\/\d+$/);
  assert.equal(run.outputs['comment-url'], '');
  // Nothing is posted to a pull request; its regression asks only whether the group's pull request accepts it.
  assert.deepEqual(
    result.requests.filter((q) => /\/(issues|pulls)\//.test(q.path)).map((q) => `${q.method} ${q.path}`),
    ['GET /repos/octo-org/octo-repo/pulls/12'],
    'only the acceptance of the group’s pull request is asked about',
  );
});
