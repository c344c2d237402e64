/**
 * Runners that measured the same scenarios (replicas, and the two stages of a two-stage design), decided as one
 * comparison of the runners measured. Chosen before any data (docs/how-it-decides.md "Many runners"): each
 * runner's own speed cancels in every paired ratio, so what its units (block means, or pairs) carry beyond noise is
 * its change; the merge estimates the mean change of these runners, stratified by runner (src/stats/stratified.ts:
 * the mean of all units, the pooled within-runner variance, t on units − runners degrees of freedom), with no prior.
 * How far the runners' changes differ is the F test of their means; a runner apart is named, not averaged away.
 * Pure.
 */

import type { MetricComparison, RunnerSpread } from '../model/decision.ts';
import type { Metric, Round } from '../model/measure.ts';
import { combinationInference, stageStatistic } from '../stats/combination.ts';
import { normalQuantile } from '../stats/distributions.ts';
import type { Inference } from '../stats/inference.ts';
import { clusterOf, mostApart } from '../stats/random-effects.ts';
import { stratifiedMean } from '../stats/stratified.ts';
import { inferUnits } from './interval.ts';
import { changeOfWorse, detectableLog, logThreshold } from './rule.ts';

/** Runners differ when the F test of their changes has p below this (fixed before the data, as the blocks' 1%). */
const RUNNERS_DIFFER_LEVEL = 0.01;

/** Units a runner needs to enter the merge: its own mean and a share of the pooled variance. */
export const MIN_RUNNER_UNITS = 2;

/** Runner counts whose reach the report gives. */
const REACH_RUNNERS: readonly number[] = [2, 4, 8];

/** The runner of a pair: the last runner whose first pair is at or before it. */
function runnerOf(pair: number, starts: readonly number[]): number {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1]! <= pair) i++;
  return i;
}

/** A comparison's units split by runner (units are computed per runner so that no block spans two runners). */
export function unitsByRunner(
  pairNumbers: readonly number[],
  logRatios: readonly number[],
  starts: readonly number[],
  unitsOf: (pairs: number[], ratios: number[]) => number[],
): number[][] {
  const pairs: number[][] = starts.map(() => []);
  const ratios: number[][] = starts.map(() => []);
  pairNumbers.forEach((p, i) => {
    const r = runnerOf(p, starts);
    pairs[r]!.push(p);
    ratios[r]!.push(logRatios[i]!);
  });
  return starts.map((_, r) => unitsOf(pairs[r]!, ratios[r]!));
}

export interface RunnersInference {
  inference: Inference;
  critical: number;
  spread: RunnerSpread;
}

/**
 * The stratified interval over the runners with at least MIN_RUNNER_UNITS units (undefined when fewer than two
 * runners have), how far they differ, and what more runners would reach.
 */
export function inferRunners(
  perRunner: readonly (readonly number[])[],
  level: number,
  reach: { metric: Metric; threshold: number; floor: number },
): RunnersInference | undefined {
  const usable = perRunner.flatMap((u, i) => (u.length >= MIN_RUNNER_UNITS ? [i] : []));
  if (usable.length < 2) return undefined;
  const r = stratifiedMean(
    usable.map((i) => perRunner[i]!),
    level,
  );
  const apart = mostApart(usable.map((i) => clusterOf(perRunner[i]!)));
  // Variance of one runner's mean, at the runners' mean number of units.
  const within = r.unitVariance / (usable.reduce((s, i) => s + perRunner[i]!.length, 0) / usable.length);
  return {
    inference: { estimate: r.estimate, lower: r.lower, upper: r.upper, p: r.p },
    critical: r.critical,
    spread: {
      // Every runner in order; one with too few units has no change of its own (NaN) and no weight.
      changes: perRunner.map((u) =>
        u.length >= MIN_RUNNER_UNITS ? Math.expm1(clusterOf(u).estimate) : Number.NaN,
      ),
      units: perRunner.map((u) => u.length),
      within,
      between: r.between,
      f: r.f,
      pF: r.pF,
      differ: r.pF < RUNNERS_DIFFER_LEVEL,
      apart: usable[apart.index]!,
      othersChange: Math.expm1(apart.others),
      reach: REACH_RUNNERS.map((runners) => ({
        runners,
        detectable: reachWith(runners, within, level, reach),
      })),
    },
  };
}

