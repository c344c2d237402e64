/**
 * The report as Markdown for the comment, the job summary and the check run: src/report writes the words, this
 * computes the numbers they need from the report (medians, the plan's open-loop seconds). Pure.
 */

import { openLoopSec } from '../load/plan.ts';
import type { OpenLoopView, Report, ReportView } from '../model/report.ts';
import { openLoopText } from '../report/notes.ts';
import { type RenderOptions, renderReport } from '../report/render.ts';
import { median } from '../stats/describe.ts';

/** The open-loop load of the rounds, per scenario in settings order; undefined when no round had one. */
export function openLoopView(report: Report): OpenLoopView | undefined {
  const rates: OpenLoopView['rates'] = [];
  let lag = 0;
  for (const { name } of report.settings.scenarios) {
    const paced = report.rounds.flatMap((r) =>
      r.scenario === name && r.measurement.paced ? [r.measurement.paced] : [],
    );
    if (paced.length === 0) continue;
    rates.push({ scenario: name, rate: median(paced.map((p) => p.rate)) });
    lag = Math.max(lag, ...paced.map((p) => p.sendLagP99Ms));
  }
  if (rates.length === 0) return undefined;
  return { sec: openLoopSec(report.settings.durationSec), rates, sendLagP99Ms: lag };
}

export function reportView(report: Report): ReportView {
  return { openLoop: openLoopView(report) };
}

/** The report's line on its open-loop load; '' without open-loop rounds. */
export function openLoopLine(report: Report): string {
  return openLoopText(openLoopView(report));
}

export function renderMarkdown(report: Report, options: RenderOptions = {}): string {
  return renderReport(report, reportView(report), options);
}
