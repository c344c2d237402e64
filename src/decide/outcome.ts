/**
 * What a finished report means for the step and the check run: a failing error fails, and so does a regression
 * unless `fail-on-regression` is off; a neutral error (base's fault) only warns. Pure.
 */
import type { Report } from '../model/report.ts';

export type CheckConclusion = 'success' | 'failure' | 'neutral';

export type StepOutcome =
  | { kind: 'fail'; message: string }
  | { kind: 'warn'; message: string }
  | { kind: 'pass' };

export function stepOutcome(report: Report, failOnRegression: boolean): StepOutcome {
  if (report.error && !report.error.neutral) return { kind: 'fail', message: report.error.message };
  if (report.verdict === 'regression') {
    return failOnRegression
      ? { kind: 'fail', message: report.headline }
      : { kind: 'warn', message: `${report.headline} (fail-on-regression is off)` };
  }
  if (report.error) return { kind: 'warn', message: report.headline };
  return { kind: 'pass' };
}

/** The check run's conclusion: failure where the step fails, neutral where it warns or cannot tell, else success. */
export function checkConclusion(report: Report, failOnRegression: boolean): CheckConclusion {
  const outcome = stepOutcome(report, failOnRegression);
  if (outcome.kind === 'fail') return 'failure';
  if (outcome.kind === 'warn' || report.verdict === 'inconclusive') return 'neutral';
  return 'success';
}

/** GitHub accepts check run titles of any reasonable length; ours is the headline, kept to one short line. */
export function checkTitle(report: Report): string {
  const line = report.headline.replace(/\s+/g, ' ').trim();
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}
