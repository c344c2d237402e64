/** Turns refitted to what they cost (src/gate/turn-fit.ts), from timed batches of turns. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TurnFit } from '../../../src/gate/turn-fit.ts';
import type { TurnResult, TurnSpec } from '../../../src/model/measure.ts';
import type { ScenarioPlan } from '../../../src/model/plan.ts';

const PLAN: ScenarioPlan = { name: 'GET /', turnSec: 0.05, turns: 40, warmupSec: 0 };

/** A pair's recorded turns, base's taking `baseSec` and head's `headSec` each. */
function batch(turns: number, baseSec: number, headSec: number): [TurnSpec[], TurnResult[]] {
  const specs: TurnSpec[] = [];
  const results: TurnResult[] = [];
  for (let i = 0; i < 2 * turns; i++) {
    const pool = i % 2 === 0 ? 'base' : 'head';
    specs.push({ pool, sec: PLAN.turnSec, record: true });
    const sec = pool === 'base' ? baseSec : headSec;
    results.push({ pool, responses: 10, sec, errors: 0, timeouts: 0, reconnects: 0 });
  }
  return [specs, results];
}

test('turns that cost what was planned are left alone, their drains included', () => {
  const fit = new TurnFit();
  fit.planned(new Map([['GET /', 0.002]]));
  fit.record('pair', 'GET /', ...batch(40, 0.052, 0.055));
  assert.equal(fit.pair(PLAN), PLAN);
});

test('a head answering in 1.2 s: 2 turns a side of the same length, about the planned cost', () => {
  const fit = new TurnFit();
  fit.planned(new Map([['GET /', 0.002]]));
  fit.record('pair', 'GET /', ...batch(40, 0.052, 1.25));
  const changes: number[] = [];
  const fitted = fit.pair(PLAN, (turns) => changes.push(turns));
  // Planned: 40 × 2 × 52 ms = 4.16 s; a base and a head turn now take 1.3 s: 3.2 turns, made even.
  assert.equal(fitted.turns, 4);
  assert.equal(fitted.turnSec, PLAN.turnSec);
  assert.deepEqual(changes, [4]);
  // Nothing new measured: the same fit, and no second log line.
  fit.pair(PLAN, (turns) => changes.push(turns));
  assert.deepEqual(changes, [4]);
  // Head fast again: back to the plan, said once.
  fit.record('pair', 'GET /', ...batch(4, 0.052, 0.053));
  assert.equal(
    fit.pair(PLAN, (turns) => changes.push(turns)),
    PLAN,
  );
  assert.deepEqual(changes, [4, 40]);
});

test("before any pair, a block's priming tells what a turn costs; priming gets fewer turns of its own", () => {
  const fit = new TurnFit();
  const specs: TurnSpec[] = Array.from({ length: 16 }, (_, i) => ({
    pool: i % 2 ? 'head' : 'base',
    sec: 0.25,
    record: false,
  }));
  const results = specs.map((s) => ({
    pool: s.pool,
    responses: 1,
    sec: s.pool === 'head' ? 5 : 0.25,
    errors: 0,
    timeouts: 0,
    reconnects: 0,
  }));
  fit.record('priming', 'GET /', specs, results);
  // 8 turns a side of 0.25 s planned 4 s; a pair of turns now takes 5.25 s: 1 turn a side.
  assert.equal(fit.priming('GET /', 8, 0.25), 1);
  assert.equal(fit.pair(PLAN).turns, 2);
  assert.equal(fit.priming('GET /other', 8, 0.25), 8);
});
