/**
 * Replicas and two stages in the decision code (bench/NOTEBOOK.md §28, docs/how-it-decides.md "Many runners"):
 * gates of N runners, each runner 3 minutes of the default plan, merged as `mode: report` merges them.
 *
 *   npx node bench/replicas.ts [gates=2000] [threshold=0.01] [seed=1] [only=<part of a design's name>]
 *
 * The model, per runner: its true change is log(1 − slower) + N(0, spread²) (the runner-to-runner spread of the
 * change: 0, 0.5 or 1%); its units are the block means of the default design (`restart-every` 2, a pair 6 s, so 30
 * pairs and 15 blocks in 180 s), each block mean = the runner's change + the block's process offset N(0, offset²) +
 * the mean of its 2 pairs' N(0, sd²). Quiet hour: sd 3%, offset 1.5%; busy: sd 6%, offset 3% (bench/NOTEBOOK.md §23).
 * Each runner is taken at its budget's end (a runner of several measures its whole budget, src/gate/loop.ts). One
 * runner: its own interval (src/decide/interval.ts) at the per-look level of all its planned looks and 3 comparisons
 * (req/s, p99, failed requests); several: the merge's mean change of these runners, stratified by runner
 * (src/decide/replicas.ts), at one look, alpha / 3. Beside it, Hartung-Knapp's t on runners − 1 df (the estimand of
 * "the average runner") and `pooled`, all units as one runner's (the runner ignored). "Misses" is the share of merged
 * intervals that leave out their estimand, the mean of the runners' own changes, against the level they promise.
 *
 * Two stages: one runner at alpha / 2; when it needs more (src/decide/needs-more.ts: inconclusive leaning worse
 * beyond half the threshold, or a regression whose interval reaches inside the threshold), N more runners, and the
 * merge at alpha / 2: the inverse normal combination of the first runner and the N (src/stats/combination.ts).
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { inferUnits } from '../src/decide/interval.ts';
import { comparisonNeedsMore } from '../src/decide/needs-more.ts';
import { inferMerged, type TwoStages } from '../src/decide/replicas.ts';
import { classify, REGRESSION_FLOOR } from '../src/decide/rule.ts';
import { plannedLooks } from '../src/gate/measurement-plan.ts';
import type { Verdict } from '../src/model/decision.ts';
import { stageWeights } from '../src/stats/combination.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { clusterOf, randomEffects } from '../src/stats/random-effects.ts';
import { perLookLevel } from '../src/stats/sequential-boundary.ts';
import { gaussian, keyValues, machineLine } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const GATES = Number(options.gates ?? 2000);
const THRESHOLD = Number(options.threshold ?? 0.01);
const SEED = Number(options.seed ?? 1);
const ONLY = options.only ?? '';
const ALPHA = 0.05;
const COMPARISONS = 3;
const BUDGET_SEC = 180;
const PAIR_SEC = 4.5 + 3 / DEFAULT_RESTART_EVERY;
const { schedule } = plannedLooks(BUDGET_SEC, PAIR_SEC, undefined);
const PAIRS = Math.floor(BUDGET_SEC / PAIR_SEC);
const UNITS = Math.floor(PAIRS / DEFAULT_RESTART_EVERY);

interface Noise {
  name: string;
  sd: number;
  offset: number;
}
const NOISES: Noise[] = [
  { name: 'quiet (3% per pair, 1.5% per process pair)', sd: 0.03, offset: 0.015 },
  { name: 'busy (6% per pair, 3% per process pair)', sd: 0.06, offset: 0.03 },
];
const SPREADS = [0, 0.005, 0.01, 0.02];
const RUNNERS = [1, 2, 4, 8];
const GRID = Array.from({ length: 40 }, (_, i) => 0.0025 * (i + 2));

/** One runner: its own true change and its block means. */
interface Runner {
  own: number;
  units: number[];
}

function runnerUnits(random: () => number, noise: Noise, change: number, spread: number): Runner {
  const own = change + spread * gaussian(random);
  const blockSd = Math.sqrt(noise.sd ** 2 / DEFAULT_RESTART_EVERY + noise.offset ** 2);
  return { own, units: Array.from({ length: UNITS }, () => own + blockSd * gaussian(random)) };
}

const rule = { metric: 'rps' as const, threshold: THRESHOLD, floor: REGRESSION_FLOOR };

interface Outcome {
  verdict: Verdict;
  /** Whether more runners are needed (as needs-more says), and whether the interval left out `estimand` (log). */
  more: boolean;
  missed: boolean;
  /** A regression although the runners decided on were, on average, not slower (their estimand ≥ 0). */
  wrong: boolean;
}

function outcome(estimate: number, lower: number, upper: number, estimand: number): Outcome {
  const ci: [number, number] = [Math.expm1(lower), Math.expm1(upper)];
  const change = Math.expm1(estimate);
  const verdict = classify('rps', change, ci, THRESHOLD);
  return {
    verdict,
    more: comparisonNeedsMore({ verdict, metric: 'rps', change, ci, threshold: THRESHOLD }),
    missed: lower > estimand || upper < estimand,
    wrong: verdict === 'regression' && estimand >= 0,
  };
}

/** The mean of the runners' own changes: what the merge estimates. */
function estimandOf(perRunner: readonly Runner[]): number {
  return perRunner.reduce((s, r) => s + r.own, 0) / perRunner.length;
}

type Method = 'stratified' | 'hartung-knapp' | 'pooled';

/**
 * The decision over these runners' units at `alpha`: one runner's own interval over its looks, else at one look the
 * merge's mean of these runners (`stratified`), Hartung-Knapp's t on runners − 1 df, or all units pooled as one
 * runner's (the runner ignored).
 */
