/**
 * Two Poisson-like rates compared when events come in bursts or each unit has a rate of its own (quasi-Poisson):
 * the dispersion φ is Pearson's χ² of each side's per-unit counts around that side's own rate, over its degrees of
 * freedom, pooled over the sides that had events; the conditional binomial test is then run on the counts ÷ φ (the
 * events worth one independent event each). A burst of 10 in one unit makes φ about 10, so it weighs as one
 * event; a rate steady over the units keeps φ at 1 and the exact test as it was. Pure.
 */
import { conditionalRateTestP } from './binomial.ts';
import { studentTSf } from './distributions.ts';

/** One side's events and exposure (requests) per unit. */
export interface UnitCounts {
  events: readonly number[];
  exposures: readonly number[];
}

export interface OverdispersedTest {
  /** Two-sided p-value; 1 below two units with exposure on both sides. */
  p: number;
  /** The dispersion the counts were divided by (at least 1). */
  dispersion: number;
  /** Its degrees of freedom (0: not estimated). */
  df: number;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Pearson's χ² of one side's counts around its own rate, and its degrees of freedom (0 without events). */
function pearson(side: UnitCounts): { chi2: number; df: number } {
  const events = sum(side.events);
  const exposure = sum(side.exposures);
  if (events === 0 || exposure <= 0) return { chi2: 0, df: 0 };
  const rate = events / exposure;
  let chi2 = 0;
  let units = 0;
  side.exposures.forEach((e, i) => {
    if (!(e > 0)) return;
    const expected = rate * e;
    chi2 += (side.events[i]! - expected) ** 2 / expected;
    units++;
  });
  return { chi2, df: units - 1 };
}

/** The pooled dispersion of both sides' counts (at least 1), with its degrees of freedom. */
export function dispersionOf(head: UnitCounts, base: UnitCounts): { dispersion: number; df: number } {
  const h = pearson(head);
  const b = pearson(base);
  const df = h.df + b.df;
  return { dispersion: df > 0 ? Math.max(1, (h.chi2 + b.chi2) / df) : 1, df };
}

/**
 * The quasi-Poisson score test: head's events against their expected share of all, in standard errors scaled by
 * the dispersion, on Student's t with the dispersion's degrees of freedom (an estimate from a few units can come
 * out small by chance; 1 without any).
 */
function quasiT(
  headEvents: number,
  total: number,
  head: UnitCounts,
  base: UnitCounts,
  dispersion: number,
  df: number,
): number {
  if (total === 0 || df < 1) return total === 0 ? 1 : 0;
  const share = sum(head.exposures) / (sum(head.exposures) + sum(base.exposures));
  const t = (headEvents - total * share) / Math.sqrt(dispersion * total * share * (1 - share));
  return Math.min(1, 2 * studentTSf(Math.abs(t), df));
}

/** Units with exposure on a side. */
const unitsOf = (side: UnitCounts): number => side.exposures.filter((e) => e > 0).length;

/**
 * The conditional test of head's events among all, on the counts ÷ the dispersion (rounded down in all, head's
 * share kept); p = 1 below two units a side, where a burst cannot be told from a rate.
 */
export function overdispersedRateTest(head: UnitCounts, base: UnitCounts): OverdispersedTest {
  if (unitsOf(head) < 2 || unitsOf(base) < 2) return { p: 1, dispersion: 1, df: 0 };
  const { dispersion, df } = dispersionOf(head, base);
  const headEvents = sum(head.events);
  const total = headEvents + sum(base.events);
  const effective = Math.floor(total / dispersion + 1e-9);
  const headEffective = total === 0 ? 0 : Math.round((effective * headEvents) / total);
  const exact = conditionalRateTestP(
    headEffective,
    sum(head.exposures),
    effective - headEffective,
    sum(base.exposures),
  );
  return { p: Math.max(exact, quasiT(headEvents, total, head, base, dispersion, df)), dispersion, df };
}
