/**
 * The gates of a `mode: history` run: the base is the newest release tag reachable from the head (or the `base`
 * input); a release the history has not yet compared with the one before it is measured against it first (its
 * tree a worktree of its tag), so that the history chains across releases; then the branch's head against the
 * release. Each is one runGate, exactly as a pull request's, each commit starting as its own config file says
 * (commands.ts), and becomes a line of the history.
 */
import { join } from 'node:path';
import type { Logger } from '../gate/ports.ts';
import { type GateHooks, runGate } from '../gate/run-gate.ts';
import { configError } from '../io/errors.ts';
import { addWorktree, type Commit, ensureCommit } from '../io/git.ts';
import type { Config } from '../model/config.ts';
import type { HistoryLine, Tag } from '../model/history.ts';
import type { Report } from '../model/report.ts';
import { ownCommands } from './commands.ts';
import { historyLine, type RunFacts } from './lines.ts';
import { newestRelease } from './release-choice.ts';
import { isShallow, tagsReachableFrom } from './repo-tags.ts';

/** `base` that asks for the newest release (as an empty `base` does in mode history). */
export const LATEST_RELEASE = 'latest-release';

export interface HistoryGatesInput {
  config: Config;
  root: string;
  head: Commit;
  /** The branch the head is on. */
  ref: string;
  log: Logger;
  /** The history as it was before this run (to know whether the latest release was compared already). */
  history: readonly HistoryLine[];
  /** The line's facts that do not come from the report (kind, head and base are filled in here). */
  facts: Pick<RunFacts, 'series' | 'runner' | 'perfGate' | 'run'>;
  hooks?: GateHooks;
}

export interface HistoryGateRun {
  report: Report;
  line: HistoryLine;
}

export interface HistoryGates {
  /** What the branch was measured against: the release tag (or the `base` input) and its commit; none yet. */
  base: { tag: string; commit: string } | undefined;
  /** The release measured against the one before it, when this run did. */
  release: HistoryGateRun | undefined;
  /** The branch against the release; undefined when skipped. */
  branch: HistoryGateRun | undefined;
  /** Why the branch was not measured. */
  skipped: { ref: string; release: string } | undefined;
  /** No release tag yet (and a full checkout): nothing was measured, and that is no failure. */
  noRelease?: { ref: string; pattern: string };
}

/**
 * The base of the branch's gate, and the release before it when the base is the newest release; undefined before
 * the first release (a shallow checkout may only hide the tags: that stays an error that says how to fetch them).
 */
async function chooseBase(
  input: HistoryGatesInput,
): Promise<{ base: Tag; previous: Tag | undefined } | undefined> {
  const { config, root, head } = input;
  const pattern = new RegExp(config.releaseTags, 'u');
  if (config.base !== undefined && config.base !== LATEST_RELEASE) {
    const commit = await ensureCommit(root, config.base, 'input `base`');
    return { base: { name: config.base, commit }, previous: undefined };
  }
  const latest = newestRelease(await tagsReachableFrom(root, head.sha), pattern);
  if (!latest) {
    const shallow = await isShallow(root);
    if (!shallow) return undefined;
    throw configError(
      'release-tags',
      `no tag that matches \`${config.releaseTags}\` is reachable from ${head.sha.slice(0, 7)} in this shallow checkout`,
      'Check out with `fetch-depth: 0` in actions/checkout (tags come with the whole history), or set `base`.',
    );
  }
  const previous = newestRelease(await tagsReachableFrom(root, latest.commit), pattern, latest);
  return { base: latest, previous };
}

/** Whether the history already holds `release` measured against `previous` in this series. */
function compared(
  history: readonly HistoryLine[],
  series: string | undefined,
  release: Tag,
  previous: Tag,
): boolean {
  return history.some(
    (l) =>
      l.kind === 'release' &&
      l.series === series &&
      l.head.commit === release.commit &&
      l.base.commit === previous.commit,
  );
}

/** `release` against `previous`, its tree a worktree of its tag; its report.json in a directory of its own. */
async function releaseGate(input: HistoryGatesInput, release: Tag, previous: Tag): Promise<HistoryGateRun> {
  const { config, root, log } = input;
  log.info({ kind: 'release-gate', release: release.name, previous: previous.name });
  const tree = await addWorktree(root, release.commit);
  try {
    const own = await ownCommands(config, root, { base: previous.commit, head: release.commit });
    const report = await runGate(
      {
        config: { ...own, outputDir: join(config.outputDir, 'release') },
        root: tree.dir,
        base: { sha: previous.commit, label: previous.name },
        head: { sha: release.commit, label: release.name },
        log,
      },
      input.hooks,
    );
    const line = historyLine(report, {
      ...input.facts,
      kind: 'release',
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      head: { commit: release.commit, tag: release.name },
      base: { commit: previous.commit, tag: previous.name },
    });
    return { report, line };
  } finally {
    await tree.remove();
  }
}

/** The gates of one history run (see the file's comment). */
export async function runHistoryGates(input: HistoryGatesInput): Promise<HistoryGates> {
  const { config, root, head, ref, log } = input;
  const chosen = await chooseBase(input);
  if (chosen === undefined) {
    const noRelease = { ref, pattern: config.releaseTags };
    log.info({ kind: 'no-release', ...noRelease });
    return { base: undefined, release: undefined, branch: undefined, skipped: undefined, noRelease };
  }
  const { base, previous } = chosen;
  const release =
    previous && !compared(input.history, input.facts.series, base, previous)
      ? await releaseGate(input, base, previous)
      : undefined;
  if (head.sha === base.commit) {
    const skipped = { ref, release: base.name };
    log.info({ kind: 'head-is-release', ...skipped });
    return { base: { tag: base.name, commit: base.commit }, release, branch: undefined, skipped };
  }
  const report = await runGate(
    {
      config: await ownCommands(config, root, { base: base.commit }),
      root,
      base: { sha: base.commit, label: base.name },
      head: { sha: head.sha, label: ref },
      log,
    },
    input.hooks,
  );
  const line = historyLine(report, {
    ...input.facts,
    kind: 'branch',
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    head: { commit: head.sha, ref },
    base: { commit: base.commit, tag: base.name },
  });
  return {
    base: { tag: base.name, commit: base.commit },
    release,
    branch: { report, line },
    skipped: undefined,
  };
}
