/**
 * Group-sequential error control for a test looked at after several numbers of pairs. Pure.
 *
 * A gate that looks at its data at n₁ < n₂ < … < n_K pairs and stops at the first look whose p-value is small
 * enough must count every look. The union bound (K·p) does, but it treats the looks as if they were unrelated,
 * while the statistic at 14 pairs shares 12 of its pairs with the one at 12: the looks are strongly correlated,
 * and over the default budget's ten looks the union bound spends only 40% of alpha (2.0% of null gates cross its
 * level at alpha 5%).
 *
 * Here the looks are counted exactly, as group-sequential designs do (Armitage, McPherson and Rowe 1969; Pocock
 * 1977; Jennison and Turnbull 2000, ch. 19): under the null hypothesis a rank statistic of the first n pairs
 * behaves like a sum of n independent terms, so the standardized statistics Z_k of the looks are jointly normal
 * with corr(Z_j, Z_k) close to √(n_j / n_k) (exactly: signedRankCovariance). The chance that any look has a
 * two-sided p-value at most c is then
 * computed by numerical integration of that joint distribution, look by look. That chance is the sequential
 * p-value of a gate whose smallest p-value over its looks was c: valid whatever the stopping rule, as the union
 * bound's K·p is, and never larger than it.
 *
 * The bound need not be the same at every look. Each look's level is a share of the level of the budget's last look
 * (lookShares), fixed by the schedule: early looks (before FIRST_FULL_LOOK pairs) EARLY_SHARE (Haybittle and Peto
 * 1971/1976 used 0.001 for theirs), so they spend almost no alpha and only a change far beyond the threshold stops
 * the gate there; a full look at n pairs (n / the budget's last look)^LEVEL_GROWTH, so that the alpha a family's
 * many comparisons leave each one goes mostly where its units are most (a power family of the kind of Kim and DeMets
 * 1987); the budget's last look and the confirmation look the whole level, solved for with all the others' bounds
 * in the same integration: the boundary as a whole still spends exactly alpha.
 *
 * Two things make a real gate differ from the planned schedule, and neither raises the chance:
 * - a look taken earlier than planned in place of the looks not reached (the budget ran out first, or pairs
 *   measured again took its time), or looks left out (a deadline), only raise the correlations between looks or
 *   drop looks, and for jointly normal statistics with equal margins higher correlation never raises the chance
 *   that one of them is large (Slepian's inequality);
 * - the joint law is normal only in the limit, and the exact signed-rank test is discrete: at the default budget's
 *   schedule 100,000 simulated null gates of exact tests crossed the level for 5% in 5.06% ± 0.07% of gates and
 *   the level for 5%/3 in 1.67% ± 0.04% (test/unit/stats/sequential-boundary.test.ts repeats this with 20,000).
 */
import { normalQuantile, normalSf } from './distributions.ts';
import { FIRST_FULL_LOOK } from './look-schedule.ts';
import { twoSidedCrossing } from './walk.ts';

/**
 * The share of the per-look level an early look gets (Haybittle and Peto's idea: a look that spends almost no
 * alpha, so that only a change far beyond the threshold stops the gate there, and the later looks keep their power).
 */
export const EARLY_SHARE = 0.05;

/**
 * Whether each look of a schedule is early: at fewer than FIRST_FULL_LOOK pairs, in a schedule with a look at least
 * that late before its last (the confirmation look). Read from the schedule alone, so that every decision over a
 * gate's looks (the gate's own, a report decided again, merged shards) counts them alike.
 */
export function earlyLooks(looks: readonly number[]): boolean[] {
  const full = looks.slice(0, -1).some((n) => n >= FIRST_FULL_LOOK);
  return looks.map((n) => full && n < FIRST_FULL_LOOK);
}

/** Whether a look at `pairs` pairs is one of the schedule's early looks (a look taken elsewhere counts as full). */
export function isEarlyLook(pairs: number, looks: readonly number[]): boolean {
  const i = looks.indexOf(pairs);
  return i >= 0 && earlyLooks(looks)[i]!;
}

