/**
 * The level plan (src/decide/family.ts): every level the gate decides at comes from the design in one place, and
 * no other code divides, shares or spends alpha.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  type Compared,
  comparisonAlpha,
  decisionAlpha,
  failureFamilyOf,
  familyOf,
  stagesOf,
  weightOf,
} from '../../../src/decide/family.ts';
import { planCheck } from '../../../src/decide/plan-check.ts';

const looks = [4, 8, 12, 16, 20, 24, 28];
const design = { alpha: 0.05, weights: 6, looks, at: 16, restartEvery: 2 };

describe('the level plan', () => {
  test('a stage of a two-stage design spends half of alpha; a one-stage design all of it', () => {
    assert.equal(stagesOf(undefined), 1);
    assert.equal(stagesOf(1), 2);
    assert.equal(stagesOf(2), 2);
    assert.equal(decisionAlpha(0.05), 0.05);
    assert.equal(decisionAlpha(0.05, 2), 0.025);
    // Two stages × six comparisons share alpha exactly (Bonferroni).
    assert.ok(Math.abs(2 * 6 * comparisonAlpha(0.05, 6, 2) - 0.05) < 1e-15);
  });

  test('a stage’s family is the one-stage family at its share of alpha, for every level it holds', () => {
    const staged = familyOf({ ...design, stages: 2 });
    const halved = familyOf({ ...design, alpha: 0.025 });
    for (const key of ['level', 'endLevel', 'equivalence', 'equivalenceEnd', 'alpha'] as const)
      assert.equal(staged[key], halved[key], key);
    assert.equal(staged.sequential(0.001), halved.sequential(0.001));
    assert.ok(staged.level < familyOf(design).level);
    const failures = failureFamilyOf({ ...design, stages: 2 });
    assert.deepEqual(failures, failureFamilyOf({ ...design, alpha: 0.025 }));
  });

  test('the regression level is shared by the comparisons; the equivalence level is each comparison’s own', () => {
    const one = familyOf({ ...design, weights: 1 });
    const six = familyOf(design);
    assert.ok(six.level < one.level / 5, `${six.level} vs ${one.level}`);
    assert.equal(six.equivalence, one.equivalence);
  });

  test('a weighted family: each comparison spends alpha × its weight over the family’s, and they sum to alpha', () => {
    const scenario: Compared[] = ['rps', 'p99', 'failures', 'alloc', 'leak'];
    const weights = scenario.reduce((w, c) => w + weightOf(c), 0);
    const spent = scenario.reduce((a, c) => a + comparisonAlpha(0.05, weights, 1, weightOf(c)), 0);
    assert.ok(Math.abs(spent - 0.05) < 1e-15);
    // Latency p99 takes what failed requests leave of the three shares; the memory comparisons least.
    assert.ok(weightOf('p99') > weightOf('rps') && weightOf('rps') > weightOf('failures'));
    assert.ok(weightOf('failures') > weightOf('alloc'));
    assert.equal(weightOf('cpu'), weightOf('rps'));
    assert.equal(weightOf('leak'), weightOf('alloc'));
    const speed = familyOf({ ...design, weights });
    const memory = familyOf({ ...design, weights, weight: weightOf('alloc') });
    assert.ok(Math.abs(speed.multiplier - weights) < 1e-12);
    assert.ok(Math.abs(memory.multiplier - weights / weightOf('alloc')) < 1e-9);
    assert.ok(memory.level < speed.level);
    assert.equal(memory.equivalence, speed.equivalence, 'equivalence is each comparison’s own, unweighted');
  });

  test('req/s spends at most a third of alpha in a one-scenario family, with memory or not (half the threshold: α/6)', () => {
    for (const scenario of [
      ['rps', 'p99', 'failures'],
      ['rps', 'p99', 'failures', 'alloc', 'leak'],
    ] as Compared[][]) {
      const weights = scenario.reduce((w, c) => w + weightOf(c), 0);
      assert.ok(comparisonAlpha(0.05, weights, 1, weightOf('rps')) <= 0.05 / 3 + 1e-15, `${weights}`);
    }
  });

  test('the plan check counts each comparison at its weight, as the gate decides them', () => {
    const input = {
      scenarios: 2,
      restartEvery: 2,
      alpha: 0.05,
      threshold: 0.02,
      budgetSec: 180,
      pairSec: () => 7.5,
    };
    const speed: Compared[] = ['rps', 'p99', 'failures'];
    const withMemory = planCheck({ ...input, perScenario: [...speed, 'alloc', 'leak'] });
    const without = planCheck({ ...input, perScenario: speed });
    assert.equal(withMemory.comparisons, 10);
    assert.equal(without.comparisons, 6);
    const ratio = withMemory.level / without.level;
    const w = speed.reduce((a, c) => a + weightOf(c), 0);
    assert.ok(Math.abs(ratio - w / (w + 2 * weightOf('alloc'))) < 0.02, `${ratio}`);
  });

  test('the plan check judges a stage at the stage’s share, as the gate decides it', () => {
    const input = {
      scenarios: 1,
      restartEvery: 1,
      perScenario: ['rps', 'p99', 'failures'] as Compared[],
      threshold: 0.02,
      budgetSec: 180,
      pairSec: () => 7.5,
    };
    const staged = planCheck({ ...input, alpha: 0.05, stages: 2 });
    assert.deepEqual(staged, planCheck({ ...input, alpha: 0.025 }));
    assert.ok(staged.detectable > planCheck({ ...input, alpha: 0.05 }).detectable);
  });

  test('no code outside the level plan divides alpha (statistics’ own two-sided quantiles and the words aside)', () => {
    const root = join(import.meta.dirname, '../../../src');
    const offenders: string[] = [];
    for (const folder of readdirSync(root)) {
      if (['stats', 'report'].includes(folder)) continue;
      for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || join(folder, file) === join('decide', 'family.ts')) continue;
        const code = readFileSync(join(root, folder, file), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));
        for (const line of code)
          if (/alpha['")]*\s*\/\s*[\d(a-z]/i.test(line)) offenders.push(`${folder}/${file}: ${line.trim()}`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});
