/** Disturbed pairs: which are measured again and which are kept (src/gate/plan.ts measureAgain). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEASURED_AGAIN_IN_A_ROW, measureAgain } from '../../../src/gate/disturbance.ts';

/**
 * Runs `pairs` pairs as the gate does, each measurement disturbed or not as `disturbedAt(attempt)` says (attempt
 * counts every measurement, those measured again included): which measurements were measured again, which pairs
 * were kept although disturbed, and how many measurements it took.
 */
function run(pairs: number, disturbedAt: (attempt: number) => boolean) {
  let attempt = 0;
  let inARow = 0;
  let measuredAgain = 0;
  const kept: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    for (;;) {
      // The first pair is checked for failed requests, not for disturbance.
      const disturbed = disturbedAt(attempt++) && pair > 0;
      inARow = disturbed ? inARow + 1 : 0;
      if (disturbed && measureAgain(pair, inARow, measuredAgain)) {
        measuredAgain++;
        continue;
      }
      if (disturbed) kept.push(pair);
      break;
    }
  }
  return { measuredAgain, kept, attempts: attempt };
}

test('a machine busy throughout: the second pair is measured again 4 times, then every disturbed pair is kept', () => {
  assert.equal(MEASURED_AGAIN_IN_A_ROW, 4);
  const r = run(30, () => true);
  assert.equal(r.measuredAgain, 4);
  assert.deepEqual(
    r.kept,
    Array.from({ length: 29 }, (_, i) => i + 1),
  );
  assert.equal(r.attempts, 34);
});

test('a burst of disturbance: its pairs are measured again until it is over, nothing is kept', () => {
  // Attempts 5 to 7 disturbed (3 in a row): each is measured again.
  const r = run(20, (a) => a >= 5 && a <= 7);
  assert.equal(r.measuredAgain, 3);
  assert.deepEqual(r.kept, []);
  assert.equal(r.attempts, 23);
});

test('a burst that outlasts the streak: after 5 disturbed measurements in a row the pair is kept, and a clean one starts the count over', () => {
  // Measurements 3 to 9 disturbed: pair 3 is measured again 4 times (4 to 7 are its measurements again), and kept at
  // 7, the fifth in a row; pairs 4 and 5 (8, 9) are kept too. Pair 6 is clean. Pair 7 (measurement 11) is disturbed
  // once, but 4 measured again is the most for 7 pairs: kept. Measurement 30 (pair 26) is measured again: the
  // allowance has grown to 13.
  const r = run(30, (a) => (a >= 3 && a <= 9) || a === 11 || a === 30);
  assert.equal(r.measuredAgain, 5);
  assert.deepEqual(r.kept, [3, 4, 5, 7]);
  assert.equal(r.attempts, 35);
});

test('a disturbance that comes and goes: at most half of the pairs (at least four) are measured again', () => {
  // Every other measurement disturbed: never 5 in a row, so only the allowance stops the measuring again.
  const r = run(40, (a) => a % 2 === 1);
  assert.ok(r.measuredAgain <= Math.max(4, Math.ceil(39 / 2)), `${r.measuredAgain}`);
  assert.ok(r.measuredAgain >= 15, `${r.measuredAgain}`);
  assert.ok(r.kept.length > 0);
  for (const pair of r.kept) assert.ok(pair > 0);
});

test('the first pair is never measured again', () => {
  assert.deepEqual(
    run(1, () => true),
    { measuredAgain: 0, kept: [], attempts: 1 },
  );
});