/**
 * How a full look's level grows with its pairs: (n / the budget's last look)^LEVEL_GROWTH of the last look's. At 2, a
 * gate of six scenarios at 3 minutes decides its last look at 1.6 times the level it had with every full look alike, and
 * its first full look at 0.3 of it (bench/NOTEBOOK.md §55).
 */
export const LEVEL_GROWTH = 2;

/**
 * Each look's level as a share of the budget's last look's: an early look EARLY_SHARE, a full look at n pairs
 * (n / the budget's last look)^LEVEL_GROWTH, the budget's last look and the confirmation look after it 1. Read from
 * the schedule alone, like earlyLooks.
 */
export function lookShares(looks: readonly number[]): number[] {
  const early = earlyLooks(looks);
  const end = looks.length > 1 ? looks[looks.length - 2]! : looks[0]!;
  return looks.map((n, i) => (early[i] ? EARLY_SHARE : Math.min(1, (n / end) ** LEVEL_GROWTH)));
}

/**
 * The share of a look at `pairs` pairs (lookShares; none given: 1). A look off the schedule has the share of the
 * planned look it stands in for, the first at or after it (1 beyond the last): the loop takes one only when the
 * budget falls short, in place of the next planned look and those after it (src/gate/loop.ts), and then perhaps its
 * confirmation look; test/unit/stats/sequential-boundary.test.ts checks every such cut of two plans against alpha.
 */
export function shareAt(looks: readonly number[], pairs?: number): number {
  const i = pairs === undefined ? -1 : looks.findIndex((n) => n >= pairs);
  return i < 0 ? 1 : lookShares(looks)[i]!;
}

/** The bound on |Z| of each look when the last look's bound is b: each at its share of that level. */
function boundsAt(shares: readonly number[], b: number): number[] {
  return shares.map((share) =>
    share === 1 || b === Number.POSITIVE_INFINITY ? b : -normalQuantile(Math.min(0.5, share * normalSf(b))),
  );
}

/**
 * Covariance of the centred signed-rank statistics T_n = Σ sign(d_i)·rank_n(|d_i|) of the first j and the first
 * k pairs (j ≤ k) under the null: each of the j shared pairs contributes E[R_j·R_k], its rank among j times its
 * rank among k, = (j + 1)(2j + 1)/6 + (k − j)(1/2 + (j − 1)/3). At j = k this is Var(T_k) = k(k + 1)(2k + 1)/6.
 */
export function signedRankCovariance(j: number, k: number): number {
  return j * (((j + 1) * (2 * j + 1)) / 6 + (k - j) * (0.5 + (j - 1) / 3));
}

/**
 * The looks' places on the time scale of a random walk with the correlations of the signed-rank statistics:
 * I_k / I_(k−1) = 1 / corr(T_(k−1), T_k)². The ranks among more pairs are not quite the ranks among fewer, so
 * these correlations are a little below √(n_j / n_k) and the looks a little further apart than the pair counts.
 */
export function informationTimes(looks: readonly number[]): number[] {
  const times = [looks[0]!];
  for (let k = 1; k < looks.length; k++) {
    const j = looks[k - 1]!;
    const n = looks[k]!;
    const r2 = signedRankCovariance(j, n) ** 2 / (signedRankCovariance(j, j) * signedRankCovariance(n, n));
    times.push(times[k - 1]! / r2);
  }
  return times;
}

/**
 * What is wrong with a look schedule (pair counts of the planned looks), as a phrase after its name; undefined
 * when nothing is. Shared by these functions and the report file's reader.
 */
export function scheduleProblem(looks: readonly number[]): string | undefined {
  if (looks.length === 0) return 'needs at least one look';
  for (let i = 0; i < looks.length; i++) {
    const n = looks[i]!;
    if (!Number.isFinite(n) || n <= 0) return `has look ${i + 1} at ${n} pairs; looks need n > 0`;
    if (i > 0 && n <= looks[i - 1]!) return `must be increasing: ${looks.join(', ')}`;
  }
  return undefined;
}

