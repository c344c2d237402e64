/**
 * t-tests: Welch's two-sample test (`scipy.stats.ttest_ind(equal_var=False)`) and the one-sample test
 * (`scipy.stats.ttest_1samp`, which on log ratios is the paired t-test). Pure: no I/O.
 *
 * Degenerate data follows IEEE/SciPy semantics rather than throwing: a zero standard error gives t = ±Infinity
 * (p = 0) when the mean difference is non-zero and t = NaN (p = NaN) when it is zero.
 */
import { mean, sd } from './describe.ts';
import { studentTCdf, studentTQuantile, studentTSf } from './distributions.ts';
import type { Alternative } from './wilcoxon.ts';

export interface TTestResult {
  t: number;
  df: number;
  p: number;
}

export interface OneSampleTResult extends TTestResult {
  mean: number;
  /** Standard error of the mean, sd/√n. */
  se: number;
}

function pValue(t: number, df: number, alternative: Alternative): number {
  if (Number.isNaN(t)) return Number.NaN;
  if (alternative === 'less') return studentTCdf(t, df);
  if (alternative === 'greater') return studentTSf(t, df);
  return Math.min(1, 2 * studentTSf(Math.abs(t), df));
}

function assertAtLeastTwo(values: readonly number[], name: string): void {
  if (values.length < 2)
    throw new RangeError(`${name} needs at least 2 values for a t-test, got ${values.length}`);
}

/**
 * Welch's t-test of H0: mean(x) = mean(y), t = (x̄ − ȳ)/√(s²x/nx + s²y/ny) with Welch-Satterthwaite df.
 * Two-sided by default; 'less' means x̄ < ȳ. df is NaN when both samples are constant.
 */
export function welchTTest(
  x: readonly number[],
  y: readonly number[],
  options: { alternative?: Alternative } = {},
): TTestResult {
  assertAtLeastTwo(x, 'x');
  assertAtLeastTwo(y, 'y');
  const vx = sd(x) ** 2 / x.length;
  const vy = sd(y) ** 2 / y.length;
  const t = (mean(x) - mean(y)) / Math.sqrt(vx + vy);
  const df = (vx + vy) ** 2 / (vx ** 2 / (x.length - 1) + vy ** 2 / (y.length - 1));
  const p = Number.isNaN(df) && !Number.isNaN(t) ? 0 : pValue(t, df, options.alternative ?? 'two-sided');
  return { t, df, p };
}

/** One-sample t-test of H0: mean(d) = 0, df = n − 1. Applied to per-pair log ratios it is the paired t-test. */
export function oneSampleT(
  d: readonly number[],
  options: { alternative?: Alternative } = {},
): OneSampleTResult {
  assertAtLeastTwo(d, 'd');
  const m = mean(d);
  const se = sd(d) / Math.sqrt(d.length);
  const t = m / se;
  const df = d.length - 1;
  return { t, df, p: pValue(t, df, options.alternative ?? 'two-sided'), mean: m, se };
}

/** Two-sided t confidence interval for the mean: mean ± t_{(1+confidence)/2, n−1}·se. */
export function tConfidenceInterval(
  d: readonly number[],
  confidence = 0.95,
): { estimate: number; lower: number; upper: number } {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const { mean: estimate, se, df } = oneSampleT(d);
  const half = studentTQuantile((1 + confidence) / 2, df) * se;
  return { estimate, lower: estimate - half, upper: estimate + half };
}
