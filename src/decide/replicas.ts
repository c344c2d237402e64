/**
 * Runners that measured the same scenarios (replicas, and the two stages of a two-stage design), decided as one
 * comparison of the runners measured. Chosen before any data (docs/how-it-decides.md "Many runners"): each
 * runner's own speed cancels in every paired ratio, so what its units (block means, or pairs) carry beyond noise is
 * its change; the merge estimates the mean change of these runners, stratified by runner (src/stats/stratified.ts:
 * the mean of all units, the pooled within-runner variance, t on units − runners degrees of freedom), with no prior.
 * How far the runners' changes differ is the F test of their means; a runner apart is named, not averaged away.
 * Pure.
 */

import type { RunnerSpread } from '../model/decision.ts';
import type { Metric, Round } from '../model/measure.ts';
import { normalQuantile } from '../stats/distributions.ts';
import type { Inference } from '../stats/inference.ts';
import { clusterOf, mostApart } from '../stats/random-effects.ts';
import { stratifiedMean } from '../stats/stratified.ts';
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
