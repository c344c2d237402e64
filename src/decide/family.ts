/**
 * The levels one comparison of a family is decided at, worked out in one place from the design: its regression
 * interval's (simultaneous over the family's comparisons, a weighted Bonferroni, and the looks counted exactly,
 * boundary.ts),
 * at this look and at the plan's last, and its equivalence interval's (its own two one-sided tests at alpha / 2,
 * not shared among the comparisons: src/stats/equivalence-boundary.ts); a scenario's failed requests alike; and
 * a two-stage design's share for each stage. Nothing else divides, shares or spends alpha (docs/how-it-decides.md).
 * Pure.
 */

import type { Metric } from '../model/measure.ts';
import { equivalenceLevel } from '../stats/equivalence-boundary.ts';
import { lookLevel } from '../stats/sequential-boundary.ts';
import { designP, levelAt } from './boundary.ts';
import { REGRESSION_FLOOR } from './rule.ts';

/**
 * Each comparison's weight in the family (a weighted Bonferroni: its regression test spends alpha × its weight / the
 * family's), fixed before the data. The three comparisons every scenario has share three whole shares, so that req/s
 * (or CPU per request) spends at most a third of alpha in a one-scenario family and a change of half the threshold
 * fails at most alpha / 6 of gates: req/s 1; failed requests a quarter (decided by their counts more than by the
 * level, and at a whole share a process's own failure rate raised A/A false alarms to 1.3%); latency p99 the rest,
 * 1.75. The memory comparisons (a third as noisy against their thresholds, and catching 2% at a tenth of a share) a
 * tenth (bench/NOTEBOOK.md §49, §55).
 */
const WEIGHTS: Readonly<Record<Compared, number>> = {
  rps: 1,
  cpu: 1,
  p50: 1,
  p99: 1.75,
  p99open: 1.75,
  failures: 0.25,
  alloc: 0.1,
  gc: 0.1,
  leak: 0.1,
};

/** What a comparison of a scenario compares: a metric, its failed requests, or the leak test. */
export type Compared = Metric | 'failures' | 'leak';

/** A comparison's weight in the family. */
export function weightOf(metric: Compared): number {
  return WEIGHTS[metric];
}

/** A family's total weight: its comparisons' weights summed. */
export function weightsOf(compared: readonly Compared[]): number {
  return compared.reduce((w, c) => w + weightOf(c), 0);
}

/**
 * What the family says about one comparison: this look's level and its sequential p-value (a look's level is its
 * share of the last look's, sequential-boundary.ts; a t look's a share of that solved for t), the level of the plan's last look, the
 * equivalence interval's two-sided level here and at the last look, its p-value's Bonferroni multiplier, alpha and
 * the floor.
 */
export interface Family {
  level: number;
  endLevel: number;
  equivalence: number;
  equivalenceEnd: number;
  sequential: (p: number) => number;
  /** The family's weight over this comparison's: the comparisons' count when all weigh alike. */
  multiplier: number;
  alpha: number;
  floor: number;
}

/**
 * The family's view of a scenario's failed requests (src/decide/failures.ts): this look's level and pairs, its
 * p-value's multiplier, alpha and the looks.
 */
export interface FailureFamily {
  level: number;
  /** This look's pairs, which give its share of the level (sequential-boundary.ts); default a look at the whole. */
  at?: number;
  /** The family's weight over this test's. */
  multiplier: number;
  alpha: number;
  looks: readonly number[];
  /** Pairs that share their processes (the unit: blocks from 2, else pairs); default 0. */
  restartEvery?: number;
  /** The one-sided level of each bound of the equivalence test at this look (0: this look cannot say no change). */
  equivalence: number;
}

/** A one-stage design (1), or a stage of a two-stage one (2). */
export type Stages = 1 | 2;

/** The stages of the design a gate's `stage` input (1, 2 or none) belongs to. */
export function stagesOf(stage: 1 | 2 | undefined): Stages {
  return stage === undefined ? 1 : 2;
}

/**
 * The alpha one decision spends: the gate's, or a stage's half of it in a two-stage design (Bonferroni over the
 * stages: the first runner and the merge may each decide, whatever the other found; docs/replicas.md).
 */
export function decisionAlpha(alpha: number, stages: Stages = 1): number {
  return alpha / stages;
}

/**
 * The alpha one comparison's regression test spends over all its looks: its decision's, shared by the family in
 * proportion to the weights (`weights`, the family's total; `weight`, this comparison's).
 */
export function comparisonAlpha(alpha: number, weights: number, stages: Stages = 1, weight = 1): number {
  return (decisionAlpha(alpha, stages) * weight) / weights;
}

/**
 * The design of one comparison: the gate's alpha and stages, the family's total weight (its comparisons' count when
 * all weigh 1) and this comparison's weight (default 1), its looks, this look, the blocks.
 */
export interface ComparisonDesign {
  alpha: number;
  stages?: Stages | undefined;
  weights: number;
  weight?: number | undefined;
  looks: readonly number[];
  at: number;
  restartEvery: number;
  floor?: number | undefined;
}

/** The plan's last look before confirmation. */
function endOf(looks: readonly number[]): number {
  return looks.length > 1 ? looks[looks.length - 2]! : looks[0]!;
}

export function familyOf(d: ComparisonDesign): Family {
  const decided = decisionAlpha(d.alpha, d.stages);
  const alpha = comparisonAlpha(d.alpha, d.weights, d.stages, d.weight);
  const { looks, at, restartEvery } = d;
  // "No change" is every comparison's own equivalence (intersection–union): alpha / 2 a side, not shared.
  const side = decided / 2;
  return {
    level: levelAt(alpha, looks, at, restartEvery),
    endLevel: levelAt(alpha, looks, endOf(looks), restartEvery),
    equivalence: 2 * equivalenceLevel(side, looks, at),
    equivalenceEnd: 2 * equivalenceLevel(side, looks, looks[looks.length - 1]!),
    sequential: (p) => designP(p, alpha, looks, at, restartEvery),
    multiplier: multiplierOf(d),
    alpha: decided,
    floor: d.floor ?? REGRESSION_FLOOR,
  };
}

/**
 * The levels of a scenario's failed requests: their own test at the boundary's level (no t share: the exact
 * conditional test is no t interval), and their equivalence bounds at the comparisons' one-sided level.
 */
export function failureFamilyOf(d: ComparisonDesign): FailureFamily {
  const { looks, at } = d;
  const decided = decisionAlpha(d.alpha, d.stages);
  return {
    level: lookLevel(comparisonAlpha(d.alpha, d.weights, d.stages, d.weight), looks, at),
    at,
    multiplier: multiplierOf(d),
    alpha: decided,
    looks,
    restartEvery: d.restartEvery,
    equivalence: equivalenceLevel(decided / 2, looks, at),
  };
}

function multiplierOf(d: Pick<ComparisonDesign, 'weights' | 'weight'>): number {
  return d.weights / (d.weight ?? 1);
}

/**
 * The p-value adjusted for the family: the multiplier × the sequential p-value, which is at most alpha
 * exactly when the interval leaves out 0 (in the last bits of floating point, the interval decides).
 */
export function adjustedP(p: number, f: Family, significant: boolean): number {
  return familyP(f.sequential(p), f.multiplier, f.alpha, significant);
}

/** A sequential p-value times its multiplier, on the side of alpha that `significant` says (failures' test too). */
export function familyP(sequential: number, multiplier: number, alpha: number, significant: boolean): number {
  const adjusted = Math.min(1, multiplier * sequential);
  return significant ? Math.min(adjusted, alpha) : Math.max(adjusted, alpha * (1 + 1e-9));
}
