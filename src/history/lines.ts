/**
 * The history's lines (src/model/history.ts, history.schema.json): a gate's report as a line, lines read back, the
 * runs of one branch against one release, where such a series stepped, and the drift a pull request's comment
 * shows. Pure.
 */

import { isRecord } from '../config/records.ts';
import type { LeakComparison, MetricComparison } from '../model/decision.ts';
import {
  type CreepStep,
  type DriftView,
  HISTORY_VERSION,
  type HistoryCommit,
  type HistoryLeak,
  type HistoryLine,
  type HistoryResult,
  type HistoryScenario,
} from '../model/history.ts';
import { METRICS, type Metric } from '../model/measure.ts';
import type { Report } from '../model/report.ts';

/** What a line says beyond the report: which run this was, on what. */
export interface RunFacts {
  kind: HistoryLine['kind'];
  date: string;
  series: string | undefined;
  head: HistoryCommit;
  base: HistoryCommit & { tag: string };
  runner: HistoryLine['runner'];
  perfGate: string;
  run: string | undefined;
}

/** A fraction as a percentage with two decimals (0.01% is finer than any gate resolves); null when not finite. */
function percent(x: number): number | null {
  return Number.isFinite(x) ? Math.round(x * 10_000) / 100 : null;
}

function result(c: MetricComparison): HistoryResult {
  return [
    percent(c.change) ?? 0,
    percent(c.ci[0]),
    percent(c.ci[1]),
    percent(c.noise),
    percent(c.threshold) ?? 0,
    c.verdict,
  ];
}

/** Bytes per request with one decimal; null when not finite. */
function bytes(x: number): number | null {
  return Number.isFinite(x) ? Math.round(x * 10) / 10 : null;
}

function leakResult(l: LeakComparison): HistoryLeak {
  return [bytes(l.change) ?? 0, bytes(l.ci[0]), bytes(l.ci[1]), bytes(l.threshold) ?? 0, l.verdict];
}

/** A gate's report as one line of the history. */
export function historyLine(report: Report, facts: RunFacts): HistoryLine {
  const comparisons = report.decision?.comparisons ?? [];
  const leak = report.decision?.leaks?.[0];
  const scenarios: HistoryScenario[] = [];
  for (const { name } of report.settings.scenarios) {
    const own = comparisons.filter((c) => c.scenario === name && Number.isFinite(c.change));
    if (own.length === 0) continue;
    const scenario: HistoryScenario = { name };
    for (const c of own) scenario[c.metric] = result(c);
    scenarios.push(scenario);
  }
  return {
    v: HISTORY_VERSION,
    kind: facts.kind,
    date: facts.date,
    ...(facts.series === undefined ? {} : { series: facts.series }),
    head: facts.head,
    base: facts.base,
    verdict: report.verdict,
    pairs: report.sequential?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size,
    alpha: report.settings.alpha,
    runner: facts.runner,
    perfGate: facts.perfGate,
    ...(facts.run === undefined ? {} : { run: facts.run }),
    ...(report.error ? { error: report.error.code } : {}),
    scenarios,
    ...(leak ? { leak: leakResult(leak) } : {}),
  };
}

/** The series of a gate: its working directory, unless it is the repository's root. */
export function seriesOf(workingDirectory: string): string | undefined {
  const dir = workingDirectory.replace(/^\.\/?|\/+$/g, '');
  return dir === '' || dir === '.' ? undefined : dir;
}

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const COMMIT = /^[0-9a-f]{7,64}$/;

function shortText(value: unknown, max = 255): boolean {
  return typeof value === 'string' && value.length <= max;
}

function optionalText(value: unknown, max = 255): boolean {
  return value === undefined || shortText(value, max);
}

function commitProblem(value: unknown, name: 'head' | 'base'): string | undefined {
  if (!isRecord(value)) return name;
  if (typeof value.commit !== 'string' || !COMMIT.test(value.commit)) return `${name}.commit`;
  if (!optionalText(value.ref)) return `${name}.ref`;
  if (name === 'base' ? !shortText(value.tag) : !optionalText(value.tag)) return `${name}.tag`;
  return undefined;
}

function scenariosProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length > 10_000) return 'scenarios';
  for (const s of value) {
    if (!isRecord(s) || !shortText(s.name, 1000)) return 'scenarios[].name';
    for (const [key, result] of Object.entries(s))
      if (
        key !== 'name' &&
        !(Array.isArray(result) && result.slice(0, 3).every((x) => typeof x === 'number'))
      )
        return `scenarios[].${key}`;
  }
  return undefined;
}

/**
 * The first field of a parsed line that is not what every reader here relies on (the history branch is written by
 * any job with `contents: write`: its lines are untrusted); undefined for a good line.
 */
export function lineProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'the line';
  if (value.v !== HISTORY_VERSION) return 'v';
  if (value.kind !== 'branch' && value.kind !== 'release') return 'kind';
  if (typeof value.date !== 'string' || !DATE.test(value.date) || !Number.isFinite(Date.parse(value.date)))
    return 'date';
  if (!optionalText(value.series, 500)) return 'series';
  return (
    commitProblem(value.head, 'head') ??
    commitProblem(value.base, 'base') ??
    scenariosProblem(value.scenarios)
  );
}

