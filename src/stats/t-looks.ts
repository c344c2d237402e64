/**
 * Looks whose interval is Student's t in a boundary counted for the rank statistic. Pure.
 *
 * The boundary (sequential-boundary.ts) counts the looks with the correlations of the signed-rank statistic, whose
 * standardized values are jointly normal in the limit. Where few units cannot reach the per-look level with ranks,
 * a look uses Student's t instead (src/decide/interval.ts): exact on its own for normal units, but each look's
 * variance estimate moves its statistic apart from the others', so t looks cross together less often than the
 * normal limit has them, and their union crosses more: at `restart-every: 2` 1.8–1.9% of null gates against 1.67%
 * (bench/NOTEBOOK.md §31). Here the t looks get a share of their level, solved so that the whole boundary, t looks
 * and rank looks together, crosses at alpha under the null: the rank looks keep their level and their power.
 *
 * The chance is the exact crossing chance of a proxy (at every look the mean of normal units with known variance,
 * a random walk integrated numerically) plus a Monte Carlo estimate, on null gates of normal units drawn from a
 * fixed seed, of what t changes: the gates that cross at a t look and not at its proxy, less those that cross at
 * the proxy and not at t, each weighted by the chance that no rank look stops it (integrated exactly for the rank
 * looks after the last t look, given the gate's sum there). The rank looks count as their normal limit at the level
 * their exact test reaches (ranks are discrete: at 10 units and a level of 0.0035 the test crosses in 0.2% of null
 * gates, not 0.35%), so that the t looks get what the rank looks leave. Only the gates where t and the proxy disagree carry Monte Carlo error: about 1–3% of alpha.
 */
import { mulberry32 } from './describe.ts';
import { normalQuantile } from './distributions.ts';
import { tCritical } from './inference.ts';
import { unitCrossing } from './sequential-boundary.ts';

/**
 * One look of a boundary: its units, whether its interval is Student's t, and its level: a t look's before any
 * share, a rank look's the chance it crosses alone under the null (its exact test's size, which the normal limit
 * then stands for: discrete ranks cross less often than their level).
 */
export interface BoundaryLook {
  units: number;
  level: number;
  t: boolean;
}

/** Null gates of every solve (even: drawn in pairs). */
const GATES = 100_000;
const SEED = 20261128;

/** The null units, unit by unit (each GATES long), drawn once from the seed and extended as needed. */
const units: Float32Array[] = [];
const random = mulberry32(SEED);

function unitsUpTo(count: number): Float32Array[] {
  while (units.length < count) {
    const column = new Float32Array(GATES);
    for (let g = 0; g < GATES; g += 2) {
      const r = Math.sqrt(-2 * Math.log(1 - random()));
      const a = 2 * Math.PI * random();
      column[g] = r * Math.cos(a);
      column[g + 1] = r * Math.sin(a);
    }
    units.push(column);
  }
  return units;
}

/** The bound on |z| of a two-sided level. */
const zBound = (level: number) => -normalQuantile(level / 2);

const GRID = 101;
const normalDensity = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);

/**
 * The chance that a random walk of unit steps at sum s after `from` units crosses none of the later looks (unit
 * counts `counts`, bounds on |z| `bounds`), as a function of s: integrated backwards look by look on a grid.
 */
