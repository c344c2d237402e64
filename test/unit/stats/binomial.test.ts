/**
 * The exact binomial test (src/stats/binomial.ts) against exact values (SciPy's `binomtest` rule computed in exact
 * rational arithmetic), and the failed-requests comparison built on it (src/decide/failures.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareFailures } from '../../../src/decide/failures.ts';
import type { Round, RoundMeasurement } from '../../../src/model/measure.ts';
import { binomialTestP, conditionalRateTestP } from '../../../src/stats/binomial.ts';
import { lnGamma } from '../../../src/stats/distributions.ts';

/** SciPy's rule summed over every outcome: the reference the fast path must agree with. */
function summed(k: number, n: number, p: number): number {
  const ln = (i: number) =>
    lnGamma(n + 1) - lnGamma(i + 1) - lnGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log1p(-p);
  const observed = ln(k) + Math.log1p(1e-7);
  let total = 0;
  for (let i = 0; i <= n; i++) if (ln(i) <= observed) total += Math.exp(ln(i));
  return Math.min(1, total);
}

describe('binomialTestP for huge counts (issue 41: a fork’s report.json could make it run for hours)', () => {
  test('beyond 10,000 trials it agrees with the sum over every outcome', () => {
    for (const [k, n, p] of [
      [5100, 10_001, 0.5],
      [4900, 20_000, 0.25],
      [350, 30_000, 0.01],
      [260, 30_000, 0.01],
      [9000, 25_000, 0.37],
      [0, 12_000, 0.001],
      [12_000, 12_000, 0.999],
    ] as const) {
      const want = summed(k, n, p);
      const got = binomialTestP(k, n, p);
      assert.ok(
        Math.abs(got - want) <= 1e-9 * Math.max(want, 1e-300) + 1e-12,
        `(${k}, ${n}, ${p}): ${got} vs ${want}`,
      );
    }
  });

  test('a hundred million trials, or a trillion, take milliseconds', () => {
    for (const [k, n, p] of [
      [50_010_000, 100_000_000, 0.5],
      [1e6, 1e12, 1e-6],
      [1e12, 1e12, 0.5],
      [3, 2e15, 0.25],
    ] as const) {
      const started = performance.now();
      const value = binomialTestP(k, n, p);
      const ms = performance.now() - started;
      assert.ok(value >= 0 && value <= 1, `(${k}, ${n}, ${p}): ${value}`);
      // Sub-millisecond here; summing terms one by one took 16 s at 1e8 and would take days at 1e12, so a bound
      // no busy host reaches still tells them apart.
      assert.ok(ms < 5000, `(${k}, ${n}, ${p}) took ${ms.toFixed(0)} ms`);
    }
  });
});

describe('binomialTestP', () => {
  test('agrees with SciPy binomtest(k, n, p).pvalue (two-sided), computed exactly', () => {
    // Python: sum of C(n,i) p^i (1-p)^(n-i) over every i no more likely than k (× (1 + 1e-7)), in Fractions.
    const cases: [number, number, number, number][] = [
      [3, 10, 0.5, 0.34375],
      [0, 20, 0.5, 1.9073486328125e-6],
      [7, 20, 0.3, 0.6294979666766777],
      [2, 30, 0.25, 0.0187750627148012],
      [12, 12, 0.5, 0.00048828125],
      [5, 40, 1 / 3, 0.003953028992298165],
      [9, 9, 0.4, 0.000262144],
    ];
    for (const [k, n, p, expected] of cases) {
      const got = binomialTestP(k, n, p);
      assert.ok(
        Math.abs(got - expected) <= 1e-12 * Math.max(1, expected) + 1e-15,
        `(${k}, ${n}, ${p}): ${got}`,
      );
    }
  });

  test('edges: no trials, p of 0 or 1; bad input throws', () => {
    assert.equal(binomialTestP(0, 0, 0.5), 1);
    assert.equal(binomialTestP(0, 5, 0), 1);
    assert.equal(binomialTestP(1, 5, 0), 0);
    assert.equal(binomialTestP(5, 5, 1), 1);
    assert.throws(() => binomialTestP(6, 5, 0.5), /0 ≤ k ≤ n/);
    assert.throws(() => binomialTestP(1.5, 5, 0.5), /integers/);
    assert.throws(() => binomialTestP(1, 5, 1.5), /p in \[0, 1\]/);
  });

  test('valid: under the null it rejects at most as often as its level (exact, discrete, so less)', () => {
    // P(p-value ≤ c) summed exactly over the outcomes, for several n and p.
    for (const [n, p] of [
      [20, 0.5],
      [37, 0.3],
      [8, 0.5],
    ] as const) {
      for (const c of [0.05, 0.01, 0.001]) {
        let chance = 0;
        for (let k = 0; k <= n; k++) {
          if (binomialTestP(k, n, p) <= c) {
            let lnC = 0;
            for (let i = 1; i <= k; i++) lnC += Math.log((n - k + i) / i);
            chance += Math.exp(lnC + k * Math.log(p) + (n - k) * Math.log1p(-p));
          }
        }
        assert.ok(chance <= c * (1 + 1e-9), `n ${n}, p ${p}, level ${c}: ${chance}`);
      }
    }
  });
});

