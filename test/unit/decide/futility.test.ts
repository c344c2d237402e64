/** Stopping for noise: when a comparison can still resolve, what it would need, and the note that says so. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canResolve, futility, pairsToResolve } from '../../../src/decide/futility.ts';
import { ruleBounds } from '../../../src/decide/rule.ts';
import type { Decision, Futility, MetricComparison } from '../../../src/model/decision.ts';
import { futilityNote } from '../../../src/report/gate-text.ts';
import { normalQuantile } from '../../../src/stats/distributions.ts';

/**
 * A comparison of req/s whose interval is centred on `change` with a log half-width of `half` at 99% per look, at 16
 * pairs (ranks from 16 units: the normal quantile, src/decide/interval.ts).
 */
function comparison(change: number, half: number, threshold = 0.02): MetricComparison {
  const centre = Math.log1p(change);
  return {
    scenario: 'GET /x',
    metric: 'rps',
    threshold,
    bounds: ruleBounds('rps', threshold),
    base: 1000,
    head: 1000 * (1 + change),
    pairs: 16,
    unit: 'pairs',
    units: 16,
    method: 'signed-rank',
    change,
    ci: [Math.expm1(centre - half), Math.expm1(centre + half)],
    level: 0.01,
    equivalence: { ci: [Math.expm1(centre - half), Math.expm1(centre + half)], level: 0.01, endLevel: 0.01 },
    p: 0.5,
    pAdjusted: 1,
    significant: false,
    confirmed: false,
    noise: 0.1,
    detectable: 0.2,
    worse: change < 0,
    verdict: 'inconclusive',
  };
}

function decision(comparisons: MetricComparison[]): Decision {
  return {
    verdict: 'inconclusive',
    comparisons,
    errors: [],
    shown: [],
    alpha: 0.05,
    threshold: 0.02,
    latencyThreshold: 0.2,
    rule: { floor: 0.5 },
  };
}

const Z = normalQuantile(1 - 0.01 / 2);

describe('canResolve', () => {
  test('a narrow enough interval at the budget can say "no change": not futile', () => {
    // 8% now at 16 pairs, 8% × √(16/450) = 1.5% after the confirmation pairs of 300: inside ±2% for a change near 0.
    assert.equal(canResolve(comparison(0, 0.08), 16, 300), true);
  });

  test('too wide for "no change" and an estimate near 0: futile', () => {
    // 8% now, 5.8% at 30 pairs: never inside ±2%; a change within 1.5 se (4.7%) could not be called either.
    assert.equal(canResolve(comparison(0.005, 0.08), 16, 30), false);
  });

  test('an estimate far enough out that the budget could call it: not futile, however noisy', () => {
    assert.equal(canResolve(comparison(-0.09, 0.08), 16, 30), true);
    assert.equal(canResolve(comparison(0.09, 0.08), 16, 30), true, 'an improvement too');
  });

  test('the boundary: a change is callable when (|estimate| + 1.5 se) − projected half-width exceeds half the threshold', () => {
    const half = 0.08;
    const halfEnd = half * Math.sqrt(16 / 30);
    const t = -Math.log1p(-0.02);
    const edge = halfEnd + 0.5 * t - (1.5 * half) / Z;
    const at = (centre: number) => canResolve(comparison(Math.expm1(centre), half), 16, 30);
    assert.equal(at(edge + 0.001), true);
    assert.equal(at(edge - 0.001), false);
  });

  test('"no change" stays possible while a noise 0.7× of the measured one would resolve it after confirmation', () => {
    // A gate leaning to no change at the budget's 30 pairs earns 16 more: at 16 of 46 pairs the half-width shrinks
    // by √(16/46); 0.7 of that must stay within the 2% threshold.
    const t = -Math.log1p(-0.02);
    const edge = t / (0.7 * Math.sqrt(16 / 46));
    assert.equal(canResolve(comparison(0, edge * 0.99), 16, 30), true);
    assert.equal(canResolve(comparison(0, edge * 1.01), 16, 30), false);
  });

  test('no interval, or a budget already spent: never futile', () => {
    const none = { ...comparison(0, 0.08), ci: [Number.NaN, Number.NaN] as [number, number] };
    assert.equal(canResolve(none, 12, 30), true);
    assert.equal(canResolve(comparison(0, 0.08), 30, 30), true);
  });

  test('blocks are projected with the quantile their interval will have: 3 blocks of t now, 8 at the budget', () => {
    // 12 pairs in blocks of 4 at a level of 0.01: Student's t with 2 degrees of freedom (9.92); at 30 pairs, 8
    // blocks and 7 (3.50). The same interval of 12 pairs narrows only as 1 / √pairs.
    const blocks: MetricComparison = {
      ...comparison(0.005, 0.08),
      unit: 'blocks',
      units: 3,
      method: 't',
      processes: { restartEvery: 4, changes: [0, 0, 0], f: 1, p: 0.5, differed: false },
    };
    assert.equal(canResolve(comparison(0.005, 0.08), 16, 30), false, 'futile as pairs');
    assert.equal(canResolve(blocks, 12, 30), true);
  });
});

