/**
 * Two stages by the inverse normal combination (src/stats/combination.ts): its level holds however the second stage
 * came to run (a first stage that asks for more only when it leans worse), it covers the units' mean change of
 * runners that differ, and with one runner a stage it is the stages' t tests combined.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  combinationInference,
  type StageStatistic,
  stageStatistic,
  stageWeights,
} from '../../../src/stats/combination.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { stratifiedMean } from '../../../src/stats/stratified.ts';

const random = mulberry32(20261205);
const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const units = (n: number, centre: number, sd = 1) => Array.from({ length: n }, () => centre + sd * gauss());

describe('combinationInference', () => {
  test('weights from the planned pairs: w² in proportion, summing to 1', () => {
    const [w1, w2] = stageWeights(30, 90);
    assert.ok(Math.abs(w1 * w1 - 0.25) < 1e-12 && Math.abs(w1 * w1 + w2 * w2 - 1) < 1e-12);
  });

  test('p ≤ level exactly when the interval leaves out 0; the estimate lies inside', () => {
    for (let i = 0; i < 200; i++) {
      const shift = (random() - 0.5) * 1.5;
      const first = stageStatistic([units(15, shift)])!;
      const second = stageStatistic([units(15, shift), units(15, shift), units(15, shift)])!;
      const r = combinationInference(first, second, stageWeights(15, 45), 0.05);
      assert.equal(r.p <= 0.05, r.lower > 0 || r.upper < 0);
      assert.ok(r.lower <= r.estimate && r.estimate <= r.upper);
    }
  });

  test('its level holds when the first stage asks for more only where it leans worse', () => {
    // The first stage's runner continues when its mean leans worse (a plausible regression it cannot settle).
    const gates = 6000;
    const level = 0.05;
    let combined = 0;
    for (let g = 0; g < gates; g++) {
      const first = units(15, 0);
      const mean = first.reduce((a, b) => a + b, 0) / first.length;
      if (mean > (-0.2 / Math.sqrt(15)) * 3) continue;
      const second = [units(15, 0), units(15, 0), units(15, 0)];
      const c = combinationInference(
        stageStatistic([first])!,
        stageStatistic(second)!,
        stageWeights(15, 45),
        level,
      );
      if (c.upper < 0) combined++;
    }
    // One side at level / 2: 2.5% ± 3 binomial standard errors (0.33%).
    const bound = level / 2 + 3 * Math.sqrt(((level / 2) * (1 - level / 2)) / gates);
    assert.ok(combined / gates <= bound, `combined ${combined} of ${gates}`);
  });

  test('it covers the units’ mean change of runners whose changes differ by two units’ sd', () => {
    const gates = 2000;
    let missed = 0;
    for (let g = 0; g < gates; g++) {
      const own = [0, 1, 2, 3].map(() => 0.5 * gauss());
      const first = [units(15, own[0]!)];
      const second = own.slice(1).map((c) => units(15, c));
      const estimand = own.reduce((a, b) => a + b, 0) / own.length;
      const c = combinationInference(
        stageStatistic(first)!,
        stageStatistic(second)!,
        stageWeights(15, 45),
        0.05,
      );
      if (c.lower > estimand || c.upper < estimand) missed++;
    }
    assert.ok(missed / gates <= 0.05 + 3 * Math.sqrt((0.05 * 0.95) / gates), `missed ${missed} of ${gates}`);
  });

  test('a stage of one runner is its t statistic; of several, the stratified one', () => {
    const one: StageStatistic = stageStatistic([[1, 2, 3]])!;
    assert.deepEqual([one.estimate, one.df], [2, 2]);
    assert.ok(Math.abs(one.se - 1 / Math.sqrt(3)) < 1e-12);
    const many = stageStatistic([
      [1, 2, 3],
      [5, 6],
    ])!;
    const s = stratifiedMean(
      [
        [1, 2, 3],
        [5, 6],
      ],
      0.5,
    );
    assert.deepEqual([many.estimate, many.se, many.df], [s.estimate, s.se, s.df]);
  });
});
