/**
 * Multiple-comparison adjustment of p-values: adjusted p in the input order, monotone in the raw p, capped at 1
 * (R's `p.adjust(method = "holm")`). Pure: no I/O.
 */

function validate(p: readonly number[]): void {
  p.forEach((v, i) => {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`p[${i}] is ${v}; p-values must be in [0, 1]`);
  });
}

/** Indices of p sorted by ascending p (stable). */
function ascendingOrder(p: readonly number[]): number[] {
  return p.map((_, i) => i).sort((a, b) => p[a]! - p[b]! || a - b);
}

/** Holm's step-down adjustment (controls the family-wise error rate): p̃_(i) = max_{j ≤ i} min(1, (m − j + 1)·p_(j)). */
export function holm(p: readonly number[]): number[] {
  validate(p);
  const m = p.length;
  const adjusted = new Array<number>(m).fill(0);
  let running = 0;
  ascendingOrder(p).forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
