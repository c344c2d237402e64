/**
 * `mode: history` with `history-job: publish`: the second of the history's two jobs. It runs no project code and
 * needs no checkout: it takes the lines the measuring job (`history-job: measure`, `contents: read`) left, checks
 * them as untrusted data (each line as the history branch's reader checks it, at most one line of each kind, of
 * this workflow run, the branch's line of the commit and branch the event names), then writes the history branch
 * and the alert issues with the write token, as a single job does after its gates (write.ts, shared with run.ts).
 */
import { historyBranchProblem } from '../config/history-inputs.ts';
import type { Config } from '../model/config.ts';
import { GateError } from '../model/errors.ts';
import type { HistoryLine, HistoryRunView } from '../model/history.ts';
import type { TextLog } from '../model/notes.ts';
import { historyLinesRefusedMessage, historyPublishEventMessage } from '../report/history-text.ts';
import { parseHistory } from './lines.ts';
import { defaultBranch, fileUrl, siteOf } from './site.ts';
import { recordLines } from './write.ts';

/** The events whose lines are of a commit of the branch itself (the same list as a gate's, without a checkout). */
const PUBLISH_EVENTS = new Set(['push', 'schedule', 'workflow_dispatch']);

export interface PublishHooks {
  log: TextLog;
  /** The event that started the run (github.context's name, payload and sha). */
  event: { name: string; payload: Record<string, unknown>; sha: string };
}

/** What the lines must be of: the branch and commit the event names, and this workflow run. */
export interface Expected {
  ref: string;
  sha: string;
  run: string | undefined;
}

function refused(problem: string): GateError {
  return new GateError('config', historyLinesRefusedMessage(problem));
}

/** The lines of the files handed over, checked (see the file's comment); throws naming the first problem. */
export function handedLines(
  files: readonly { name: string; text: string }[],
  expected: Expected,
): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const { name, text } of files) {
    const parsed = parseHistory(text, name);
    if (parsed.bad.length > 0)
      throw refused(`${parsed.bad.slice(0, 5).join('; ')} is not a line of the history`);
    lines.push(...parsed.lines);
  }
  for (const kind of ['branch', 'release'] as const)
    if (lines.filter((l) => l.kind === kind).length > 1)
      throw refused(`more than one line of kind \`${kind}\``);
  for (const line of lines) {
    if (expected.run !== undefined && line.run !== expected.run)
      throw refused(`a line of another workflow run (\`run\` is not ${expected.run})`);
    if (line.kind === 'branch' && (line.head.ref !== expected.ref || line.head.commit !== expected.sha))
      throw refused(
        `the branch's line is not of ${expected.ref} at ${expected.sha.slice(0, 7)}, the commit the event names`,
      );
  }
  return lines;
}

/** Publishes the lines handed over; returns the history's view of them for the summary. */
export async function publishHistory(
  config: Config,
  files: readonly { name: string; text: string }[],
  hooks: PublishHooks,
): Promise<HistoryRunView> {
  const { event, log } = hooks;
  if (!PUBLISH_EVENTS.has(event.name)) throw new GateError('config', historyPublishEventMessage(event.name));
  const site = siteOf(config);
  const ref = site.ref;
  const problem = historyBranchProblem(config.historyBranch, {
    defaultBranch: defaultBranch(event.payload),
    ref,
  });
  if (problem) throw new GateError('config', problem);
  const lines = handedLines(files, { ref, sha: event.sha, run: site.run });
  const branchRun = lines.find((l) => l.kind === 'branch');
  const releaseRun = lines.find((l) => l.kind === 'release');
  const release = branchRun?.base.tag ?? releaseRun?.head.tag;
  // The repository itself (no checkout here): the store is made in a new directory, git runs no hook (branch-store.ts).
  const remote = {
    url: `${site.server}/${site.repository}`,
    branch: config.historyBranch,
    token: config.token,
    serverUrl: site.server,
  };
  const recorded = await recordLines(log, config, site, {
    remote,
    lines,
    message: `perf-gate history: ${ref} ${event.sha.slice(0, 7)} against ${release}`,
    write: true,
    known: [],
    ref,
    series: (branchRun ?? releaseRun)?.series,
  });
  return {
    ref,
    head: event.sha,
    release,
    branchRun,
    releaseRun,
    skipped: undefined,
    pageUrl: fileUrl(site, 'tree'),
    historyBranch: config.historyBranch,
    ...recorded,
  };
}
