/**
 * example-workflows/fastify.yml, for real: a Fastify 5 app in TypeScript (test/fixtures/apps/fastify), installed
 * with `npm ci` from its lock file and built with tsc by the example's `build: npm run build`, started as
 * `node dist/server.js`. Its head sorts the catalogue on every request to GET /products instead of once at
 * start-up. GET /products?limit=20 must be flagged, GET / not. The app always listens on 3000 (`port: 3000`): each
 * side's 3000 is moved to a port of its own, so base and head still run side by side.
 *
 * Needs the npm registry (or its cache). Under the shared lock:
 * flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-fastify.test.ts
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

test('fastify.yml: the head that sorts per request is a regression on GET /products?limit=20 only', {
  timeout: 240_000,
}, async (t) => {
  const workflow = readWorkflow('fastify.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, []);
  const invocation = actionInvocation(job, { token: TOKEN }, TIMING_OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    build: 'npm run build',
    start: 'node dist/server.js',
    port: '3000',
    paths: '/\n/products?limit=20\n',
    threshold: '3%',
    ...TIMING_OVERRIDES,
  });
  const result = await runExample({
    app: 'fastify',
    invocation,
    event: { pullNumber: 32 },
    timeoutMs: 230_000,
  });
  assertRegression(t, result, { path: '/products?limit=20', unchanged: ['/'], atMost: 0.5 });
  assert.deepEqual(result.changedFiles, ['src/server.ts']);
  assert.match(result.run.stdout, /^build base took /m);
  assert.match(result.run.stdout, /^build head took /m);
  assertMovedPort(result, 3000);
});