function noLaterCrossing(
  from: number,
  counts: readonly number[],
  bounds: readonly number[],
): (s: number) => number {
  if (counts.length === 0) return () => 1;
  const grid = (k: number) => {
    const half = Math.min(bounds[k]!, 12) * Math.sqrt(counts[k]!);
    const h = (2 * half) / (GRID - 1);
    const xs = Float64Array.from({ length: GRID }, (_, i) => -half + i * h);
    const w = Float64Array.from(
      { length: GRID },
      (_, i) => ((i === 0 || i === GRID - 1 ? 1 : i % 2 ? 4 : 2) * h) / 3,
    );
    return { xs, w };
  };
  // From a sum x at count `at`, the chance of going on through look k on (its grid, its continuing chance g).
  const onward = (x: number, at: number, k: number, xs: Float64Array, w: Float64Array, g: Float64Array) => {
    const step = Math.sqrt(counts[k]! - at);
    let sum = 0;
    for (let j = 0; j < GRID; j++) sum += w[j]! * g[j]! * normalDensity((xs[j]! - x) / step);
    return sum / step;
  };
  let k = counts.length - 1;
  let { xs, w } = grid(k);
  let g = new Float64Array(GRID).fill(1);
  for (k--; k >= 0; k--) {
    const next = { xs, w, g };
    ({ xs, w } = grid(k));
    g = xs.map((x) => onward(x, counts[k]!, k + 1, next.xs, next.w, next.g));
  }
  // Tabulated over the sums a gate can have after `from` units, linear between.
  const half = 10 * Math.sqrt(from);
  const points = 401;
  const table = Float64Array.from({ length: points }, (_, i) =>
    onward(-half + (2 * half * i) / (points - 1), from, 0, xs, w, g),
  );
  return (s) => {
    const u = ((s + half) / (2 * half)) * (points - 1);
    if (u <= 0 || u >= points - 1) return 0;
    const i = Math.floor(u);
    return table[i]! + (u - i) * (table[i + 1]! - table[i]!);
  };
}

/**
 * What t changes in the sample, as a function of the t looks' share: over the gates no rank look up to the last t
 * look stops, each weighted by the chance that no later rank look does (`weight`), the weight of those whose proxy
 * crosses at a t look (`zCross`), and the gates that could cross at a t look at a share ≤ 1, each with its |t| per t
 * look and its weight (`candidates`).
 */
interface Change {
  zCross: number;
  zSquares: number;
  candidates: { ts: Float32Array; weight: number }[];
  tLooks: BoundaryLook[];
}

/** |t| of n units (sum, sum of squares): Infinity where they are all equal. */
function tOf(sum: number, squares: number, n: number): number {
  const sd = Math.sqrt(Math.max(0, squares - (sum * sum) / n) / (n - 1));
  return sd > 0 ? Math.abs(sum) / Math.sqrt(n) / sd : Number.POSITIVE_INFINITY;
}

/** Drawn unit by unit over all gates at once, each gate's state kept; the t values of the few candidates redone. */
function changeOf(looks: readonly BoundaryLook[], later: (s: number) => number): Change {
  const counts = [...new Set(looks.map((look) => look.units))].sort((a, b) => a - b);
  const columns = unitsUpTo(counts[counts.length - 1]!);
  const sum = new Float64Array(GATES);
  const squares = new Float64Array(GATES);
  // 1: a rank look crossed; 2: the proxy crossed at a t look; 4: t could cross at a t look at a share ≤ 1.
  const state = new Uint8Array(GATES);
  let n = 0;
  for (const count of counts) {
    for (; n < count; n++) {
      const column = columns[n]!;
      for (let g = 0; g < GATES; g++) {
        const x = column[g]!;
        sum[g] = sum[g]! + x;
        squares[g] = squares[g]! + x * x;
      }
    }
    for (const look of looks.filter((l) => l.units === count)) {
      const zb = zBound(look.level);
      const tb = look.t ? tCritical(look.level, count - 1) : 0;
      // |S| ≥ zb·√n, and |t| ≥ tb: S² ≥ tb²·n·(Q − S²/n)/(n − 1).
      const zs = zb * Math.sqrt(count);
      const tq = (tb * tb * count) / (count - 1);
      for (let g = 0; g < GATES; g++) {
        const now = state[g]!;
        if ((now & 1) !== 0) continue;
        const s = sum[g]!;
        const z = Math.abs(s) >= zs;
        if (!look.t) state[g] = now | (z ? 1 : 0);
        else state[g] = now | (z ? 2 : 0) | (s * s >= tq * (squares[g]! - (s * s) / count) ? 4 : 0);
      }
    }
  }
  const tLooks = looks.filter((look) => look.t);
  let [zCross, zSquares] = [0, 0];
  const candidates: Change['candidates'] = [];
  for (let g = 0; g < GATES; g++) {
    if ((state[g]! & 1) !== 0 || state[g] === 0) continue;
    const weight = later(sum[g]!);
    if ((state[g]! & 2) !== 0) {
      zCross += weight;
      zSquares += weight * weight;
    }
    if ((state[g]! & 4) === 0) continue;
    // This gate's |t| at each t look, from its units again.
    let [s, q, m] = [0, 0, 0];
    const ts = Float32Array.from(tLooks, (look) => {
      for (; m < look.units; m++) {
        const x = columns[m]![g]!;
        s += x;
        q += x * x;
      }
      return tOf(s, q, m);
    });
    candidates.push({ ts, weight });
  }
  return { zCross, zSquares, candidates, tLooks };
}

