/**
 * The drift a pull request's comment names: how far its base branch already is from its release, as the history
 * branch's latest run of that branch measured it (docs/history.md). Read before anything of the pull request runs,
 * into a repository of its own (branch-store.ts); a history that cannot be read is no line, never an error.
 */

import type { Config } from '../model/config.ts';
import { errorMessage } from '../model/errors.ts';
import type { DriftView } from '../model/history.ts';
import type { TextLog } from '../model/notes.ts';
import { driftUnreadLog, historySkippedLog } from '../report/history-text.ts';
import { HistoryStore } from './branch-store.ts';
import { driftOf, linesOfFiles, seriesOf } from './lines.ts';
import { originUrl } from './repo-tags.ts';

/** Longest each git command of the lookup may take: it must not hold up the gate. */
const READ_TIMEOUT_MS = 30_000;

/** The drift of `baseRef` on the gate's scenarios; undefined without a history of it. */
export async function baseDrift(
  config: Config,
  root: string,
  baseRef: string,
  log: TextLog,
): Promise<DriftView | undefined> {
  if (baseRef === '') return undefined;
  let store: HistoryStore | undefined;
  try {
    store = await HistoryStore.open(
      {
        url: await originUrl(root),
        branch: config.historyBranch,
        token: config.token,
        serverUrl: process.env.GITHUB_SERVER_URL || 'https://github.com',
        timeoutMs: READ_TIMEOUT_MS,
      },
      process.env.RUNNER_TEMP || undefined,
    );
    const { lines, bad } = linesOfFiles((await store.read()).files);
    if (bad.length > 0) log.info(historySkippedLog(bad));
    return driftOf(lines, {
      series: seriesOf(config.workingDirectory),
      ref: baseRef,
      scenarios: config.scenarios.map((s) => s.name),
    });
  } catch (error) {
    log.info(driftUnreadLog(baseRef, errorMessage(error)));
    return undefined;
  } finally {
    await store?.close();
  }
}
