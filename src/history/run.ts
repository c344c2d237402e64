/**
 * `mode: history`, its use case: read the history branch (before anything runs, so that a token problem fails in
 * seconds, not after the measuring), run the gates (gates.ts), append their lines with the charts and pages to the
 * branch, and open, update or close the creep alerts. Returns what happened; entry/history-mode.ts writes the job
 * summary and outputs and decides the step's outcome.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { privilegedForkProblem } from '../config/event.ts';
import { historyBranchProblem } from '../config/history-inputs.ts';
import type { GateHooks } from '../gate/run.ts';
import { GateError } from '../io/errors.ts';
import { headCommit, repositoryRoot } from '../io/git.ts';
import type { Config } from '../model/config.ts';
import { errorMessage } from '../model/errors.ts';
import {
  type AlertDone,
  type CreepAction,
  HISTORY_LINES_FILE,
  type HistoryLine,
  type HistoryRunView,
} from '../model/history.ts';
import type { GateLog, TextLog } from '../model/notes.ts';
import { gitHubClient, type Octokit } from '../publish/github.ts';
import { type CreepLinks, creepBody, creepClosing, creepTitle } from '../report/creep-text.ts';
import { historySvg } from '../report/history-chart.ts';
import { branchReadme, historyPage } from '../report/history-page.ts';
import {
  alertLog,
  alertWarning,
  historyHandedOverLog,
  historyReadLog,
  historyRetryLog,
  historySkippedLog,
  historyWrittenLog,
} from '../report/history-text.ts';
import { type HistoryFiles, type HistoryRemote, HistoryStore } from './branch-store.ts';
import { chartFile, historyCharts } from './chart.ts';
import { creepMarker, creepPlan } from './creep.ts';
import { closeIssue, findCreepIssues, type IssueTarget, openIssue, updateIssue } from './creep-issues.ts';
import { type HistoryGates, runHistoryGates } from './gates.ts';
import { formatLine, linesOfFiles, monthFile, seriesOf } from './lines.ts';
import { originUrl, perfGateVersion, runnerFacts } from './repo-tags.ts';

/** What the action hands a history run: a look at the gate in progress, its logs, and what settles the gates. */
export interface HistoryHooks extends GateHooks {
  /** Called once the gates are done: stops what they left running and puts back the runner's file commands. */
  settle: () => Promise<void>;
  log: TextLog;
  gateLog: GateLog;
  /** The event that started the run (github.context's name, payload and sha). */
  event: { name: string; payload: Record<string, unknown>; sha: string };
}

/** What a history run did: the gates it ran and the history's view of them (pushed, alerts, charts). */
export interface HistoryRun {
  gates: HistoryGates;
  view: HistoryRunView;
}

/** Where links lead: the repository on GitHub and the history branch in it. */
export interface Site {
  server: string;
  repository: string;
  branch: string;
}

