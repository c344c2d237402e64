/**
 * `mode: history` in the action: runs the wing's use case (src/history/run-history.ts), then writes the job summary (the
 * history's section, then each gate's own report), sets the outputs, and fails the step on an error of a gate or of
 * the history's push, never on a regression.
 */
import { join } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { loadHistoryLineFiles } from '../config/results.ts';
import type { HistoryGateRun, HistoryGates } from '../history/gates.ts';
import { publishHistory } from '../history/publish-lines.ts';
import { type HistoryHooks, runHistory } from '../history/run-history.ts';
import { reportPath } from '../io/report-json.ts';
import type { Config } from '../model/config.ts';
import type { HistoryRunView } from '../model/history.ts';
import type { Report } from '../model/report.ts';
import { renderMarkdown } from '../publish/markdown.ts';
import { reportHeadline } from '../report/headline.ts';
import { historyRegressionWarning, historySummary } from '../report/history-text.ts';
import { actionGateLog, actionLog } from './log.ts';
import { NO_REPORT, reportOutputs, setOutputs } from './outputs.ts';
import { writeJobSummary } from './publish-report.ts';

/** What the action hands a history run besides its logs. */
export interface HistoryModeHooks extends Omit<HistoryHooks, 'log' | 'gateLog' | 'event'> {
  upload: (report: Report) => Promise<string | undefined>;
}

/** The job summary: the history's section, then each gate's own report. */
async function summarize(view: HistoryRunView, gates: HistoryGates, hooks: HistoryModeHooks): Promise<void> {
  const parts = [historySummary(view)];
  for (const run of [gates.branch, gates.release]) {
    if (!run) continue;
    const url = await hooks.upload(run.report);
    parts.push(renderMarkdown(run.report, url === undefined ? {} : { detailsUrl: url }));
  }
  await writeJobSummary(parts.join('\n'));
}

/** The step's outputs and outcome: it fails on an error of a gate or of the history's push, never on a regression. */
function conclude(config: Config, gates: HistoryGates, pushed: HistoryRunView['pushed']): void {
  const main: HistoryGateRun | undefined = gates.branch ?? gates.release;
  const path = reportPath(gates.branch ? config.outputDir : join(config.outputDir, 'release'));
  setOutputs(main ? reportOutputs(main.report, path) : NO_REPORT);
  const failed = [gates.release, gates.branch].find((run) => run?.report.error && !run.report.error.neutral);
  if (failed) core.setFailed(`perf-gate: ${failed.report.error!.message}`);
  else if (pushed && 'error' in pushed) core.setFailed(`perf-gate: ${pushed.error}`);
  else if (gates.branch?.report.verdict === 'regression')
    core.warning(historyRegressionWarning(reportHeadline(gates.branch.report)));
}

/**
 * `history-job: publish`: the lines the measuring job left, published (history/publish-lines.ts); nothing of the
 * project's runs, and the files are read from `results`. The step fails when nothing could be pushed.
 */
async function publishOnly(config: Config, workspace: string, hooks: HistoryModeHooks): Promise<void> {
  const { eventName: name, payload, sha } = github.context;
  // Nothing runs here to write to the runner's file commands: released before perf-gate writes its own.
  await hooks.settle();
  const files = await loadHistoryLineFiles(config.results, workspace);
  const view = await publishHistory(config, files, {
    log: actionLog,
    event: { name, payload: payload as Record<string, unknown>, sha },
  });
  await writeJobSummary(historySummary(view));
  setOutputs(NO_REPORT);
  if (view.pushed && 'error' in view.pushed) core.setFailed(`perf-gate: ${view.pushed.error}`);
}

/** mode history (see the file's comment). */
export async function runHistoryMode(
  config: Config,
  workspace: string,
  hooks: HistoryModeHooks,
): Promise<void> {
  if (config.historyJob === 'publish') return publishOnly(config, workspace, hooks);
  const { eventName: name, payload, sha } = github.context;
  const { gates, view } = await runHistory(config, workspace, {
    ...hooks,
    log: actionLog,
    gateLog: actionGateLog,
    event: { name, payload: payload as Record<string, unknown>, sha },
  });
  await summarize(view, gates, hooks);
  conclude(config, gates, view.pushed);
}
