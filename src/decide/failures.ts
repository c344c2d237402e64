/**
 * Failed requests of a scenario as one comparison of the family: the exact conditional binomial test of head's
 * failures among all failures, given each side's requests (two-sided), at the family's per-look level. Rare
 * spurious failures on both sides (a reset, a timeout) cannot decide a gate: the test needs about 12 failures on
 * one side and none on the other at the default family's level. Symmetric: base failing where head does not is an
 * improvement. Pure.
 */
import type { ErrorComparison, FailureClasses, ScenarioRule } from '../model/decision.ts';
import { expected, failures } from '../model/derived.ts';
import type { Round, RoundMeasurement } from '../model/measure.ts';
import { conditionalRateTestP } from '../stats/binomial.ts';
import { sequentialP } from '../stats/sequential-boundary.ts';

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

/** The family's view of the test: this look's level (early or not), the comparisons counted, alpha and the looks. */
export interface FailureFamily {
  level: number;
  /** Whether this is one of the schedule's early looks (sequential-boundary.ts); default not. */
  early?: boolean;
  comparisons: number;
  alpha: number;
  looks: readonly number[];
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
  const p = conditionalRateTestP(head.failures, head.requests, base.failures, base.requests);
  const significant = p <= family.level;
  const adjusted = Math.min(1, family.comparisons * sequentialP(p, family.looks, family.early));
  // As for the intervals: p ≤ level ⟺ pAdjusted ≤ alpha, the last bits of floating point set by the level.
  const pAdjusted = significant
    ? Math.min(adjusted, family.alpha)
    : Math.max(adjusted, family.alpha * (1 + 1e-9));
  const headRate = head.requests === 0 ? 0 : head.failures / head.requests;
  const baseRate = base.requests === 0 ? 0 : base.failures / base.requests;
  return {
    scenario: scenario.name,
    baseFailures: base.failures,
    baseResponses: base.requests,
    headFailures: head.failures,
    headResponses: head.requests,
    headStatus: head.classes.statuses,
    classes: { base: base.classes, head: head.classes },
    level: family.level,
    p,
    pAdjusted,
    significant,
    verdict: !significant ? 'no-change' : headRate > baseRate ? 'regression' : 'improvement',
  };
}
