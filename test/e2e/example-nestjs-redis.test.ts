/**
 * example-workflows/nestjs-redis/ (perf.yml and its perf-gate.yml), for real: NestJS 11 on the Fastify adapter
 * (test/fixtures/apps/nestjs-redis), built with tsc, whose GET /cached goes through a raw Redis cache interceptor
 * (ioredis). The workflow's `services: redis` container is played by a real redis-server (Debian's package) that
 * this test starts on a free port; the workflow hands its port to the app as
 * REDIS_PORT=${{ job.services.redis.ports['6379'] }}, which the harness resolves to that port. The head keys the
 * cache with a fresh UUID per request, so every request misses and recomputes the report: GET /cached must be
 * flagged, and Redis must show that base really was served from the cache.
 *
 * Needs the npm registry (or its cache) and redis-server (installed with apt-get when missing). Under the lock:
 * flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-nestjs-redis.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseScenarioFile } from '../../src/config/scenario-file.ts';
import { assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { startRedis } from '../support/redis.ts';
import { actionInvocation, EXAMPLES_DIR, perfGateJob, readWorkflow } from '../support/workflow.ts';

test('nestjs-redis: the head that misses the Redis cache on every request is a regression on GET /cached', {
  timeout: 300_000,
}, async (t) => {
  const workflow = readWorkflow('nestjs-redis/perf.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, [
    { id: 'redis', image: 'redis:7-alpine', ports: [{ container: 6379, host: undefined }] },
  ]);
  // The workflow installs redis-cli for the config's setup; this machine has it with redis-server.
  assert.ok(job.otherSteps.some((s) => s.run?.includes('redis-tools')));
  const configText = readFileSync(`${EXAMPLES_DIR}nestjs-redis/perf-gate.yml`, 'utf8');
  const config = parseScenarioFile(configText, {
    fileName: 'perf-gate.yml',
    readFile: () => assert.fail('the example config reads no body file'),
  });

  const redis = await startRedis();
  try {
    const invocation = actionInvocation(
      job,
      { token: TOKEN, servicePorts: { redis: { 6379: redis.port } } },
      TIMING_OVERRIDES,
    );
    assert.deepEqual(invocation.env, { REDIS_PORT: String(redis.port) });
    assert.deepEqual(invocation.inputs, {
      config: 'perf-gate.yml',
      build: 'npm run build',
      ...TIMING_OVERRIDES,
    });
    const result = await runExample({
      app: 'nestjs-redis',
      invocation,
      extraFiles: { 'perf-gate.yml': configText },
      event: { pullNumber: 34 },
      timeoutMs: 290_000,
    });
    assertRegression(t, result, { path: '/cached', atMost: 0.5 });
    assert.deepEqual(result.changedFiles, ['src/redis-cache.interceptor.ts']);
    // The gate ran the example's config file: its scenarios, and its setup in both trees.
    assert.equal(result.report.settings.scenarios[0]?.name, config.scenarios[0]?.name);
    assert.deepEqual(
      result.report.settings.scenarios.map((s) => s.path),
      config.scenarios.map((s) => s.path),
    );
    assert.match(result.run.stdout, /setup base: redis-cli -p \$REDIS_PORT flushall/);
    assert.match(result.run.stdout, /setup head: redis-cli -p \$REDIS_PORT flushall/);
    // Redis's CPU counted as the server's service, not as a disturbance.
    const serviceCpu = result.report.rounds.map((r) => r.measurement.serviceCpu ?? 0);
    assert.ok(Math.max(...serviceCpu) > 0, 'redis-server was found as a service of the server');

    // Base answered from Redis (hits), head recomputed and stored an entry per request (misses, keys).
    const stats = await redis.info('stats');
    const keyspace = await redis.info('keyspace');
    const hits = Number(stats.keyspace_hits);
    const misses = Number(stats.keyspace_misses);
    const keys = Number(/keys=(\d+)/.exec(keyspace.db0 ?? '')?.[1] ?? 0);
    t.diagnostic(`redis: ${hits} hits, ${misses} misses, ${keys} keys`);
    assert.ok(hits >= 1000, `base should be served from the cache: ${hits} hits`);
    assert.ok(
      misses >= 100 && keys >= 100,
      `head should miss on every request: ${misses} misses, ${keys} keys`,
    );
    assert.ok(hits > misses, `${hits} hits, ${misses} misses`);
  } finally {
    await redis.stop();
  }
});
