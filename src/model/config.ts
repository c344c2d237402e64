/** The gate's settings, parsed from its inputs and config file. Types only. */
import type { LoadEngine } from './measure.ts';
/** One of `count` shards, `index` counted from 1 (input `shard: index/count`). */
export interface Shard {
  index: number;
  count: number;
}

/** How one side's server starts, from that side's own commit's config file (or the workflow's inputs). */
export interface SideCommands {
  start: string;
  env: Record<string, string>;
  setup: string | undefined;
  teardown: string | undefined;
  /** The fixed port this side's server listens on; undefined: it reads PORT. */
  port: number | undefined;
  /** This side's readiness probe (GET `path`, with `status` when set). */
  ready: { path: string; status: number | undefined };
  readyTimeoutMs: number;
}

/** What the workflow itself set, before any config file: the trusted side of the policy (config/base-config.ts). */
export interface WorkflowPolicy {
  /** The `start` input; '' when only a config file names the command. */
  start: string;
  /** The `threshold` input (or its default). */
  threshold: number;
  /** The `memory-threshold` input (or its default). */
  memoryThreshold?: number | undefined;
  /** The `port` input; undefined: none. */
  port?: number | undefined;
  /** The `ready-timeout` input (or its default). */
  readyTimeoutMs?: number;
}

