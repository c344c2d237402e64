/**
 * example-workflows/node-http.yml, for real: a plain node:http server (test/fixtures/apps/node-http) whose head
 * serialises the seed data on every request instead of once at start-up. The gate runs with the example's inputs;
 * only timing inputs are overridden (below). GET /seed/v1 must be flagged, GET /health not.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-node-http.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

test('node-http.yml: the head that serialises per request is a regression on GET /seed/v1 only', {
  timeout: 180_000,
}, async (t) => {
  const workflow = readWorkflow('node-http.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, []);
  const invocation = actionInvocation(job, { token: TOKEN }, TIMING_OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    start: 'node index.js',
    paths: '/seed/v1\n/health\n',
    threshold: '5%',
    ...TIMING_OVERRIDES,
  });
  const result = await runExample({
    app: 'node-http',
    invocation,
    event: { pullNumber: 31 },
    timeoutMs: 170_000,
  });
  assertRegression(t, result, { path: '/seed/v1', unchanged: ['/health'], atMost: 0.5 });
  assert.deepEqual(result.changedFiles, ['index.js']);
});