export function siteOf(config: Config): Site {
  return {
    server: (process.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    repository: process.env.GITHUB_REPOSITORY || 'owner/repo',
    branch: config.historyBranch,
  };
}

export function fileUrl(site: Site, kind: 'blob' | 'raw' | 'tree', file = ''): string {
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
export function branchOf(fallback: string): string {
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
  log: TextLog,
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
        onRetry: (attempt) => log.info(historyRetryLog(attempt)),
      },
    );
    log.info(historyWrittenLog(site.branch, commit, attempts));
    return { pushed: { commit }, all };
  } catch (error) {
    const text = errorMessage(error);
    if (error instanceof GateError && error.output) log.output(error.output);
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
export async function alert(
  log: TextLog,
  config: Config,
  site: Site,
  all: readonly HistoryLine[],
  latest: HistoryLine,
): Promise<AlertDone[]> {
  if (!config.token) {
    log.warning(alertWarning(undefined));
    return [];
  }
  const [owner = '', repo = ''] = site.repository.split('/');
  const target = { owner, repo };
  const done: AlertDone[] = [];
  try {
    const octokit = gitHubClient(config.token, { onRetry: (text) => log.info(text) });
    const open = await findCreepIssues(octokit, target);
    for (const action of creepPlan(all, latest, open)) {
      const result = await act(octokit, target, action, site);
      log.info(alertLog(result.scenario, result.kind, result.url));
      done.push(result);
    }
  } catch (error) {
    log.warning(alertWarning(errorMessage(error)));
  }
  return done;
}

/** The history's lines before the gates, read in a store of its own that is gone before any project code runs. */
async function readBefore(log: TextLog, remote: HistoryRemote): Promise<HistoryLine[]> {
  const store = await HistoryStore.open(remote, process.env.RUNNER_TEMP || undefined);
  try {
    const read = linesOfFiles((await store.read()).files);
    if (read.bad.length > 0) log.info(historySkippedLog(read.bad));
    return read.lines;
  } finally {
    await store.close();
  }
}

/** Appends the lines from a store made for it, after the gates (branch-store.ts). */
export async function writeAfter(
  log: TextLog,
  remote: HistoryRemote,
  added: readonly HistoryLine[],
  site: Site,
  message: string,
): Promise<{ pushed: HistoryRunView['pushed']; all: HistoryLine[] }> {
  const store = await HistoryStore.open(remote, process.env.RUNNER_TEMP || undefined);
  try {
    return await writeHistory(log, store, added, site, message);
  } finally {
    await store.close();
  }
}

/** `mode: history-measure`: the run's lines, left in output-dir for the publishing job; returns the file. */
async function handOver(log: TextLog, config: Config, added: readonly HistoryLine[]): Promise<string> {
  const file = join(config.outputDir, HISTORY_LINES_FILE);
  await mkdir(config.outputDir, { recursive: true });
  await writeFile(file, added.map(formatLine).join(''));
  log.info(historyHandedOverLog(file, added.length));
  return file;
}

/** The default branch, as the event names it. */
export function defaultBranch(payload: Record<string, unknown>): string | undefined {
  const repository = payload.repository as { default_branch?: unknown } | undefined;
  return typeof repository?.default_branch === 'string' ? repository.default_branch : undefined;
}

/** Refuses a run that a fork could start with a write token, and a history branch that is not the history's own. */
function guard(config: Config, hooks: HistoryHooks, head: { sha: string }, ref: string): void {
  const { event } = hooks;
  // The same guard as a gate's: history mode runs the checked-out code too, with a write token.
  const privileged = privilegedForkProblem(event.name, event.payload, {
    head: head.sha,
    eventSha: event.sha,
  });
  if (privileged) throw new GateError('config', privileged);
  const problem = historyBranchProblem(config.historyBranch, {
    defaultBranch: defaultBranch(event.payload),
    ref,
  });
  if (problem) throw new GateError('config', problem);
}

/** mode history (see the file's comment). */
export async function runHistory(
  config: Config,
  workspace: string,
  hooks: HistoryHooks,
): Promise<HistoryRun> {
  const root = await repositoryRoot(workspace);
  const head = await headCommit(root);
  const ref = branchOf(head.label);
  guard(config, hooks, head, ref);
  const site = siteOf(config);
  const remote: HistoryRemote = {
    url: await originUrl(root),
    branch: config.historyBranch,
    token: config.token,
    serverUrl: site.server,
  };
  const before = await readBefore(hooks.log, remote);
  hooks.log.info(historyReadLog(config.historyBranch, before.length));
  const series = seriesOf(config.workingDirectory);
  const runId = process.env.GITHUB_RUN_ID;
  const gates = await runHistoryGates({
    config,
    root,
    head,
    ref,
    log: hooks.gateLog,
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
  const message = `perf-gate history: ${ref} ${head.sha.slice(0, 7)} against ${gates.base?.tag}`;
  await hooks.settle();
  const handedOver = config.historyJob === 'measure' ? await handOver(hooks.log, config, added) : undefined;
  // The store that gets the token is made now, after the gates, in a new directory: nothing the measured code
  // could have planted is in it, and git runs no hook there (branch-store.ts).
  const written =
    added.length > 0 && handedOver === undefined
      ? await writeAfter(hooks.log, remote, added, site, message)
      : { pushed: undefined, all: [...before, ...added] };
  const alerts =
    gates.branch && written.pushed && 'commit' in written.pushed
      ? await alert(hooks.log, config, site, written.all, gates.branch.line)
      : [];
  const charts = historyCharts(written.all)
    .filter((c) => c.ref === ref && c.series === series)
    .map((chart) => ({ chart, url: fileUrl(site, 'blob', chart.file) }));
  const view: HistoryRunView = {
    ref,
    head: head.sha,
    release: gates.base?.tag,
    branchRun: gates.branch?.line,
    releaseRun: gates.release?.line,
    skipped: gates.skipped,
    noRelease: gates.noRelease,
    charts,
    pageUrl: fileUrl(site, 'tree'),
    historyBranch: config.historyBranch,
    handedOver,
    pushed: written.pushed,
    alerts,
  };
  return { gates, view };
}
