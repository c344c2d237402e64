/**
 * Failed requests of a scenario as one comparison of the family, tested at the design's unit (a block of pairs
 * that share their processes, else a pair): each side's failures per unit, their dispersion between the units
 * (src/stats/overdispersion.ts), and the exact conditional binomial test of head's failures among all, given each
 * side's requests, on the counts ÷ that dispersion (two-sided), at the family's per-look level. A stall that times
 * out every connection at once, or a process that fails more than its twin for life, counts as one unit's worth;
 * failures that repeat unit after unit count in full. Symmetric: base failing where head does not is an
 * improvement. Pure.
 */
import type { ErrorComparison, FailureClasses, ScenarioRule } from '../model/decision.ts';
import { expected, failures } from '../model/derived.ts';
import type { Round, RoundMeasurement } from '../model/measure.ts';
import { overdispersedRateTest, type UnitCounts } from '../stats/overdispersion.ts';
import { poissonLower, poissonUpper } from '../stats/poisson-bounds.ts';
import { sequentialP } from '../stats/sequential-boundary.ts';
import { type FailureFamily, familyP } from './family.ts';
import { unitOf } from './interval.ts';

/** A side's failed requests, requests and failure classes over the pairs. */
interface SideFailures {
  failures: number;
  requests: number;
  classes: FailureClasses;
}

function emptySide(): SideFailures {
  return { failures: 0, requests: 0, classes: { timeouts: 0, connectionErrors: 0, statuses: {} } };
}

function add(side: SideFailures, m: RoundMeasurement, expectStatus: number | undefined): void {
  side.failures += failures(m, expectStatus);
  side.requests += m.responses + m.errors + m.timeouts;
  side.classes.timeouts += m.timeouts;
  side.classes.connectionErrors += m.errors;
  for (const [code, count] of Object.entries(m.statusCodes)) {
    if (!expected(code, expectStatus))
      side.classes.statuses[code] = (side.classes.statuses[code] ?? 0) + count;
  }
}

/**
 * How far head's failure rate may lie from base's for "no change": one request in a thousand. A service that fails
 * that many more is broken for somebody, and a smaller margin would leave a scenario of 100 req/s unable to show it
 * in three minutes (no failures in 4,400 requests bound the rate at 0.1%).
 */
export const FAILURE_MARGIN = 0.001;

/**
 * Bounds on head's failure rate minus base's, each at one-sided `level` (each side's exact Poisson bound at half
 * of it), on the counts and requests ÷ the dispersion; unbounded without requests on a side or a level.
 */
function rateDifference(
  head: SideFailures,
  base: SideFailures,
  dispersion: number,
  level: number,
): [number, number] {
  if (!(level > 0 && head.requests > 0 && base.requests > 0)) return [-Infinity, Infinity];
  const tail = level / 2;
  const rate = (side: SideFailures, bound: typeof poissonUpper) =>
    bound(side.failures / dispersion, tail) / (side.requests / dispersion);
  return [
    rate(head, poissonLower) - rate(base, poissonUpper),
    rate(head, poissonUpper) - rate(base, poissonLower),
  ];
}

/** Each side's failures and requests per unit of the design, units in order. */
function perUnit(
  pairs: readonly { base: Round; head: Round }[],
  restartEvery: number,
  expectStatus: number | undefined,
): { base: UnitCounts; head: UnitCounts } {
  const blocks = unitOf(restartEvery) === 'blocks';
  const units = new Map<number, { base: SideFailures; head: SideFailures }>();
  for (const pair of pairs) {
    const key = blocks ? Math.floor(pair.base.pair / restartEvery) : pair.base.pair;
    const unit = units.get(key) ?? { base: emptySide(), head: emptySide() };
    add(unit.base, pair.base.measurement, expectStatus);
    add(unit.head, pair.head.measurement, expectStatus);
    units.set(key, unit);
  }
  const ordered = [...units].sort((a, b) => a[0] - b[0]).map(([, unit]) => unit);
  const side = (s: 'base' | 'head'): UnitCounts => ({
    events: ordered.map((u) => u[s].failures),
    exposures: ordered.map((u) => u[s].requests),
  });
  return { base: side('base'), head: side('head') };
}

/** The failed requests of one scenario's pairs, tested within the family. */
export function compareFailures(
  scenario: ScenarioRule,
  pairs: readonly { base: Round; head: Round }[],
  family: FailureFamily,
): ErrorComparison {
  const base = emptySide();
  const head = emptySide();
  for (const pair of pairs) {
    add(base, pair.base.measurement, scenario.expectStatus);
    add(head, pair.head.measurement, scenario.expectStatus);
  }
  const units = perUnit(pairs, family.restartEvery ?? 0, scenario.expectStatus);
  const test = overdispersedRateTest(units.head, units.base);
  const p = test.p;
  const significant = p <= family.level;
  const sequential = sequentialP(p, family.looks, family.at);
  const pAdjusted = familyP(sequential, family.multiplier, family.alpha, significant);
  const headRate = head.requests === 0 ? 0 : head.failures / head.requests;
  const baseRate = base.requests === 0 ? 0 : base.failures / base.requests;
  const within = rateDifference(head, base, test.dispersion, family.equivalence);
  const equivalent = within[0] >= -FAILURE_MARGIN && within[1] <= FAILURE_MARGIN;
  return {
    scenario: scenario.name,
    baseFailures: base.failures,
    baseResponses: base.requests,
    headFailures: head.failures,
    headResponses: head.requests,
    headStatus: head.classes.statuses,
    classes: { base: base.classes, head: head.classes },
    unit: unitOf(family.restartEvery ?? 0),
    units: units.head.events.length,
    incidents: {
      base: units.base.events.filter((n) => n > 0).length,
      head: units.head.events.filter((n) => n > 0).length,
    },
    dispersion: test.dispersion,
    level: family.level,
    p,
    pAdjusted,
    significant,
    within,
    margin: FAILURE_MARGIN,
    verdict: significant
      ? headRate > baseRate
        ? 'regression'
        : 'improvement'
      : equivalent
        ? 'no-change'
        : 'inconclusive',
  };
}