function assertSchedule(looks: readonly number[]): void {
  const problem = scheduleProblem(looks);
  if (problem !== undefined) throw new RangeError(`a look schedule ${problem}`);
}

/**
 * P(|Z_k| ≥ b at some look k) under the null, for looks at `looks` (pair counts) and the same bound b on every
 * standardized statistic. Summed look by look (the chance of stopping first at each), so a tiny chance keeps its
 * precision.
 */
export function crossingProbability(schedule: readonly number[], b: number): number {
  assertSchedule(schedule);
  return twoSidedCrossing(
    informationTimes(schedule),
    schedule.map(() => b),
  );
}

/**
 * P(|Z_k| ≥ bounds[k] at some look k) under the null, for looks at `looks` (pair counts): any boundary, the early
 * looks' stricter ones included.
 */
export function boundaryCrossing(schedule: readonly number[], bounds: readonly number[]): number {
  assertSchedule(schedule);
  return twoSidedCrossing(informationTimes(schedule), bounds);
}

/**
 * P(|Z_k| ≥ bounds[k] at some look k) under the null when Z_k is the standardized mean of the first units[k]
 * independent units (increasing counts): corr(Z_j, Z_k) = √(units_j / units_k) exactly (src/stats/t-looks.ts).
 */
export function unitCrossing(units: readonly number[], bounds: readonly number[]): number {
  assertSchedule(units);
  return twoSidedCrossing(units, bounds);
}

/** Spacing of the bounds at which sequentialP computes the crossing chance exactly (it interpolates between). */
const B_STEP = 0.01;

interface Schedule {
  times: number[];
  shares: number[];
  /** The union bound's factor: the levels of all looks over the last look's level. */
  union: number;
  nodes: Map<number, number>;
}

const scheduleCache = new Map<string, Schedule>();

/** A checked schedule's information times, looks' shares and crossing chances so far, computed once. */
function scheduleOf(looks: readonly number[]): Schedule {
  const key = looks.join(',');
  let cache = scheduleCache.get(key);
  if (!cache) {
    const shares = lookShares(looks);
    const union = shares.reduce((sum, share) => sum + share, 0);
    cache = { times: informationTimes(looks), shares, union, nodes: new Map() };
    scheduleCache.set(key, cache);
  }
  return cache;
}

/** ln of the crossing chance when the last look's bound is i × B_STEP, computed once. */
function lnCrossingAt(cache: Schedule, i: number): number {
  let ln = cache.nodes.get(i);
  if (ln === undefined) {
    ln = Math.log(twoSidedCrossing(cache.times, boundsAt(cache.shares, i * B_STEP)));
    cache.nodes.set(i, ln);
  }
  return ln;
}

/**
 * The sequential p-value of a comparison whose p-value at the look it stopped at (`at` pairs) is p, in a gate that
 * may look at `looks`: the chance under the null that any look gives a p-value this small, a look's p counted as
 * p / its share of the last look's level (shareAt: an early look's p / EARLY_SHARE). Never above the
 * union bound; exactly p for a single look. The chance is computed exactly on a grid of bounds 0.01 apart and
 * interpolated in log between them (relative error about 1e-5, below the exact value where the log chance is
 * concave), since continuous p-values (Student's t) would otherwise each cost a numerical integration.
 */
export function sequentialP(p: number, looks: readonly number[], at?: number): number {
  assertSchedule(looks);
  if (!(p > 0)) return 0;
  if (p >= 1) return 1;
  if (looks.length === 1) return p;
  const cache = scheduleOf(looks);
  // The last look's level of the boundary on which this look's p lies.
  const full = p / shareAt(looks, at);
  if (full >= 1) return 1;
  // The bound from the lower tail: 1 − p/2 rounds to 1 for p below about 1e-16 (a large effect over many pairs).
  const b = -normalQuantile(full / 2);
  const i = Math.floor(b / B_STEP);
  const w = b / B_STEP - i;
  const [low, high] = [lnCrossingAt(cache, i), lnCrossingAt(cache, i + 1)];
  // Beyond a chance of about 1e-308 the crossing underflows to 0: then p itself (the chance is never below it).
  const chance = Number.isFinite(high) ? Math.exp((1 - w) * low + w * high) : 0;
  return Math.max(p, Math.min(1, cache.union * full, chance));
}

