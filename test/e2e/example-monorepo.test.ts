/**
 * example-workflows/monorepo.yml, for real: an npm-workspaces monorepo (test/fixtures/apps/monorepo) with its one
 * lock file at the root, the server in packages/api (TypeScript, built with tsc from the root's devDependencies)
 * using a sibling workspace package, @acme/shared. The example sets `working-directory: packages/api`: perf-gate
 * must find the root lock file, run `npm ci` there, build and start in packages/api. The head runs a password-hash
 * self-test on every GET /health, which must be flagged.
 *
 * Needs the npm registry (or its cache). Under the shared lock:
 * flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-monorepo.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

test('monorepo.yml: packages/api built from the root lock file; the per-request self-test is a regression on GET /health', {
  timeout: 240_000,
}, async (t) => {
  const workflow = readWorkflow('monorepo.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, []);
  const invocation = actionInvocation(job, { token: TOKEN }, TIMING_OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    'working-directory': 'packages/api',
    build: 'npm run build',
    start: 'node dist/main.js',
    paths: '/health',
    ...TIMING_OVERRIDES,
  });
  const result = await runExample({
    app: 'monorepo',
    invocation,
    event: { pullNumber: 33 },
    timeoutMs: 230_000,
  });
  assertRegression(t, result, { path: '/health', atMost: 0.5 });
  assert.deepEqual(result.changedFiles, ['packages/api/src/main.ts']);
  // One install per tree, at the root where the lock file is; the build in packages/api.
  for (const side of ['base', 'head'])
    assert.match(result.run.stdout, new RegExp(`^::group::install ${side}: npm ci$`, 'm'), result.run.stdout);
});
