/** The measurement plan in words (src/report/plan-text.ts): the gate's log line and the report's sentence. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MeasurementPlan } from '../../../src/model/plan.ts';
import { planLog, planSentence } from '../../../src/report/plan-text.ts';

const plan: MeasurementPlan = {
  engine: 'kept',
  processes: { mode: 'blocks', restartEvery: 2, primeSec: 2 },
  unit: 'blocks',
  placement: { server: '0', loadgen: '1' },
  scenarios: [
    { name: 'GET /a', turnSec: 0.05, turns: 20, warmupSec: 0 },
    {
      name: 'GET /b',
      turnSec: 0.4,
      turns: 2,
      warmupSec: 0,
      openLoop: { rate: 500, turns: 2, turnSec: 0.17 },
    },
  ],
  fixedPairs: undefined,
  looks: [12, 14, 16, 18, 20, 22, 24, 26],
  schedule: [12, 14, 16, 18, 20, 22, 24, 26, 40],
  pairSec: 6.5,
  budgetSec: 180,
  limitSec: 270,
};

test('the log states every part of the plan, a line per scenario', () => {
  assert.equal(
    planLog(plan),
    [
      'measurement plan: engine kept; base and head side by side, blocks of 2 pairs per process pair, primed 2 s per side; the unit of each comparison: the block',
      '  GET /a: 20 turns of 50 ms per side and pair',
      '  GET /b: 2 turns of 400 ms per side and pair; open loop at 500 req/s, 2 turns of 170 ms',
      '  looks at 12, 14, 16, …, 26 pairs within the budget of 180 s (about 6.5 s per pair)',
      '  servers on CPU 0, load generator on CPU 1',
    ].join('\n'),
  );
});

test("the report's sentence: the load per side, the turns, the processes and the unit", () => {
  assert.equal(
    planSentence(plan),
    '1.8 s of load per side in each pair, base and head taking turns ABBA of 50 ms–400 ms on connections kept open from turn to turn, base and head side by side, blocks of 2 pairs per process pair, primed 2 s per side; the unit of each comparison: the block of pairs that shared their processes',
  );
  assert.match(
    planSentence({ ...plan, engine: 'autocannon', processes: { mode: 'fresh' }, unit: 'pairs' }),
    /each side's round in one turn of 50 ms–400 ms, a fresh process per round, one side after the other; the unit of each comparison: the pair$/,
  );
  assert.match(planSentence({ ...plan, engine: 'autocannon' }), /a fresh autocannon instance per turn/);
});
