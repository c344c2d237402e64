/**
 * Every number in test/fixtures/stats-vectors.json (computed by SciPy) against src/stats and against the oracles in
 * test/support/reference-stats.ts. Exact quantities must agree to 1e-9 (relative), approximations to 1e-6.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { geometricMeanRatio, hodgesLehmannShift, logRatios, median } from '../../../src/stats/describe.ts';
import { hodgesLehmann1, wilcoxonSignedRank } from '../../../src/stats/wilcoxon.ts';
import { holm, mannWhitneyP } from '../../support/reference-stats.ts';

interface TwoSampleCase {
  name: string;
  x: number[];
  y: number[];
  mann_whitney: { asymptotic_tie_corrected_continuity: { U_x: number; p_two_sided: number } };
  hodges_lehmann_shift_y_minus_x: number;
  median_x: number;
  median_y: number;
}

interface MultipleCase {
  p: number[];
  holm_adjusted: number[];
}

interface PairedCase {
  name: string;
  base: number[];
  head: number[];
  log_ratio: number[];
  wilcoxon_signed_rank_exact: { W: number; p_two_sided: number; p_less: number };
  wilcoxon_signed_rank_normal_approx_continuity: { W: number; p_two_sided: number };
  geometric_mean_ratio: number;
  hodges_lehmann_log_ratio: number;
}

const fixture = JSON.parse(
  fs.readFileSync(new URL('../../fixtures/stats-vectors.json', import.meta.url), 'utf8'),
) as { cases: TwoSampleCase[]; multiple_comparisons: MultipleCase[]; paired_cases: PairedCase[] };

const EXACT = 1e-9;
const APPROX = 1e-6;

/** |actual − expected| ≤ tolerance·|expected| (or ≤ 1e-15 absolute, for expected values of 0). */
function close(actual: number, expected: number, tolerance: number, what: string): void {
  const error = Math.abs(actual - expected);
  assert.ok(
    error <= Math.max(tolerance * Math.abs(expected), 1e-15),
    `${what}: got ${actual}, SciPy ${expected} (relative error ${error / Math.abs(expected)})`,
  );
}

describe('SciPy reference: two independent samples', () => {
  assert.ok(fixture.cases.length > 0);
  for (const c of fixture.cases) {
    describe(`${c.name} (nx=${c.x.length}, ny=${c.y.length})`, () => {
      it('Mann-Whitney asymptotic (tie + continuity corrected) two-sided p of the reference oracle', () => {
        const expected = c.mann_whitney.asymptotic_tie_corrected_continuity.p_two_sided;
        close(mannWhitneyP(c.x, c.y), expected, APPROX, 'p two-sided');
      });

      it('Hodges-Lehmann shift (median of y_j − x_i) and medians', () => {
        close(hodgesLehmannShift(c.x, c.y), c.hodges_lehmann_shift_y_minus_x, EXACT, 'HL shift');
        close(median(c.x), c.median_x, EXACT, 'median x');
        close(median(c.y), c.median_y, EXACT, 'median y');
      });
    });
  }
});

describe('SciPy reference: multiple comparisons', () => {
  for (const c of fixture.multiple_comparisons) {
    it(`Holm for p = [${c.p.join(', ')}]`, () => {
      const h = holm(c.p);
      assert.equal(h.length, c.p.length);
      c.p.forEach((_, i) => {
        close(h[i]!, c.holm_adjusted[i]!, EXACT, `holm[${i}]`);
      });
    });
  }
});

describe('SciPy reference: paired rounds', () => {
  assert.ok(fixture.paired_cases.length > 0);
  for (const c of fixture.paired_cases) {
    describe(`${c.name} (n=${c.base.length})`, () => {
      const d = logRatios(c.base, c.head);

      it('per-pair log ratios log(head/base)', () => {
        assert.equal(d.length, c.log_ratio.length);
        d.forEach((v, i) => {
          close(v, c.log_ratio[i]!, EXACT, `log_ratio[${i}]`);
        });
      });

      it('Wilcoxon signed-rank exact: W = min(W+, W−), two-sided p, one-sided p (less), auto picks exact', () => {
        const expected = c.wilcoxon_signed_rank_exact;
        const two = wilcoxonSignedRank(d, { method: 'exact' });
        assert.equal(two.method, 'exact');
        assert.equal(two.n, d.length);
        close(two.statistic, expected.W, EXACT, 'W');
        assert.equal(two.statistic, Math.min(two.wPlus, two.wMinus));
        assert.equal(two.wPlus + two.wMinus, (d.length * (d.length + 1)) / 2);
        close(two.p, expected.p_two_sided, EXACT, 'p two-sided');
        const less = wilcoxonSignedRank(d, { method: 'exact', alternative: 'less' });
        assert.equal(less.statistic, two.wPlus);
        close(less.p, expected.p_less, EXACT, 'p less');
        const auto = wilcoxonSignedRank(d);
        assert.equal(auto.method, 'exact');
        assert.equal(auto.p, two.p);
      });

      it('Wilcoxon signed-rank normal approximation with continuity correction: W and two-sided p', () => {
        const expected = c.wilcoxon_signed_rank_normal_approx_continuity;
        const r = wilcoxonSignedRank(d, { method: 'approx' });
        assert.equal(r.method, 'approx');
        close(r.statistic, expected.W, EXACT, 'W');
        close(r.p, expected.p_two_sided, APPROX, 'p two-sided');
      });

      it('geometric-mean ratio and Hodges-Lehmann estimate of the log ratio', () => {
        close(geometricMeanRatio(c.base, c.head), c.geometric_mean_ratio, EXACT, 'geometric mean ratio');
        close(hodgesLehmann1(d), c.hodges_lehmann_log_ratio, EXACT, 'HL of log ratios');
      });
    });
  }
});
