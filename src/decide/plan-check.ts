/**
 * Whether a plan can resolve anything, before measuring: from the family (scenarios × tested comparisons), alpha,
 * the unit and the units the budget buys, the level every interval must reach, whether any can leave out 0 at all,
 * the smallest change of req/s it would catch at a given noise, and what to set where it falls short (a longer
 * budget, fewer scenarios per gate, another `restart-every`). The gate calls it with a projected pair cost before
 * measuring and again after the first pair with the measured one; report/ words it. Pure.
 */

import type { PlanAdvice, PlanCheck } from '../model/decision.ts';
import { confirmationPairs, earlyLookPoints, planLooks } from '../stats/look-schedule.ts';
import { perLookLevel } from '../stats/sequential-boundary.ts';
import { type Compared, comparisonAlpha, type Stages, weightsOf } from './family.ts';
import { criticalFor, methodFor, unitCount, unitOf } from './interval.ts';
import { changeOfWorse, detectableLog, logThreshold } from './rule.ts';

/**
 * The per-pair noise of req/s a plan is judged at when none was measured: 3%, a middling hour on a shared runner
 * (bench/NOTEBOOK.md §14 and §20).
 */
export const PLAN_NOISE = 0.03;

/** A plan resolves its threshold when it would catch twice the threshold in 80% of gates. */
export const RESOLVE_MULTIPLE = 2;

export type { PlanAdvice, PlanCheck };

/** What the gate plans to measure. */
export interface Design {
  /** Scenarios decided together (all shards' when this gate is one shard of several). */
  scenarios: number;
  restartEvery: number;
}

export interface PlanInput extends Design {
  /**
   * Tested comparisons per scenario, each at its weight in the family: req/s, p99 and failed requests, plus p99 at a
   * fixed rate, CPU per request and memory where measured.
   */
  perScenario: readonly Compared[];
  alpha: number;
  /** 2 for a stage of a two-stage design (it spends its share of alpha: src/decide/family.ts). */
  stages?: Stages | undefined;
  /** Runners whose budgets one merge decides on, once (`replica` count); default 1: this gate decides itself. */
  runners?: number | undefined;
  /** req/s threshold (the smallest change that matters). */
  threshold: number;
  /** Measuring time before the last planned look, in seconds. */
  budgetSec: number;
  /** A fixed number of pairs (one look); undefined: adaptive looks within the budget. */
  fixedPairs?: number;
  /** Mean seconds a pair costs in a design (the gate's cost model, or the first pair's measured cost). */
  pairSec: (design: Design) => number;
  /** Per-pair sd of the req/s log ratio to judge at; default PLAN_NOISE. */
  noise?: number;
}

/**
 * The looks and level of a design with `pairs` pairs in the budget: exact (perLookLevel), or, when searching for
 * advice, `lookFactor` × the comparison's alpha with the current plan's cost of its looks (the exact level of every
 * candidate would take seconds; the advice is checked exactly at the end).
 */
function schedule(
  input: PlanInput,
  design: Design,
  weights: number,
  pairs: number,
  lookFactor?: number,
): { looks: number[]; level: number } {
  // Runners merged are decided once, on every pair each measured (src/decide/merge.ts).
  const once = input.fixedPairs !== undefined || (input.runners ?? 1) > 1;
  const planned = once
    ? [input.fixedPairs ?? pairs]
    : [...earlyLookPoints(pairs, design.restartEvery), ...planLooks(pairs)];
  const last = planned[planned.length - 1]!;
  const looks = once ? planned : [...planned, last + confirmationPairs(last)];
  const bonferroni = comparisonAlpha(input.alpha, weights, input.stages);
  return {
    looks,
    level: lookFactor === undefined ? perLookLevel(bonferroni, looks) : lookFactor * bonferroni,
  };
}

/** The smallest req/s drop caught in 80% of gates with `pairs` pairs at the last look of a design. */
function detectableAt(input: PlanInput, design: Design, pairs: number, level: number, noise: number): number {
  const units = unitCount(pairs, design.restartEvery) * (input.runners ?? 1);
  const critical = criticalFor(units, level);
  if (!(critical > 0)) return Number.NaN;
  // A block's mean of R pairs has sd noise / √R when its processes run alike (offsets widen it further).
  const perUnit = unitOf(design.restartEvery) === 'blocks' ? noise / Math.sqrt(design.restartEvery) : noise;
  const half = (critical * perUnit) / Math.sqrt(units);
  return Math.abs(changeOfWorse('rps', detectableLog(logThreshold('rps', input.threshold), half, critical)));
}