/** The history's lines read, and the lines left out, each named (`3: date`, a line number and the first bad field). */
export interface ParsedHistory {
  lines: HistoryLine[];
  skipped: number;
  bad: string[];
}

/** The lines of a history file that this version reads; others (another version, damaged) are named, not read. */
export function parseHistory(text: string, file = ''): ParsedHistory {
  const lines: HistoryLine[] = [];
  const bad: string[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const where = `${file}${file === '' ? '' : ':'}${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      bad.push(`${where}: not JSON`);
      return;
    }
    const problem = lineProblem(value);
    if (problem === undefined) lines.push(value as HistoryLine);
    else bad.push(`${where}: ${problem}`);
  });
  return { lines, skipped: bad.length, bad };
}

/** Every line of the history's month files (history/yyyy-mm.jsonl) among `files`, oldest file first. */
export function linesOfFiles(files: ReadonlyMap<string, string>): ParsedHistory {
  const bad: string[] = [];
  const lines: HistoryLine[] = [];
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^history\/\d{4}-\d{2}\.jsonl$/.test(path)) continue;
    const parsed = parseHistory(text, path);
    lines.push(...parsed.lines);
    bad.push(...parsed.bad);
  }
  return { lines, skipped: bad.length, bad };
}

/** A line as written to the history file (one line, with its newline). */
export function formatLine(line: HistoryLine): string {
  return `${JSON.stringify(line)}\n`;
}

/** The month file a line goes to, by its date (UTC): `history/2026-11.jsonl`. */
export function monthFile(date: string): string {
  return `history/${date.slice(0, 7)}.jsonl`;
}

/** Lines in the order they were measured (by date; the order they were written within one date). */
export function byDate(lines: readonly HistoryLine[]): HistoryLine[] {
  return lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => (a.line.date < b.line.date ? -1 : a.line.date > b.line.date ? 1 : a.i - b.i))
    .map((x) => x.line);
}

/** The runs of `ref` against release `tag` in one series, oldest first. */
export function branchRuns(
  lines: readonly HistoryLine[],
  where: { series: string | undefined; ref: string; tag: string },
): HistoryLine[] {
  return byDate(lines).filter(
    (l) =>
      l.kind === 'branch' &&
      l.series === where.series &&
      l.head.ref === where.ref &&
      l.base.tag === where.tag,
  );
}

/** A scenario's result of a metric in a run, when it has one with a finite interval. */
export function resultOf(line: HistoryLine, scenario: string, metric: Metric): HistoryResult | undefined {
  const found = line.scenarios.find((s) => s.name === scenario)?.[metric];
  if (!Array.isArray(found) || found[1] === null || found[2] === null) return undefined;
  return found;
}

/**
 * Where a series of runs stepped to the worse, oldest first: each run whose interval lies wholly on the worse side
 * of the interval of the run before it (for req/s below it; for latency and CPU above it).
 */
export function worseSteps(runs: readonly HistoryLine[], scenario: string, metric: Metric): CreepStep[] {
  const steps: CreepStep[] = [];
  for (let i = 1; i < runs.length; i++) {
    const before = resultOf(runs[i - 1]!, scenario, metric);
    const after = resultOf(runs[i]!, scenario, metric);
    if (!before || !after) continue;
    const left = metric === 'rps' ? after[2]! < before[1]! : after[1]! > before[2]!;
    if (!left) continue;
    const at = (line: HistoryLine, r: HistoryResult) => ({
      commit: line.head.commit,
      date: line.date,
      change: r[0] / 100,
    });
    steps.push({ metric, from: at(runs[i - 1]!, before), to: at(runs[i]!, after) });
  }
  return steps;
}

/**
 * The drift of `ref` against its release on the scenarios a pull request measured: the req/s results of the latest
 * run of `ref` in the series that compared any of them; undefined when the history has none.
 */
export function driftOf(
  lines: readonly HistoryLine[],
  where: { series: string | undefined; ref: string; scenarios: readonly string[] },
): DriftView | undefined {
  const runs = byDate(lines).filter(
    (l) => l.kind === 'branch' && l.series === where.series && l.head.ref === where.ref,
  );
  for (const run of runs.reverse()) {
    const scenarios = where.scenarios.flatMap((name) => {
      const r = resultOf(run, name, 'rps');
      if (!r) return [];
      const ci: [number, number] = [r[1]! / 100, r[2]! / 100];
      return [{ scenario: name, change: r[0] / 100, ci, threshold: r[4] / 100, verdict: r[5] }];
    });
    if (scenarios.length > 0)
      return { ref: where.ref, release: run.base.tag, commit: run.head.commit, date: run.date, scenarios };
  }
  return undefined;
}

/** The metrics of a scenario in a run, in the report's order. */
export function metricsOf(line: HistoryLine, scenario: string): Metric[] {
  const found = line.scenarios.find((s) => s.name === scenario);
  return found ? METRICS.filter((m) => Array.isArray(found[m])) : [];
}
