/**
 * example-workflows/restify-fixed-port.yml, for real: a restify 12 server that always listens on port 8080
 * (test/fixtures/apps/restify-fixed-port, restify installed by `npm ci` from its lock file). With `port: 8080`
 * each side's 8080 is moved to a port of its own (perf-gate's port preload, src/gate/moved-port.ts), so base and
 * head run side by side and take turns in slices, as servers that read PORT do. Its head builds ten times the seed
 * records on every request: GET /seed/v1 must be flagged. (test/e2e/restify-listener.test.ts covers restify's
 * profile; the fallback when a server keeps the fixed port, whole rounds with a fresh process each, is
 * test/unit/gate-fixed-port.test.ts with fakes and test/unit/port-map.test.ts with real processes.)
 *
 * Needs the npm registry (or its cache) and port 8080 free. Under the shared lock:
 * flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-restify-fixed-port.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

/**
 * The test's only departures from the example, all about time, as in the other example tests: few short rounds
 * served by one block of processes, primed once, no profiling.
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
  const { report } = result;
  assert.equal(report.settings.port, 8080);
  // The fixed port moved: side by side in 250 ms slices, one block of one process per side (started before the
  // first pair, which is never measured again), and no note that the gate fell back to whole rounds.
  assert.equal(report.settings.sliceSec, 0.25);
  assert.equal(report.settings.restartEvery, 8);
  assert.equal(report.rounds.length, 16);
  for (const round of report.rounds) assert.equal(round.measurement.slices, 4);
  assert.equal(report.diagnostics?.base?.processes, 1, JSON.stringify(report.diagnostics?.base));
  assert.equal(report.diagnostics?.head?.processes, 1, JSON.stringify(report.diagnostics?.head));
  assert.ok(
    !report.notes.some((note) => note.startsWith('base and head did not run side by side')),
    report.notes.join('\n'),
  );
});