/** The sample's estimate of what t changes at this share, and its standard error. */
function changeAt(change: Change, share: number): { delta: number; se: number } {
  const bounds = change.tLooks.map((look) => tCritical(share * look.level, look.units - 1));
  let [tCross, tSquares] = [0, 0];
  for (const { ts, weight } of change.candidates) {
    if (!ts.some((x, i) => x >= bounds[i]!)) continue;
    tCross += weight;
    tSquares += weight * weight;
  }
  // Gates where both cross cancel; counting them in the error only overstates it.
  return { delta: (tCross - change.zCross) / GATES, se: Math.sqrt(tSquares + change.zSquares) / GATES };
}

const shareCache = new Map<string, number>();

/**
 * The share of its level each t look gets so that the boundary crosses at most `alpha` under the null (the rank
 * looks keep theirs): 1 where there are no t looks, or where the chance with them is not above alpha by more than
 * twice its Monte Carlo error (a chance that could be noise), else the largest share (to 0.1%) at which the
 * estimated chance is alpha. Looks below 2 units have no interval and are left out. Deterministic (a fixed seed),
 * and computed once per boundary.
 */
export function tLookShare(alpha: number, looks: readonly BoundaryLook[]): number {
  const used = looks.filter((look) => look.units >= 2 && look.level > 0);
  if (!used.some((look) => look.t)) return 1;
  const key = `${alpha}|${used.map((l) => `${l.units}:${l.level}:${l.t ? 't' : 'r'}`).join(',')}`;
  const cached = shareCache.get(key);
  if (cached !== undefined) return cached;
  const counts = [...new Set(used.map((look) => look.units))].sort((a, b) => a - b);
  // Each unit count's largest level: looks of one count share their statistic.
  const bounds = counts.map((n) =>
    zBound(Math.max(...used.filter((l) => l.units === n).map((l) => l.level))),
  );
  const proxy = unitCrossing(counts, bounds);
  // Simulated up to the last t look; the rank looks after it integrated.
  const lastT = Math.max(...used.filter((look) => look.t).map((look) => look.units));
  const drawn = counts.filter((n) => n <= lastT);
  const later = noLaterCrossing(lastT, counts.slice(drawn.length), bounds.slice(drawn.length));
  const change = changeOf(
    used.filter((look) => look.units <= lastT),
    later,
  );
  const atOne = changeAt(change, 1);
  let share = 1;
  if (proxy + atOne.delta - 2 * atOne.se > alpha) {
    // The chance rises with the share: bisect on its log between a share that holds and 1.
    let [low, high] = [Math.log(1e-6), 0];
    for (let i = 0; i < 24; i++) {
      const mid = (low + high) / 2;
      if (proxy + changeAt(change, Math.exp(mid)).delta > alpha) high = mid;
      else low = mid;
    }
    share = Math.exp(low);
  }
  shareCache.set(key, share);
  return share;
}
