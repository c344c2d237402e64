/**
 * An unchanged head, gated for real with its memory measured: no memory regression (the only claim host noise
 * cannot move).
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/memory-unchanged.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryGate } from '../support/memory-gate.ts';

test('unchanged: allocation and the leak test are measured, and neither is a regression', {
  timeout: 240_000,
}, async () => {
  const { run, report, leftover } = await memoryGate('unchanged', 43);
  assert.equal(run.outputs.memory, '');
  const alloc = report.decision!.comparisons.find((c) => c.metric === 'alloc');
  assert.ok(alloc, 'allocation per request was compared');
  assert.notEqual(alloc.verdict, 'regression');
  assert.ok(report.decision!.leaks?.length === 1, 'the leak test was made');
  assert.notEqual(report.decision!.leaks![0]!.verdict, 'regression');
  assert.deepEqual(leftover, []);
});
