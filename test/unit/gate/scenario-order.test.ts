/**
 * The scenarios' order from pair to pair (src/gate/scenario-order.ts): every row a permutation, and over a cycle of
 * rows each scenario first equally often and right after each other scenario equally often.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inPairOrder, orderRows, scenarioOrder } from '../../../src/gate/scenario-order.ts';

describe('scenario order (Williams design)', () => {
  test('balanced for first-order carry-over, 1 to 12 scenarios', () => {
    for (let n = 1; n <= 12; n++) {
      const rows = orderRows(n);
      assert.equal(rows.length, n <= 1 || n % 2 === 0 ? Math.max(1, n) : 2 * n, `n ${n}`);
      const follows = new Map<string, number>();
      const first = new Map<number, number>();
      for (const row of rows) {
        assert.deepEqual(
          [...row].sort((a, b) => a - b),
          [...Array(n).keys()],
          `n ${n}: a permutation`,
        );
        first.set(row[0]!, (first.get(row[0]!) ?? 0) + 1);
        for (let i = 1; i < n; i++) {
          const key = `${row[i - 1]}>${row[i]}`;
          follows.set(key, (follows.get(key) ?? 0) + 1);
        }
      }
      assert.equal(follows.size, n * (n - 1), `n ${n}: every ordered pair of scenarios occurs`);
      assert.equal(new Set(follows.values()).size <= 1, true, `n ${n}: each as often`);
      assert.equal(first.size, n, `n ${n}: each scenario first`);
      assert.equal(new Set(first.values()).size, 1, `n ${n}: each first as often`);
    }
  });

  test('pair p takes row p of the cycle; the scenarios themselves in that order', () => {
    assert.deepEqual(scenarioOrder(0, 4), [0, 1, 3, 2]);
    assert.deepEqual(scenarioOrder(5, 4), scenarioOrder(1, 4));
    assert.deepEqual(inPairOrder(['a', 'b', 'c'], 3), ['c', 'b', 'a']);
  });
});
