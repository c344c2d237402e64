/**
 * A report.json read back as untrusted data (`mode: report`). Pure: the caller reads the file.
 *
 * In the fork-safe pattern the file comes from a workflow that ran the pull request's code, so anything in it
 * may have been written by the pull request's author. The whole document is checked by one schema
 * (report-schema.ts: types, ranges of every number, lengths, counts; unknown fields removed), then what a schema
 * cannot say, and copied into a fresh Report. What is never taken from the file: the decision, verdict and
 * headline (decided again from the rounds), the profile's evidence and any Markdown a file carries (its section is
 * written again from what was named hotter), and the flame-graph file paths. Text that is kept (labels, paths, messages, notes, function names) reaches Markdown only
 * through renderMarkdown's escaping.
 */
import type { Round } from '../model/measure.ts';
import type { Report, ScenarioSettings } from '../model/report.ts';
import { scheduleProblem } from '../stats/sequential-boundary.ts';
import { Checker, type Json } from './checker.ts';
import { schemaProblem } from './report-schema.ts';

export { shownName } from './checker.ts';

/** Largest report.json read (a long adaptive gate of many paths is a few MB). */
export const REPORT_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** Where a shard sits in a matrix (`shard: i/n`), when its report says so. */
export interface ShardPlace {
  index: number;
  count: number;
}

export interface ReportFile {
  /** The file, as named in messages (relative to `results`). */
  source: string;
  /** Validated; its decision is undefined and its verdict and headline are placeholders until decided again. */
  report: Report;
  shard: ShardPlace | undefined;
}

/**
 * Drops every null field of the objects in a parsed value (array items stay), in place: what a reviver of
 * JSON.parse did, 4× faster. A loop, not recursion, so that no depth of nesting overflows the stack.
 */
function withoutNulls(value: unknown): unknown {
  const pending = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) for (const item of node) pending.push(item);
    else
      for (const [key, field] of Object.entries(node)) {
        if (field === null) delete (node as Record<string, unknown>)[key];
        else pending.push(field);
      }
  }
  return value;
}

/** The document: JSON, an object, written by this version of perf-gate; a null field is an absent one. */
function document(c: Checker, text: string): Json {
  if (text.length > REPORT_FILE_MAX_BYTES)
    c.fail('the file', `is larger than ${REPORT_FILE_MAX_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    c.fail('the file', 'is not JSON');
  }
  const o = c.object(json === null ? undefined : withoutNulls(json), 'the document');
  if (o.tool !== 'perf-gate') c.fail('`tool`', 'is not `perf-gate`');
  if (o.version !== 3) c.fail('`version`', 'is not 3 (written by another version of perf-gate?)');
  const problem = schemaProblem(o);
  if (problem) c.fail(...problem);
  return o;
}

/** What the schema cannot say: names unique, rounds of known scenarios and not repeated, looks increasing. */
function consistency(c: Checker, o: Report & { shard?: ShardPlace }): void {
  const names = o.settings.scenarios.map((s) => s.name);
  if (new Set(names).size !== names.length) c.fail('`settings.scenarios`', 'names a scenario twice');
  const known = new Set(names);
  const seen = new Set<string>();
  o.rounds.forEach((round: Round, i) => {
    if (!known.has(round.scenario)) c.fail(`\`rounds\`[${i}].scenario`, 'is not one of `settings.scenarios`');
    const key = `${round.pair} ${round.side} ${round.scenario}`;
    if (seen.has(key)) c.fail(`\`rounds\`[${i}]`, 'repeats a round (same pair, side and scenario)');
    seen.add(key);
  });
  const schedule = o.sequential?.schedule;
  const problem = schedule === undefined ? undefined : scheduleProblem(schedule);
  if (problem !== undefined) c.fail('`sequential.schedule`', problem);
  if (o.shard && o.shard.index > o.shard.count) c.fail('`shard.index`', `is out of range (${o.shard.index})`);
  if (o.replica && o.replica.index > o.replica.count)
    c.fail('`replica.index`', `is out of range (${o.replica.index})`);
}

/** A scenario as the report's settings record it: its own threshold and connections, else the inputs'. */
export function scenarioSettings(
  s: Omit<ScenarioSettings, 'connections' | 'threshold'> & {
    connections?: number | undefined;
    threshold?: number | undefined;
  },
  inputs: Pick<ScenarioSettings, 'connections' | 'threshold'>,
): ScenarioSettings {
  const { name, method, path, expectStatus } = s;
  return {
    name,
    method,
    path,
    expectStatus,
    connections: s.connections ?? inputs.connections,
    threshold: s.threshold ?? inputs.threshold,
  };
}

/**
 * Parses and checks one report.json. Throws a config error naming `results` and the file for anything that is
 * not a report perf-gate wrote (never quoting the file's content).
 */
export function parseReportFile(text: string, source: string): ReportFile {
  const c = new Checker(source);
  // Checked by the schema, its unknown fields removed: the types below hold.
  const o = document(c, text) as unknown as Report & { shard?: ShardPlace };
  consistency(c, o);
  const { settings } = o;
  const report: Report = {
    tool: 'perf-gate',
    version: 3,
    verdict: 'inconclusive',
    base: o.base,
    head: o.head,
    settings: {
      scenarios: settings.scenarios.map((s) => scenarioSettings(s, settings)),
      pairs: settings.pairs,
      budgetSec: settings.budgetSec,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      connections: settings.connections,
      threshold: settings.threshold,
      latencyThreshold: settings.latencyThreshold ?? settings.threshold,
      ...(settings.memoryThreshold === undefined ? {} : { memoryThreshold: settings.memoryThreshold }),
      alpha: settings.alpha,
      port: settings.port,
      failOnRegression: settings.failOnRegression ?? true,
      restartEvery: settings.restartEvery ?? 0,
      ...(settings.sliceSec === undefined ? {} : { sliceSec: settings.sliceSec }),
    },
    decision: undefined,
    sequential: o.sequential && { ...o.sequential, keptDisturbedPairs: o.sequential.keptDisturbedPairs ?? 0 },
    newScenarios: o.newScenarios ?? [],
    shard: o.shard,
    ...(o.replica ? { replica: { ...o.replica } } : {}),
    scenarioCount: o.scenarioCount ?? settings.scenarios.length,
    rounds: o.rounds,
    error: o.error && { ...o.error, side: o.error.side, output: o.error.output },
    timing: o.timing,
    environment: { ...o.environment },
    notes: o.notes ?? [],
    profile: o.profile && {
      // Only what was named hotter is kept (checked): the section is written from it when published.
      files: [],
      dir: '',
      hotter: o.profile.hotter,
      seconds: o.profile.seconds,
      ...(o.profile.cpu === false ? { cpu: false as const } : {}),
      // What the allocation and kept profiles named, and the figures their sections show (checked).
      ...(o.profile.allocation ? { allocation: o.profile.allocation } : {}),
      ...(o.profile.kept ? { kept: o.profile.kept } : {}),
    },
    changedFiles: o.changedFiles ?? [],
    diagnostics: o.diagnostics && {
      ...o.diagnostics,
      base: o.diagnostics.base,
      head: o.diagnostics.head,
    },
    pullRequest: o.pullRequest,
    ...(o.run ? { run: { ...o.run } } : {}),
  };
  return { source, report, shard: o.shard };
}
