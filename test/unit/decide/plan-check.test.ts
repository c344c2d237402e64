/**
 * Whether a plan can resolve anything before measuring (src/decide/plan-check.ts): the family's level, the units
 * the budget buys, the smallest change it would catch at a given noise, and what to set where it falls short.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { comparisonAlpha, weightOf } from '../../../src/decide/family.ts';
import { criticalFor, unitCount as unitCountOf } from '../../../src/decide/interval.ts';
import {
  type Design,
  PLAN_NOISE,
  type PlanInput,
  planCheck,
  RESOLVE_MULTIPLE,
} from '../../../src/decide/plan-check.ts';
import { detectableLog, logThreshold } from '../../../src/decide/rule.ts';
import { planNote } from '../../../src/report/plan-check-text.ts';
import { confirmationPairs, earlyLookPoints, planLooks } from '../../../src/stats/look-schedule.ts';
import { perLookLevel } from '../../../src/stats/sequential-boundary.ts';

/** The gate's cost model for many scenarios: 2 × max(2 s, 0.25 s × S) + 0.5 s a pair, and 3 s a block. */
const cost = ({ scenarios, restartEvery }: Design): number =>
  2 * Math.max(2, 0.25 * scenarios) + 0.5 + 3 / Math.max(1, restartEvery);

/** req/s, p99 and failed requests: the family's weight of one scenario. */
const WEIGHTS = weightOf('rps') + weightOf('p99') + weightOf('failures');

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  scenarios: 1,
  restartEvery: 1,
  perScenario: ['rps', 'p99', 'failures'],
  alpha: 0.05,
  threshold: 0.02,
  budgetSec: 180,
  pairSec: cost,
  ...over,
});

describe('planCheck', () => {
  test('one scenario at the defaults: 24 pairs, resolves its threshold at 3% noise, nothing to set', () => {
    const check = planCheck(input());
    assert.equal(check.comparisons, 3);
    assert.equal(check.noise, PLAN_NOISE);
    assert.equal(check.pairs, 24, '180 s at 7.5 s a pair');
    assert.equal(check.unit, 'pairs');
    assert.equal(check.units, 24);
    assert.equal(check.method, 'signed-rank');
    assert.equal(check.canDecide, true);
    assert.ok(check.detectable >= 0.02 && check.detectable <= RESOLVE_MULTIPLE * 0.02, `${check.detectable}`);
    assert.equal(check.resolves, true);
    assert.equal(check.advice, undefined);
    // Its level is the one the decision will use: req/s's share of alpha, over the planned looks and confirmation.
    const looks = [...earlyLookPoints(24, 1), ...planLooks(24)];
    assert.deepEqual(looks.slice(0, 5), [4, 6, 8, 10, 12]);
    assert.deepEqual(check.looks, [...looks, 24 + confirmationPairs(24)]);
    assert.equal(check.level, perLookLevel(comparisonAlpha(0.05, WEIGHTS), check.looks));
  });

  test('the detectable change is the rule’s own: max(τ, ½τ + h) + z80 × h / z, h from the noise and the units', () => {
    const check = planCheck(input({ noise: 0.05 }));
    const z = criticalFor(check.units, check.level);
    const half = (z * 0.05) / Math.sqrt(check.units);
    const expected = -Math.expm1(-detectableLog(logThreshold('rps', 0.02), half, z));
    assert.ok(Math.abs(check.detectable - expected) < 1e-12);
  });

  test('blocks: the units are the blocks the pairs fill, and too few of them cannot decide at all', () => {
    const blocks = planCheck(input({ restartEvery: 4 }));
    assert.equal(blocks.unit, 'blocks');
    assert.equal(blocks.units, Math.floor(blocks.pairs / 4), 'whole blocks only');
    const one = planCheck(input({ restartEvery: 8, fixedPairs: 8 }));
    assert.equal(one.units, 1);
    assert.equal(one.canDecide, false, 'one block is one unit: no interval');
    assert.ok(Number.isNaN(one.detectable));
    assert.equal(one.resolves, false);
  });

  test('12 scenarios at 10% noise: too wide to resolve; says the budget, the restart-every and the shard size that would', () => {
    const check = planCheck(input({ scenarios: 12, restartEvery: 4, noise: 0.1 }));
    assert.equal(check.comparisons, 36);
    assert.equal(check.resolves, false);
    const advice = check.advice!;
    assert.ok(advice.budgetSec === undefined || advice.budgetSec > 180);
    assert.ok(advice.scenariosPerGate < 12);
    if (advice.budgetSec !== undefined) {
      const enough = planCheck(
        input({ scenarios: 12, restartEvery: 4, noise: 0.1, budgetSec: advice.budgetSec }),
      );
      assert.equal(enough.resolves, true, 'the budget it names is enough');
      const less = planCheck(
        input({ scenarios: 12, restartEvery: 4, noise: 0.1, budgetSec: advice.budgetSec * 0.9 }),
      );
      assert.equal(less.resolves, false, 'and not much more than enough');
    }
    if (advice.scenariosPerGate > 0) {
      const shard = planCheck(input({ scenarios: advice.scenariosPerGate, restartEvery: 4, noise: 0.1 }));
      assert.equal(shard.resolves, true);
    }
  });

  test('fixed rounds look once, at their end, and give no advice on the budget', () => {
    const check = planCheck(input({ fixedPairs: 10, scenarios: 20 }));
    assert.deepEqual(check.looks, [10]);
    assert.equal(check.pairs, 10);
    assert.equal(check.comparisons, 60);
    assert.equal(check.method, 't', '10 ranks (2/2¹⁰ ≈ 0.002) cannot reach 0.05 / (20 × 1.5)');
    assert.equal(check.canDecide, true);
  });
});

