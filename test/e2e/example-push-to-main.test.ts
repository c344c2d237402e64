/**
 * example-workflows/push-to-main.yml, for real: on a push to main the gate compares the pushed commit with the one
 * before it (`base: ${{ github.event.before }}`, resolved to the push's `before`), posts no comment (there is no
 * pull request), writes the report to the job summary and fails the step on the regression. The app
 * (test/fixtures/apps/push-to-main) is an express 5 server that always listens on port 3000 (`port: 3000`: each
 * side's 3000 is moved to a port of its own, side by side), installed by `npm ci` from its lock file; its head
 * computes a scrypt ETag per request; the example loads the default path, GET /. (The gate on a push with `base`
 * set, end to end.)
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-push-to-main.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertMovedPort,
  assertRegression,
  pushEvent,
  runExample,
  TIMING_OVERRIDES,
  TOKEN,
} from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

test('push-to-main.yml: the pushed commit against the one before it; no comment, the summary flags GET /', {
  timeout: 180_000,
}, async (t) => {
  const workflow = readWorkflow('push-to-main.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(workflow.events, ['push']);
  // The step after the gate reads its outputs by the step's id, through `env:` (never inside its script).
  assert.equal(job.perfGateId, 'perf');
  assert.ok(
    job.otherSteps.some(
      (s) =>
        Object.values(s.env).some((v) => v.includes('steps.perf.outputs.verdict')) &&
        s.run?.includes('$VERDICT'),
    ),
  );
  const result = await runExample({
    app: 'push-to-main',
    invocation: (repo) => {
      const invocation = actionInvocation(
        job,
        { token: TOKEN, event: { before: repo.baseSha } },
        TIMING_OVERRIDES,
      );
      assert.deepEqual(invocation.inputs, {
        base: repo.baseSha,
        start: 'node index.js',
        port: '3000',
        ...TIMING_OVERRIDES,
      });
      return invocation;
    },
    event: { name: 'push', payload: pushEvent },
    timeoutMs: 170_000,
  });
  // The base commit, fetched into the shallow checkout.
  assert.equal(result.report.base.sha, result.baseSha);
  assert.equal(result.report.head.sha, result.headSha);
  assertRegression(t, result, { path: '/', atMost: 0.5, comment: false });
  assertMovedPort(result, 3000);
  // No pull request: nothing is asked of GitHub at all.
  assert.equal(result.run.outputs['comment-url'], '');
  assert.deepEqual(
    result.requests.map((q) => `${q.method} ${q.path}`),
    [],
  );
});
