/**
 * What a finished report means for the step and the check run: a failing error fails, and so does a regression
 * unless `fail-on-regression` is off or it was accepted on purpose (publish/accept.ts); a neutral error (base's
 * fault) only warns. Pure.
 */
import type { Report, StepOutcome } from '../model/report.ts';

export type CheckConclusion = 'success' | 'failure' | 'neutral';

export type { StepOutcome };

export function stepOutcome(report: Report, failOnRegression: boolean, accepted = false): StepOutcome {
  if (report.error && !report.error.neutral) return { kind: 'fail', cause: 'error' };
  if (report.verdict === 'regression' && accepted && !report.error) return { kind: 'pass' };
  if (report.verdict === 'regression') {
    return failOnRegression
      ? { kind: 'fail', cause: 'regression' }
      : { kind: 'warn', cause: 'regression-allowed' };
  }
  if (report.error) return { kind: 'warn', cause: 'neutral-error' };
  return { kind: 'pass' };
}

/**
 * The CLI's exit status, from the same rule as the step: 0 where the step passes or warns, 1 where a regression
 * fails it, 2 where an error does.
 */
export function exitStatus(report: Report, failOnRegression: boolean): 0 | 1 | 2 {
  if (stepOutcome(report, failOnRegression).kind !== 'fail') return 0;
  return report.error && !report.error.neutral ? 2 : 1;
}

/** The check run's conclusion: failure where the step fails, neutral where it warns or cannot tell, else success. */
export function checkConclusion(
  report: Report,
  failOnRegression: boolean,
  accepted = false,
): CheckConclusion {
  const outcome = stepOutcome(report, failOnRegression, accepted);
  if (outcome.kind === 'fail') return 'failure';
  if (outcome.kind === 'warn' || report.verdict === 'inconclusive') return 'neutral';
  return 'success';
}
