/** The step's outputs, set in this one place: every output at once, each '' when this run has no value for it. */
import * as core from '@actions/core';
import { needsMore } from '../decide/needs-more.ts';
import type { Report } from '../model/report.ts';
import { reportHeadline } from '../report/headline.ts';
import { memoryOutput } from '../report/memory-text.ts';
import { changeOutput, headlineComparison } from '../report/outputs.ts';

export interface StepOutputs {
  verdict: string;
  /** Path of report.json; '' when none was written. */
  report: string;
  headline: string;
  /** The change the headline names (`-11.5%`). */
  change: string;
  /** What regressed in memory: `allocation`, `leak`, both (comma-separated), or ''. */
  memory: string;
  'comment-url': string;
  'check-run-url': string;
  /** `true` when more runners could settle what this run could not (a second stage). */
  'needs-more': string;
  /** `true` when the pull request accepted the regression (the label, or a line of the description). */
  accepted: string;
  'base-sha': string;
  'head-sha': string;
}

/** The outputs a report gives, before anything is published (the URLs are added as they are known). */
export function reportOutputs(
  report: Report,
  path: string,
  options: { confirm?: boolean } = {},
): StepOutputs {
  return {
    verdict: report.verdict,
    report: path,
    headline: reportHeadline(report),
    change: changeOutput(headlineComparison(report.decision)?.change),
    memory: memoryOutput(report.decision),
    'comment-url': '',
    'check-run-url': '',
    'needs-more': String(needsMore(report, options)),
    accepted: 'false',
    'base-sha': report.base.sha,
    'head-sha': report.head.sha,
  };
}

/** The outputs of a run that ended before it had a report (a bad input, say). */
export const NO_REPORT: StepOutputs = {
  verdict: 'inconclusive',
  report: '',
  headline: '',
  change: '',
  memory: '',
  'comment-url': '',
  'check-run-url': '',
  'needs-more': 'false',
  accepted: 'false',
  'base-sha': '',
  'head-sha': '',
};

/** Sets every output. */
export function setOutputs(outputs: StepOutputs): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}
