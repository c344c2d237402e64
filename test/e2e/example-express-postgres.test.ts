/**
 * example-workflows/express-postgres/ (perf.yml and its perf-gate.yml), for real: an Express 5 API on PostgreSQL
 * (test/fixtures/apps/express-postgres) whose head compares the customer id as text, so the index no longer serves
 * GET /customers/:id/orders and every request scans 100,000 rows. The workflow's `services: postgres` container is
 * played by a real PostgreSQL server (Debian's package) that this test starts on a free port; the workflow hands
 * its port to the app as PGPORT=${{ job.services.postgres.ports['5432'] }}. The config gives each side a database of
 * its own (`PGDATABASE: orders_${PERF_GATE_SIDE}`), created and seeded by an idempotent setup: POST /orders of head
 * must land in head's database only. The setup is the example's own (example-workflows/express-postgres/db/, added to
 * the app as a user copies it): the fixture app has no database script. The same script takes a DATABASE_URL, the
 * form the example's README gives Prisma and Knex users. The job runs on the label perf-gate:accept, and no other.
 *
 * Needs the npm registry (or its cache) and PostgreSQL (installed with apt-get when missing). Under the lock:
 * flock /tmp/pg-load.lock npx node --test test/e2e/example-express-postgres.test.ts
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseScenarioFile } from '../../src/config/scenario-file.ts';
import { APPS_DIR, assertRegression, runExample, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { startPostgres } from '../support/postgres.ts';
import {
  actionInvocation,
  conditionHolds,
  EXAMPLES_DIR,
  perfGateJob,
  readWorkflow,
} from '../support/workflow.ts';

const SEEDED = 100_000;
const EXAMPLE = `${EXAMPLES_DIR}express-postgres/`;
/** The example's database scripts, where its README puts them in the user's repository. */
const DB_SCRIPTS = Object.fromEntries(
  ['db/setup.cjs', 'db/create.cjs'].map((file) => [file, readFileSync(`${EXAMPLE}${file}`, 'utf8')]),
);

test('express-postgres: the head whose query no longer uses the index is a regression, each side in its own database', {
  timeout: 300_000,
}, async (t) => {
  const workflow = readWorkflow('express-postgres/perf.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, [
    { id: 'postgres', image: 'postgres:17', ports: [{ container: 5432, host: undefined }] },
  ]);
  // Adding the accept label re-runs the gate; another label does not.
  const runsOn = (event: Record<string, unknown>) =>
    conditionHolds(job.if, { token: TOKEN, event }, { failed: false }, 'express-postgres/perf.yml');
  assert.ok(runsOn({ action: 'synchronize' }));
  assert.ok(runsOn({ action: 'labeled', label: { name: 'perf-gate:accept' } }));
  assert.ok(!runsOn({ action: 'labeled', label: { name: 'documentation' } }));
  const configText = readFileSync(`${EXAMPLE}perf-gate.yml`, 'utf8');
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
      extraFiles: { 'perf-gate.yml': configText, ...DB_SCRIPTS },
      event: { pullNumber: 35 },
      timeoutMs: 290_000,
    });
    assertRegression(t, result, { path: '/customers/42/orders', atMost: 0.5 });
    assert.deepEqual(result.changedFiles, ['server.js']);
    assert.deepEqual(
      result.report.settings.scenarios.map((s) => s.name),
      config.scenarios.map((s) => s.name),
    );
    assert.match(result.run.stdout, /setup base: node db\/setup\.cjs/);
    assert.match(result.run.stdout, /setup head: node db\/setup\.cjs/);

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

test("express-postgres: the database script takes a DATABASE_URL (the README's form for Prisma and Knex), idempotent", {
  timeout: 180_000,
}, async () => {
  // The fixture app with the example's scripts, installed as `npm ci` installs it (pg among its dependencies).
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-pg-url-'));
  const postgres = await startPostgres();
  try {
    cpSync(join(APPS_DIR, 'express-postgres/base'), dir, { recursive: true });
    cpSync(`${EXAMPLE}db`, join(dir, 'db'), { recursive: true });
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    const url = `postgresql://postgres@127.0.0.1:${postgres.port}/orders_url`;
    // libpq's variables of this machine must not be what the script reads.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url };
    for (let run = 0; run < 2; run++) {
      const out = execFileSync('node', ['db/setup.cjs'], { cwd: dir, env, encoding: 'utf8' });
      assert.match(out, /database orders_url ready/);
    }
    assert.ok(postgres.databases().includes('orders_url'));
    assert.equal(Number(postgres.query('orders_url', 'SELECT count(*) FROM orders')), SEEDED, 'seeded once');
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