const levelCache = new Map<string, number>();

/**
 * The per-look level c of a gate that may look at `looks` and must keep the chance of any look reaching its level
 * at `alpha`: the last look's level, the largest c with sequentialP(c) ≤ alpha (found by bisection on the bound,
 * erring low); every other look's is its share of c (lookLevel). Intervals at these levels cover the truth at every
 * look together with probability at least 1 − alpha.
 */
export function perLookLevel(alpha: number, looks: readonly number[]): number {
  assertSchedule(looks);
  if (!(alpha > 0)) return 0;
  if (alpha >= 1 || looks.length === 1) return Math.min(1, alpha);
  const key = `${alpha}|${looks.join(',')}`;
  const cached = levelCache.get(key);
  if (cached !== undefined) return cached;
  // The bound lies between one look's (too lenient) and the union bound's (too strict).
  const { times, shares } = scheduleOf(looks);
  let low = -normalQuantile(alpha / 2);
  let high = -normalQuantile(alpha / (2 * looks.length));
  const exceeds = crossesAbove(times, shares, alpha, low, high);
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (exceeds(mid)) low = mid;
    else high = mid;
  }
  const level = Math.min(alpha, 2 * normalSf(high));
  levelCache.set(key, level);
  return level;
}

/** How far from alpha, relatively, a crossing chance must be to count as on one side (rounding moves it < 3e-14). */
const MARGIN = 1e-12;
/** How far from the root the two bounds that close in on it lie: their chances are about 5e-12 off alpha. */
const STEP = 2e-12;

/**
 * Whether the crossing chance at the full looks' bound b is above alpha, for a bisection of (low, high): the same
 * answer as integrating at every b, with about a third of the integrations. The root is first found by the secant
 * method on ln(chance / alpha) from the bisection's first two bounds, and a bound at or below one whose chance was
 * clearly above alpha (at or above one clearly below) is answered without integrating: the chance falls with b.
 */
function crossesAbove(
  times: readonly number[],
  shares: readonly number[],
  alpha: number,
  low: number,
  high: number,
): (b: number) => boolean {
  const chance = (b: number) => twoSidedCrossing(times, boundsAt(shares, b));
  let [above, below] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const learn = (b: number): number => {
    const c = chance(b);
    if (c > alpha * (1 + MARGIN)) above = Math.max(above, b);
    if (c < alpha * (1 - MARGIN)) below = Math.min(below, b);
    return Math.log(c / alpha);
  };
  let x0 = (low + high) / 2;
  let f0 = learn(x0);
  let x1 = f0 > 0 ? (x0 + high) / 2 : (low + x0) / 2;
  let f1 = learn(x1);
  for (let i = 0; i < 8 && Number.isFinite(f0 - f1) && f0 !== f1 && Math.abs(x1 - x0) > STEP; i++) {
    const x2 = x1 - (f1 * (x1 - x0)) / (f1 - f0);
    if (!(x2 > low && x2 < high)) break;
    [x0, f0, x1, f1] = [x1, f1, x2, learn(x2)];
  }
  // A bound just either side of the root leaves the bisection's last few steps to integrate.
  if (above < x1 - STEP) learn(x1 - STEP);
  if (below > x1 + STEP) learn(x1 + STEP);
  return (b) => b <= above || (b < below && chance(b) > alpha);
}

/** The level of a look at `pairs` pairs: its share (shareAt) of the last look's level. */
export function lookLevel(alpha: number, looks: readonly number[], pairs: number): number {
  return shareAt(looks, pairs) * perLookLevel(alpha, looks);
}