export interface Config {
  /** Command that starts head's server, run in the tree's root (working-directory); from the input or the file. */
  start: string;
  /**
   * How base starts, from base's own config file (config/base-config.ts); undefined: as head (no config file, or
   * before base's was read).
   */
  baseCommands?: SideCommands | undefined;
  /** Base runs commands of head's config file (base has none, and the workflow names no `start`). */
  headCommandsOnBase?: boolean | undefined;
  /** The pull request changed the config file (head's differs from base's, or base has none). */
  configChanged?: boolean | undefined;
  /** The workflow file that runs the gate, when base's and head's copies differ (entry/trusted.ts); else undefined. */
  workflowChanged?: string | undefined;
  /** The workflow's own `start` and `threshold`; undefined where a Config is made by hand (tests). */
  workflow?: WorkflowPolicy | undefined;
  /** The config file as named in messages (relative to the repository root); undefined: none, `paths` instead. */
  configFile: string | undefined;
  /**
   * The scenarios this gate loads (its shard's): base's config file's as base defines them, then those head's adds
   * (config/base-scenarios.ts); without a file in base, head's file's, or one GET per path.
   */
  scenarios: Scenario[];
  /** Every scenario of head's file (or of `paths`) before sharding and `${NAME}`: what base's are merged with. */
  fileScenarios?: readonly Scenario[] | undefined;
  /**
   * The scenarios base's config file lists: base must answer them (a failure is an error, never new on head);
   * undefined: base has no file.
   */
  baseScenarios?: readonly string[] | undefined;
  /** How many scenarios the file (or `paths`) has in all, before sharding. */
  scenarioCount: number;
  /** undefined: all scenarios. */
  shard: Shard | undefined;
  /** One of `count` runners of a matrix that measure the same scenarios (input `replica: index/count`). */
  replica?: Shard | undefined;
  /** The stage of a two-stage design (input `stage`): each stage spends its share of alpha (src/decide/family.ts). */
  stage?: 1 | 2 | undefined;
  /** Input `confirm`: any regression asks for more runners (`needs-more`), to be confirmed on fresh ones. */
  confirm?: boolean;
  /** Added to the environment of the servers, setup and teardown (from the file; PORT is always ours). */
  env: Record<string, string>;
  /** Readiness probe: GET `path` answers (with `status`, when set; else any status). */
  ready: { path: string; status: number | undefined };
  /** Run once in each tree after install and build, before its first server. */
  setup: string | undefined;
  /** Run once in each tree after its last server stopped, also when measuring failed. */
  teardown: string | undefined;
  /** Fixed port the server listens on; undefined: we choose one and pass it in PORT. */
  port: number | undefined;
  /** Smallest relative change of req/s that matters, e.g. 0.05 (a scenario may have its own). */
  threshold: number;
  /** Smallest relative change of latency (p50, p99) that matters. */
  latencyThreshold: number;
  /** Smallest relative change of allocation per request that matters (`memory-threshold`). */
  memoryThreshold: number;
  /** Family-wise error rate across all comparisons of one gate. */
  alpha: number;
  failOnRegression: boolean;
  token: string;
  /** Values the config file took from the step's environment (`${NAME}`): kept out of what perf-gate writes. */
  secrets: readonly string[];
  /** 'auto' (from the lockfile), 'skip', or a command. */
  install: string;
  /** Build command, or undefined. */
  build: string | undefined;
  /** Base commit or ref; undefined: from the pull_request event. */
  base: string | undefined;
  /** A fixed number of pairs of interleaved rounds (one base and one head round each); undefined: adaptive. */
  pairs: number | undefined;
  /** Measuring time an adaptive gate may use before its final look. */
  budgetMs: number;
  durationSec: number;
  warmupSec: number;
  /** Load each side's new processes get at the start of every block, all scenarios in turn, thrown away. */
  primeSec: number;
  /**
   * The turn length (input `slice`): base and head take turns of this length within each pair (side by side);
   * `auto`: from the first block's rate (src/gate/measurement-plan.ts); 0: one turn per side and pair.
   */
  sliceSec: number | 'auto';
  /** The load engine (src/model/measure.ts LoadEngine). */
  engine: LoadEngine;
  /**
   * Open-loop load after the closed-loop load of each round: at a share of base's req/s (measured before the
   * first pair) or at a fixed rate; undefined: none (`latency-rate: off`).
   */
  openLoop: OpenLoop | undefined;
  /** Pairs a server process serves before both sides are restarted together (1: new processes every pair); 0: a fresh process per round. */
  restartEvery: number;
  /** Pin the server and the load generator to different CPUs (taskset) where there are two or more. */
  pin: boolean;
  connections: number;
  readyTimeoutMs: number;
  /** Each tree's install, its build and its setup, each. */
  buildTimeoutMs: number;
  /** Budget of the whole gate. */
  timeoutMs: number;
  workingDirectory: string;
  /** Where report.json (and later profiles) are written; '' for the default. */
  outputDir: string;
  /** Seconds of load under the profiler per side, both profiled with 0x after measuring; 0: none (`flamegraphs: off`). */
  profileSec: number;
  /** Keep the base tree (worktree with its install and build) after the run, for debugging. */
  keepTrees: boolean;
  /** Name of the check run to create on the pull request's head commit; undefined: none. */
  checkName: string | undefined;
  /**
   * 'gate' measures; 'report' publishes report.json files another job (or workflow) measured, running nothing;
   * 'history' measures the branch against its last release and appends to the history (docs/history.md).
   */
  mode: Mode;
  /** mode report: a directory or glob of report.json files. */
  results: string;
  /** Name of the flame graphs' artifact; undefined: derived from the job and shard where it is uploaded. */
  artifactName: string | undefined;
  /** Days the artifact is kept (`artifact-retention-days`), within the repository's own limit. */
  artifactRetentionDays: number;
  /** The gate's name: keys its comment, check run and artifact (two gates in one job); undefined: none. */
  name: string | undefined;
  /** When the sticky comment is posted in full (else only an existing one is updated, to one line); 'off': never. */
  commentOn: CommentOn | 'off';
  /** How an intended slowdown is accepted; undefined: it cannot be (`accept-label: off`). */
  accept: AcceptRule | undefined;
  /** The branch that holds the history (mode history writes it; a pull request gate reads its base's drift). */
  historyBranch: string;
  /**
   * mode history's job (input `mode`: `history` is `single`, `history-measure` and `history-publish` the others): `single` measures and publishes; `measure` measures with a read-only
   * token and leaves the lines for `publish`, which runs no project code and pushes, alerts and summarizes.
   */
  historyJob: HistoryJob;
  /** mode history: the tags that are releases (a regular expression's source, checked when parsed). */
  releaseTags: string;
}

export type Mode = 'gate' | 'report' | 'history';

export type HistoryJob = 'single' | 'measure' | 'publish';

/** `always`: every run; `change`: a regression, an improvement or an error; `regression`: a regression or an error. */
export type CommentOn = 'always' | 'change' | 'regression';

export interface AcceptRule {
  /** The pull request's label that accepts a regression. */
  label: string;
  /** A line of the pull request's description that starts with the label's name accepts it too. */
  inDescription: boolean;
}

export type OpenLoop = { share: number } | { rate: number };

export interface Scenario {
  /** Unique within the file; `${method} ${path}` unless the file names it. */
  name: string;
  /** Upper case, one of HTTP_METHODS. */
  method: string;
  /** Starts with `/`, may carry a query string. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The one status that counts as success; undefined: any 2xx. */
  expectStatus: number | undefined;
  /** undefined: the `connections` input. */
  connections: number | undefined;
  /** undefined: the file's `threshold`, else the `threshold` input. */
  threshold: number | undefined;
}
