/** The measurement plan (src/gate/measurement-plan.ts): processes, turns, the pair's cost, looks; notes on start-up. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { unitOf } from '../../../src/decide/interval.ts';
import {
  autoTurnSec,
  buildPlan,
  MIN_SCENARIO_SEC,
  processPlan,
  STARTUP_SHARE_NOTE,
  scenarioSec,
  startupNote,
} from '../../../src/gate/measurement-plan.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { planLooks } from '../../../src/stats/look-schedule.ts';
import { gateConfig, scenario } from '../../support/gate-fakes.ts';

describe('server processes', () => {
  test('side by side in blocks unless asked for a fresh process per round, or a fixed port stayed put', () => {
    const scenarios = [scenario('/')];
    assert.equal(processPlan({ restartEvery: 4, scenarios, primeSec: 2 }, false).mode, 'blocks');
    assert.equal(processPlan({ restartEvery: 1, scenarios, primeSec: 2 }, false).mode, 'blocks');
    assert.equal(processPlan({ restartEvery: 0, scenarios, primeSec: 2 }, false).mode, 'fresh');
    assert.equal(processPlan({ restartEvery: 4, scenarios, primeSec: 2 }, true).mode, 'fresh');
  });

  test('each block is primed for `prime` per side, and at least 250 ms per scenario', () => {
    const one = [scenario('/')];
    const twelve = Array.from({ length: 12 }, (_, i) => scenario(`/${i}`));
    assert.deepEqual(processPlan({ restartEvery: 2, scenarios: one, primeSec: 0.5 }, false), {
      mode: 'blocks',
      restartEvery: 2,
      primeSec: 0.5,
    });
    const many = processPlan({ restartEvery: 2, scenarios: twelve, primeSec: 2 }, false);
    assert.equal(many.mode === 'blocks' && many.primeSec, 3);
  });

  test('the unit is fixed by the design: blocks of two pairs or more, else the pair', () => {
    assert.equal(unitOf(4), 'blocks');
    assert.equal(unitOf(2), 'blocks');
    assert.equal(unitOf(1), 'pairs');
    assert.equal(unitOf(0), 'pairs');
  });

  test('a slow start-up is worth a note from a third of the pair on, with the numbers and the setting to use', () => {
    assert.equal(startupNote(0.3, 5.0), undefined, 'the bench server: 0.3 s of 5 s');
    assert.equal(startupNote(STARTUP_SHARE_NOTE * 6 - 0.01, 6), undefined);
    const note = startupNote(2.4, 6.9);
    assert.ok(note, 'a server that takes 2.4 s to start');
    assert.match(noteText(note), /took 2\.4 s of every pair's 6\.9 s/);
    assert.equal(startupNote(1, 0), undefined, 'no pairs measured: nothing to say');
    assert.equal(startupNote(Number.NaN, 5), undefined);
  });
});

describe('turns', () => {
  test('auto: 20 responses per connection, from 50 ms to 1 s, in whole hundredths', () => {
    assert.equal(autoTurnSec(40_000, 10), 0.05);
    assert.equal(autoTurnSec(2000, 10), 0.1);
    assert.equal(autoTurnSec(1500, 10), 0.14);
    assert.equal(autoTurnSec(100, 10), 1);
    assert.equal(autoTurnSec(0, 10), 1, 'no rate: the longest');
  });

  test('duration is shared by the scenarios, each at least a quarter second', () => {
    assert.equal(scenarioSec(2, 1), 2);
    assert.equal(scenarioSec(2, 4), 0.5);
    assert.equal(scenarioSec(2, 12), MIN_SCENARIO_SEC);
  });

  test("the plan's looks come from the pair cost it implies, before any pair", () => {
    const config = gateConfig({ pairs: undefined, budgetMs: 180_000, sliceSec: 'auto' });
    const plan = buildPlan(config, {
      fresh: false,
      placement: undefined,
      rates: new Map([['GET /', 20_000]]),
      startSec: 0.4,
      leftSec: 3600,
    });
    // 40 turns of 50 ms per side, their drains (10 / 20000 s each), the overhead, a block of 4 pairs' start and
    // priming spread over its pairs: 4.14 + (0.4 + 4) / 4 = 5.24 s per pair, 34 pairs in 3 minutes.
    assert.equal(plan.scenarios[0]?.turnSec, 0.05);
    assert.equal(plan.scenarios[0]?.turns, 40);
    assert.ok(Math.abs(plan.pairSec - 5.24) < 1e-9, String(plan.pairSec));
    assert.deepEqual(plan.looks, planLooks(34));
    assert.equal(plan.schedule.length, plan.looks.length + 1, 'and the look after confirmation');
  });
});

describe('looks', () => {
  test('every 2 pairs from 12 up to 32, the budget’s end (even) last', () => {
    assert.deepEqual(planLooks(20), [12, 14, 16, 18, 20]);
    assert.deepEqual(planLooks(37), [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 36]);
    assert.deepEqual(planLooks(5), [4]);
  });
});