function decideRunners(
  runners: Runner[],
  alpha: number,
  method: Method = 'stratified',
  stages?: TwoStages,
): Outcome {
  const perRunner = runners.map((r) => r.units);
  const estimand = estimandOf(runners);
  if (perRunner.length === 1) {
    const i = inferUnits(perRunner[0]!, perLookLevel(alpha / COMPARISONS, schedule))!.inference;
    return outcome(i.estimate, i.lower, i.upper, estimand);
  }
  const level = alpha / COMPARISONS;
  if (method === 'pooled') {
    const i = inferUnits(perRunner.flat(), level)!.inference;
    return outcome(i.estimate, i.lower, i.upper, estimand);
  }
  const r =
    method === 'stratified'
      ? inferMerged(perRunner, level, rule, stages)!.inference
      : randomEffects(perRunner.map(clusterOf), level);
  return outcome(r.estimate, r.lower, r.upper, estimand);
}

type Design = { name: string; runners: number; method?: Method; twoStage?: number };

/** One gate of a design: its verdict and the runners it used. */
function gate(random: () => number, design: Design, noise: Noise, slower: number, spread: number) {
  const change = Math.log(1 - slower);
  const draw = (n: number) => Array.from({ length: n }, () => runnerUnits(random, noise, change, spread));
  if (design.twoStage === undefined) {
    const o = decideRunners(draw(design.runners), ALPHA, design.method);
    return { ...o, runners: design.runners };
  }
  const first = draw(1);
  const one = decideRunners(first, ALPHA / 2);
  if (!one.more) return { ...one, runners: 1 };
  const all = [...first, ...draw(design.twoStage)];
  // The merge combines the two stages by the inverse normal method, weights from the pairs each planned.
  const stages = { first: 1, weights: stageWeights(1, design.twoStage), confirm: false };
  return { ...decideRunners(all, ALPHA / 2, 'stratified', stages), runners: 1 + design.twoStage };
}

/** Share of gates failing (regression) and mean runners at a true slowdown. */
function rate(design: Design, noise: Noise, slower: number, spread: number, seed: number) {
  const random = mulberry32(seed);
  let fails = 0;
  let runners = 0;
  let missed = 0;
  let wrong = 0;
  for (let g = 0; g < GATES; g++) {
    const r = gate(random, design, noise, slower, spread);
    if (r.verdict === 'regression') fails++;
    if (r.missed) missed++;
    if (r.wrong) wrong++;
    runners += r.runners;
  }
  return { fails: fails / GATES, runners: runners / GATES, missed: missed / GATES, wrong: wrong / GATES };
}

/** The smallest slowdown of the grid caught in at least 80% of gates (bisection: more slowdown, more caught). */
function smallestCaught(design: Design, noise: Noise, spread: number): number {
  const caught = (i: number) => rate(design, noise, GRID[i]!, spread, SEED + 7).fails >= 0.8;
  if (!caught(GRID.length - 1)) return Number.NaN;
  let lo = -1;
  let hi = GRID.length - 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (caught(mid)) hi = mid;
    else lo = mid;
  }
  return GRID[hi]!;
}

const pct = (x: number, digits = 1) =>
  Number.isFinite(x) ? `${(x * 100).toFixed(digits)}%` : `> ${GRID.at(-1)! * 100}%`;

const DESIGNS: Design[] = [
  ...RUNNERS.map((n) => ({ name: `${n} runner${n > 1 ? 's' : ''}`, runners: n })),
  { name: '4 runners, Hartung-Knapp (t on 3 df)', runners: 4, method: 'hartung-knapp' },
  { name: '8 runners, Hartung-Knapp (t on 7 df)', runners: 8, method: 'hartung-knapp' },
  { name: '4 runners pooled (runner ignored)', runners: 4, method: 'pooled' },
  { name: 'two stages: 1, then 3 more', runners: 1, twoStage: 3 },
  { name: 'two stages: 1, then 7 more', runners: 1, twoStage: 7 },
];

console.log(`# ${machineLine()}; ${GATES} gates per point, threshold ${pct(THRESHOLD)}, alpha ${ALPHA}`);
console.log(
  `# a runner: ${PAIRS} pairs, ${UNITS} units (blocks of ${DEFAULT_RESTART_EVERY}), looks ${schedule.join(', ')}`,
);
for (const noise of NOISES) {
  console.log(`\n## ${noise.name}\n`);
  console.log(
    '| design | spread of the change between runners | A/A fails | of which the runners decided on were not slower | half the threshold fails | interval misses its estimand (A/A) | smallest change caught in ≥ 80% | mean runners (A/A; at that change) | runner-minutes of measuring (A/A) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const design of DESIGNS.filter((d) => d.name.includes(ONLY))) {
    for (const spread of SPREADS) {
      const aa = rate(design, noise, 0, spread, SEED);
      const half = rate(design, noise, THRESHOLD / 2, spread, SEED + 3);
      const caught = smallestCaught(design, noise, spread);
      const at = Number.isFinite(caught) ? rate(design, noise, caught, spread, SEED + 7).runners : Number.NaN;
      console.log(
        `| ${design.name} | ${pct(spread)} | ${pct(aa.fails, 2)} | ${pct(aa.wrong, 2)} | ${pct(half.fails, 2)} | ${pct(aa.missed, 2)} | ${pct(caught, 2)} | ${aa.runners.toFixed(2)}; ${Number.isFinite(at) ? at.toFixed(2) : 'n/a'} | ${(aa.runners * 3).toFixed(1)} |`,
      );
    }
  }
}
