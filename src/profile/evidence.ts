/**
 * Which functions, files and packages changed their CPU time per request beyond what their own spread between
 * windows allows. Each side was profiled in windows of load taken in turns (side-by-side.ts), so every unit has a
 * cost per request in every window, and pair k of windows gives one difference, head's less base's. A paired t test
 * over those differences asks whether the mean is 0, its standard error widened by what one process per side cannot
 * tell from a change: a process runs a function a few percent faster or slower than its twin for its whole life
 * (PROCESS_SPREAD), the same in every window. The tests of all units large enough to name are held
 * together by Holm's step-down at `level`, so that a gate names nothing false with probability at least 1 − level.
 * A unit is named only when its change is beyond that, large enough to matter, and the gate found a change to
 * explain; each is named where its change lives (whereItLives). The allocation profile (allocation.ts) is weighed
 * the same way with bytes for samples: there every "µs" below is a byte. Pure.
 */
import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { CostLevel, ProfileEvidence, ProfileFrame, UnitCost } from '../model/profile.ts';
import { studentTSf } from '../stats/distributions.ts';
import { matchFunctions } from './diff.ts';
import { type Counts, type Described, packageOf, rollUp, unitKey } from './rollup.ts';
import type { Profile } from './ticks.ts';

/** One side's windows: a profile of each (its tree's root stripped) and the requests it served in it. */
export interface WindowedSide {
  /** The side's profile over all its windows, to match functions across sides. */
  whole: Profile;
  windows: Profile[];
  responses: number[];
  /**
   * CPU time the server's main thread ran in each window, s (undefined where unknown): a window's samples share
   * it out, so that its figures do not depend on how many samples the sampler managed to take on a busy host.
   */
  cpuSec: (number | undefined)[];
  /** The sampling interval, µs: what a sample stands for where the window's CPU time is unknown. */
  sampleUs: number;
}

export interface EvidenceOptions {
  /** Whether the gate found a change to explain (a verdict, or a significant change of req/s, latency or CPU). */
  explain: boolean;
  windowSec: number;
  /** Family-wise level over every unit tested; default PROFILE_LEVEL. */
  level?: number;
  /**
   * The least mean cost per request (over both sides) of a unit tested, from each side's cost per request in all;
   * default MIN_TESTED_SHARE of base's.
   */
  testedFloor?: (baseUs: number, headUs: number) => number;
}

/** The family-wise level of a profile's claims: 20 A/A gates name nothing false with probability ≥ 0.8. */
export const PROFILE_LEVEL = 0.01;
/** A unit is tested when its mean self time over both sides is at least this share of base's busy time. */
export const MIN_TESTED_SHARE = 0.005;
/** A change is named only when it is at least this share of base's busy time per request. */
export const MIN_NAMED_SHARE = 0.01;
/** A function stands for its file or package when it carries at least this share of the change there. */
const STANDS_FOR = 0.5;

/**
 * The sd of the log ratio of a unit's cost between two processes of the same code, for their life: each side is
 * profiled in one process, so a unit must change by more than this allows before it is named (an A/A with a 5%
 * per-function offset on each process named a function in 11% of gates with a change to explain before it).
 */
export const PROCESS_SPREAD = 0.05 * Math.SQRT2;

/**
 * Two-sided p that the differences have mean 0 beyond a process offset of `costUs` (offsetScales): the paired t
 * test with the offset's variance added to the mean's.
 */
export function offsetTP(differences: readonly number[], costUs: number): number {
  const n = differences.length;
  const m = mean([...differences]);
  const s = sampleStandardDeviation([...differences]);
  const se = Math.sqrt((s * s) / n + (PROCESS_SPREAD * costUs) ** 2);
  if (se === 0) return m === 0 ? 1 : 0;
  return Math.min(1, 2 * studentTSf(Math.abs(m) / se, n - 1));
}

/** Two-sided p of the paired t test that the differences have mean 0. */
export function pairedTP(differences: readonly number[]): number {
  const n = differences.length;
  const m = mean([...differences]);
  const s = sampleStandardDeviation([...differences]);
  if (s === 0) return m === 0 ? 1 : 0;
  return Math.min(1, 2 * studentTSf(Math.abs(m) / (s / Math.sqrt(n)), n - 1));
}

/** Holm's step-down at `level`: which of the p-values are rejected, index for index. */
export function holm(ps: readonly number[], level: number): boolean[] {
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const rejected = ps.map(() => false);
  for (const [rank, { p, i }] of order.entries()) {
    if (p > level / (ps.length - rank)) break;
    rejected[i] = true;
  }
  return rejected;
}

