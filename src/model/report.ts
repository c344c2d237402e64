/** The report every gate writes (report.json): what was measured, decided and noted. Types, and one bound. */

import type { Decision, StopReason, Verdict } from './decision.ts';
import type { DiagnosticsSummary } from './diagnostics.ts';
import type { Metric, Round, Side } from './measure.ts';
import type { Note } from './notes.ts';
import type { MeasurementPlan } from './plan.ts';
import type { AllocationEvidence, ProfileEvidence } from './profile.ts';

/**
 * The smallest non-zero magnitude a number of report.json has: anything nearer 0 (a rounding residue, a denormal) is
 * written as 0 (io/report-json.ts) and refused when read (config/schema-parts.ts).
 */
export const TINY = 1e-9;
export type ErrorCode =
  | 'config'
  | 'git'
  | 'install'
  | 'build'
  | 'setup'
  | 'teardown'
  | 'server-start'
  | 'server-crash'
  | 'server-errors'
  | 'load'
  | 'timeout'
  /** perf-gate itself failed (a bug): the report keeps what was measured. */
  | 'internal'
  /** The job was cancelled (SIGINT, SIGTERM): the report keeps what was measured. */
  | 'cancelled';

export interface ReportError {
  code: ErrorCode;
  message: string;
  side: Side | undefined;
  output: string | undefined;
  /** A failure of the base tree ends the gate neutral; any other fails it. */
  neutral: boolean;
}

/** A scenario as the gate ran it: every setting resolved. */
export interface ScenarioSettings {
  /** Unique; rounds and comparisons are keyed by it. */
  name: string;
  method: string;
  path: string;
  /** The one status that counts as success; undefined: any 2xx. */
  expectStatus: number | undefined;
  connections: number;
  /** Threshold of req/s. */
  threshold: number;
}

export interface Report {
  tool: 'perf-gate';
  version: 3;
  verdict: Verdict;
  base: { sha: string; label: string };
  head: { sha: string; label: string };
  settings: {
    /** The scenarios this gate (shard) loaded, in file order. */
    scenarios: ScenarioSettings[];
    /** Fixed number of pairs, or undefined for adaptive rounds. */
    pairs: number | undefined;
    /** Measuring time an adaptive gate may use (confirmation of a borderline regression may add half again). */
    budgetSec: number;
    durationSec: number;
    warmupSec: number;
    /** The turn length (input `slice`) base and head took turns in within a pair; 0 (or absent): whole rounds. */
    sliceSec?: number;
    /** The `connections` input (a scenario may have its own). */
    connections: number;
    /** The gate's threshold of req/s (a scenario may have its own). */
    threshold: number;
    latencyThreshold: number;
    /** The `memory-threshold` the gate decided allocation per request with; absent in reports made before it. */
    memoryThreshold?: number;
    alpha: number;
    port: number | undefined;
    failOnRegression: boolean;
    restartEvery: number;
  };
  decision: Decision | undefined;
  /** How the gate measured (src/model/plan.ts): built once before the first pair; absent when it failed before. */
  plan?: MeasurementPlan | undefined;
  /** How the adaptive rounds went. */
  sequential:
    | {
        pairs: number;
        looked: number[];
        /** Pair counts of the planned looks, the confirmation look included. */
        schedule: number[];
        stoppedBy: StopReason;
        confirmationPairs: number;
        /** Pairs measured again because other processes or the hypervisor took CPU during them. */
        disturbedPairs: number;
        /** Disturbed pairs kept once measuring again stopped helping (the machine was busy throughout). */
        keptDisturbedPairs: number;
        /** Blocks of server processes started, and the seconds their start and priming took in all. */
        blocks?: { count: number; startupSec: number; primingSec: number };
      }
    | undefined;
  /** Names of scenarios that only head serves (base answers them with errors): new endpoints, not compared. */
  newScenarios: string[];
  /** The shard this gate ran (`shard: index/count`, index from 1); undefined: all scenarios. */
  shard: { index: number; count: number } | undefined;
  /** The runner of a matrix of replicas this gate was (`replica: index/count`), and its stage in a two-stage design. */
  replica?: ReplicaPlace | undefined;
  /** Scenarios of the config file (or `paths`) in all, before sharding: a merge of shards checks against it. */
  scenarioCount: number;
  rounds: Round[];
  error: ReportError | undefined;
  timing: { startedAt: string; wallSec: number; prepareSec: number; measureSec: number };
  environment: Environment;
  /** Notes for the reader (e.g. a saturated load generator), as data: report/note-text.ts says them. */
  notes: Note[];
  /** The profiling pass, when it ran. */
  profile: ProfileSummary | undefined;
  /** Files the pull request changed (relative to the repository root). */
  changedFiles: string[];
  /** Event loop, CPU and memory measured inside each side's server. */
  diagnostics: DiagnosticsSummary | undefined;
  /**
   * The pull request measured, from the workflow's event (undefined outside a pull request): what `mode: report`
   * needs to post the comment and the check run from another workflow. Untrusted there: it is verified.
   */
  pullRequest?: PullRequestRef | undefined;
  /** The workflow run that measured (GITHUB_RUN_ID and its attempt): `mode: report` merges only its own run's. */
  run?: WorkflowRunRef | undefined;
  /** The shards this report was merged from by `mode: report` (undefined for a report of one gate). */
  shards?: ShardSummary[] | undefined;
}

