/**
 * example-workflows/restify-fixed-port.yml, for real: a restify 12 server that always listens on port 8080
 * (test/fixtures/apps/restify-fixed-port, restify installed by `npm ci` from its lock file). With `port: 8080`
 * each side's 8080 is moved to a port of its own (perf-gate's port preload, src/gate/moved-port.ts), so base and
 * head run side by side and take turns in slices, as servers that read PORT do. Its head builds ten times the seed
 * records on every request: GET /seed/v1 must be flagged. (test/e2e/alone/restify-listener.test.ts covers restify's
 * profile; the fallback when a server keeps the fixed port, whole rounds with a fresh process each, is
 * test/unit/gate/gate-fixed-port.test.ts with fakes and test/unit/diagnostics/port-map.test.ts with real processes.)
 *
 * Needs the npm registry (or its cache) and port 8080 free. Under the shared lock:
 * flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-restify-fixed-port.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertMovedPort,
  assertRegression,
  runExample,
  TIMING_OVERRIDES,
  TOKEN,
} from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

/**
 * The test's only departures from the example, all about time, as in the other example tests: few short rounds
 * in blocks of 2 pairs per process pair, each primed, no profiling.
 */
const OVERRIDES = TIMING_OVERRIDES;

test('restify-fixed-port.yml: base and head side by side, each on its own port instead of 8080; the per-request seed is a regression', {
  timeout: 240_000,
}, async (t) => {
  const workflow = readWorkflow('restify-fixed-port.yml');
  const job = perfGateJob(workflow);
  const invocation = actionInvocation(job, { token: TOKEN }, OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    start: 'node index.js',
    port: '8080',
    paths: '/seed/v1',
    ...OVERRIDES,
  });
  const result = await runExample({
    app: 'restify-fixed-port',
    invocation,
    event: { pullNumber: 35 },
    timeoutMs: 230_000,
  });
  assertRegression(t, result, { path: '/seed/v1', atMost: 0.5 });
  assert.deepEqual(result.changedFiles, ['index.js']);
  assertMovedPort(result, 8080);
  assert.equal(result.report.rounds.length, 2 * Number(TIMING_OVERRIDES.rounds));
});
