/**
 * The step's outputs that are words or figures of the report: the change the headline names, whether the pull request
 * accepted it. Pure.
 */

import type { Decision, MetricComparison } from '../model/decision.ts';
import type { Acceptance, Report } from '../model/report.ts';
import { leadingChange } from './headline.ts';

/**
 * The comparison the headline speaks of: the worst regression, else the largest improvement, else the first
 * req/s comparison; undefined when nothing was compared (or the verdict came from failed requests).
 */
export function headlineComparison(decision: Decision | undefined): MetricComparison | undefined {
  if (!decision) return undefined;
  const cs = decision.comparisons;
  if (decision.verdict === 'regression') {
    if (decision.errors.some((e) => e.verdict === 'regression')) return undefined;
    return leadingChange(cs.filter((c) => c.verdict === 'regression'));
  }
  if (decision.verdict === 'improvement') return leadingChange(cs.filter((c) => c.verdict === 'improvement'));
  return cs.find((c) => c.metric === 'rps') ?? cs[0];
}

/**
 * A change for machines (the `change` output, the comment's history): ASCII, signed, one decimal, `-11.5%`,
 * `+0.3%`, `0.0%`; '' when not finite.
 */
export function changeOutput(change: number | undefined): string {
  if (change === undefined || !Number.isFinite(change)) return '';
  const text = (Math.abs(change) * 100).toFixed(1);
  if (text === '0.0') return '0.0%';
  return `${change < 0 ? '-' : '+'}${text}%`;
}

/** Whether the pull request accepted this report's regression (an error is never accepted). */
export function isAccepted(report: Report, accepted: Acceptance | undefined): accepted is Acceptance {
  return accepted !== undefined && report.verdict === 'regression' && report.error === undefined;
}

/** The `accepted` output: `true` when the pull request accepted this report's regression (label or description). */
export function acceptedOutput(report: Report, accepted: Acceptance | undefined): 'true' | 'false' {
  return isAccepted(report, accepted) ? 'true' : 'false';
}
