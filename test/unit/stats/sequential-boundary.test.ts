/**
 * Group-sequential error control: the crossing chance of the looks, checked against published constants, the
 * signed-rank covariance against enumeration, and the whole boundary against simulated exact signed-rank tests.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { normalQuantile } from '../../../src/stats/distributions.ts';
import { confirmationPairs } from '../../../src/stats/look-schedule.ts';
import {
  boundaryCrossing,
  crossingProbability,
  informationTimes,
  lookLevel,
  perLookLevel,
  sequentialP,
  signedRankCovariance,
} from '../../../src/stats/sequential-boundary.ts';
import { wilcoxonSignedRank } from '../../../src/stats/wilcoxon.ts';

/** Looks after 12, 14, …, 28 pairs and the confirmation look at 42: the default 3-minute budget's schedule. */
const DEFAULT_SCHEDULE = [12, 14, 16, 18, 20, 22, 24, 26, 28, 42];

describe('crossingProbability', () => {
  test("Pocock's constants: K equally spaced looks at the same bound reach 5% together", () => {
    // Jennison and Turnbull (2000), Table 2.1, two-sided alpha 0.05. Many pairs per look, so the signed-rank
    // correction to the looks' spacing is negligible and the looks are equally spaced in information.
    const pocock: Record<number, number> = { 2: 2.178, 3: 2.289, 4: 2.361, 5: 2.413, 10: 2.555 };
    for (const [k, bound] of Object.entries(pocock)) {
      const looks = Array.from({ length: Number(k) }, (_, i) => (i + 1) * 10_000);
      const chance = crossingProbability(looks, bound);
      assert.ok(Math.abs(chance - 0.05) < 0.0005, `K ${k}: ${chance}`);
    }
  });

  test('one look is the two-sided normal tail; more looks only add to it, never beyond the union bound', () => {
    for (const b of [1, 1.96, 2.5, 3.5])
      assert.ok(Math.abs(crossingProbability([20], b) - 2 * (1 - normalCdfOf(b))) < 1e-12, `b ${b}`);
    let previous = 0;
    for (let k = 1; k <= DEFAULT_SCHEDULE.length; k++) {
      const looks = DEFAULT_SCHEDULE.slice(0, k);
      const chance = crossingProbability(looks, 2.6);
      assert.ok(chance >= previous - 1e-12, `${k} looks`);
      assert.ok(chance <= k * crossingProbability([12], 2.6) + 1e-12, `${k} looks: union bound`);
      previous = chance;
    }
    // Looks further apart are less correlated, so together they cross more often.
    assert.ok(crossingProbability([12, 48], 2.5) > crossingProbability([12, 14], 2.5));
  });

  test('rejects a schedule that is empty or not increasing', () => {
    assert.throws(() => crossingProbability([], 2), /at least one look/);
    assert.throws(() => crossingProbability([12, 12], 2), /increasing/);
    assert.throws(() => sequentialP(0.01, [16, 12]), /increasing/);
  });
});

function normalCdfOf(z: number): number {
  // Bisection on the quantile function: independent of the code under test's normalCdf.
  let low = 0;
  let high = 1;
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (normalQuantile(mid) < z) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

describe('signedRankCovariance', () => {
  test('matches enumeration of every ordering of |d| and every sign for nested samples', () => {
    for (const [j, k] of [
      [1, 1],
      [2, 3],
      [3, 3],
      [2, 5],
      [3, 5],
    ] as const) {
      // T_n = Σ sign_i · rank of |d_i| among the first n. Orderings of |d|: every permutation of k values.
      let sum = 0;
      let count = 0;
      for (const order of permutations(k))
        for (let signs = 0; signs < 2 ** k; signs++) {
          const t = (n: number): number => {
            let total = 0;
            for (let i = 0; i < n; i++) {
              const rank = 1 + order.slice(0, n).filter((v) => v < order[i]!).length;
              total += ((signs >> i) & 1 ? 1 : -1) * rank;
            }
            return total;
          };
          sum += t(j) * t(k);
          count++;
        }
      assert.ok(Math.abs(sum / count - signedRankCovariance(j, k)) < 1e-9, `j ${j}, k ${k}`);
    }
  });

  test('makes the looks a little further apart than the pair counts', () => {
    const times = informationTimes(DEFAULT_SCHEDULE);
    assert.equal(times[0], 12);
    for (let i = 1; i < times.length; i++) {
      const ratio = times[i]! / times[i - 1]!;
      const counts = DEFAULT_SCHEDULE[i]! / DEFAULT_SCHEDULE[i - 1]!;
      assert.ok(ratio > counts && ratio < counts * 1.02, `look ${i}: ${ratio} against ${counts}`);
    }
  });
});

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, at) => [...p.slice(0, at), n - 1, ...p.slice(at)]),
  );
}

