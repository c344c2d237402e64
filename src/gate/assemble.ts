/** The report of a gate run, from what each of its stages left: trees, measuring, profiling, the error if any. */
import { availableParallelism, cpus, release } from 'node:os';
import { scenarioSettings } from '../config/report-file.ts';
import { finalVerdict } from '../decide/final.ts';
import { LOADGEN_BUSY } from '../decide/pace.ts';
import type { Worktree } from '../io/git.ts';
import type { Config } from '../model/config.ts';
import type { Decision } from '../model/decision.ts';
import type { GateError } from '../model/errors.ts';
import type { Round, Side } from '../model/measure.ts';
import type { Note } from '../model/notes.ts';
import type { MeasurementPlan } from '../model/plan.ts';
import type { Environment, ProfileSummary, Report } from '../model/report.ts';
import { median } from '../stats/describe.ts';
import type { Measured } from './measure.ts';
import { blocksOf } from './measurement-plan.ts';
import type { GateContext } from './ports.ts';

/** What a gate run has done so far; each stage fills in its part. */
export interface GateRun {
  /** When the gate started, and its time limit (ms since the epoch). */
  started: number;
  deadline: number;
  /** The report's notes, in the order the stages add them. */
  notes: Note[];
  /** The base tree, once checked out. */
  worktree?: Worktree;
  /** Each side's working directory, once known. */
  dirs?: Record<Side, string>;
  /** Trees installed and built: each gets its teardown, whatever happens after. */
  prepared: Side[];
  prepareSec: number;
  measureSec: number;
  measured?: Measured;
  /** Every round measured so far, as it came: the report's rounds when measuring did not finish. */
  rounds?: Round[];
  profile?: ProfileSummary;
  changedFiles: string[];
  /** The error that ended the gate early. */
  error?: GateError;
  /**
   * Something of head's ran (its install, build, setup or server): from then on a failure of base's may be head's
   * doing, so it is an error rather than neutral.
   */
  headRan?: boolean;
}

/** The report of `run` (not yet redacted). */
export function assembleReport(context: GateContext, run: GateRun): Report {
  const { config } = context;
  const { error, measured, notes } = run;
  const rounds = measured?.rounds ?? run.rounds ?? [];
  const decision = error ? undefined : measured?.decision;
  const pace = paceNote(decision, rounds);
  if (pace !== undefined) notes.push(pace);
  const verdict = finalVerdict(decision, error);
  return {
    tool: 'perf-gate',
    version: 3,
    verdict,
    base: { sha: context.base.sha, label: context.base.label },
    head: { sha: context.head.sha, label: context.head.label },
    settings: settingsOf(config, run.measured),
    decision,
    ...(measured?.plan ? { plan: measured.plan } : {}),
    sequential: measured ? sequentialOf(measured) : undefined,
    newScenarios: measured?.newScenarios ?? [],
    shard: config.shard,
    ...replicaOf(config),
    scenarioCount: config.scenarioCount,
    rounds,
    error: error
      ? {
          code: error.code,
          message: error.message,
          side: error.side,
          output: error.output,
          neutral: error.neutral && !run.headRan && !config.headCommandsOnBase,
        }
      : undefined,
    timing: {
      startedAt: new Date(run.started).toISOString(),
      wallSec: (Date.now() - run.started) / 1000,
      prepareSec: run.prepareSec,
      measureSec: run.measureSec,
    },
    environment: environmentOf(),
    notes,
    profile: run.profile,
    changedFiles: run.changedFiles,
    diagnostics: measured?.diagnostics,
    pullRequest: context.pullRequest,
    ...(context.workflowRun ? { run: context.workflowRun } : {}),
  };
}

/** Where this gate ran: what a merge of replicas names a runner by (each text cut to what the schema reads back). */
function environmentOf(): Environment {
  const cut = (text: string | undefined) => (text ? text.trim().slice(0, 200) || undefined : undefined);
  return {
    node: process.version,
    cpus: availableParallelism(),
    platform: `${process.platform}-${process.arch}`,
    cpuModel: cut(cpus()[0]?.model),
    kernel: cut(release()),
    runner: cut(process.env.RUNNER_NAME),
  };
}

/** The replica's place (`replica`) and stage (`stage`); a first stage's one runner is replica 1 of 1. */
function replicaOf(config: Config): Pick<Report, 'replica'> {
  if (config.replica === undefined && config.stage === undefined) return {};
  const { index, count } = config.replica ?? { index: 1, count: 1 };
  return { replica: { index, count, ...(config.stage ? { stage: config.stage } : {}) } };
}

/**
 * What the report says of the load generator's pace: where the servers' CPU time per request was compared, that it
 * set the pace (which says what the busy note would, and what was done about it); else, when it was busy, that it
 * may have.
 */
export function paceNote(decision: Decision | undefined, rounds: readonly Round[]): Note | undefined {
  const compared = new Set(decision?.comparisons.map((c) => c.scenario));
  const paced = new Set(decision?.comparisons.filter((c) => c.metric === 'cpu').map((c) => c.scenario));
  if (paced.size > 0)
    return { kind: 'generator-paced', scenarios: [...paced], all: paced.size === compared.size };
  const loadgenCpu = rounds.length === 0 ? 0 : median(rounds.map((r) => r.measurement.loadgenCpu));
  return loadgenCpu > LOADGEN_BUSY ? { kind: 'loadgen-busy', loadgenCpu } : undefined;
}

/**
 * The settings the gate ran with, as the report records them: turns and blocks as measuring ran them (a fixed port
 * that a server kept falls back to a fresh process per round), or as the config asks when it did not finish.
 */
function settingsOf(config: Config, measured: Measured | undefined): Report['settings'] {
  return {
    scenarios: config.scenarios.map((scenario) => scenarioSettings(scenario, config)),
    pairs: config.pairs,
    budgetSec: config.budgetMs / 1000,
    durationSec: config.durationSec,
    warmupSec: config.warmupSec,
    sliceSec: turnSecOf(config, measured?.plan),
    connections: config.connections,
    threshold: config.threshold,
    latencyThreshold: config.latencyThreshold,
    memoryThreshold: config.memoryThreshold,
    alpha: config.alpha,
    port: config.port,
    failOnRegression: config.failOnRegression,
    restartEvery: measured?.plan ? (blocksOf(measured.plan)?.restartEvery ?? 0) : config.restartEvery,
  };
}

/** The turn length the settings record: the plan's (the shortest of its scenarios'), 0 for whole rounds. */
function turnSecOf(config: Config, plan: MeasurementPlan | undefined): number | undefined {
  if (plan) return blocksOf(plan) ? Math.min(...plan.scenarios.map((s) => s.turnSec)) : 0;
  return config.sliceSec === 'auto' ? undefined : config.sliceSec;
}

function sequentialOf(measured: Measured): Report['sequential'] {
  return {
    pairs: measured.pairs,
    looked: measured.looked,
    schedule: measured.schedule,
    stoppedBy: measured.stoppedBy,
    confirmationPairs: measured.confirmationPairs,
    disturbedPairs: measured.disturbedPairs,
    keptDisturbedPairs: measured.keptDisturbedPairs,
    blocks: measured.blocks,
  };
}
