/**
 * example-workflows/restify-fixed-port.yml, for real: a restify 12 server that always listens on port 8080
 * (test/fixtures/apps/restify-fixed-port, restify installed by `npm ci` from its lock file). With `port: 8080`
 * base and head take turns on that port, a fresh process per round. Its head builds ten times the seed records on
 * every request: GET /seed/v1 must be flagged. (test/e2e/restify-listener.test.ts covers restify's profile.)
 *
 * Needs the npm registry (or its cache) and port 8080 free. Under the shared lock:
 * flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-restify-fixed-port.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRegression, runExample, TOKEN } from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

/** The test's only departures from the example, all about time: few short rounds, no profiling. */
const OVERRIDES = { rounds: '8', duration: '1s', warmup: '0.1s', flamegraphs: 'false' };

test('restify-fixed-port.yml: base and head take turns on port 8080; the per-request seed is a regression', {
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
  const { report } = result;
  assert.equal(report.settings.port, 8080);
  // A fixed port cannot serve base and head side by side: whole rounds (no slices), a fresh process for each,
  // as many per side as rounds were measured (pairs measured again included).
  assert.equal(report.settings.sliceSec, 0);
  assert.equal(report.settings.restartEvery, 0);
  assert.equal(report.rounds.length, 16);
  for (const round of report.rounds) assert.equal(round.measurement.slices, undefined);
  const measured = report.sequential!.pairs + report.sequential!.disturbedPairs;
  assert.equal(report.diagnostics?.base?.processes, measured, JSON.stringify(report.diagnostics?.base));
  assert.equal(report.diagnostics?.head?.processes, measured, JSON.stringify(report.diagnostics?.head));
});