describe('planCheck of a replica: the merge of its runners, decided once', () => {
  test('4 runners at `threshold: 1%` resolve what one runner alone cannot, at one look on all their units', () => {
    const alone = planCheck(input({ threshold: 0.01, restartEvery: 2 }));
    const merged = planCheck(input({ threshold: 0.01, restartEvery: 2, runners: 4 }));
    assert.equal(alone.resolves, false);
    assert.equal(merged.resolves, true);
    assert.equal(merged.runners, 4);
    assert.equal(merged.looks.length, 1, 'the merge decides once');
    assert.equal(merged.units, 4 * unitCountOf(merged.pairs, 2));
    assert.equal(merged.level, comparisonAlpha(0.05, WEIGHTS), 'one look: nothing spent on looks');
    assert.ok(merged.detectable < alone.detectable / 1.5, `${merged.detectable} vs ${alone.detectable}`);
  });

  test('its note names the merge', () => {
    const check = planCheck(input({ threshold: 0.005, restartEvery: 2, runners: 2 }));
    assert.match(
      planNote(check, 2, 1)!,
      /the merge of 2 runners decides once, on \d+ blocks of 2 pairs in all/,
    );
  });
});

describe('planNote (src/report/plan-check-text.ts)', () => {
  test('a plan that resolves says nothing', () => {
    assert.equal(planNote(planCheck(input()), 1, 1), undefined);
  });

  test('one that cannot resolve says what it would catch, why, and what to set', () => {
    const check = planCheck(input({ scenarios: 8, restartEvery: 4 }));
    const note = planNote(check, 4, 8)!;
    assert.match(
      note,
      /^this plan can catch only changes of req\/s of about 4\.\d+% or more at a noise of ±3% per pair \(threshold 2%\): the plan's last look has \d+ blocks of 4 pairs, and 24 comparisons \(8 scenarios\) leave each interval a level of 0\.000\d+\. To catch twice the threshold, set `time-budget: \d+m`/,
    );
    assert.match(note, /`restart-every: 1` \(in `measure`\) with `time-budget: \d+m`/);
    assert.match(note, /at most \d scenarios? per gate \(`shard` over \d jobs\)/);
  });

  test('one that cannot decide at all says so', () => {
    const note = planNote(planCheck(input({ restartEvery: 8, fixedPairs: 8 })), 8, 1)!;
    assert.match(note, /^this plan cannot decide anything: the plan's last look has 1 block of 8 pairs,/);
    assert.match(note, /an interval needs at least two units\. Use `rounds: auto`/);
  });
});
