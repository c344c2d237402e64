/**
 * Whether more runners could settle what this gate could not (the `needs-more` output, which starts the second
 * stage of a two-stage design): a comparison still open on the worse side, either inconclusive with its estimate
 * beyond half the threshold on the worse side (a regression is plausible and unsettled), or a regression whose
 * interval still reaches inside the threshold (near it: more data could take it back, or confirm it). An
 * inconclusive comparison that leans the better way, or barely moved, could not fail the pull request whatever more
 * runners found, so it does not pay for them (one runner is inconclusive on most unchanged pull requests: asking for
 * more there would make every pull request pay for the second stage, bench/NOTEBOOK.md §28). A gate that ended with
 * an error, or whose failed requests are a regression, needs no more. Each stage's own test is at alpha / 2, so this
 * rule may look at the data: whatever it decides, a false alarm at either stage is within alpha. Pure.
 */
import type { MetricComparison } from '../model/decision.ts';
import type { Report } from '../model/report.ts';
import { logThreshold, logWorse, REGRESSION_FLOOR } from './rule.ts';

/** Whether one comparison is still open on the worse side (see above). */
export function comparisonNeedsMore(
  c: Pick<MetricComparison, 'verdict' | 'metric' | 'change' | 'ci' | 'threshold'>,
): boolean {
  const tau = logThreshold(c.metric, c.threshold);
  if (c.verdict === 'inconclusive') return logWorse(c.metric, Math.log1p(c.change)) >= REGRESSION_FLOOR * tau;
  if (c.verdict !== 'regression') return false;
  const ends = c.ci.map((x) => logWorse(c.metric, Math.log1p(x)));
  return Math.min(...ends) < tau;
}

/** With `confirm`, any regression of a first stage asks for more runners too: fresh ones confirm it before it fails. */
export function needsMore(
  report: Pick<Report, 'error' | 'decision' | 'verdict' | 'replica'>,
  options: { confirm?: boolean | undefined } = {},
): boolean {
  const { decision } = report;
  if (report.error !== undefined || decision === undefined) return false;
  if (options.confirm && report.verdict === 'regression' && report.replica?.stage === 1) return true;
  if (decision.errors.some((e) => e.verdict === 'regression')) return false;
  return decision.comparisons.some(comparisonNeedsMore);
}
