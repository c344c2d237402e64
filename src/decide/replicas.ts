/**
 * Runners that measured the same scenarios (replicas, and the two stages of a two-stage design), decided as one
 * comparison with the runner as a cluster. Chosen before any data (docs/how-it-decides.md "Many runners"): each
 * runner's units (its block means, or pairs) give its estimate (their mean) and that estimate's variance; the
 * runners are combined by a random-effects meta-analysis whose between-runner spread τ has a half-normal prior of
 * scale 1% (src/stats/random-effects.ts: 2 to 8 runners cannot estimate τ, and Hartung-Knapp's t on runners − 1 df
 * would cost 4 runners more than they buy, bench/RESULTS.md §28), at the family's per-look level. A runner whose
 * change differs is named (Cochran's Q below 1%), not averaged away. Pure.
 */

import type { RunnerSpread } from '../model/decision.ts';
import type { Metric, Round } from '../model/measure.ts';
import { normalQuantile } from '../stats/distributions.ts';
import type { Inference } from '../stats/inference.ts';
import { clusterOf, halfNormalRandomEffects, mostApart } from '../stats/random-effects.ts';
import { changeOfWorse, detectableLog, logThreshold } from './rule.ts';

/** Runners differ when Cochran's Q has p below this (fixed before the data, as the process blocks' 1%). */
const RUNNERS_DIFFER_LEVEL = 0.01;

/** Scale of the half-normal prior on the runner-to-runner spread of a change (log ratio): 1%. */
export const RUNNER_SPREAD_PRIOR = 0.01;

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
 * The random-effects interval over the runners with at least two units (undefined when fewer than two runners
 * have), their spread, Q, and what more runners would reach.
 */
export function inferRunners(
  perRunner: readonly (readonly number[])[],
  level: number,
  reach: { metric: Metric; threshold: number; floor: number },
): RunnersInference | undefined {
  const usable = perRunner.flatMap((u, i) => (u.length >= 2 ? [i] : []));
  if (usable.length < 2) return undefined;
  const clusters = usable.map((i) => clusterOf(perRunner[i]!));
  const r = halfNormalRandomEffects(clusters, level, RUNNER_SPREAD_PRIOR);
  const apart = mostApart(clusters);
  return {
    inference: { estimate: r.estimate, lower: r.lower, upper: r.upper, p: r.p },
    critical: r.critical,
    spread: {
      // Every runner in order; one with fewer than two units has no change of its own (NaN) and no weight.
      changes: perRunner.map((u) => (u.length >= 2 ? Math.expm1(clusterOf(u).estimate) : Number.NaN)),
      units: perRunner.map((u) => u.length),
      within: r.within,
      between: r.tau2,
      q: r.q,
      pQ: r.pQ,
      differ: r.pQ < RUNNERS_DIFFER_LEVEL,
      apart: usable[apart.index]!,
      othersChange: Math.expm1(apart.others),
      reach: REACH_RUNNERS.map((runners) => ({
        runners,
        detectable: reachWith(runners, r.within, r.tau2, level, reach),
      })),
    },
  };
}

/**
 * What merges of 4 and 8 runners like this one would catch, from one runner's interval (its log half-width over its
 * quantile is its estimate's standard error); the spread between runners, which one runner cannot see, taken as the
 * prior's scale. Undefined without an interval.
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
    detectable: reachWith(runners, se * se, RUNNER_SPREAD_PRIOR ** 2, level, rule),
  }));
}

/**
 * The smallest change (a magnitude) the rule would catch in about 80% of merges of `runners` runners like these:
 * each runner's estimate varies by `within` + `between`, the interval about normal at `level`.
 */
function reachWith(
  runners: number,
  within: number,
  between: number,
  level: number,
  rule: { metric: Metric; threshold: number; floor: number },
): number {
  const critical = normalQuantile(1 - level / 2);
  const half = critical * Math.sqrt((within + between) / runners);
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
