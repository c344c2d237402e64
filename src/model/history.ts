/**
 * The history of `mode: history` (docs/history.md): one JSON line per gate run against a release, kept on a branch
 * of the repository, and what is computed from it (the drift a pull request's comment names, the creep alert).
 * The line format is history.schema.json, version HISTORY_VERSION. Types only.
 */
import type { Verdict } from './decision.ts';
import type { Metric } from './measure.ts';
import type { ErrorCode } from './report.ts';

/** A tag and the commit it points to (annotated tags peeled). */
export interface Tag {
  name: string;
  commit: string;
}

/** The version of the line format (`v`); a reader skips lines of a version it does not know. */
export const HISTORY_VERSION = 1;
/** The file a measuring job (`history-job: measure`) leaves its lines in, for the publishing job. */
export const HISTORY_LINES_FILE = 'history-lines.jsonl';

/**
 * One comparison of a run, in percent: the estimated change of head against base, its simultaneous interval (null
 * when these pairs could not reach the level), the per-pair noise (sd of the per-pair log ratios), the threshold
 * that applied, and the verdict.
 */
export type HistoryResult = [
  change: number,
  low: number | null,
  high: number | null,
  noise: number | null,
  threshold: number,
  verdict: Verdict,
];

/** A scenario's comparisons in one run, by metric (a metric that was not compared is absent). */
export type HistoryScenario = { name: string } & Partial<Record<Metric, HistoryResult>>;

/** A commit a run measured: the branch it was on (`ref`) or the release tag it carries (`tag`). */
export interface HistoryCommit {
  commit: string;
  ref?: string;
  tag?: string;
}

/** One line of the history: one gate run. */
export interface HistoryLine {
  v: typeof HISTORY_VERSION;
  /** `branch`: the branch's head against its release; `release`: a release tag against the release before it. */
  kind: 'branch' | 'release';
  /** When the run finished, ISO 8601 UTC. */
  date: string;
  /** The gate's `working-directory` when it is not the repository root: one history per server of a monorepo. */
  series?: string;
  head: HistoryCommit;
  /** The release (its tag), or the ref given as `base` (in `tag` too). */
  base: HistoryCommit & { tag: string };
  verdict: Verdict;
  pairs: number;
  alpha: number;
  runner: { cpu: string; cpus: number; node: string };
  /** perf-gate's version. */
  perfGate: string;
  /** The workflow run, when known. */
  run?: string;
  /** The gate's error, when it ended with one (its comparisons, if any, are what it measured before). */
  error?: ErrorCode;
  scenarios: HistoryScenario[];
  /** The leak test (LeakComparison): [change, low, high, threshold, verdict] in bytes per request served. */
  leak?: HistoryLeak;
}

/** A leak test in a history line: bytes per request, one decimal; null ends where the interval could not be had. */
export type HistoryLeak = [number, number | null, number | null, number, Verdict];

/** One scenario's change against the release on the branch's latest run: the line a pull request's comment shows. */
export interface DriftScenario {
  scenario: string;
  /** req/s, as a fraction (−0.041: 4.1% slower). */
  change: number;
  ci: [number, number];
  threshold: number;
  verdict: Verdict;
}

/** How far the pull request's base branch already is from its release, as the history's latest run measured it. */
export interface DriftView {
  /** The branch (the pull request's base). */
  ref: string;
  /** The release it was measured against. */
  release: string;
  /** The run's head commit and date. */
  commit: string;
  date: string;
  /** The scenarios the pull request measured too, in the pull request's order. */
  scenarios: DriftScenario[];
}

/** One metric of a scenario beyond the threshold on the branch's latest run (the rule of src/decide/rule.ts). */
export interface CreepMetric {
  metric: Metric;
  change: number;
  ci: [number, number];
  threshold: number;
  verdict: Verdict;
}

/**
 * Where a series stepped: the first run whose interval left the previous run's on the worse side (the step into
 * the current creep), from the commit before to the commit after.
 */
