/**
 * The gate's verdict from its decision and its error, for one gate and for merged shards alike: an error makes it
 * inconclusive, unless the decision found a regression anyway. Its headline is rendered from the same three things
 * (report/headline.ts gateHeadline). Pure.
 */

import type { Decision, Verdict } from '../model/decision.ts';
import type { ReportError } from '../model/report.ts';

/** An error as far as the verdict is concerned: a GateError or a ReportError. */
export type FinalError = Pick<ReportError, 'neutral' | 'message'>;

export function finalVerdict(
  decision: Pick<Decision, 'verdict'> | undefined,
  error: FinalError | undefined,
): Verdict {
  const decided = decision?.verdict ?? 'inconclusive';
  return error && decided !== 'regression' ? 'inconclusive' : decided;
}