/**
 * What a finished report means for the step (decide/outcome.ts stepOutcome): why it fails or warns (an error that
 * is the pull request's or perf-gate's, a regression, a regression with `fail-on-regression` off, an error that is
 * base's), or that it passes. report/headline.ts stepMessage says it.
 */
export type StepOutcome =
  | { kind: 'fail'; cause: 'error' | 'regression' }
  | { kind: 'warn'; cause: 'regression-allowed' | 'neutral-error' }
  | { kind: 'pass' };

export interface WorkflowRunRef {
  id: string;
  attempt: number;
}

export interface PullRequestRef {
  number: number;
  headSha: string;
  baseSha: string;
}

/** Where a gate ran. */
export interface Environment {
  node: string;
  cpus: number;
  platform: string;
  /** The CPU's model name, the kernel's release and the runner's name (RUNNER_NAME); absent in older reports. */
  cpuModel?: string | undefined;
  kernel?: string | undefined;
  runner?: string | undefined;
}

/** One runner of replicas (`replica: index/count`, index from 1) and the stage of a two-stage design. */
export interface ReplicaPlace {
  index: number;
  count: number;
  stage?: 1 | 2 | undefined;
}

/** One shard (one report.json) of a merged report. */
export interface ShardSummary {
  /** Where it came from (the file, relative to `results`). */
  source: string;
  /** The shard's place in the matrix when its report says so (`shard: i/n`). */
  shard: { index: number; count: number } | undefined;
  /** Its comparison keys (paths; scenarios later). */
  keys: string[];
  /** Pairs it measured. */
  pairs: number;
  /** Looks it planned (its p-values count all of them). */
  looks: number;
  /** Its error, when it ended with one. */
  error: string | undefined;
  /** Its place among replicas, where it ran, and its wall time (seconds), when the merge had replicas. */
  replica?: ReplicaPlace | undefined;
  environment?: Environment | undefined;
  wallSec?: number | undefined;
}

export interface HotFunction {
  /** What is named: a function (absent in reports before files and packages were named), a file or a package. */
  unit?: 'function' | 'file' | 'package';
  /** The function's name; the file's path; the package's name. */
  fn: string;
  /** Relative to the repository root; for a package, its directory (`node_modules/<name>`). */
  file: string;
  line: number;
  /** Shares of busy CPU samples spent in the function itself. */
  baseSelf: number;
  headSelf: number;
  /** CPU time in the function itself per request served while profiled, µs (absent in reports before them). */
  baseUsPerRequest?: number;
  headUsPerRequest?: number;
  /**
   * For a unit of Node's own modules: the first frame outward of the program's own code or of a dependency, on the
   * stacks that ran it (src/profile/callers.ts); `package` as UnitCost's ('' for the app's own files).
   */
  caller?: { fn: string; file: string; line: number; package: string };
}

