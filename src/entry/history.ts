/**
 * `mode: history` in the action: read the history branch (before anything runs, so that a token problem fails in
 * seconds, not after the measuring), run the gates (src/gate/history.ts), append their lines with the charts and
 * pages to the branch, open, update or close the creep alerts, and write the job summary and outputs.
 */
import { join } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { privilegedForkProblem } from '../config/event.ts';
import { historyBranchProblem } from '../config/history-inputs.ts';
import { creepMarker, creepPlan } from '../decide/creep.ts';
import { formatLine, linesOfFiles, monthFile, seriesOf } from '../decide/history.ts';
import { chartFile, historyCharts } from '../decide/history-chart.ts';
import { type GateRun, type HistoryGates, runHistoryGates } from '../gate/history.ts';
import type { GateHooks } from '../gate/run.ts';
import { GateError } from '../io/errors.ts';
import { headCommit, repositoryRoot } from '../io/git.ts';
import { type HistoryFiles, type HistoryRemote, HistoryStore } from '../io/history-branch.ts';
import { originUrl, perfGateVersion, runnerFacts } from '../io/releases.ts';
import { reportPath } from '../io/report-json.ts';
import type { Config } from '../model/config.ts';
import type { AlertDone, CreepAction, HistoryLine, HistoryRunView } from '../model/history.ts';
import type { Report } from '../model/report.ts';
import {
  closeIssue,
  findCreepIssues,
  type IssueTarget,
  openIssue,
  updateIssue,
} from '../publish/creep-issues.ts';
import { gitHubClient, type Octokit } from '../publish/github.ts';
import { renderMarkdown } from '../publish/markdown.ts';
import { type CreepLinks, creepBody, creepClosing, creepTitle } from '../report/creep-text.ts';
import { reportHeadline } from '../report/headline.ts';
import { historySvg } from '../report/history-chart.ts';
import { branchReadme, historyPage } from '../report/history-page.ts';
import {
  alertLog,
  alertWarning,
  historyReadLog,
  historyRegressionWarning,
  historyRetryLog,
  historySkippedLog,
  historySummary,
  historyWrittenLog,
} from '../report/history-text.ts';
import { actionGateLog, actionLog, info } from './log.ts';
import { NO_REPORT, reportOutputs, setOutputs } from './outputs.ts';
import { writeJobSummary } from './publish.ts';

/** What the action hands a history run: a look at the gate in progress, and the artifact upload. */
export interface HistoryHooks extends GateHooks {
  upload: (report: Report) => Promise<string | undefined>;
  /** Called once the gates are done: stops what they left running and puts back the runner's file commands. */
  settle: () => Promise<void>;
}

/** Where links lead: the repository on GitHub and the history branch in it. */
interface Site {
  server: string;
  repository: string;
  branch: string;
}