export interface CreepStep {
  metric: Metric;
  from: { commit: string; date: string; change: number };
  to: { commit: string; date: string; change: number };
}

/** What an alert says about one scenario against one release. */
export interface CreepState {
  series: string | undefined;
  scenario: string;
  release: string;
  /** The branch and its latest run. */
  ref: string;
  commit: string;
  date: string;
  run: string | undefined;
  /** The metrics that are (or stay) part of the alert, each as the latest run measured it. */
  metrics: CreepMetric[];
  /** Every metric of the scenario as the latest run measured it. */
  current: CreepMetric[];
  /**
   * Where the series stepped to the worse since the release, oldest first (each run whose interval left the
   * previous run's); none when the drift was too gradual for any interval to leave its predecessor's.
   */
  steps: CreepStep[];
  /** Runs against this release so far, and the first one's commit. */
  runs: number;
  firstCommit: string;
}

/** What the alert does for one scenario, given the open issue (if any) and the latest run. */
export type CreepAction =
  | { kind: 'open'; state: CreepState }
  | { kind: 'update'; issue: number; state: CreepState }
  | { kind: 'close'; issue: number; state: CreepState; reason: 'back' | 'released'; newRelease?: string };

/** An open alert issue as perf-gate finds it again: its number and what its marker says. */
export interface OpenCreepIssue {
  number: number;
  /** Hash of the series and scenario. */
  scenarioKey: string;
  /** Hash of the release. */
  releaseKey: string;
  /** The metrics the issue is about. */
  metrics: Metric[];
}

/** One run in a chart: the branch's change against its release (fractions). */
export interface ChartPoint {
  date: string;
  commit: string;
  /** The release it was measured against. */
  release: string;
  change: number;
  /** The interval; null when the run's pairs could not reach the level. */
  low: number | null;
  high: number | null;
  verdict: Verdict;
}

/** A release measured against the one before it (fractions). */
export interface ChartRelease {
  tag: string;
  previous: string;
  date: string;
  change: number;
  low: number | null;
  high: number | null;
  verdict: Verdict;
}

/** The chart of one scenario of one branch (and series): its runs in the order measured, and the releases. */
export interface HistoryChart {
  series: string | undefined;
  ref: string;
  scenario: string;
  metric: Metric;
  /** The threshold of the latest run. */
  threshold: number;
  points: ChartPoint[];
  releases: ChartRelease[];
  /** Its SVG on the branch, e.g. `charts/get-orders-3f2a9c.svg` (ASCII, no text from outside but letters). */
  file: string;
}

/** An alert issue this run opened, updated or closed. */
export interface AlertDone {
  kind: 'opened' | 'updated' | 'closed';
  scenario: string;
  number: number;
  url: string;
}

/** What a history run did, for the job summary (src/report/history-text.ts). */
export interface HistoryRunView {
  /** The branch measured, and its head commit. */
  ref: string;
  head: string;
  /** The release (or `base`) it was measured against; undefined when none was found. */
  release: string | undefined;
  /** This run's line of the branch against the release; undefined when the branch was not measured. */
  branchRun: HistoryLine | undefined;
  /** The release measured against the one before it in this run, when it was. */
  releaseRun: HistoryLine | undefined;
  /** The branch was not measured: its head (`ref`) is the release itself. */
  skipped: { ref: string; release: string } | undefined;
  /** Nothing was measured: no release tag matches `pattern` yet (the history starts at the first one). */
  noRelease?: { ref: string; pattern: string } | undefined;
  /** The charts of this branch and series, with the URL of each one's SVG on the history branch. */
  charts: { chart: HistoryChart; url: string }[];
  /** index.html on the history branch. */
  pageUrl: string;
  historyBranch: string;
  /** `history-job: measure`: the file the lines were left in for the publishing job (nothing was pushed). */
  handedOver?: string | undefined;
  /** The commit pushed to the history branch, or why nothing was; undefined when there was nothing to write. */
  pushed: { commit: string } | { error: string } | undefined;
  alerts: AlertDone[];
}
