/**
 * What a gate tells its reader beside the verdict, and what it logs while it runs, as data: report/note-text.ts and
 * report/log-text.ts say them in words, so that no stage but report/ writes a word a user reads. Types only.
 */
import type { Decision, Futility, PlanCheck, SettledScenario } from './decision.ts';
import type { Round, RoundMeasurement, Side } from './measure.ts';
import type { MeasurementPlan, ScenarioPlan } from './plan.ts';

/** A step a tree goes through: `install` and `build`, and the config file's hooks `setup` and `teardown`. */
export type Step = 'install' | 'build' | 'setup' | 'teardown';

/** What disturbed a pair the most: other processes' busy CPU, or CPU the hypervisor stole, in cores. */
export interface Disturbance {
  cause: 'foreign' | 'stolen';
  cores: number;
}

/** A note of the report (report.json `notes`), each a kind with the numbers and names its words need. */
export type Note =
  /** The gate's time limit (input `timeout`) ran out after `pairs` pairs. */
  | { kind: 'time-limit'; pairs: number }
  /** A scenario settled at a look: measured no further, its time went to the others (src/gate/loop.ts). */
  | ({ kind: 'settled' } & SettledScenario)
  /** Stopped early: the noise measured could not resolve the threshold within the budget. */
  | { kind: 'noise'; futility: Futility; pairSec: number; budgetSec: number }
  /** Disturbed pairs kept once measuring them again stopped helping. */
  | { kind: 'busy-machine'; kept: number; pairs: number; worst: Disturbance; measuredAgain: number }
  /** New processes every pair took `startupSec` of every pair's `pairSec` to start. */
  | { kind: 'slow-startup'; startupSec: number; pairSec: number; restartEvery: number }
  /** A server kept its fixed port: whole rounds, one side after the other. */
  | { kind: 'port-not-moved'; port: number }
  /** The plan cannot resolve its threshold (src/decide/plan-check.ts). */
  /** startSec: what starting the first block took (a slow start is paid once per block, out of the budget). */
  | { kind: 'plan'; check: PlanCheck; restartEvery: number; scenarios: number; startSec?: number }
  /** The load generator kept `loadgenCpu` of a core busy (the median of the rounds). */
  | { kind: 'loadgen-busy'; loadgenCpu: number }
  /** The load generator set the pace, so the servers' CPU per request was compared. */
  | { kind: 'generator-paced'; scenarios: string[]; all: boolean }
  | { kind: 'teardown-failed'; message: string }
  /** The pull request changed the config file: base ran with its own copy, the policy is base's or the workflow's. */
  | { kind: 'config-changed'; file: string }
  /** Neither the workflow nor base's config file sets `start`: base's servers ran the command of head's file. */
  | { kind: 'head-start-on-base' }
  /** The pull request changed `file`, the workflow file that runs the gate (its inputs are then its too). */
  | { kind: 'workflow-changed'; file: string }
  /** An install, build or teardown left processes running; they were stopped. */
  | { kind: 'leftovers-stopped'; step: Step; side: Side; commands: string[] }
  /** What `setup` left running, stopped at the end of the run. */
  | { kind: 'background-stopped'; commands: string[] }
  | { kind: 'no-room-for-profiles' }
  | { kind: 'no-flame-graphs'; message: string }
  /** Merged shards: one shard's report.json found twice. */
  | { kind: 'duplicate-shard'; source: string; twin: string; jobs?: MergedJobs }
  | { kind: 'shard-counts-differ' }
  | { kind: 'shard-settings-differ'; jobs?: MergedJobs }
  | { kind: 'shard-environments-differ'; jobs?: MergedJobs }
  | { kind: 'diagnostics-per-shard'; jobs?: MergedJobs }
  /** Merged replicas: fewer runners of a stage reported than its `replica: i/n` says. */
  | { kind: 'replicas-missing'; found: number; count: number }
  /** A note of one shard of several, as the merged report shows it. */
  | { kind: 'of-shard'; source: string; note: Note; jobs?: MergedJobs };

