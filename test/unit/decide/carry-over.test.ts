/**
 * A scenario measured right after one that regressed further is decided without those pairs (src/decide/
 * carry-over.ts, verdict.ts decideGroups), and the report's note says so; through decide() at the default family.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { followersOf } from '../../../src/decide/carry-over.ts';
import { decide } from '../../../src/decide/verdict.ts';
import { scenarioOrder } from '../../../src/gate/scenario-order.ts';
import type { Round, RoundMeasurement } from '../../../src/model/measure.ts';
import { carryOverNote } from '../../../src/report/notes.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';

const NAMES = ['GET /a', 'GET /b', 'GET /c'];
const RULES = NAMES.map((name) => ({ name, expectStatus: undefined, threshold: undefined }));

function measurement(rps: number): RoundMeasurement {
  return {
    responses: Math.round(rps),
    elapsedSec: 1,
    rps,
    latencyMs: { p50: 1000 / rps, p90: 1500 / rps, p99: 2000 / rps, max: 3000 / rps, mean: 1100 / rps },
    bytesPerSec: 1,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': Math.round(rps) },
    loadgenCpu: 0.5,
  };
}

/**
 * 24 pairs of three scenarios: /a 2× slower on head; head's scenario right after /a pays `carried` of it (in log);
 * the order as `orderOf(pair)` gives it; 1% noise.
 */
function rounds(orderOf: (pair: number) => number[], carried = 0.2, pairs = 24): Round[] {
  const random = mulberry32(5);
  const out: Round[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    let previous: number | undefined;
    for (const s of orderOf(pair)) {
      const own = s === 0 ? Math.log(0.5) : 0;
      const carry = previous === 0 ? carried * Math.log(0.5) : 0;
      previous = s;
      const noise = () => Math.exp(0.01 * (random() - 0.5) * 3.46);
      const head = 10_000 * Math.exp(own + carry) * noise();
      for (const [position, side] of (['base', 'head'] as const).entries()) {
        out.push({
          pair,
          position,
          side,
          scenario: NAMES[s]!,
          measurement: measurement(side === 'base' ? 10_000 * noise() : head),
          startedAt: new Date(Date.UTC(2026, 0, 1, 0, pair, out.length)).toISOString(),
        });
      }
    }
  }
  return out;
}

const verdictOf = (r: Round[], scenario: string) =>
  decide(r, RULES, { threshold: 0.05, alpha: 0.05, restartEvery: 2 })
    .comparisons.filter((c) => c.scenario === scenario)
    .map((c) => c.verdict);

