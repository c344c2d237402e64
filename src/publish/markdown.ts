/**
 * The report as Markdown for the comment, the job summary and the check run: src/report writes the words, this
 * computes the numbers they need from the report (medians, the plan's open-loop seconds). Pure.
 */

import { openLoopSec } from '../load/plan.ts';
import { metricValue } from '../model/derived.ts';
import type { MeasuredMedians, OpenLoopView, Report, ReportView } from '../model/report.ts';
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

/** Each comparison's medians of base's and head's rounds, as measured. */
export function measuredMedians(report: Report): MeasuredMedians[] {
  return (report.decision?.comparisons ?? []).map(({ scenario, metric }) => {
    const of = (side: 'base' | 'head'): number => {
      const values = report.rounds
        .filter((r) => r.scenario === scenario && r.side === side)
        .map((r) => metricValue(r.measurement, metric))
        .filter(Number.isFinite);
      return values.length === 0 ? Number.NaN : median(values);
    };
    return { scenario, metric, base: of('base'), head: of('head') };
  });
}

export function reportView(report: Report): ReportView {
  return { openLoop: openLoopView(report), medians: measuredMedians(report) };
}

/** The report's line on its open-loop load; '' without open-loop rounds. */
export function openLoopLine(report: Report): string {
  return openLoopText(openLoopView(report));
}

export function renderMarkdown(report: Report, options: RenderOptions = {}): string {
  return renderReport(report, reportView(report), options);
}
