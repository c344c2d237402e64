/**
 * Cheaper by default: the gate profiles after measuring only when there is something to explain (the verdict is
 * not "no change") and only on the first of a matrix's runners (`replica: 1/n`; the others measure the same code),
 * and says in the log why it did not. The heap profiler measures what is kept when the gate found a leak, both in
 * turns when allocation per request changed too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heapPlan, profilePlan, smallestLeak } from '../../../src/gate/profiling.ts';
import { eventText } from '../../../src/report/log-text.ts';
import { gateConfig } from '../../support/gate-fakes.ts';
import { gateReport } from '../../support/reports.ts';

const regression = gateReport({ paths: { '/slow': 0.8, '/same': 1 }, pairs: 10, seed: 15 }).decision;
const noChange = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 12, seed: 12 }).decision;
const inconclusive = gateReport({ paths: { '/a': 1.04 }, pairs: 6, noise: 0.05, seed: 13 }).decision;

test('profiles a regression or an inconclusive gate, never "no change"', () => {
  assert.equal(regression?.verdict, 'regression');
  assert.equal(noChange?.verdict, 'no-change');
  assert.equal(inconclusive?.verdict, 'inconclusive');
  const on = gateConfig({ profileSec: 5 });
  assert.equal(profilePlan(on, regression), 'profile');
  assert.equal(profilePlan(on, inconclusive), 'profile');
  assert.equal(profilePlan(on, noChange), 'no-change');
  assert.equal(profilePlan(on, undefined), 'off', 'nothing measured, nothing to profile');
  assert.equal(profilePlan(gateConfig({ profileSec: 0 }), regression), 'off');
});

test('profiles only on the first of a matrix’s runners', () => {
  const runner = (index: number) => gateConfig({ profileSec: 5, replica: { index, count: 4 } });
  assert.equal(profilePlan(runner(1), regression), 'profile');
  assert.equal(profilePlan(runner(2), regression), 'replica');
  assert.equal(profilePlan(runner(4), inconclusive), 'replica');
  // A shard measures scenarios of its own: each profiles what it measured.
  assert.equal(
    profilePlan(gateConfig({ profileSec: 5, shard: { index: 2, count: 3 } }), regression),
    'profile',
  );
});

test('the log says why it did not profile', () => {
  assert.equal(
    eventText({ kind: 'not-profiled', reason: 'no-change' }),
    'not profiled: no change to explain (flame graphs come with a change, or an inconclusive gate)',
  );
  assert.equal(
    eventText({ kind: 'not-profiled', reason: 'replica' }),
    'not profiled: runner 1 of the matrix profiles for all (`replica: 1/n`)',
  );
});

test('what the heap profiler measures: what is kept after a leak, both in turns when allocation changed too', () => {
  const memory = (alloc: Record<string, number>, head: number) =>
    gateReport({
      paths: { '/a': 1, '/b': 1 },
      pairs: 10,
      seed: 23,
      memory: { bytes: 24_000, alloc, keeps: { base: 0, head } },
    }).decision;
  const leak = memory({}, 400);
  assert.equal(leak?.leaks?.[0]?.verdict, 'regression');
  assert.equal(heapPlan(leak), 'kept');
  const both = memory({ '/a': 1.3 }, 400);
  assert.ok(both?.comparisons.some((c) => c.metric === 'alloc' && c.verdict === 'regression'));
  assert.equal(heapPlan(both), 'both');
  assert.equal(heapPlan(memory({ '/a': 1.3 }, 0)), 'allocated');
  const fixed = gateReport({
    paths: { '/a': 1, '/b': 1 },
    pairs: 10,
    seed: 23,
    memory: { bytes: 24_000, alloc: {}, keeps: { base: 400, head: 0 } },
  }).decision;
  assert.equal(fixed?.leaks?.[0]?.verdict, 'improvement');
  assert.equal(heapPlan(fixed), 'allocated', 'a leak fixed is not looked for');
  assert.equal(heapPlan(regression), 'allocated', 'no memory figures: allocation, as before');
  assert.equal(heapPlan(undefined), 'allocated');
  // What bounds the kept profile's floor: the smallest leak called a regression, in bytes a request; a leak fixed not.
  const leaked = smallestLeak(leak);
  assert.ok(leaked !== undefined && Math.abs(leaked - 400) < 100, `${leaked} bytes a request`);
  assert.equal(smallestLeak(fixed), undefined);
  assert.equal(smallestLeak(regression), undefined);
  assert.equal(smallestLeak(undefined), undefined);
});
