/** The words of a comment's earlier runs and of an accepted regression. Pure. */

import type { Acceptance, RunRecord } from '../model/report.ts';
import { code, escapeMarkdown } from './escape.ts';
import { VERDICT_ICON, VERDICT_TEXT } from './format.ts';

/** A run's verdict as the history table says it. */
function verdictCell(run: RunRecord): string {
  if (run.verdict === 'error') return '❌ error';
  const text = `${VERDICT_ICON[run.verdict]} ${VERDICT_TEXT[run.verdict]}`;
  return run.accepted ? `${text} (accepted)` : text;
}

/**
 * The earlier runs of this gate on the pull request, newest first, as a folded table (commit, verdict, change);
 * [] when there are none. Every field was checked to be hex digits, a verdict or a signed percentage
 * (publish/comment-runs.ts), and is written through `code` all the same.
 */
export function historySection(earlier: readonly RunRecord[]): string[] {
  if (earlier.length === 0) return [];
  return [
    `<details><summary>Earlier runs on this pull request (${earlier.length})</summary>`,
    '',
    '| commit | verdict | change |',
    '| --- | --- | ---: |',
    ...earlier.map((run) => `| ${code(run.commit)} | ${verdictCell(run)} | ${run.change || '—'} |`),
    '',
    '</details>',
    '',
  ];
}

/** Who accepted the regression, and how; the reason (untrusted) escaped. */
export function acceptedLine(accepted: Acceptance): string {
  const who = accepted.by === undefined ? 'Accepted' : `Accepted by ${code(accepted.by)}`;
  const how =
    accepted.how === 'label'
      ? `with the label ${code(accepted.label)}`
      : `in the pull request's description (${code(accepted.label)})`;
  const reason = accepted.reason === '' ? '' : `: “${escapeMarkdown(accepted.reason)}”`;
  const commit = `for commit ${code(accepted.commit.slice(0, 7))}`;
  return `> [!NOTE]\n> ${who} ${how} ${commit}${reason}. The slowdown is intended, so the check passes.`;
}

/** The log's line for an accepted regression (plain text: `by` and the label are not Markdown here). */
export function acceptedLog(accepted: Acceptance): string {
  const who = accepted.by === undefined ? '' : ` by ${accepted.by}`;
  const how =
    accepted.how === 'label' ? `the label ${accepted.label}` : "a line of the pull request's description";
  return `the regression of ${accepted.commit.slice(0, 7)} was accepted${who} with ${how}: the step passes`;
}

/** The check run's title of an accepted regression. */
export function acceptedTitle(title: string): string {
  return `accepted: ${title}`;
}