/**
 * A two-stage design's runners: how many ran in the first stage (they come first), the combination's weights fixed
 * before the data (from the pairs each stage planned), and whether the second stage confirms a regression the first
 * raised (`confirm`: then the second stage's runners decide alone, since the first's selected itself).
 */
export interface TwoStages {
  first: number;
  weights: [number, number];
  confirm: boolean;
}

type Rule = { metric: Metric; threshold: number; floor: number };

/**
 * The interval of a comparison several runners measured, with its method: the mean change of these runners
 * (stratified); for two stages, the inverse normal combination of the first stage's runner and the second's mean,
 * valid whatever the first stage did or asked; or, confirming, the second stage's runners alone.
 */
export function inferMerged(
  perRunner: readonly (readonly number[])[],
  level: number,
  rule: Rule,
  stages?: TwoStages,
):
  | (Partial<RunnersInference> &
      Pick<RunnersInference, 'inference' | 'critical'> & {
        method: MetricComparison['method'];
      })
  | undefined {
  const all = inferRunners(perRunner, level, rule);
  if (!stages) return all && { ...all, method: 'stratified' };
  const second = perRunner.slice(stages.first);
  if (stages.confirm) {
    const fresh = second.length > 1 ? inferRunners(second, level, rule) : undefined;
    if (fresh) return { ...fresh, spread: { ...fresh.spread, confirmation: true }, method: 'stratified' };
    return second.length === 1 ? inferUnits(second[0]!, level) : undefined;
  }
  const s1 = stageStatistic(perRunner.slice(0, stages.first));
  const s2 = stageStatistic(second);
  if (!(all && s1 && s2)) return all && { ...all, method: 'stratified' };
  return {
    inference: combinationInference(s1, s2, stages.weights, level),
    critical: normalQuantile(1 - level / 2),
    spread: all.spread,
    method: 'combination',
  };
}

/**
 * What merges of 4 and 8 runners like this one would catch, from one runner's interval (its log half-width over its
 * quantile is its estimate's standard error). Undefined without an interval.
 */
export function oneRunnerReach(
  logCi: readonly [number, number],
  critical: number,
  level: number,
  rule: { metric: Metric; threshold: number; floor: number },
): RunnerSpread['reach'] | undefined {
  const se = (logCi[1] - logCi[0]) / 2 / critical;
  if (!(Number.isFinite(se) && se > 0)) return undefined;
  return [4, 8].map((runners) => ({
    runners,
    detectable: reachWith(runners, se * se, level, rule),
  }));
}

/**
 * The smallest change (a magnitude) the rule would catch in about 80% of merges of `runners` runners like these:
 * the mean of their changes, each runner's estimate varying by `within`, the interval about normal at `level`.
 */
function reachWith(
  runners: number,
  within: number,
  level: number,
  rule: { metric: Metric; threshold: number; floor: number },
): number {
  const critical = normalQuantile(1 - level / 2);
  const half = critical * Math.sqrt(within / runners);
  const need = detectableLog(logThreshold(rule.metric, rule.threshold), half, critical, rule.floor);
  return Math.abs(changeOfWorse(rule.metric, need));
}

/** A runner's report as the merge sees it: its rounds, and where it sits among the runners. */
export interface RunnerRounds {
  rounds: readonly Round[];
  restartEvery: number;
}

/**
 * The rounds of several runners as one group's: each runner's pairs moved past the previous runner's (to a whole
 * number of blocks, so no block spans two), and the first pair of each runner.
 */
export function joinRunners(runners: readonly RunnerRounds[]): { rounds: Round[]; starts: number[] } {
  const rounds: Round[] = [];
  const starts: number[] = [];
  let next = 0;
  for (const runner of runners) {
    const block = Math.max(1, runner.restartEvery);
    starts.push(next);
    const offset = next;
    let last = -1;
    for (const round of runner.rounds) {
      rounds.push({ ...round, pair: round.pair + offset });
      last = Math.max(last, round.pair);
    }
    next = offset + Math.ceil((last + 1) / block) * block;
    if (runner.rounds.length === 0) next = offset;
  }
  return { rounds, starts };
}
