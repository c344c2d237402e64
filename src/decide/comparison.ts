/**
 * One tested comparison of the family, from its entry (a scenario's metric of a group, its looks and runners) and the
 * levels the family gives it (src/decide/family.ts): its interval (over its units, or its runners merged), its
 * equivalence interval, p-value, verdict and what the plan would catch. Pure.
 */

import type { MetricComparison } from '../model/decision.ts';
import { excludesZero } from '../stats/inference.ts';
import type { RawComparison } from './compare.ts';
import { adjustedP, type Family } from './family.ts';
import { criticalFor, inferUnits, unitCount, unitOf, unitsOf } from './interval.ts';
import { blockTest, PROCESS_OFFSET_LEVEL } from './process-offsets.ts';
import { inferMerged, oneRunnerReach, type TwoStages, unitsByRunner } from './replicas.ts';
import { classify, clearOfHalf, detectableChange, logWorse, ruleBounds } from './rule.ts';

/** One tested metric of a scenario of a group, before the family is counted. */
export interface Entry {
  raw: RawComparison;
  /** Pairs left out: the scenario was measured right after another that regressed (carry-over.ts). */
  carryOver?: MetricComparison['carryOver'];
  /** Its group's looks (at least one), the pairs it has measured (this look's) and `restart-every`. */
  looks: readonly number[];
  at: number;
  restartEvery: number;
  threshold: number;
  runners: readonly number[] | undefined;
  stages: TwoStages | undefined;
}

/** The blocks of a comparison whose pairs share their processes, shown (they change neither unit nor verdict). */
function processes(entry: Entry): Pick<MetricComparison, 'processes'> {
  const test = blockTest(entry.raw.pairNumbers, entry.raw.logRatios, entry.restartEvery);
  if (test === undefined) return {};
  const { restartEvery } = entry;
  return {
    processes: {
      restartEvery,
      changes: test.changes,
      f: test.f,
      p: test.p,
      differed: test.p < PROCESS_OFFSET_LEVEL,
    },
  };
}

/**
 * The smallest change the gate would catch in 80% of runs at this noise over its whole plan: the interval's
 * standard error projected to the plan's last look (shrinking as 1 / √units, with the quantile it will have there),
 * so that it answers for the budget, not for wherever this look happened to stop (bench/NOTEBOOK.md §20 checks it
 * against the operating characteristic).
 */
function planDetectable(entry: Entry, logCi: readonly [number, number], units: number, f: Family): number {
  const { raw, looks, restartEvery, threshold } = entry;
  const critical = criticalFor(units, f.level);
  const end = looks.length > 1 ? looks[looks.length - 2]! : looks[0]!;
  const endUnits = unitCount(end, restartEvery);
  if (!(endUnits > units) || !Number.isFinite(logCi[0]) || !(critical > 0))
    return detectableChange(raw.metric, logCi, critical, threshold, f.floor);
  // The plan's last look is a full one, whatever this look was.
  const endCritical = criticalFor(endUnits, f.endLevel);
  const half = ((logCi[1] - logCi[0]) / 2 / critical) * Math.sqrt(units / endUnits) * endCritical;
  const centre = (logCi[0] + logCi[1]) / 2;
  return detectableChange(raw.metric, [centre - half, centre + half], endCritical, threshold, f.floor);
}

/** The interval of a comparison: over its runners where several measured it (replicas.ts), else over its units. */
function inferEntry(entry: Entry, units: readonly number[], f: Family) {
  const { logRatios, pairNumbers, metric } = entry.raw;
  if (entry.runners && entry.runners.length > 1) {
    const perRunner = unitsByRunner(pairNumbers, logRatios, entry.runners, (p, r) =>
      unitsOf(p, r, entry.restartEvery),
    );
    const rule = { metric, threshold: entry.threshold, floor: f.floor };
    const merged = inferMerged(perRunner, f.level, rule, entry.stages);
    if (merged) return merged;
  }
  return inferUnits(units, f.level);
}

/** One runner's reach with more runners (none for a merge of runners, or without an interval). */
function oneRunner(
  inferred: ReturnType<typeof inferEntry>,
  logCi: [number, number],
  metric: MetricComparison['metric'],
  threshold: number,
  f: Family,
): Pick<MetricComparison, 'reach'> {
  if (!inferred || inferred.method === 'stratified' || inferred.method === 'combination') return {};
  const reach = oneRunnerReach(logCi, inferred.critical, f.level, { metric, threshold, floor: f.floor });
  return reach ? { reach } : {};
}

/**
 * The interval "no change" is decided on: the comparison's own, at the equivalence side's level (each end a
 * one-sided bound at α/2 over the looks, not shared with the other comparisons); NaN where it cannot be had.
 */
function equivalenceInterval(entry: Entry, units: readonly number[], f: Family): [number, number] {
  const inferred = f.equivalence > 0 ? inferEntry(entry, units, { ...f, level: f.equivalence }) : undefined;
  if (!inferred) return [Number.NaN, Number.NaN];
  return [Math.expm1(inferred.inference.lower), Math.expm1(inferred.inference.upper)];
}

/** The comparison of one entry at its family's levels. */
export function finish(entry: Entry, f: Family): MetricComparison {
  const { logRatios, pairNumbers, ...raw } = entry.raw;
  const { threshold, restartEvery } = entry;
  const units = unitsOf(pairNumbers, logRatios, restartEvery, entry.at);
  const inferred = inferEntry(entry, units, f);
  const nan = Number.NaN;
  const logCi: [number, number] = inferred
    ? [inferred.inference.lower, inferred.inference.upper]
    : [nan, nan];
  const ci: [number, number] = [Math.expm1(logCi[0]), Math.expm1(logCi[1])];
  // One unit so far (a single block) has an estimate but no interval.
  const estimate = inferred?.inference.estimate ?? (units.length === 1 ? units[0]! : nan);
  const change = Math.expm1(estimate);
  const significant = excludesZero(logCi[0], logCi[1]);
  const p = inferred?.inference.p ?? 1;
  const within = equivalenceInterval(entry, units, f);
  const verdict = classify(raw.metric, change, ci, threshold, f.floor, within);
  return {
    ...raw,
    head: raw.base * (1 + change),
    unit: unitOf(restartEvery),
    units: units.length,
    method: inferred?.method ?? 't',
    change,
    ...(inferred && 'spread' in inferred ? { runners: inferred.spread } : processes(entry)),
    ...oneRunner(inferred, logCi, raw.metric, threshold, f),
    threshold,
    bounds: ruleBounds(raw.metric, threshold, f.floor),
    ci,
    level: f.level,
    equivalence: { ci: within, level: f.equivalence, endLevel: f.equivalenceEnd },
    p,
    pAdjusted: adjustedP(p, f, significant),
    significant,
    confirmed: clearOfHalf(raw.metric, verdict, ci, threshold),
    detectable:
      inferred?.method === 'stratified' || inferred?.method === 'combination'
        ? detectableChange(raw.metric, logCi, inferred.critical, threshold, f.floor)
        : planDetectable(entry, logCi, units.length, f),
    worse: logWorse(raw.metric, Math.log1p(change)) > 0,
    verdict,
    ...(entry.carryOver ? { carryOver: entry.carryOver } : {}),
  };
}
