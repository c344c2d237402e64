/**
 * Which scenarios a look settles: every comparison of the scenario decided for good (no change by its own
 * equivalence interval, or a regression or an improvement confirmed, clear of half the threshold) and its failed
 * requests decided too (within the margin, or apart). More pairs could change none of them, so the gate measures
 * the scenario no further and gives its time to the scenarios still open (src/gate/loop.ts). Pure.
 */
import type { Decision, MetricComparison, SettledScenario, Verdict } from '../model/decision.ts';
import type { Round } from '../model/measure.ts';

/**
 * The look a scenario is decided at: its own pairs measured (by `measured`). A scenario settled at an earlier look
 * was measured no further, so it is decided as it was there, at that look's level, in the family as planned; any
 * other scenario at its group's count.
 */
export function lookOf(
  rounds: readonly Round[],
  scenario: string,
  measured: (rounds: readonly Round[]) => number,
): number {
  const own = measured(rounds.filter((r) => r.scenario === scenario));
  return own > 0 ? own : measured(rounds);
}

/** A comparison more pairs would not change. */
function decided(c: MetricComparison): boolean {
  return c.verdict === 'no-change' || (c.verdict !== 'inconclusive' && c.confirmed);
}

/** The verdict of a scenario's comparisons and failed requests: a regression first, then an improvement. */
function verdictOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('regression')) return 'regression';
  if (verdicts.includes('improvement')) return 'improvement';
  return verdicts.every((v) => v === 'no-change') ? 'no-change' : 'inconclusive';
}

/** The scenarios of `open` that this decision, at `pairs` pairs, settles, in their order, with their verdicts. */
export function settledAt(decision: Decision, open: readonly string[], pairs: number): SettledScenario[] {
  const settled: SettledScenario[] = [];
  for (const scenario of open) {
    const comparisons = decision.comparisons.filter((c) => c.scenario === scenario);
    const errors = decision.errors.filter((e) => e.scenario === scenario);
    if (comparisons.length === 0 || !comparisons.every(decided)) continue;
    if (errors.some((e) => e.verdict === 'inconclusive')) continue;
    const verdict = verdictOf([...comparisons, ...errors].map((c) => c.verdict));
    settled.push({ scenario, verdict, pairs });
  }
  return settled;
}

/** The decision without the comparisons and failed requests of `settled` scenarios: what is still open. */
export function openPart(decision: Decision, settled: ReadonlySet<string>): Decision {
  return {
    ...decision,
    comparisons: decision.comparisons.filter((c) => !settled.has(c.scenario)),
    errors: decision.errors.filter((e) => !settled.has(e.scenario)),
  };
}