describe('pairsToResolve', () => {
  test('where floor × t + h + z80 × h / z reaches t, h shrinking as 1 / √pairs', () => {
    const half = 0.05;
    const t = -Math.log1p(-0.02);
    const wanted = (t * 0.5) / (1 + 0.8416212335729143 / Z);
    assert.equal(pairsToResolve(comparison(0, half), 16), Math.ceil(16 * (half / wanted) ** 2));
  });

  test('four times the pairs for twice the noise', () => {
    const one = pairsToResolve(comparison(0, 0.04), 16);
    const two = pairsToResolve(comparison(0, 0.08), 16);
    assert.ok(Math.abs(two / one - 4) < 0.01, `${one} → ${two}`);
  });
});

describe('futility', () => {
  test('names the comparison that needs the most pairs, when every undecided one is futile', () => {
    const quieter = { ...comparison(0, 0.06), metric: 'p50' as const, threshold: 0.02, noise: 0.07 };
    const f = futility(decision([comparison(0, 0.08), quieter]), 16, 30);
    assert.ok(f);
    assert.equal(f.metric, 'rps');
    assert.equal(f.pairs, 16);
    assert.equal(f.budgetPairs, 30);
    assert.equal(f.neededPairs, pairsToResolve(comparison(0, 0.08), 16));
  });

  test('not while any comparison can still resolve, or is already a regression or improvement', () => {
    assert.equal(futility(decision([comparison(0, 0.08), comparison(0, 0.01)]), 16, 30), undefined);
    const regression = { ...comparison(-0.5, 0.08), verdict: 'regression' as const };
    assert.equal(futility(decision([comparison(0, 0.08), regression]), 16, 30), undefined);
  });

  test('a resolved "no change" beside a futile comparison does not keep the gate going', () => {
    const none = { ...comparison(0, 0.01), verdict: 'no-change' as const };
    assert.ok(futility(decision([comparison(0, 0.08), none]), 16, 30));
  });
});

describe('futilityNote', () => {
  /** A stop after 12 of 30 pairs, 6 s each, in a 3-minute budget. */
  const note = (over: Partial<Futility>) =>
    futilityNote(
      {
        scenario: 'GET /x',
        metric: 'rps',
        threshold: 0.02,
        noise: 0.102,
        pairs: 12,
        budgetPairs: 30,
        neededPairs: 140,
        ...over,
      },
      6,
      180,
    );

  test('says the noise, what it would need in pairs and time, what the budget buys, and what to set', () => {
    assert.equal(
      note({}),
      "stopped early for noise: on this runner, this hour, req/s of GET /x varied by ±10.2% per pair between base and head, so resolving its 2% threshold needs about 140 pairs (about 14 min) where the 3-minute `time-budget` buys 30. Rather than end inconclusive at the budget's end, the gate stopped after 12 pairs (about 72 s). To get a verdict, set `time-budget: 14m`, raise `threshold`, or run on a quieter runner.",
    );
  });

  test('beyond what `time-budget` allows (6 h), hours, and no setting that cannot be made', () => {
    const text = note({ metric: 'p50', threshold: 0.2, noise: 0.5, neededPairs: 5000 });
    assert.match(text, /needs about 5000 pairs \(about 8\.5 h\)/);
    assert.match(text, /To get a verdict, lengthen `time-budget`, raise `threshold`/);
  });

  test('a budget beyond 20 minutes also needs a longer `timeout`, which bounds the whole gate', () => {
    assert.match(note({ neededPairs: 400 }), /set `time-budget: 40m` \(and `timeout` well above it\), raise/);
    assert.match(note({ neededPairs: 100 }), /set `time-budget: 10m`, raise/);
  });
});