function siteOf(config: Config): Site {
  return {
    server: (process.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    repository: process.env.GITHUB_REPOSITORY || 'owner/repo',
    branch: config.historyBranch,
  };
}

function fileUrl(site: Site, kind: 'blob' | 'raw' | 'tree', file = ''): string {
  const branch = site.branch.split('/').map(encodeURIComponent).join('/');
  return `${site.server}/${site.repository}/${kind}/${branch}${file === '' ? '' : `/${file}`}`;
}

function creepLinks(site: Site, file: string): CreepLinks {
  return {
    image: fileUrl(site, 'raw', file),
    chart: fileUrl(site, 'blob', file),
    page: fileUrl(site, 'tree'),
    compare: (from, to) => `${site.server}/${site.repository}/compare/${from}...${to}`,
  };
}

/** The branch a push or a schedule ran on: GITHUB_REF's branch, else the checkout's. */
function branchOf(fallback: string): string {
  const ref = process.env.GITHUB_REF ?? '';
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : fallback;
}

/** The files a run writes: its lines appended to their month files, the charts, index.html and README.md. */
function historyFiles(current: HistoryFiles, added: readonly HistoryLine[], site: Site) {
  const files = new Map<string, string>();
  for (const line of added) {
    const path = monthFile(line.date);
    const before = files.get(path) ?? current.files.get(path) ?? '';
    files.set(path, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${formatLine(line)}`);
  }
  const read = linesOfFiles(current.files);
  const all = [...read.lines, ...added];
  const charts = historyCharts(all);
  for (const chart of charts) files.set(chart.file, historySvg(chart));
  const facts = {
    repository: site.repository,
    date: new Date().toISOString(),
    perfGate: perfGateVersion(),
    runs: all.length,
    skipped: read.skipped,
  };
  files.set('index.html', historyPage(charts, facts));
  files.set('README.md', branchReadme(charts, facts));
  files.set('.nojekyll', '');
  return { files, all };
}

/** Appends the lines; returns the history as pushed (or the error why nothing was). */
async function writeHistory(
  store: HistoryStore,
  added: readonly HistoryLine[],
  site: Site,
  message: string,
): Promise<{ pushed: HistoryRunView['pushed']; all: HistoryLine[] }> {
  let all: HistoryLine[] = [];
  try {
    const { commit, attempts } = await store.append(
      (current) => {
        const made = historyFiles(current, added, site);
        all = made.all;
        return made.files;
      },
      message,
      {
        onRetry: (attempt) => info(historyRetryLog(attempt)),
      },
    );
    info(historyWrittenLog(site.branch, commit, attempts));
    return { pushed: { commit }, all };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof GateError && error.output) actionLog.output(error.output);
    return { pushed: { error: text }, all };
  }
}

/** Carries out one alert action; returns what was done. */
async function act(
  octokit: Octokit,
  target: IssueTarget,
  action: CreepAction,
  site: Site,
): Promise<AlertDone> {
  const { state } = action;
  const links = creepLinks(site, chartFile(state.series, state.ref, state.scenario));
  const scenario = state.scenario;
  if (action.kind === 'close') {
    const url = await closeIssue(
      octokit,
      target,
      action.issue,
      creepClosing(state, action.reason, action.newRelease),
    );
    return { kind: 'closed', scenario, number: action.issue, url };
  }
  const title = creepTitle(state);
  const body = creepBody(creepMarker(state), state, links);
  if (action.kind === 'update') {
    const url = await updateIssue(octokit, target, action.issue, title, body);
    return { kind: 'updated', scenario, number: action.issue, url };
  }
  const made = await openIssue(octokit, target, title, body);
  return { kind: 'opened', scenario, number: made.number, url: made.url };
}

/** Opens, updates and closes the alerts after the branch's run; a failure is a warning (the history stands). */
async function alert(
  config: Config,
  site: Site,
  all: readonly HistoryLine[],
  latest: HistoryLine,
): Promise<AlertDone[]> {
  if (!config.token) {
    core.warning(alertWarning(undefined));
    return [];
  }
  const [owner = '', repo = ''] = site.repository.split('/');
  const target = { owner, repo };
  const done: AlertDone[] = [];
  try {
    const octokit = gitHubClient(config.token, { onRetry: info });
    const open = await findCreepIssues(octokit, target);
    for (const action of creepPlan(all, latest, open)) {
      const result = await act(octokit, target, action, site);
      info(alertLog(result.scenario, result.kind, result.url));
      done.push(result);
    }
  } catch (error) {
    core.warning(alertWarning(error instanceof Error ? error.message : String(error)));
  }
  return done;
}

/** The job summary: the history's section, then each gate's own report. */
async function summarize(view: HistoryRunView, gates: HistoryGates, hooks: HistoryHooks): Promise<void> {
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
  const main: GateRun | undefined = gates.branch ?? gates.release;
  const path = reportPath(gates.branch ? config.outputDir : join(config.outputDir, 'release'));
  setOutputs(main ? reportOutputs(main.report, path) : NO_REPORT);
  const failed = [gates.release, gates.branch].find((run) => run?.report.error && !run.report.error.neutral);
  if (failed) core.setFailed(`perf-gate: ${failed.report.error!.message}`);
  else if (pushed && 'error' in pushed) core.setFailed(`perf-gate: ${pushed.error}`);
  else if (gates.branch?.report.verdict === 'regression')
    core.warning(historyRegressionWarning(reportHeadline(gates.branch.report)));
}

/** The history's lines before the gates, read in a store of its own that is gone before any project code runs. */
async function readBefore(remote: HistoryRemote): Promise<HistoryLine[]> {
  const store = await HistoryStore.open(remote, process.env.RUNNER_TEMP || undefined);
  try {
    const read = linesOfFiles((await store.read()).files);
    if (read.bad.length > 0) info(historySkippedLog(read.bad));
    return read.lines;
  } finally {
    await store.close();
  }
}

/** The default branch, as the event names it. */
function defaultBranch(): string | undefined {
  const repository = github.context.payload.repository as { default_branch?: unknown } | undefined;
  return typeof repository?.default_branch === 'string' ? repository.default_branch : undefined;
}

/** mode history (see the file's comment). */
export async function runHistoryMode(config: Config, workspace: string, hooks: HistoryHooks): Promise<void> {
  const root = await repositoryRoot(workspace);
  const head = await headCommit(root);
  const ref = branchOf(head.label);
  // The same guard as a gate's: history mode runs the checked-out code too, with a write token.
  const privileged = privilegedForkProblem(github.context.eventName, github.context.payload, {
    head: head.sha,
    eventSha: github.context.sha,
  });
  if (privileged) throw new GateError('config', privileged);
  const problem = historyBranchProblem(config.historyBranch, { defaultBranch: defaultBranch(), ref });
  if (problem) throw new GateError('config', problem);
  const site = siteOf(config);
  const remote: HistoryRemote = {
    url: await originUrl(root),
    branch: config.historyBranch,
    token: config.token,
    serverUrl: site.server,
  };
  const before = await readBefore(remote);
  info(historyReadLog(config.historyBranch, before.length));
  const series = seriesOf(config.workingDirectory);
  const runId = process.env.GITHUB_RUN_ID;
  const gates = await runHistoryGates({
    config,
    root,
    head,
    ref,
    log: actionGateLog,
    history: before,
    facts: {
      series,
      runner: runnerFacts(),
      perfGate: perfGateVersion(),
      run: runId ? `${site.server}/${site.repository}/actions/runs/${runId}` : undefined,
    },
    hooks,
  });
  const added = [gates.release?.line, gates.branch?.line].filter((l): l is HistoryLine => l !== undefined);
  const message = `perf-gate history: ${ref} ${head.sha.slice(0, 7)} against ${gates.base.tag}`;
  await hooks.settle();
  // The store that gets the token is made now, after the gates, in a new directory: nothing the measured code
  // could have planted is in it, and git runs no hook there (io/history-branch.ts).
  const written =
    added.length > 0 ? await writeAfter(remote, added, site, message) : { pushed: undefined, all: before };
  const alerts =
    gates.branch && written.pushed && 'commit' in written.pushed
      ? await alert(config, site, written.all, gates.branch.line)
      : [];
  const charts = historyCharts(written.all)
    .filter((c) => c.ref === ref && c.series === series)
    .map((chart) => ({ chart, url: fileUrl(site, 'blob', chart.file) }));
  const view: HistoryRunView = {
    ref,
    head: head.sha,
    release: gates.base.tag,
    branchRun: gates.branch?.line,
    releaseRun: gates.release?.line,
    skipped: gates.skipped,
    charts,
    pageUrl: fileUrl(site, 'tree'),
    historyBranch: config.historyBranch,
    pushed: written.pushed,
    alerts,
  };
  await summarize(view, gates, hooks);
  conclude(config, gates, written.pushed);
}

/** Appends the lines from a store made for it. */
async function writeAfter(
  remote: HistoryRemote,
  added: readonly HistoryLine[],
  site: Site,
  message: string,
): Promise<{ pushed: HistoryRunView['pushed']; all: HistoryLine[] }> {
  const store = await HistoryStore.open(remote, process.env.RUNNER_TEMP || undefined);
  try {
    return await writeHistory(store, added, site, message);
  } finally {
    await store.close();
  }
}