/** What one sample of window k stands for, µs: its share of the main thread's CPU time, else the interval. */
function sampleUs(side: WindowedSide, k: number, profile: Profile): number {
  const cpu = side.cpuSec[k];
  return cpu !== undefined && cpu > 0 && profile.busy > 0 ? (cpu * 1e6) / profile.busy : side.sampleUs;
}

/** Per unit and per window, µs per request: self and total. */
interface Series {
  self: number[];
  total: number[];
}

function seriesOf(
  side: WindowedSide,
  idOf: (key: string) => string,
  described: Described,
): Map<string, Series> {
  const all = new Map<string, Series>();
  const n = side.windows.length;
  side.windows.forEach((profile, k) => {
    const perRequest = sampleUs(side, k, profile) / Math.max(1, side.responses[k]!);
    for (const [key, counts] of rollUp(profile, idOf, described) as Map<string, Counts>) {
      let s = all.get(key);
      if (s === undefined) {
        s = { self: new Array(n).fill(0), total: new Array(n).fill(0) };
        all.set(key, s);
      }
      s.self[k] = counts.self * perRequest;
      s.total[k] = counts.total * perRequest;
    }
  });
  return all;
}

function describe(
  key: string,
  frame: ProfileFrame,
): Pick<UnitCost, 'level' | 'name' | 'file' | 'line' | 'package' | 'pseudo'> {
  const level = key.slice(0, key.indexOf('\u0000')) as CostLevel;
  const pkg = packageOf(frame);
  if (level === 'function')
    return { level, name: frame.fn, file: frame.file, line: frame.line, package: pkg, pseudo: frame.pseudo };
  if (level === 'file')
    return {
      level,
      name: frame.file === '' ? frame.fn : frame.file,
      file: frame.file,
      line: 0,
      package: pkg,
      pseudo: frame.file === '',
    };
  return { level, name: pkg, file: '', line: 0, package: pkg, pseudo: frame.file === '' };
}

/** Every unit's costs and test, not yet held together (evident is set by weighEvidence). */
function unitCosts(base: WindowedSide, head: WindowedSide, floorUs: number): UnitCost[] {
  const { baseId, headId } = matchFunctions(base.whole.functions, head.whole.functions);
  // Head's frame describes a function both sides ran (its line on head).
  const described: Described = new Map();
  const h = seriesOf(head, (key) => headId.get(key) ?? key, described);
  const b = seriesOf(base, (key) => baseId.get(key) ?? key, described);
  const n = Math.min(base.windows.length, head.windows.length);
  const zeros = new Array(n).fill(0);
  const units: UnitCost[] = [];
  const differences = new Map<UnitCost, number[]>();
  for (const key of new Set([...b.keys(), ...h.keys()])) {
    const bs = b.get(key) ?? { self: zeros, total: zeros };
    const hs = h.get(key) ?? { self: zeros, total: zeros };
    const d = hs.self.slice(0, n).map((x, k) => x - bs.self[k]!);
    const baseSelfUs = mean(bs.self.slice(0, n));
    const headSelfUs = mean(hs.self.slice(0, n));
    const tested = n >= 3 && (baseSelfUs + headSelfUs) / 2 >= floorUs;
    const unit: UnitCost = {
      ...describe(key, described.get(key)!),
      baseSelfUs,
      headSelfUs,
      baseTotalUs: mean(bs.total.slice(0, n)),
      headTotalUs: mean(hs.total.slice(0, n)),
      deltaUs: mean(d),
      spreadUs: n >= 2 ? sampleStandardDeviation(d) : 0,
      p: undefined,
      evident: false,
    };
    if (tested) differences.set(unit, d);
    units.push(unit);
  }
  const offsets = offsetScales(units);
  for (const [unit, d] of differences) unit.p = offsetTP(d, offsets.get(unit)!);
  return units;
}

/**
 * The cost whose process offset a unit's change must exceed: a function's own (its mean over both sides); a file's
 * or a package's, √(Σ cost²) over its functions, each of which a process runs apart from its twin on its own.
 */
function offsetScales(units: readonly UnitCost[]): Map<UnitCost, number> {
  const cost = (u: UnitCost) => (u.baseSelfUs + u.headSelfUs) / 2;
  const squares = new Map<string, number>();
  for (const f of units.filter((u) => u.level === 'function')) {
    for (const home of [`file\u0000${f.file}`, `package\u0000${f.package}`])
      squares.set(home, (squares.get(home) ?? 0) + cost(f) ** 2);
  }
  const scales = new Map<UnitCost, number>();
  for (const u of units) {
    const home = u.level === 'file' ? `file\u0000${u.file}` : `package\u0000${u.package}`;
    const sum = u.level === 'function' || u.pseudo ? undefined : squares.get(home);
    scales.set(u, sum === undefined ? cost(u) : Math.sqrt(sum));
  }
  return scales;
}