/** Pairs a design's budget buys, and what it would catch there (the level exact, or as `schedule` says). */
function evaluate(input: PlanInput, design: Design, budgetSec: number, noise: number, lookFactor?: number) {
  const comparisons = design.scenarios * input.perScenario.length;
  const weights = design.scenarios * weightsOf(input.perScenario);
  const pairs = input.fixedPairs ?? Math.max(0, Math.floor(budgetSec / input.pairSec(design)));
  const { looks, level } = schedule(input, design, weights, Math.max(2, pairs), lookFactor);
  const lastPairs = input.fixedPairs ?? (looks.length > 1 ? looks[looks.length - 2]! : looks[0]!);
  return {
    comparisons,
    weights,
    looks,
    level,
    pairs: lastPairs,
    detectable: detectableAt(input, design, lastPairs, level, noise),
  };
}

const resolvesAt = (input: PlanInput, detectable: number): boolean =>
  detectable <= RESOLVE_MULTIPLE * input.threshold;

/** The search's view: whether a design resolves within a budget, approximately or exactly. */
type Fits = (design: Design, budgetSec: number, exact?: boolean) => boolean;

/** The least budget (whole seconds) with which a design resolves: doubling, bisecting, then checked exactly. */
function neededBudget(fits: Fits, design: Design, budgetSec: number): number | undefined {
  let high = budgetSec;
  while (!fits(design, high)) {
    high *= 2;
    if (high > 64 * budgetSec) return undefined;
  }
  let low = high / 2;
  while (high - low > 1) {
    const mid = (low + high) / 2;
    if (fits(design, mid)) high = mid;
    else low = mid;
  }
  for (let i = 0; i < 20 && !fits(design, high, true); i++) high *= 1.05;
  return Math.ceil(high);
}

function advise(input: PlanInput, noise: number, level: number, weights: number): PlanAdvice | undefined {
  if (input.fixedPairs !== undefined) return undefined;
  const lookFactor = level / comparisonAlpha(input.alpha, weights, input.stages);
  const fits: Fits = (design, sec, exact = false) =>
    resolvesAt(input, evaluate(input, design, sec, noise, exact ? undefined : lookFactor).detectable);
  const budgetSec = neededBudget(fits, input, input.budgetSec);
  const options = [1, 2, 4]
    .filter((value) => value !== input.restartEvery)
    .map((value) => ({
      value,
      budgetSec: neededBudget(fits, { ...input, restartEvery: value }, input.budgetSec),
    }))
    .filter((o): o is { value: number; budgetSec: number } => o.budgetSec !== undefined)
    .sort((a, b) => a.budgetSec - b.budgetSec);
  let scenariosPerGate = input.scenarios;
  while (scenariosPerGate > 0 && !fits({ ...input, scenarios: scenariosPerGate }, input.budgetSec))
    scenariosPerGate--;
  while (scenariosPerGate > 0 && !fits({ ...input, scenarios: scenariosPerGate }, input.budgetSec, true))
    scenariosPerGate--;
  const better = options[0];
  return {
    ...(budgetSec === undefined ? {} : { budgetSec }),
    ...(better === undefined || (budgetSec !== undefined && better.budgetSec >= budgetSec)
      ? {}
      : { restartEvery: better }),
    scenariosPerGate,
  };
}

/** Whether a plan can resolve anything, and what to set where it cannot resolve its threshold. */
export function planCheck(input: PlanInput): PlanCheck {
  const noise = input.noise ?? PLAN_NOISE;
  const { comparisons, weights, looks, level, pairs, detectable } = evaluate(
    input,
    input,
    input.budgetSec,
    noise,
  );
  const runners = input.runners ?? 1;
  const units = unitCount(pairs, input.restartEvery) * runners;
  const resolves = resolvesAt(input, detectable);
  const advice = resolves ? undefined : advise(input, noise, level, weights);
  return {
    comparisons,
    level,
    looks,
    runners,
    unit: unitOf(input.restartEvery),
    pairs,
    units,
    method: methodFor(units, level),
    noise,
    threshold: input.threshold,
    canDecide: units >= 2,
    detectable,
    resolves,
    ...(advice === undefined ? {} : { advice }),
  };
}
