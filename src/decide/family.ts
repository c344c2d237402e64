/**
 * The levels one comparison of a family is decided at, worked out in one place from the design: its regression
 * interval's (simultaneous over the family's comparisons, Bonferroni, and the looks counted exactly, boundary.ts),
 * at this look and at the plan's last, and its equivalence interval's (its own two one-sided tests at alpha / 2,
 * not shared among the comparisons: src/stats/equivalence-boundary.ts); a scenario's failed requests alike; and
 * a two-stage design's share for each stage. Nothing else divides, shares or spends alpha (docs/how-it-decides.md).
 * Pure.
 */
import { equivalenceLevel } from '../stats/equivalence-boundary.ts';
import { isEarlyLook, lookLevel } from '../stats/sequential-boundary.ts';
import { designP, levelAt } from './boundary.ts';
import type { FailureFamily } from './failures.ts';
import { REGRESSION_FLOOR } from './rule.ts';

/**
 * What the family says about one comparison: this look's level and its sequential p-value (an early look's level is
 * a small share of the full looks', a t look's a share solved for t), the level of the plan's last look, the
 * equivalence interval's two-sided level here and at the last look, the comparisons' count, alpha and the floor.
 */
export interface Family {
  level: number;
  endLevel: number;
  equivalence: number;
  equivalenceEnd: number;
  sequential: (p: number) => number;
  comparisons: number;
  alpha: number;
  floor: number;
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

/** The alpha one comparison's regression test spends over all its looks: its decision's, shared by the family. */
export function comparisonAlpha(alpha: number, comparisons: number, stages: Stages = 1): number {
  return decisionAlpha(alpha, stages) / comparisons;
}

/** The design of one comparison: the gate's alpha and stages, the family's size, its looks, this look, the blocks. */
export interface ComparisonDesign {
  alpha: number;
  stages?: Stages | undefined;
  comparisons: number;
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
  const alpha = comparisonAlpha(d.alpha, d.comparisons, d.stages);
  const { looks, at, restartEvery } = d;
  // "No change" is every comparison's own equivalence (intersection–union): alpha / 2 a side, not shared.
  const side = decided / 2;
  return {
    level: levelAt(alpha, looks, at, restartEvery),
    endLevel: levelAt(alpha, looks, endOf(looks), restartEvery),
    equivalence: 2 * equivalenceLevel(side, looks, at),
    equivalenceEnd: 2 * equivalenceLevel(side, looks, looks[looks.length - 1]!),
    sequential: (p) => designP(p, alpha, looks, at, restartEvery),
    comparisons: d.comparisons,
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
    level: lookLevel(comparisonAlpha(d.alpha, d.comparisons, d.stages), looks, at),
    early: isEarlyLook(at, looks),
    comparisons: d.comparisons,
    alpha: decided,
    looks,
    restartEvery: d.restartEvery,
    equivalence: equivalenceLevel(decided / 2, looks, at),
  };
}

/**
 * The p-value adjusted for the family: the comparisons' count × the sequential p-value, which is at most alpha
 * exactly when the interval leaves out 0 (in the last bits of floating point, the interval decides).
 */
export function adjustedP(p: number, f: Family, significant: boolean): number {
  const adjusted = Math.min(1, f.comparisons * f.sequential(p));
  return significant ? Math.min(adjusted, f.alpha) : Math.max(adjusted, f.alpha * (1 + 1e-9));
}
