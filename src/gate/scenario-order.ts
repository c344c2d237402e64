/**
 * The order of the scenarios in each pair: the rows of a Williams design, one row a pair in turn, so that over
 * every run of `rows` consecutive pairs each scenario comes first equally often and right after each other scenario
 * equally often (once with an even count, twice with an odd one). What a scenario leaves behind in the processes
 * (garbage, a cache, a queue) then falls on every other scenario alike instead of on the one after it, and an
 * analysis can tell the pairs in which a scenario followed another apart. Pure.
 */

/** The first row of a Williams square of n: 0, 1, n−1, 2, n−2, 3, … */
function firstRow(n: number): number[] {
  const row = [0];
  for (let i = 1; row.length < n; i++) {
    row.push(i);
    if (row.length < n) row.push(n - i);
  }
  return row;
}

/** Rows of the design for n scenarios: n for an even n, 2n (each row and its reverse) for an odd one. */
export function orderRows(n: number): number[][] {
  if (n <= 1) return [Array.from({ length: n }, (_, i) => i)];
  const first = firstRow(n);
  const rows = Array.from({ length: n }, (_, r) => first.map((j) => (j + r) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((row) => [...row].reverse())];
}

/** The indices of n scenarios in the order pair `pair` (0-based) measures them. */
export function scenarioOrder(pair: number, n: number): number[] {
  const rows = orderRows(n);
  return rows[pair % rows.length]!;
}

/** The scenarios of pair `pair`, in their order. */
export function inPairOrder<T>(scenarios: readonly T[], pair: number): T[] {
  return scenarioOrder(pair, scenarios.length).map((i) => scenarios[i]!);
}
