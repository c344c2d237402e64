/**
 * The mean change of the runners measured, stratified by runner (src/stats/stratified.ts): by hand, its F against
 * the one-way analysis of variance, p against its interval, and coverage of its estimand where runners differ in
 * their change and in their noise.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { oneWayAnova } from '../../../src/stats/anova.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { studentTQuantile } from '../../../src/stats/distributions.ts';
import { stratifiedMean } from '../../../src/stats/stratified.ts';

const runners = [
  [0.01, 0.03, 0.02],
  [-0.01, 0.0, 0.01, 0.0],
  [0.05, 0.04],
];

describe('stratifiedMean', () => {
  test('by hand: the mean of all units, the pooled within-runner variance over their count, t on units − runners', () => {
    const r = stratifiedMean(runners, 0.05);
    const all = runners.flat();
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    // Within: (0.0002) + (0.0002) + (0.00005) over 9 − 3 = 6 degrees of freedom.
    const pooled = (0.0002 + 0.0002 + 0.00005) / 6;
    assert.ok(Math.abs(r.estimate - mean) < 1e-15);
    assert.ok(Math.abs(r.unitVariance - pooled) < 1e-15);
    assert.equal(r.df, 6);
    assert.ok(Math.abs(r.se - Math.sqrt(pooled / 9)) < 1e-15);
    assert.ok(Math.abs(r.upper - r.estimate - studentTQuantile(0.975, 6) * r.se) < 1e-12);
  });

  test('the F of the runners is the one-way analysis of variance', () => {
    const r = stratifiedMean(runners, 0.05);
    const a = oneWayAnova(runners);
    assert.ok(Math.abs(r.f - a.f) < 1e-9 && Math.abs(r.pF - a.p) < 1e-12);
    assert.ok(r.between > 0, 'runners this far apart have a spread beyond their noise');
  });

  test('p ≤ level exactly when the interval leaves out 0', () => {
    const random = mulberry32(5);
    for (let i = 0; i < 300; i++) {
      const shift = (random() - 0.5) * 0.04;
      const rs = [3, 4, 5].map((n) => Array.from({ length: n }, () => shift + (random() - 0.5) * 0.05));
      const r = stratifiedMean(rs, 0.05);
      assert.equal(r.p <= 0.05, r.lower > 0 || r.upper < 0, `${r.p} ${r.lower} ${r.upper}`);
    }
  });

  test('it covers the mean change of the runners measured at its level, however far their changes and noise differ', () => {
    const random = mulberry32(20261205);
    const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    for (const spread of [0, 0.01, 0.02]) {
      let missed = 0;
      const gates = 4000;
      for (let g = 0; g < gates; g++) {
        // Four runners of 15 units; their true changes apart by `spread`, their noise 1–3%.
        const own = [0, 1, 2, 3].map(() => -0.02 + spread * gauss());
        const rs = own.map((c, i) => Array.from({ length: 15 }, () => c + (0.01 + 0.0067 * i) * gauss()));
        const estimand = own.reduce((a, b) => a + b, 0) / own.length;
        const r = stratifiedMean(rs, 0.05);
        if (r.lower > estimand || r.upper < estimand) missed++;
      }
      // 5% ± 3 binomial standard errors (1.0%).
      assert.ok(missed / gates <= 0.05 + 3 * Math.sqrt((0.05 * 0.95) / gates), `spread ${spread}: ${missed}`);
    }
  });
});