/** A unit's key among the units (level and identity). */
function keyOf(u: UnitCost): string {
  if (u.level === 'function') return unitKey('function', `${u.name}\u0000${u.file}\u0000${u.line}`);
  return unitKey(u.level, u.name);
}

function isDependency(u: UnitCost): boolean {
  return !u.pseudo && u.package !== '' && u.package !== 'node:';
}

/** Where a function's change would live when it is not its alone: its dependency, else its file. */
function homeOf(u: UnitCost): string | undefined {
  if (u.pseudo) return undefined;
  return isDependency(u) ? unitKey('package', u.package) : unitKey('file', u.file);
}

/**
 * What to name, each where its change lives: an evident function that carries at least half of the change of its
 * file (its package, for a dependency) stands for it; an evident file or dependency with no such function is
 * named itself, so that a cost spread over many small functions is seen where it is; an evident function whose
 * file or package did not change evidently (or changed the other way) is named alone. Hotter first, largest
 * change first.
 */
export function whereItLives(units: readonly UnitCost[]): UnitCost[] {
  const evident = units.filter((u) => u.evident);
  // A dependency lives in its package; the app's own code and Node's in their files.
  const homes = new Map(
    evident
      .filter((u) =>
        u.level === 'package' ? isDependency(u) : u.level === 'file' && !u.pseudo && !isDependency(u),
      )
      .map((u) => [keyOf(u), u]),
  );
  const named = new Map<string, UnitCost>();
  for (const f of evident.filter((u) => u.level === 'function')) {
    const home = homeOf(f);
    const h = home === undefined ? undefined : homes.get(home);
    const sameWay = h !== undefined && Math.sign(h.deltaUs) === Math.sign(f.deltaUs);
    const standsFor = sameWay && Math.abs(f.deltaUs) >= STANDS_FOR * Math.abs(h!.deltaUs);
    if (!sameWay || standsFor) named.set(keyOf(f), f);
    if (standsFor) homes.delete(home!);
  }
  for (const h of homes.values()) named.set(keyOf(h), h);
  return [...named.values()].sort(
    (a, b) => Number(b.deltaUs > 0) - Number(a.deltaUs > 0) || Math.abs(b.deltaUs) - Math.abs(a.deltaUs),
  );
}

const bySize = (a: UnitCost, b: UnitCost): number =>
  Math.max(b.baseSelfUs, b.headSelfUs) - Math.max(a.baseSelfUs, a.headSelfUs) || a.name.localeCompare(b.name);

/** The side-by-side profile weighed: every unit's cost per request, its test, and what is named. */
export function weighEvidence(
  base: WindowedSide,
  head: WindowedSide,
  options: EvidenceOptions,
): ProfileEvidence {
  const level = options.level ?? PROFILE_LEVEL;
  const busy = (side: WindowedSide) => {
    const n = Math.min(base.windows.length, head.windows.length);
    const perWindow = side.windows
      .slice(0, n)
      .map((p, k) => (p.busy * sampleUs(side, k, p)) / Math.max(1, side.responses[k]!));
    return {
      samples: side.windows.reduce((s, p) => s + p.samples, 0),
      busy: side.windows.reduce((s, p) => s + p.busy, 0),
      requests: side.responses.reduce((s, r) => s + r, 0),
      busyUs: n === 0 ? 0 : mean(perWindow),
    };
  };
  const sides = { base: busy(base), head: busy(head) };
  const floor = options.testedFloor ?? ((baseUs: number) => MIN_TESTED_SHARE * baseUs);
  const units = unitCosts(base, head, floor(sides.base.busyUs, sides.head.busyUs));
  const tested = units.filter((u) => u.p !== undefined);
  const rejected = holm(
    tested.map((u) => u.p!),
    level,
  );
  tested.forEach((u, i) => {
    u.evident = rejected[i]! && Math.abs(u.deltaUs) >= MIN_NAMED_SHARE * sides.base.busyUs;
  });
  const of = (l: CostLevel) => units.filter((u) => u.level === l).sort(bySize);
  return {
    pairs: Math.min(base.windows.length, head.windows.length),
    windowSec: options.windowSec,
    level,
    tested: tested.length,
    evident: units.filter((u) => u.evident).length,
    explain: options.explain,
    ...sides,
    functions: of('function'),
    files: of('file'),
    packages: of('package'),
    named: options.explain ? whereItLives(units) : [],
  };
}
