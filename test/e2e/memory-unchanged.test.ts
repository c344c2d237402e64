/**
 * An unchanged head, gated for real with its memory measured: no memory regression (the only claim host noise
 * cannot move).
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/memory-unchanged.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SUITE_CONNECTIONS } from '../support/example.ts';
import { memoryGate } from '../support/memory-gate.ts';

test('unchanged: allocation and the leak test are measured, and neither is a regression', {
  timeout: 240_000,
}, async (t) => {
  const { run, report, leftover } = await memoryGate('unchanged', 43, { connections: SUITE_CONNECTIONS });
  const a = report.decision?.comparisons.find((c) => c.metric === 'alloc');
  const l = report.decision?.leaks?.[0];
  t.diagnostic(
    `allocation ${a?.base.toFixed(0)} → ${a?.head.toFixed(0)} bytes a request (${a?.verdict}); leak ${l?.change.toFixed(1)} bytes a request [${l?.ci.map((x) => x.toFixed(1)).join(', ')}] (${l?.verdict})`,
  );
  assert.equal(run.outputs.memory, '');
  const alloc = report.decision!.comparisons.find((c) => c.metric === 'alloc');
  assert.ok(alloc, 'allocation per request was compared');
  assert.notEqual(alloc.verdict, 'regression');
  assert.ok(report.decision!.leaks?.length === 1, 'the leak test was made');
  assert.notEqual(report.decision!.leaks![0]!.verdict, 'regression');
  assert.deepEqual(leftover, []);
});