describe('sequentialP and perLookLevel', () => {
  test('one look needs no correction; several cost less than the union bound but more than one', () => {
    assert.equal(sequentialP(0.01, [20]), 0.01);
    assert.equal(perLookLevel(0.05, [20]), 0.05);
    for (const p of [1e-6, 1e-4, 0.001, 0.005, 0.02]) {
      const q = sequentialP(p, DEFAULT_SCHEDULE);
      assert.ok(q > p && q < DEFAULT_SCHEDULE.length * p, `p ${p}: q ${q}`);
    }
    // At the levels a gate uses (alpha 0.05 over 3 comparisons) the ten looks cost about 4 of the union's 10.
    const q = sequentialP(0.004, DEFAULT_SCHEDULE);
    assert.ok(q < 0.5 * DEFAULT_SCHEDULE.length * 0.004, `q ${q}`);
    assert.equal(sequentialP(0, DEFAULT_SCHEDULE), 0);
    assert.equal(sequentialP(1, DEFAULT_SCHEDULE), 1);
  });

  test('stays between p and the union bound for p-values too small for 1 − p/2 (a large effect over many pairs)', () => {
    for (const p of [1e-15, 1e-17, 1e-30, 1e-300, Number.MIN_VALUE]) {
      const q = sequentialP(p, DEFAULT_SCHEDULE);
      assert.ok(Number.isFinite(q), `p ${p}: q ${q}`);
      assert.ok(q >= p && q <= DEFAULT_SCHEDULE.length * p, `p ${p}: q ${q}`);
    }
    const level = perLookLevel(1e-18, DEFAULT_SCHEDULE);
    assert.ok(level > 1e-18 / DEFAULT_SCHEDULE.length && level <= 1e-18, `level ${level}`);
  });

  test('is monotone in p, so Holm over sequential p-values steps down as over plain ones', () => {
    let previous = 0;
    for (let p = 0.0005; p < 0.2; p *= 1.5) {
      const q = sequentialP(p, DEFAULT_SCHEDULE);
      assert.ok(q > previous, `p ${p}`);
      previous = q;
    }
  });

  test('the per-look level is the one whose sequential p-value is alpha (erring low)', () => {
    for (const alpha of [0.05, 0.05 / 3, 0.01, 0.001]) {
      const level = perLookLevel(alpha, DEFAULT_SCHEDULE);
      const q = sequentialP(level, DEFAULT_SCHEDULE);
      assert.ok(q <= alpha && q > alpha * 0.999, `alpha ${alpha}: level ${level}, q ${q}`);
      assert.ok(level > alpha / DEFAULT_SCHEDULE.length, 'less strict than the union bound');
    }
  });

  test('a gate that moves its next look earlier (pairs measured again took the time) stays within the planned level', () => {
    // Every way the gate's loop (src/gate/loop.ts) can cut a plan short: the looks taken before the budget fell short, then the look
    // moved to any count before the next planned one, then its confirmation look. Plans: the default schedule, and
    // 60 s of the busy end-to-end gate (12, 14, confirmation 22). The chance that any look of the gate as it ran
    // reaches its level in the plan (lookLevel: a look off the schedule at the last look's) must not exceed alpha.
    for (const planned of [DEFAULT_SCHEDULE, [12, 14, 22]]) {
      const looks = planned.slice(0, -1);
      for (const alpha of [0.05, 0.05 / 3]) {
        for (let taken = 0; taken < looks.length; taken++) {
          for (let moved = (looks[taken - 1] ?? 1) + 1; moved < looks[taken]!; moved++) {
            const ran = [...looks.slice(0, taken), moved, moved + confirmationPairs(moved)];
            const bounds = ran.map((n) => -normalQuantile(lookLevel(alpha, planned, n) / 2));
            const chance = boundaryCrossing(ran, bounds);
            assert.ok(chance <= alpha, `planned ${planned}, ran ${ran}: ${chance} > ${alpha}`);
          }
        }
      }
    }
  });

  test('exact signed-rank tests at the planned looks reach the per-look level no more often than alpha', () => {
    // 20,000 simulated null gates: each draws 42 pairs with random signs and distinct sizes (any continuous
    // symmetric null) and computes the action's own signed-rank p-value at each planned look.
    const random = mulberry32(20261121);
    const gates = 20_000;
    const alphas = [0.05, 0.05 / 3];
    const hits = alphas.map(() => 0);
    const last = DEFAULT_SCHEDULE.at(-1)!;
    for (let g = 0; g < gates; g++) {
      const d: number[] = [];
      const crossed = alphas.map(() => false);
      for (let n = 1; n <= last; n++) {
        d.push((random() < 0.5 ? -1 : 1) * (random() + 1e-9));
        if (!DEFAULT_SCHEDULE.includes(n)) continue;
        const p = wilcoxonSignedRank(d).p;
        alphas.forEach((a, i) => {
          if (p <= lookLevel(a, DEFAULT_SCHEDULE, n)) crossed[i] = true;
        });
      }
      crossed.forEach((c, i) => {
        if (c) hits[i]!++;
      });
    }
    alphas.forEach((alpha, i) => {
      const rate = hits[i]! / gates;
      const se = Math.sqrt((alpha * (1 - alpha)) / gates);
      assert.ok(rate <= alpha + 3 * se, `alpha ${alpha}: ${rate} of null gates crossed`);
      // And it is not merely the union bound in disguise: it spends nearly all of alpha.
      assert.ok(rate >= alpha - 4 * se, `alpha ${alpha}: only ${rate} crossed`);
    });
  });
});
