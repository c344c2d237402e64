/**
 * A report.json read back as untrusted data (`mode: report`). Pure: the caller reads the file.
 *
 * In the fork-safe pattern the file comes from a workflow that ran the pull request's code, so anything in it
 * may have been written by the pull request's author. Every field perf-gate uses is checked (types, ranges,
 * lengths, counts) and copied into a fresh Report; everything else is dropped. What is never taken from the file:
 * the decision, verdict and headline (decided again from the rounds), the profile's Markdown (re-rendered from
 * its numbers), and the flame-graph file paths. Text that is kept (labels, paths, messages, notes, function
 * names) reaches Markdown only through renderMarkdown's escaping.
 */
import type { Report } from '../model/report.ts';
import { Checker, type Json } from './checker.ts';
import { diagnostics } from './report-measurement.ts';
import {
  commit,
  environment,
  error,
  MAX_SCENARIOS,
  profile,
  pullRequest,
  rounds,
  type ShardPlace,
  scenarioName,
  sequential,
  settings,
  shardPlace,
  timing,
} from './report-schema.ts';

export { shownName } from './checker.ts';
export type { ShardPlace } from './report-schema.ts';

/** Largest report.json read (a long adaptive gate of many paths is a few MB). */
export const REPORT_FILE_MAX_BYTES = 32 * 1024 * 1024;

export interface ReportFile {
  /** The file, as named in messages (relative to `results`). */
  source: string;
  /** Validated; its decision is undefined and its verdict and headline are placeholders until decided again. */
  report: Report;
  shard: ShardPlace | undefined;
}

/** The document of a report.json: JSON, an object, written by this version of perf-gate. */
function document(c: Checker, text: string): Json {
  if (text.length > REPORT_FILE_MAX_BYTES)
    c.fail('the file', `is larger than ${REPORT_FILE_MAX_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    c.fail('the file', 'is not JSON');
  }
  const o = c.object(json, 'the document');
  if (o.tool !== 'perf-gate') c.fail('`tool`', 'is not `perf-gate`');
  if (o.version !== 2) c.fail('`version`', 'is not 2 (written by another version of perf-gate?)');
  return o;
}

/**
 * Parses and checks one report.json. Throws a config error naming `results` and the file for anything that is
 * not a report perf-gate wrote (never quoting the file's content).
 */
export function parseReportFile(text: string, source: string): ReportFile {
  const c = new Checker(source);
  const o = document(c, text);
  const checkedSettings = settings(c, o.settings);
  const scenarioCount = checkedSettings.scenarios.length;
  const checkedSequential = c.optional(o.sequential, (v) => sequential(c, v));
  const known = new Set(checkedSettings.scenarios.map((x) => x.name));
  const checkedRounds = rounds(c, o.rounds, known);
  const checkedError = c.optional(o.error, (v) => error(c, v));
  const t = c.object(o.timing, '`timing`');
  const e = c.object(o.environment, '`environment`');
  const checkedProfile = c.optional(o.profile, (v) => profile(c, v));
  const checkedPullRequest = c.optional(o.pullRequest, (v) => pullRequest(c, v));
  const shard = c.optional(o.shard, (v) => shardPlace(c, v));
  const report: Report = {
    tool: 'perf-gate',
    version: 2,
    verdict: 'inconclusive',
    headline: '',
    base: commit(c, o.base, '`base`'),
    head: commit(c, o.head, '`head`'),
    settings: checkedSettings,
    decision: undefined,
    sequential: checkedSequential,
    newScenarios: c.array(o.newScenarios ?? [], '`newScenarios`', MAX_SCENARIOS, (x, at) =>
      scenarioName(c, x, at),
    ),
    shard,
    scenarioCount:
      c.optional(o.scenarioCount, (v) => c.count(v, '`scenarioCount`', MAX_SCENARIOS)) ?? scenarioCount,
    rounds: checkedRounds,
    error: checkedError,
    timing: timing(c, t),
    environment: environment(c, e),
    notes: c.array(o.notes ?? [], '`notes`', 100, (x, at) => c.string(x, at, 4000)),
    profile: checkedProfile,
    changedFiles: c.array(o.changedFiles ?? [], '`changedFiles`', 10_000, (x, at) => c.string(x, at, 1000)),
    diagnostics: c.optional(o.diagnostics, (v) => diagnostics(c, v, '`diagnostics`')),
    pullRequest: checkedPullRequest,
  };
  return { source, report, shard };
}
