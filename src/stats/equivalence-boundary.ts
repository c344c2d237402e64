/**
 * The sequential boundary of the equivalence side ("no change"). Pure.
 *
 * "No change" claims that every comparison lies within ±τ. By the intersection–union principle that holds at level
 * α when each comparison's own equivalence test does: two one-sided tests, H0⁺: δ ≥ τ and H0⁻: δ ≤ −τ, each at
 * α/2, with no correction across comparisons (Berger 1982; Berger and Hsu 1996). Only the looks need paying for:
 * a gate that may say "no change" at any of its looks must keep the chance that one look's upper bound falls below
 * τ, when δ = τ, within α/2. That chance is a one-sided crossing of the same random walk the regression boundary
 * integrates (src/stats/sequential-boundary.ts), computed here without its mirror.
 *
 * The looks do not share alike: an interval narrow enough to lie inside ±τ comes late, so the early looks (before
 * FIRST_FULL_LOOK pairs) say nothing, the full looks before the budget's end a small share, the budget's last look
 * the whole level, and the confirmation look (pairs for a comparison that leans to a regression) none (the spending
 * is in docs/how-it-decides.md).
 */
import { normalQuantile, normalSf } from './distributions.ts';
import { earlyLooks, informationTimes, scheduleProblem } from './sequential-boundary.ts';
import { lowerCrossing } from './walk.ts';

/** The share of the budget's last look's one-sided level a full look before it gets, and the confirmation look. */
export const EQUIVALENCE_INTERIM_SHARE = 0.1;
export const EQUIVALENCE_CONFIRM_SHARE = 1;

/** The index of a schedule's last look before confirmation: an adaptive schedule ends with the confirmation look. */
function budgetLook(looks: readonly number[]): number {
  return Math.max(0, looks.length - 2);
}

/** Each look's share of the final level: early looks and the confirmation look none, the budget's last look all. */
export function equivalenceShares(looks: readonly number[]): number[] {
  const early = earlyLooks(looks);
  const last = budgetLook(looks);
  return looks.map((_, i) =>
    early[i] ? 0 : i > last ? EQUIVALENCE_CONFIRM_SHARE : i === last ? 1 : EQUIVALENCE_INTERIM_SHARE,
  );
}

/** Each look's bound on −Z when the final looks' one-sided level is `level` (a share of 0: no bound). */
function boundsAt(shares: readonly number[], level: number): number[] {
  return shares.map((s) => (s > 0 ? -normalQuantile(s * level) : Number.POSITIVE_INFINITY));
}

const levelCache = new Map<string, number>();

/**
 * The one-sided level of the final looks of a schedule whose equivalence tests must together cross at most
 * `alpha` (one side's): the largest c with lowerCrossing ≤ alpha, by bisection on the bound, erring low.
 */
export function equivalenceFinalLevel(alpha: number, looks: readonly number[]): number {
  const problem = scheduleProblem(looks);
  if (problem !== undefined) throw new RangeError(`a look schedule ${problem}`);
  if (!(alpha > 0)) return 0;
  if (looks.length === 1 || alpha >= 0.5) return Math.min(alpha, 0.5);
  const key = `${alpha}|${looks.join(',')}`;
  const cached = levelCache.get(key);
  if (cached !== undefined) return cached;
  const times = informationTimes(looks);
  const shares = equivalenceShares(looks);
  // Between one look's bound (too lenient) and the union bound's (too strict).
  let low = -normalQuantile(alpha);
  let high = -normalQuantile(alpha / shares.reduce((a, b) => a + b, 0));
  for (let i = 0; i < 36; i++) {
    const mid = (low + high) / 2;
    if (lowerCrossing(times, boundsAt(shares, normalSf(mid))) > alpha) low = mid;
    else high = mid;
  }
  const level = normalSf(high);
  levelCache.set(key, level);
  return level;
}

/**
 * The one-sided level of each equivalence test at a look at `pairs` pairs of a gate that may look at `looks`, the
 * looks together crossing at most `alpha`. A look off the schedule before the budget's last look stands in for it
 * (the budget ran short: the looks it replaces are never taken, and moving a look earlier only raises its
 * correlation with the others); one after it is a confirmation look cut short by the time limit, which says nothing.
 */
export function equivalenceLevel(alpha: number, looks: readonly number[], pairs: number): number {
  const i = looks.indexOf(pairs);
  const share =
    i >= 0
      ? equivalenceShares(looks)[i]!
      : pairs < looks[budgetLook(looks)]! || looks.length === 1
        ? 1
        : EQUIVALENCE_CONFIRM_SHARE;
  return share * equivalenceFinalLevel(alpha, looks);
}