/**
 * What merged reports came from: shards of the scenarios, or runners measuring the same ones (`replica: i/n`).
 * Absent in reports written before runners: shards.
 */
export type MergedJobs = 'shards' | 'runners';

/** Why the gate did not profile although `flamegraphs` is on: nothing changed, or another runner profiles. */
export type NotProfiled = 'no-change' | 'replica';

/** One scenario's line in a pair's log: each side's measurement, and the running estimate so far. */
export interface PairRow {
  scenario: string;
  base: RoundMeasurement;
  head: RoundMeasurement;
  running?: { change: number; pairs: number };
}

/** What measuring logs as it goes (the gate's log; report/log-text.ts words it). */
export type GateEvent =
  | { kind: 'plan'; plan: MeasurementPlan }
  /** The blocks' processes differed, as the decision says (MetricComparison.processes). */
  | { kind: 'process-offsets'; decision: Decision }
  | { kind: 'release-gate'; release: string; previous: string }
  | { kind: 'head-is-release'; ref: string; release: string }
  /** mode history before any release tag: nothing to compare with yet. */
  | { kind: 'no-release'; ref: string; pattern: string }
  | { kind: 'open-loop-rate'; scenario: string; rate: number; share: number; baseRps: number }
  | { kind: 'pair'; pair: number; rows: PairRow[] }
  | { kind: 'measured-again'; pair: number; disturbance: Disturbance }
  /**
   * `budget`: kept because measuring it again would leave the budget short of the next look; `steady`: because other
   * processes kept the machine about as busy throughout the gate's measurements so far.
   */
  | {
      kind: 'kept-disturbed';
      pair: number;
      disturbance: Disturbance;
      measuredAgain: number;
      budget?: boolean;
      steady?: boolean;
    }
  /** A scenario's turns a side from now on, of those planned: its turns cost `extraSec` (base's and head's) more. */
  | {
      kind: 'turns-refitted';
      scenario: string;
      turns: number;
      planned: number;
      turnSec: number;
      extraSec: number;
    }
  | { kind: 'new-endpoint'; scenario: string; base: Round[] }
  | { kind: 'confirmation'; pairs: number }
  /** Scenarios settled: measured no further; the turns of those still open from the next pair on. */
  | { kind: 'settled'; scenarios: string[]; open: ScenarioPlan[] }
  | { kind: 'time-limit'; pairs: number }
  /** An error the gate went on after (a fixed port not moved, a teardown that failed): its message and output. */
  | { kind: 'error-output'; message: string; output: string | undefined }
  | { kind: 'note'; note: Note }
  | { kind: 'base-checked-out'; dir: string }
  | { kind: 'keep-trees'; dir: string }
  | { kind: 'disk-use'; tree: number; kept: boolean | undefined; outputs: number; outputDir: string }
  | { kind: 'nothing-to-install'; side: Side }
  | { kind: 'step-took'; step: Step; side: Side; ms: number }
  | { kind: 'setup-left'; side: Side; commands: string[] }
  | { kind: 'profiling-took'; seconds: number }
  | { kind: 'not-profiled'; reason: NotProfiled }
  | { kind: 'profiling-failed'; message: string }
  | { kind: 'tree-not-removed'; message: string };

/** The groups a gate's log opens (folded sections on a runner). */
export type GateGroup =
  | { kind: 'base-tree'; label: string; sha: string }
  | { kind: 'step'; step: Step; side: Side; command: string }
  | { kind: 'measuring' }
  | { kind: 'profiling' };

/** The gate's log, typed: report/log-text.ts gateLog says each event through a TextLog. */
export interface GateLog {
  info(event: GateEvent): void;
  /** An event worth an annotation on the run. */
  warning(event: GateEvent): void;
  /** What a command printed (untrusted), as it came. */
  output(text: string): void;
  group<T>(group: GateGroup, body: () => Promise<T>): Promise<T>;
}

/** A log of lines of text: the action's (entry/log.ts), the CLI's, a bench's. */
export interface TextLog {
  info(message: string): void;
  warning(message: string): void;
  output(text: string): void;
  group<T>(name: string, body: () => Promise<T>): Promise<T>;
}
