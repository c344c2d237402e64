/**
 * The gate's verdict and headline from its decision and its error, for one gate and for merged shards alike: an
 * error makes it inconclusive, unless another shard regressed anyway. Pure.
 */

import type { Decision, Verdict } from '../model/decision.ts';
import type { ReportError } from '../model/report.ts';
import { errorHeadline, NO_ROUNDS_HEADLINE } from '../report/headline.ts';

/** An error as far as the verdict is concerned: a GateError or a ReportError. */
export type FinalError = Pick<ReportError, 'neutral' | 'message'>;

export function finalVerdict(
  decision: Pick<Decision, 'verdict' | 'headline'> | undefined,
  error: FinalError | undefined,
): { verdict: Verdict; headline: string } {
  const decided = decision?.verdict ?? 'inconclusive';
  const verdict = error && decided !== 'regression' ? 'inconclusive' : decided;
  const headline =
    error && (!error.neutral || verdict !== 'regression')
      ? errorHeadline(error)
      : (decision?.headline ?? NO_ROUNDS_HEADLINE);
  return { verdict, headline };
}