describe('carry-over', () => {
  test('in a fixed order, the scenario after a 2× slower one is not called a regression for what it inherits', () => {
    const fixed = rounds(() => [0, 1, 2]);
    assert.deepEqual(verdictOf(fixed, 'GET /a'), ['regression', 'regression']);
    assert.ok(!verdictOf(fixed, 'GET /b').includes('regression'), `${verdictOf(fixed, 'GET /b')}`);
    const decision = decide(fixed, RULES, { threshold: 0.05, alpha: 0.05, restartEvery: 2 });
    const b = decision.comparisons.find((c) => c.scenario === 'GET /b')!;
    assert.deepEqual(b.carryOver, { after: 'GET /a', pairs: 24 });
    assert.match(
      carryOverNote(decision) ?? '',
      /GET \/b right after GET \/a in 24 pairs \(decided on the other 0\)/,
    );
  });

  test('in the rotated order, the pairs after the slower one are left out and the rest decide', () => {
    // Two scenarios: /b comes right after /a in every other pair, so every block of two has one such pair.
    const rules = RULES.slice(0, 2);
    const two = decide(
      rounds((pair) => scenarioOrder(pair, 2), 0.5),
      rules,
      {
        threshold: 0.05,
        alpha: 0.05,
        restartEvery: 2,
      },
    );
    const b = two.comparisons.find((c) => c.scenario === 'GET /b' && c.metric === 'rps')!;
    assert.notEqual(b.verdict, 'regression');
    assert.deepEqual([b.carryOver, b.pairs], [{ after: 'GET /a', pairs: 12 }, 12]);
    // Three: /b and /c each come right after /a in a third of the pairs; the rest decide, /a still a regression.
    const three = decide(
      rounds((pair) => scenarioOrder(pair, 3), 0.5),
      RULES,
      {
        threshold: 0.05,
        alpha: 0.05,
        restartEvery: 2,
      },
    );
    for (const name of ['GET /b', 'GET /c']) {
      const rps = three.comparisons.find((c) => c.scenario === name && c.metric === 'rps')!;
      assert.notEqual(rps.verdict, 'regression', name);
    }
    assert.equal(three.comparisons.find((c) => c.scenario === 'GET /a')?.carryOver, undefined);
    assert.equal(three.verdict, 'regression');
  });

  test('a follower left with one pair a block (blocks of 2) is decided on those pairs: never a regression', () => {
    // Two scenarios in rotation: /b follows /a in every other pair, one pair of each block; head's /b pays half of
    // /a's slowdown there and is unchanged in the others.
    for (const pairs of [8, 12, 24]) {
      const decision = decide(
        rounds((pair) => scenarioOrder(pair, 2), 0.5, pairs),
        RULES.slice(0, 2),
        { threshold: 0.05, alpha: 0.05, restartEvery: 2 },
      );
      for (const c of decision.comparisons.filter((x) => x.scenario === 'GET /b')) {
        assert.deepEqual(c.carryOver, { after: 'GET /a', pairs: pairs / 2 });
        // Each block's one kept pair is a unit: an estimate near 0 and an interval, never a regression.
        assert.equal(c.units, pairs / 2, `${pairs} pairs: ${JSON.stringify(c)}`);
        assert.ok(Math.abs(c.change) < 0.02, `${pairs} pairs: ${c.metric} ${c.change}`);
        assert.ok(Number.isFinite(c.ci[0]) && Number.isFinite(c.ci[1]), `${pairs} pairs: ${c.ci}`);
        assert.notEqual(c.verdict, 'regression');
      }
      // With 1% noise per pair, an unchanged /b is shown within ±5% once its blocks give enough units.
      if (pairs === 24) {
        const rps = decision.comparisons.find((x) => x.scenario === 'GET /b' && x.metric === 'rps')!;
        assert.equal(rps.verdict, 'no-change', JSON.stringify(rps));
      }
      assert.equal(decision.verdict, 'regression', 'GET /a still decides the gate');
    }
  });

  test('a slower follower with one pair a block is still caught', () => {
    // /b 2× slower of its own and /a slower still (−75%): /b follows /a in every other pair and is decided on the
    // others, one pair a block.
    const random = mulberry32(9);
    const out: Round[] = [];
    for (let pair = 0; pair < 24; pair++) {
      scenarioOrder(pair, 2).forEach((s, i) => {
        const own = Math.log(s === 0 ? 0.25 : 0.5);
        const head = 10_000 * Math.exp(own + 0.01 * (random() - 0.5));
        for (const [position, side] of (['base', 'head'] as const).entries())
          out.push({
            pair,
            position,
            side,
            scenario: NAMES[s]!,
            measurement: measurement(side === 'base' ? 10_000 * Math.exp(0.01 * (random() - 0.5)) : head),
            startedAt: new Date(Date.UTC(2026, 0, 1, 0, pair, 2 * i + position)).toISOString(),
          });
      });
    }
    const decision = decide(out, RULES.slice(0, 2), { threshold: 0.05, alpha: 0.05, restartEvery: 2 });
    const b = decision.comparisons.find((c) => c.scenario === 'GET /b' && c.metric === 'rps')!;
    assert.deepEqual([b.carryOver?.pairs, b.units, b.verdict], [12, 12, 'regression']);
  });

  test('followers: only after a scenario that regressed further, in the order the pairs ran', () => {
    const r = rounds(() => [2, 0, 1]);
    const f = followersOf(
      r,
      new Map([
        ['GET /a', 10],
        ['GET /b', 2],
        ['GET /c', 20],
      ]),
    );
    assert.deepEqual([...f.keys()].sort(), ['GET /a', 'GET /b']);
    assert.equal(f.get('GET /a')?.after, 'GET /c');
    assert.equal(f.get('GET /b')?.pairs.size, 24);
    assert.equal(
      followersOf(
        r,
        new Map([
          ['GET /b', 10],
          ['GET /a', 2],
        ]),
      ).size,
      0,
    );
  });
});
