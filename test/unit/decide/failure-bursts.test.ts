/**
 * Failed requests counted at the design's unit (src/decide/failures.ts, src/stats/overdispersion.ts): a stall or a
 * process that fails more than its twin for life weighs as one unit, failures that repeat from unit to unit in
 * full; through decide() at the default family (one scenario: req/s, p99, failed requests).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decide } from '../../../src/decide/verdict.ts';
import type { Round, RoundMeasurement, Side } from '../../../src/model/measure.ts';
import { conditionalRateTestP } from '../../../src/stats/binomial.ts';
import { studentTSf } from '../../../src/stats/distributions.ts';
import { dispersionOf, overdispersedRateTest } from '../../../src/stats/overdispersion.ts';

const RULES = [{ name: 'GET /x', expectStatus: undefined, threshold: undefined }];

function measurement(requests: number, timeouts: number, status500 = 0): RoundMeasurement {
  const responses = requests - timeouts;
  return {
    responses,
    elapsedSec: 1,
    rps: requests,
    latencyMs: { p50: 1, p90: 1.5, p99: 2, max: 3, mean: 1.1 },
    bytesPerSec: 1,
    errors: 0,
    timeouts,
    non2xx: status500,
    statusCodes: { '200': responses - status500, ...(status500 > 0 ? { '500': status500 } : {}) },
    loadgenCpu: 0.5,
  };
}

/** 12 pairs of 5,000 requests a side, req/s steady; `failed(side, pair)` of them fail (timeouts, or 500s). */
function rounds(failed: (side: Side, pair: number) => number, status = false): Round[] {
  return Array.from({ length: 12 }, (_, pair) =>
    (['base', 'head'] as const).map((side, position) => {
      const n = failed(side, pair);
      const wobble = 5000 + ((pair * 37 + position * 11) % 23);
      return {
        pair,
        position,
        side,
        scenario: 'GET /x',
        measurement: status ? measurement(wobble, 0, n) : measurement(wobble, n),
        startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, pair * 2 + position)).toISOString(),
      };
    }),
  ).flat();
}

const errorsOf = (r: Round[], restartEvery = 2) =>
  decide(r, RULES, { threshold: 0.05, alpha: 0.05, restartEvery }).errors[0]!;

describe('failed requests at the unit of the design', () => {
  test('one stall of head (its 10 connections time out at once, none on base) is not a regression', () => {
    for (const restartEvery of [0, 2, 4]) {
      const e = errorsOf(
        rounds((side, pair) => (side === 'head' && pair === 3 ? 10 : 0)),
        restartEvery,
      );
      assert.equal(e.headFailures, 10);
      assert.deepEqual(e.incidents, { base: 0, head: 1 }, `restart-every ${restartEvery}`);
      assert.ok(e.dispersion >= 5, `a burst is overdispersed: ${e.dispersion}`);
      // Not a regression; nor can it be called "no change": ÷ its dispersion, the burst's bound on head's extra
      // failures reaches past the margin.
      assert.equal(e.significant, false, `restart-every ${restartEvery}: p ${e.p}`);
      assert.notEqual(e.verdict, 'regression');
    }
  });

  test('a burst of 500s on head in every block is a regression', () => {
    const e = errorsOf(
      rounds((side, pair) => (side === 'head' && pair % 2 === 0 ? 10 : 0), true),
      2,
    );
    assert.deepEqual([e.units, e.incidents.head, e.incidents.base], [6, 6, 0]);
    assert.equal(e.verdict, 'regression');
  });

  test('head failing 1% of its requests in every pair is a regression, counted in full', () => {
    const e = errorsOf(rounds((side) => (side === 'head' ? 50 : 0)));
    assert.equal(e.dispersion, 1);
    assert.equal(e.verdict, 'regression');
    assert.ok(e.p < 1e-5, `p ${e.p}`);
  });

  test('a head process that fails more than its twin for life weighs as one block, not as its requests', () => {
    // Both sides fail about 5 a pair; head's third block (pairs 4 and 5) fails 40 a pair.
    const e = errorsOf(rounds((side, pair) => (side === 'head' && (pair === 4 || pair === 5) ? 40 : 5)));
    assert.equal(e.headFailures, 130);
    assert.equal(e.baseFailures, 60);
    assert.ok(e.dispersion > 10, `dispersion ${e.dispersion}`);
    assert.equal(e.significant, false, `p ${e.p}`);
    assert.equal(
      e.verdict,
      'inconclusive',
      'one process failing apart is neither a regression nor "no change"',
    );
  });

  test('a single unit cannot tell a burst from a rate: no verdict from failures', () => {
    const two = rounds((side) => (side === 'head' ? 100 : 0)).filter((r) => r.pair < 2);
    const e = errorsOf(two, 2);
    assert.equal(e.units, 1);
    assert.equal(e.p, 1);
    assert.equal(e.verdict, 'inconclusive');
  });
});

describe('overdispersedRateTest', () => {
  const exposures = [1000, 1000, 1000, 1000];

  test('counts as steady as chance keep a dispersion of 1; p is the exact test or t on the few units, the larger', () => {
    const t = overdispersedRateTest(
      { events: [9, 11, 10, 10], exposures },
      { events: [0, 0, 0, 0], exposures },
    );
    assert.equal(t.dispersion, 1);
    assert.equal(t.df, 3);
    // 40 against 0 in standard errors: (40 − 20) / √(40 · ¼) = 6.32, two-sided on t with 3 degrees of freedom.
    assert.ok(Math.abs(t.p - 2 * studentTSf(20 / Math.sqrt(10), 3)) < 1e-12, `p ${t.p}`);
    assert.ok(t.p > conditionalRateTestP(40, 4000, 0, 4000));
    const many = Array(12).fill(1000);
    const more = overdispersedRateTest(
      { events: Array(12).fill(10), exposures: many },
      { events: Array(12).fill(0), exposures: many },
    );
    assert.ok(more.p < 1e-6, `12 units: p ${more.p}`);
  });

  test('a burst of k in one unit has a dispersion near k: its events weigh as one', () => {
    const d = dispersionOf(
      { events: [0, 0, 10, 0, 0, 0, 0, 0], exposures: Array(8).fill(1) },
      {
        events: [0, 0, 0, 0, 0, 0, 0, 0],
        exposures: Array(8).fill(1),
      },
    );
    assert.ok(Math.abs(d.dispersion - 10) < 1e-9, `${d.dispersion}`);
    assert.equal(d.df, 7, 'a side without failures adds no degrees of freedom');
  });

  test('both sides pool their dispersion, and their degrees of freedom', () => {
    const d = dispersionOf({ events: [0, 20], exposures: [1, 1] }, { events: [20, 0], exposures: [1, 1] });
    assert.deepEqual(d, { dispersion: 20, df: 2 });
  });
});
