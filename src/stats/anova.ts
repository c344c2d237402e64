/**
 * One-way analysis of variance (`scipy.stats.f_oneway`): whether the means of several groups differ by more than
 * the spread within them allows. Pure: no I/O.
 */
import { mean } from './describe.ts';
import { regularizedIncompleteBeta } from './distributions.ts';

export interface AnovaResult {
  /** Between-group mean square over within-group mean square (1 on average when the groups do not differ). */
  f: number;
  /** Degrees of freedom between groups (groups − 1) and within them (values − groups). */
  df1: number;
  df2: number;
  p: number;
}

/** P(F > f) for the F distribution with `df1` and `df2` degrees of freedom. */
export function fSf(f: number, df1: number, df2: number): number {
  if (!(df1 > 0 && df2 > 0)) throw new RangeError(`degrees of freedom must be > 0, got ${df1}, ${df2}`);
  if (Number.isNaN(f)) return Number.NaN;
  if (f <= 0) return 1;
  if (f === Number.POSITIVE_INFINITY) return 0;
  const x = df2 / (df2 + df1 * f);
  return regularizedIncompleteBeta(x, df2 / 2, df1 / 2, (df1 * f) / (df2 + df1 * f));
}

/**
 * The F test of equal means over `groups` (each with at least one value; at least two groups and more values than
 * groups). Groups that are constant within and equal between give f = NaN (p = NaN), as SciPy does; constant
 * within and different between give f = Infinity (p = 0).
 */
export function oneWayAnova(groups: readonly (readonly number[])[]): AnovaResult {
  const k = groups.length;
  const n = groups.reduce((sum, group) => sum + group.length, 0);
  if (k < 2 || groups.some((group) => group.length === 0) || n <= k) {
    throw new RangeError(
      `one-way ANOVA needs at least two non-empty groups and more values than groups, got ${k} groups of ${n}`,
    );
  }
  const { between, within, df1, df2 } = sumsOfSquares(groups);
  const f = between / df1 / (within / df2);
  return { f, df1, df2, p: fSf(f, df1, df2) };
}

export interface SumsOfSquares {
  /** Of the group means around the grand mean (each weighted by its group's size), and of values around their group's mean. */
  between: number;
  within: number;
  /** Their degrees of freedom: groups − 1 and values − groups. */
  df1: number;
  df2: number;
}

/** The sums of squares of a one-way analysis of variance (to pool over several data sets, as bench/blocks.ts does). */
export function sumsOfSquares(groups: readonly (readonly number[])[]): SumsOfSquares {
  const grand = mean(groups.flat());
  let between = 0;
  let within = 0;
  for (const group of groups) {
    const m = mean(group);
    between += group.length * (m - grand) ** 2;
    for (const value of group) within += (value - m) ** 2;
  }
  const n = groups.reduce((sum, group) => sum + group.length, 0);
  return { between, within, df1: groups.length - 1, df2: n - groups.length };
}
