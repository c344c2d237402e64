/**
 * The mean change of the runners measured, stratified by runner: every runner's units (its block means, or pairs)
 * count alike, each about its own runner's mean, so the runner's own speed and its own change stay out of the
 * noise. The estimate is the mean of all units; its variance the pooled within-runner variance over their count; the
 * interval Student's t on the pooled degrees of freedom (units − runners). With weights in proportion to the units,
 * the pooled variance is the right one even where runners differ in noise. Whether the runners' changes differ is
 * the one-way F test of their means (src/stats/anova.ts), exact under normal noise. Pure.
 */
import { fSf, sumsOfSquares } from './anova.ts';
import { mean } from './describe.ts';
import { studentTSf } from './distributions.ts';
import { type Inference, pOfInterval, tCritical } from './inference.ts';

export interface Stratified extends Inference {
  se: number;
  critical: number;
  df: number;
  /** Pooled within-runner variance of one unit. */
  unitVariance: number;
  /** Method-of-moments variance of the runners' true changes about their mean (0 when the F is below 1). */
  between: number;
  /** The F test of the runners' means: F, and its p on (runners − 1, units − runners) degrees of freedom. */
  f: number;
  pF: number;
}

/** The stratified interval at two-sided `level` of runners with at least one unit each (two runners or more). */
export function stratifiedMean(runners: readonly (readonly number[])[], level: number): Stratified {
  const k = runners.length;
  const n = runners.reduce((s, u) => s + u.length, 0);
  if (k < 2 || runners.some((u) => u.length === 0) || n <= k)
    throw new RangeError(`a stratified mean needs two runners and more units than runners, got ${k} of ${n}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const { between: ssBetween, within: ssWithin, df1, df2 } = sumsOfSquares(runners);
  const estimate = mean(runners.flat());
  const unitVariance = ssWithin / df2;
  const se = Math.sqrt(unitVariance / n);
  const critical = tCritical(level, df2);
  const f = unitVariance > 0 ? ssBetween / df1 / unitVariance : Number.POSITIVE_INFINITY;
  const n0 = (n - runners.reduce((s, u) => s + u.length ** 2, 0) / n) / df1;
  const between = Math.max(0, (ssBetween / df1 - unitVariance) / n0);
  const pF = fSf(f, df1, df2);
  if (se === 0)
    return {
      estimate,
      lower: estimate,
      upper: estimate,
      p: estimate === 0 ? 1 : 0,
      se,
      critical,
      df: df2,
      unitVariance,
      between,
      f,
      pF,
    };
  const lower = estimate - critical * se;
  const upper = estimate + critical * se;
  const tested = Math.min(1, 2 * studentTSf(Math.abs(estimate) / se, df2));
  const p = pOfInterval(tested, lower, upper, level);
  return { estimate, lower, upper, p, se, critical, df: df2, unitVariance, between, f, pF };
}