/** A function, file or package the allocation profile names allocating (the kept profile: keeping) more on head. */
export interface AllocationSite extends Pick<HotFunction, 'fn' | 'file' | 'line' | 'caller'> {
  unit: 'function' | 'file' | 'package';
  /** The version of the dependency it lives in (head's node_modules); absent for the app's own code and Node's. */
  version?: string;
  /** Bytes it allocated itself per request served while profiled, each side. */
  baseBytes: number;
  headBytes: number;
}

/** The allocation profile's data (src/profile/allocation.ts); its words are in src/report/allocation-text.ts. */
export interface AllocationSummary {
  /** Bytes per request by function, and what is named (paths relative to each side's tree). */
  evidence: AllocationEvidence;
  /** What allocates more per request on head, largest change first, where it is in the repository. */
  more: AllocationSite[];
}

/** The profiling pass's data; its comment section is written from it in src/report/profile.ts (profileSection). */
export interface ProfileSummary {
  /** Flame graphs, differential flame graphs and raw samples, for the artifact. */
  files: string[];
  /** Directory that holds them. */
  dir: string;
  /**
   * What the profile names hotter on head, largest change first: only with evidence, and only when the gate found
   * a change to explain (src/profile/evidence.ts).
   */
  hotter: HotFunction[];
  /** false: 0x failed on a side after the load ran (a note says why), so only the heap profiles are here. */
  cpu?: false;
  /**
   * The side-by-side profile's figures (per function, file and package) and what it named; absent in a report read
   * back from report.json or merged from several shards, whose section is written from `hotter` alone.
   */
  evidence?: ProfileEvidence;
  /** The differential allocation profile; absent when none was taken. */
  allocation?: AllocationSummary;
  /**
   * The kept profile: what each side allocated in its windows and still held after a full collection at their end
   * (taken when the gate found a leak, src/gate/profiling.ts heapPlan); `more` is what head keeps more of.
   */
  kept?: AllocationSummary;
  seconds: number;
}

/**
 * What the Markdown shows beyond the report itself: numbers computed from it with statistics or the plan's rules
 * (publish/markdown.ts reportView), so that src/report only writes words.
 */
export interface ReportView {
  /** The open-loop load, when the rounds had any. */
  openLoop: OpenLoopView | undefined;
  /**
   * Each comparison's medians of the rounds as measured, base's and head's: what the comparison table shows (the
   * change beside them is the paired estimate). Absent: the decision's own base and base × (1 + change).
   */
  medians?: MeasuredMedians[];
}

/** The medians of one scenario's rounds of a metric, each side's own. */
export interface MeasuredMedians {
  scenario: string;
  metric: Metric;
  base: number;
  head: number;
}

export interface OpenLoopView {
  /** Seconds of open-loop load each side got per pair. */
  sec: number;
  /** Each scenario that had open-loop rounds, in settings order, with the median rate sent (req/s). */
  rates: { scenario: string; rate: number }[];
  /** How late the client sent its requests: the largest p99 of any round, in ms. */
  sendLagP99Ms: number;
}

/** A regression accepted on purpose (publish/accept.ts): by whom, and how. */
export interface Acceptance {
  /** The GitHub login that added the label or wrote the description; undefined when it could not be learnt. */
  by: string | undefined;
  how: 'label' | 'description';
  /** The label's name (`accept-label`). */
  label: string;
  /** What the description's line gave as the reason; '' for none. Untrusted text. */
  reason: string;
  /** The head commit that was accepted (the one measured), 40 hex digits. */
  commit: string;
}

/** One run of a gate on a pull request, as its sticky comment keeps it (publish/comment-runs.ts). */
export interface RunRecord {
  /** The measured commit, 7 to 40 hex digits. */
  commit: string;
  verdict: Verdict | 'error';
  /** The change the headline names, as the `change` output writes it (`-11.5%`); '' when nothing was compared. */
  change: string;
  accepted: boolean;
}
