/**
 * example-workflows/node-http.yml, for real: a plain node:http server (test/fixtures/apps/node-http) whose head
 * serialises the seed data on every request instead of once at start-up. The gate runs with the example's inputs;
 * only timing inputs are overridden (below). GET /seed/v1 must be flagged, GET /health not.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-node-http.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRegression, runExample } from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

/**
 * The test's only departures from the example, all about time: 8 fixed pairs of short rounds (the fewest with which
 * the exact test can reach significance across 2 paths × 3 metrics), a fresh server per round (no priming blocks),
 * no profiling.
 */
const OVERRIDES = {
  rounds: '8',
  'restart-every': '0',
  duration: '1s',
  warmup: '0.25s',
  flamegraphs: 'false',
};

test('node-http.yml: the head that serialises per request is a regression on GET /seed/v1 only', {
  timeout: 180_000,
}, async (t) => {
  const workflow = readWorkflow('node-http.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, []);
  const invocation = actionInvocation(job, { token: 'ghs_testtoken' }, OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    start: 'node index.js',
    paths: '/seed/v1\n/health\n',
    threshold: '5%',
    ...OVERRIDES,
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
