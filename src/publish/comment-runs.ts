/**
 * The runs a sticky comment remembers: each run of the gate on the pull request (commit, verdict, change), newest
 * first, kept in a line GitHub shows as nothing (a link reference definition) so that a re-run adds a row instead of
 * erasing what came before. The line is read back from a comment on GitHub: every field of it is untrusted text and
 * is kept only when it is exactly what this file writes (hex digits, a verdict, a signed percentage). Pure.
 */
import type { Report, RunRecord } from '../model/report.ts';
import { changeOutput, headlineComparison } from '../report/outputs.ts';

/** Runs a comment keeps, this one included. */
export const HISTORY_RUNS = 10;

const PREFIX = '[//]: # "perf-gate:runs';
const LINE = /^\[\/\/\]: # "perf-gate:runs((?: [^" ]{1,80}){0,20})"$/;
const ENTRY =
  /^([0-9a-f]{7,40}):(regression|improvement|no-change|inconclusive|error):([+-]\d{1,6}\.\d%|0\.0%|)(:accepted)?$/;

/** This run as the comment's history records it. */
export function runRecord(report: Report, accepted: boolean): RunRecord {
  const commit = (report.pullRequest?.headSha || report.head.sha).slice(0, 7);
  const failed = report.error !== undefined && !report.error.neutral;
  return {
    commit,
    verdict: failed ? 'error' : report.verdict,
    change: changeOutput(headlineComparison(report.decision)?.change),
    accepted: accepted && report.verdict === 'regression' && !failed,
  };
}

/** The hidden line that carries `runs` (newest first). */
export function commentRunsLine(runs: readonly RunRecord[]): string {
  const entries = runs
    .slice(0, HISTORY_RUNS)
    .map((r) => ` ${r.commit}:${r.verdict}:${r.change}${r.accepted ? ':accepted' : ''}`);
  return `${PREFIX}${entries.join('')}"`;
}

/** The runs an earlier comment's body recorded, newest first; entries that are not exactly ours are dropped. */
export function readCommentRuns(body: string | null | undefined): RunRecord[] {
  const line = (body ?? '').split('\n', 6).find((l) => l.startsWith(PREFIX));
  const match = line === undefined ? null : LINE.exec(line);
  if (!match) return [];
  const runs: RunRecord[] = [];
  for (const entry of match[1]!.trim().split(' ')) {
    const fields = ENTRY.exec(entry);
    if (!fields) continue;
    runs.push({
      commit: fields[1]!,
      verdict: fields[2] as RunRecord['verdict'],
      change: fields[3]!,
      accepted: fields[4] !== undefined,
    });
  }
  return runs.slice(0, HISTORY_RUNS);
}
