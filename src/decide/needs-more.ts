/**
 * Whether more runners could settle what this gate could not (the `needs-more` output, which starts the second
 * stage of a two-stage design): an inconclusive verdict, or a regression whose interval still reaches inside the
 * threshold (near it: more data could take it back to "no change" or confirm it). A gate that ended with an error,
 * a clear regression, an improvement or no change needs no more. Pure.
 */
import type { MetricComparison } from '../model/decision.ts';
import type { Report } from '../model/report.ts';
import { logThreshold, logWorse } from './rule.ts';

/** A regression whose interval's near end lies inside the threshold. */
function nearThreshold(c: MetricComparison): boolean {
  if (c.verdict !== 'regression') return false;
  const ends = c.ci.map((x) => logWorse(c.metric, Math.log1p(x)));
  return Math.min(...ends) < logThreshold(c.metric, c.threshold);
}

export function needsMore(report: Report): boolean {
  const { decision } = report;
  if (report.error !== undefined || decision === undefined) return false;
  if (report.verdict === 'inconclusive') return true;
  if (report.verdict !== 'regression') return false;
  if (decision.errors.some((e) => e.verdict === 'regression')) return false;
  return decision.comparisons.some(nearThreshold);
}