describe('conditionalRateTestP: two sides failing at one rate per request', () => {
  test('equal requests: 12 failures on one side and none on the other is 2 / 2¹²', () => {
    const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * b;
    assert.ok(close(conditionalRateTestP(12, 1000, 0, 1000), 2 / 2 ** 12));
    assert.ok(close(conditionalRateTestP(0, 1000, 12, 1000), 2 / 2 ** 12), 'symmetric');
  });

  test('no failures, or no requests: p = 1', () => {
    assert.equal(conditionalRateTestP(0, 1000, 0, 1000), 1);
    assert.equal(conditionalRateTestP(0, 0, 0, 0), 1);
  });

  test("the split follows each side's requests: 10 against 5 is expected when head made twice the requests", () => {
    assert.ok(conditionalRateTestP(10, 2000, 5, 1000) > 0.99);
    assert.ok(conditionalRateTestP(10, 1000, 5, 1000) < conditionalRateTestP(10, 2000, 5, 1000));
  });
});

function measurement(answered: number, failed: Partial<RoundMeasurement>): RoundMeasurement {
  return {
    responses: answered,
    elapsedSec: 1,
    rps: answered,
    latencyMs: { p50: 1, p90: 1, p99: 1, max: 1, mean: 1 },
    bytesPerSec: 1,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': answered },
    loadgenCpu: 0.5,
    ...failed,
  };
}

function pair(index: number, base: RoundMeasurement, head: RoundMeasurement): { base: Round; head: Round } {
  const round = (side: 'base' | 'head', m: RoundMeasurement): Round => ({
    pair: index,
    position: side === 'base' ? 0 : 1,
    side,
    scenario: 'GET /x',
    measurement: m,
    startedAt: '2026-01-01T00:00:00.000Z',
  });
  return { base: round('base', base), head: round('head', head) };
}

describe('compareFailures', () => {
  const scenario = { name: 'GET /x', expectStatus: 201, threshold: undefined };
  const family = { level: 0.001, multiplier: 6, alpha: 0.05, looks: [12], equivalence: 0.025 };

  test('classes per side: timeouts, connection errors and unexpected statuses (here: anything but 201)', () => {
    const m = (): [RoundMeasurement, RoundMeasurement] => [
      { ...measurement(100, {}), statusCodes: { '201': 100 } },
      {
        ...measurement(100, { timeouts: 3, errors: 2 }),
        statusCodes: { '201': 80, '200': 15, '503': 5 },
      },
    ];
    const pairs = [0, 1, 2, 3, 4, 5].map((i) => pair(i, ...m()));
    const e = compareFailures(scenario, pairs, family);
    assert.equal(e.baseFailures, 0);
    assert.equal(e.headFailures, 150);
    assert.equal(e.headResponses, 630);
    assert.deepEqual(e.classes.head, {
      timeouts: 18,
      connectionErrors: 12,
      statuses: { '200': 90, '503': 30 },
    });
    assert.deepEqual(e.headStatus, { '200': 90, '503': 30 });
    assert.equal(e.verdict, 'regression');
    assert.deepEqual([e.units, e.incidents, e.dispersion], [6, { base: 0, head: 6 }, 1]);
    assert.ok(e.p >= conditionalRateTestP(150, 630, 0, 600), 'as steady as chance: at least the exact test');
  });

  test('p ≤ level ⟺ pAdjusted ≤ alpha ⟺ significant, at the edge too', () => {
    const any = { name: 'GET /x', expectStatus: undefined, threshold: undefined };
    for (let k = 0; k <= 14; k++) {
      const pairs = [0, 1].map((i) => pair(i, measurement(1000, {}), measurement(1000, { timeouts: k })));
      const e = compareFailures(any, pairs, family);
      assert.equal(e.significant, e.p <= family.level, `k ${k}`);
      assert.equal(e.significant, e.pAdjusted <= family.alpha, `k ${k}`);
      // 2,000 requests a side cannot bound head's extra failures within 0.1% at the family's level: not "no change".
      assert.equal(e.verdict, e.significant ? 'regression' : 'inconclusive');
    }
  });
});
