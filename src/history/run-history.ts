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
import type { GateHooks } from '../gate/run-gate.ts';
import { headCommit, repositoryRoot } from '../io/git.ts';
import type { Config } from '../model/config.ts';
import { GateError } from '../model/errors.ts';
import { HISTORY_LINES_FILE, type HistoryLine, type HistoryRunView } from '../model/history.ts';
import type { GateLog, TextLog } from '../model/notes.ts';
import { historyHandedOverLog, historyReadLog, historySkippedLog } from '../report/history-text.ts';
import { type HistoryRemote, HistoryStore } from './branch-store.ts';
import { type HistoryGates, runHistoryGates } from './gates.ts';
import { formatLine, linesOfFiles, seriesOf } from './lines.ts';
import { originUrl, perfGateVersion, runnerFacts } from './repo-tags.ts';
import { defaultBranch, fileUrl, type Site, siteOf } from './site.ts';
import { recordLines } from './write.ts';

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

/** The history's lines before the gates, read in a store of its own that is gone before any project code runs. */
async function readBefore(log: TextLog, remote: HistoryRemote, site: Site): Promise<HistoryLine[]> {
  const store = await HistoryStore.open(remote, site.tempDir);
  try {
    const read = linesOfFiles((await store.read()).files);
    if (read.bad.length > 0) log.info(historySkippedLog(read.bad));
    return read.lines;
  } finally {
    await store.close();
  }
}

/** `history-job: measure`: the run's lines, left in output-dir for the publishing job; returns the file. */
async function handOver(log: TextLog, config: Config, added: readonly HistoryLine[]): Promise<string> {
  const file = join(config.outputDir, HISTORY_LINES_FILE);
  await mkdir(config.outputDir, { recursive: true });
  await writeFile(file, added.map(formatLine).join(''));
  log.info(historyHandedOverLog(file, added.length));
  return file;
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
  const site = siteOf(config);
  const ref = site.ref || head.label;
  guard(config, hooks, head, ref);
  const remote: HistoryRemote = {
    url: await originUrl(root),
    branch: config.historyBranch,
    token: config.token,
    serverUrl: site.server,
  };
  const before = await readBefore(hooks.log, remote, site);
  hooks.log.info(historyReadLog(config.historyBranch, before.length));
  const series = seriesOf(config.workingDirectory);
  const gates = await runHistoryGates({
    config,
    root,
    head,
    ref,
    log: hooks.gateLog,
    history: before,
    facts: { series, runner: runnerFacts(), perfGate: perfGateVersion(), run: site.run },
    hooks,
  });
  const added = [gates.release?.line, gates.branch?.line].filter((l): l is HistoryLine => l !== undefined);
  await hooks.settle();
  const handedOver = config.historyJob === 'measure' ? await handOver(hooks.log, config, added) : undefined;
  // The store that gets the token is made now, after the gates, in a new directory: nothing the measured code
  // could have planted is in it, and git runs no hook there (branch-store.ts).
  const recorded = await recordLines(hooks.log, config, site, {
    remote,
    lines: added,
    message: `perf-gate history: ${ref} ${head.sha.slice(0, 7)} against ${gates.base?.tag}`,
    write: handedOver === undefined,
    known: [...before, ...added],
    ref,
    series,
  });
  const view: HistoryRunView = {
    ref,
    head: head.sha,
    release: gates.base?.tag,
    branchRun: gates.branch?.line,
    releaseRun: gates.release?.line,
    skipped: gates.skipped,
    noRelease: gates.noRelease,
    pageUrl: fileUrl(site, 'tree'),
    historyBranch: config.historyBranch,
    handedOver,
    ...recorded,
  };
  return { gates, view };
}
