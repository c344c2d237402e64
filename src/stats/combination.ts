/**
 * Two stages of runners combined by the inverse normal method (Lehmacher and Wassmer 1999): each stage's own
 * one-sided p-value of the shift δ, turned into z and weighed by weights fixed before the data (from the pairs each
 * stage planned), Z(δ) = w₁·z₁(δ) + w₂·z₂(δ) with w₁² + w₂² = 1. Under the null each stage's p is uniform (or larger)
 * and the second stage's runners are independent of the first's, so Z is standard normal whatever the first stage
 * did or asked: the test holds its level however the second stage came to run. Inverting it over δ gives the
 * interval (each end where Z crosses its quantile), centred where Z(δ) = 0; with weights in proportion to the units
 * it estimates the units' mean change over both stages. Pure.
 */
import { mean, sd } from './describe.ts';
import { normalCdf, normalQuantile, studentTSf } from './distributions.ts';
import { type Inference, pOfInterval } from './inference.ts';
import { stratifiedMean } from './stratified.ts';

/** A stage's t statistic of the shift: its estimate, standard error and degrees of freedom. */
export interface StageStatistic {
  estimate: number;
  se: number;
  df: number;
}

/** A stage's statistic from its runners' units: one runner's mean, or the runners' stratified mean. */
export function stageStatistic(runners: readonly (readonly number[])[]): StageStatistic | undefined {
  const used = runners.filter((u) => u.length > 0);
  const n = used.reduce((s, u) => s + u.length, 0);
  if (used.length === 0 || n - used.length < 1) return undefined;
  if (used.length > 1) {
    const r = stratifiedMean(used, 0.5);
    return { estimate: r.estimate, se: r.se, df: r.df };
  }
  const units = used[0]!;
  return { estimate: mean(units), se: sd(units) / Math.sqrt(n), df: n - 1 };
}

/** z of a stage's one-sided p-value for "the shift exceeds δ" (large when the stage's estimate lies above δ). */
function stageZ(s: StageStatistic, delta: number): number {
  if (s.se === 0) return s.estimate > delta ? 40 : s.estimate < delta ? -40 : 0;
  const p = studentTSf((s.estimate - delta) / s.se, s.df);
  return Math.max(-40, Math.min(40, -normalQuantile(Math.max(p, 1e-300))));
}

/** The weights of two stages from the pairs (or units) each planned: w² in proportion. */
export function stageWeights(first: number, second: number): [number, number] {
  const w1 = Math.sqrt(first / (first + second));
  return [w1, Math.sqrt(1 - w1 * w1)];
}

/** The δ at which Z(δ) falls to `z`, by bisection over a bracket wide enough for either stage. */
function solve(z: (delta: number) => number, target: number, stages: readonly StageStatistic[]): number {
  const reach = Math.max(...stages.map((s) => Math.abs(s.estimate) + 80 * (s.se + 1e-12)));
  let [low, high] = [-reach, reach];
  // 64 halvings take the bracket below 1e-17 of itself.
  for (let i = 0; i < 64; i++) {
    const mid = (low + high) / 2;
    if (z(mid) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The combination interval at two-sided `level`, its estimate (Z = 0) and the two-sided p of δ = 0. */
export function combinationInference(
  first: StageStatistic,
  second: StageStatistic,
  weights: readonly [number, number],
  level: number,
): Inference {
  const z = (delta: number) => weights[0] * stageZ(first, delta) + weights[1] * stageZ(second, delta);
  const q = normalQuantile(1 - level / 2);
  const stages = [first, second];
  const lower = solve(z, q, stages);
  const upper = solve(z, -q, stages);
  const at0 = z(0);
  const tested = Math.min(1, 2 * normalCdf(-Math.abs(at0)));
  const p = pOfInterval(tested, lower, upper, level);
  return { estimate: solve(z, 0, stages), lower, upper, p };
}
