/**
 * example-workflows/express-postgres/ (perf.yml and its perf-gate.yml), for real: an Express 5 API on PostgreSQL
 * (test/fixtures/apps/express-postgres) whose head compares the customer id as text, so the index no longer serves
 * GET /customers/:id/orders and every request scans 100,000 rows. The workflow's `services: postgres` container is
 * played by a real PostgreSQL server (Debian's package) that this test starts on a free port; the workflow hands
 * its port to the app as PGPORT=${{ job.services.postgres.ports['5432'] }}. The config gives each side a database of
 * its own (`PGDATABASE: orders_${PERF_GATE_SIDE}`), created and seeded by an idempotent setup: POST /orders of head
 * must land in head's database only.
 *
 * Needs the npm registry (or its cache) and PostgreSQL (installed with apt-get when missing). Under the lock:
 * flock /tmp/pg-load.lock npx node --test test/e2e/example-express-postgres.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseScenarioFile } from '../../src/config/scenario-file.ts';
import { assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { startPostgres } from '../support/postgres.ts';
import { actionInvocation, EXAMPLES_DIR, perfGateJob, readWorkflow } from '../support/workflow.ts';

const SEEDED = 100_000;

test('express-postgres: the head whose query no longer uses the index is a regression, each side in its own database', {
  timeout: 300_000,
}, async (t) => {
  const workflow = readWorkflow('express-postgres/perf.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, [
    { id: 'postgres', image: 'postgres:17', ports: [{ container: 5432, host: undefined }] },
  ]);
  const configText = readFileSync(`${EXAMPLES_DIR}express-postgres/perf-gate.yml`, 'utf8');
  const config = parseScenarioFile(configText, {
    fileName: 'perf-gate.yml',
    readFile: () => assert.fail('the example config reads no body file'),
  });

  const postgres = await startPostgres();
  try {
    const invocation = actionInvocation(
      job,
      { token: TOKEN, servicePorts: { postgres: { 5432: postgres.port } } },
      TIMING_OVERRIDES,
    );
    assert.equal(invocation.env.PGPORT, String(postgres.port));
    const result = await runExample({
      app: 'express-postgres',
      invocation,
      extraFiles: { 'perf-gate.yml': configText },
      event: { pullNumber: 35 },
      timeoutMs: 290_000,
    });
    assertRegression(t, result, { path: '/customers/42/orders', atMost: 0.5 });
    assert.deepEqual(result.changedFiles, ['server.js']);
    assert.deepEqual(
      result.report.settings.scenarios.map((s) => s.name),
      config.scenarios.map((s) => s.name),
    );
    assert.match(result.run.stdout, /setup base: npm run db:setup/);
    assert.match(result.run.stdout, /setup head: npm run db:setup/);

    // A database per side, each seeded once and written only by its own side's POSTs.
    assert.deepEqual(postgres.databases(), ['orders_base', 'orders_head', 'postgres']);
    for (const side of ['base', 'head']) {
      const count = Number(postgres.query(`orders_${side}`, 'SELECT count(*) FROM orders'));
      const posted = Number(
        postgres.query(`orders_${side}`, `SELECT count(*) FROM orders WHERE id > ${SEEDED}`),
      );
      t.diagnostic(`orders_${side}: ${count} orders, ${posted} posted during the gate`);
      assert.equal(count, SEEDED + posted, `orders_${side} was seeded once`);
      assert.ok(posted > 0, `${side}'s POST /orders landed in orders_${side}`);
    }
  } finally {
    await postgres.stop();
  }
});
