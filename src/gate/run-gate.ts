/**
 * The gate from two commits to a report: materialise base beside head, install and build both, measure them in
 * interleaved rounds, decide. Shared by the action and the CLI; all GitHub I/O stays outside.
 */
import { resolve } from 'node:path';
import { sideCommands } from '../config/base-config.ts';
import { diskUsage } from '../io/disk.ts';
import { addWorktree, git, type Worktree } from '../io/git.ts';
import { stopBackground } from '../io/proc.ts';
import { redact } from '../io/redact.ts';
import { writeReport } from '../io/report-json.ts';
import { pinLoadGenerator } from '../load/generator.ts';
import type { Config } from '../model/config.ts';
import { errorMessage, GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import type { Note } from '../model/notes.ts';
import type { Report } from '../model/report.ts';
import { planErrorMessage } from '../report/error-text.ts';
import { assembleReport, type GateRun } from './assemble.ts';
import { HeldLog } from './held-log.ts';
import { measure } from './measure.ts';
import { PUBLISH_RESERVE_MS } from './measurement-plan.ts';
import { checkPlan } from './plan-check.ts';
import type { GateContext, Logger } from './ports.ts';
import { profileBoth, profilePlan } from './profiling.ts';
import { systemCollaborators } from './system.ts';
import { installsTogether, prepareTree, runHook, type StepLog } from './trees.ts';

export type { GateContext, Logger } from './ports.ts';

/** What a caller may add to a gate run: other collaborators (tests), and a look at it while it runs. */
export interface GateHooks {
  /** The collaborators of measuring; default: the real ones (systemCollaborators). */
  collaborators?: typeof systemCollaborators;
  /**
   * Called at the start with a function that gives the report of what has been done so far, ended by `error`:
   * what a cancelled run writes (entry/cancel.ts).
   */
  progress?: (snapshot: (error: GateError) => Report) => void;
  /**
   * True once the job is being cancelled: the cancellation writes report.json from the progress snapshot, and the
   * run, whose processes it killed under it, must not overwrite that with an error of its own.
   */
  cancelled?: () => boolean;
  /** Called first with every value the config took from the step's environment, both sides': the log masks them. */
  mask?: (secrets: readonly string[]) => void;
}

/**
 * One gate run. Once it has started, it always ends with a report, written to report.json, whatever fails: a
 * GateError is the report's error, any other error becomes one (code `internal`), and the rounds measured until
 * then are kept.
 */
export async function runGate(context: GateContext, hooks: GateHooks = {}): Promise<Report> {
  const { config } = context;
  hooks.mask?.(config.secrets);
  const started = Date.now();
  const run: GateRun = {
    started,
    deadline: started + config.timeoutMs,
    notes: [],
    prepared: [],
    prepareSec: 0,
    measureSec: 0,
    changedFiles: [],
    rounds: [],
  };
  hooks.progress?.((error) =>
    redact(assembleReport(context, { ...run, notes: [...run.notes], error }), [
      config.token,
      ...config.secrets,
    ]),
  );
  try {
    await gateSteps(context, run, hooks.collaborators ?? systemCollaborators);
  } catch (caught) {
    run.error = caught instanceof GateError ? caught : internalError(caught);
    if (run.prepareSec === 0) run.prepareSec = (Date.now() - started) / 1000;
  } finally {
    await finish(context, run);
  }
  const report = redact(assembleReport(context, run), [config.token, ...config.secrets]);
  if (!hooks.cancelled?.()) await writeReport(config.outputDir, report);
  return report;
}

/** A failure of perf-gate itself, as the report's error: its message, and its stack as the output. */
export function internalError(caught: unknown): GateError {
  const message = errorMessage(caught);
  return new GateError('internal', `perf-gate failed unexpectedly (${message}); what was measured is kept`, {
    ...(caught instanceof Error && caught.stack ? { output: caught.stack } : {}),
    cause: caught,
  });
}

/** The trees, measuring and profiling, each recorded in `run` as it is done. */
async function gateSteps(
  context: GateContext,
  run: GateRun,
  collaborators: typeof systemCollaborators,
): Promise<void> {
  const { config, log } = context;
  pinLoadGenerator();
  // A plan that cannot decide anything at all is known before any tree is prepared: say so now, with what to set.
  const check = checkPlan(config);
  if (!check.canDecide) {
    throw new GateError('config', planErrorMessage(check, config.restartEvery, config.scenarioCount));
  }
  run.notes.push(...trustNotes(config));
  const dirs = await prepareTrees(context, run);
  run.prepareSec = (Date.now() - run.started) / 1000;
  const measureStart = Date.now();
  const measured = await measure({
    config,
    log,
    deadline: run.deadline,
    notes: run.notes,
    kept: run.rounds,
    ...collaborators(config, dirs),
  });
  run.measured = measured;
  run.measureSec = (Date.now() - measureStart) / 1000;
  run.changedFiles = await changedSince(context.root, context.base.sha);
  const plan = profilePlan(config, measured.decision);
  if (plan === 'profile') {
    const scenarios = config.scenarios.filter((scenario) => !measured.newScenarios.includes(scenario.name));
    run.profile = await profileBoth(context, dirs, scenarios, run.deadline, run.notes, measured.decision);
  } else if (plan !== 'off') log.info({ kind: 'not-profiled', reason: plan });
}

/** What the pull request chose that the reader should know: a changed config or workflow file, head's `start` on base. */
export function trustNotes(config: Config): Note[] {
  const notes: Note[] = [];
  if (config.configChanged && config.configFile !== undefined)
    notes.push({ kind: 'config-changed', file: config.configFile });
  if (config.headCommandsOnBase) notes.push({ kind: 'head-start-on-base' });
  if (config.workflowChanged !== undefined)
    notes.push({ kind: 'workflow-changed', file: config.workflowChanged });
  return notes;
}

/**
 * After the run, whatever happened: the teardown, what setup left running stopped, the base tree removed. Each
 * step's failure is a note or a warning, so that the report is still written.
 */
async function finish(context: GateContext, run: GateRun): Promise<void> {
  const { config, log } = context;
  try {
    if (run.dirs !== undefined) await teardown(context, run.dirs, run.prepared, run.deadline, run.notes);
  } catch (error) {
    run.error ??= internalError(error);
  }
  const stopped = await stopBackground();
  if (stopped.length > 0) {
    const note: Note = { kind: 'background-stopped', commands: stopped.map((p) => p.command) };
    run.notes.push(note);
    log.info({ kind: 'note', note });
  }
  try {
    await cleanUp(run.worktree, config, log);
  } catch (error) {
    log.warning({
      kind: 'tree-not-removed',
      message: errorMessage(error),
    });
  }
}

/**
 * Checks out base beside head, installs and builds both and runs the config file's `setup` in each, recording
 * in `run` what is done as it goes (for the teardown and clean-up that follow, whatever happens). Returns each
 * side's working directory.
 */
async function prepareTrees(context: GateContext, run: GateRun): Promise<Record<Side, string>> {
  const { config, log } = context;
  const group = { kind: 'base-tree', label: context.base.label, sha: context.base.sha } as const;
  const worktree = await log.group(group, async () => {
    const tree = await addWorktree(context.root, context.base.sha);
    log.info({ kind: 'base-checked-out', dir: tree.dir });
    return tree;
  });
  run.worktree = worktree;
  const dirs: Record<Side, string> = {
    base: resolve(worktree.dir, config.workingDirectory),
    head: resolve(context.root, config.workingDirectory),
  };
  run.dirs = dirs;
  const roots: Record<Side, string> = { base: worktree.dir, head: context.root };
  // What is left of the time limit, less the reserve for publishing: no step may take longer.
  const remaining = (): number => run.deadline - Date.now() - PUBLISH_RESERVE_MS;
  // Each tree's limits from what is left when it starts: after base's, when they go one after the other.
  const prepare = (side: Side, stepLog: StepLog, signal?: AbortSignal): Promise<void> => {
    const left = remaining();
    return prepareTree({
      side,
      root: roots[side],
      dir: dirs[side],
      install: config.install,
      build: config.build,
      buildTimeoutMs: Math.max(1000, Math.min(config.buildTimeoutMs, left)),
      log: stepLog,
      notes: run.notes,
      ...(signal ? { signal } : {}),
    });
  };
  if (!installsTogether(config.install, roots, dirs)) {
    for (const side of ['base', 'head'] as const) {
      if (side === 'head') run.headRan = true;
      await prepare(side, log);
      run.prepared.push(side);
    }
    return setup(context, run, dirs, remaining);
  }
  // Both trees at once (installs wait on the network and the disk as much as on a core): base's output as it
  // comes, head's after it. A failure of base's stops head's and is the gate's, as when base went first.
  const held = new HeldLog();
  const stopHead = new AbortController();
  // Head's install runs beside base's: from here on, a failure of base's may be head's doing.
  run.headRan = true;
  const base = prepare('base', log).catch((error: unknown) => {
    stopHead.abort();
    throw error;
  });
  const [baseDone, headDone] = await Promise.allSettled([base, prepare('head', held, stopHead.signal)]);
  if (baseDone.status === 'rejected') throw baseDone.reason;
  run.prepared.push('base');
  await held.replay(log);
  if (headDone.status === 'rejected') throw headDone.reason;
  run.prepared.push('head');
  return setup(context, run, dirs, remaining);
}

/** The config file's `setup` in each tree, base first; the trees' directories. */
async function setup(
  context: GateContext,
  run: GateRun,
  dirs: Record<Side, string>,
  remaining: () => number,
): Promise<Record<Side, string>> {
  const { config, log } = context;
  for (const side of ['base', 'head'] as const) {
    const own = sideCommands(config, side);
    if (own.setup === undefined) continue;
    if (side === 'head') run.headRan = true;
    await runHook({
      what: 'setup',
      side,
      command: own.setup,
      cwd: dirs[side],
      env: own.env,
      timeoutMs: Math.max(1000, Math.min(config.buildTimeoutMs, remaining())),
      log,
    });
  }
  return dirs;
}

/**
 * Removes the base tree (unless `keep-trees`) and logs the run's disk use: the base tree with its install and
 * build, and the output directory (report, flame graphs, diagnostics), which stays for the artifact.
 */
async function cleanUp(worktree: Worktree | undefined, config: Config, log: Logger): Promise<void> {
  const tree = worktree ? await diskUsage(worktree.dir) : 0;
  if (worktree && config.keepTrees) {
    log.info({ kind: 'keep-trees', dir: worktree.dir });
  } else {
    await worktree?.remove();
  }
  const outputs = await diskUsage(config.outputDir);
  const kept = worktree ? config.keepTrees : undefined;
  log.info({ kind: 'disk-use', tree, kept, outputs, outputDir: config.outputDir });
}

/**
 * The config file's `teardown` in each prepared tree (after its last server stopped, also when measuring failed).
 * A failure is a note and a warning: the verdict stands.
 */
async function teardown(
  context: GateContext,
  dirs: Record<Side, string>,
  sides: readonly Side[],
  deadline: number,
  notes: Note[],
): Promise<void> {
  const { config, log } = context;
  for (const side of sides) {
    const own = sideCommands(config, side);
    if (own.teardown === undefined) continue;
    try {
      await runHook({
        what: 'teardown',
        side,
        command: own.teardown,
        cwd: dirs[side],
        env: own.env,
        timeoutMs: Math.max(10_000, Math.min(config.buildTimeoutMs, deadline - Date.now())),
        log,
        notes,
      });
    } catch (error) {
      if (!(error instanceof GateError)) throw error;
      notes.push({ kind: 'teardown-failed', message: error.message });
      log.warning({ kind: 'error-output', message: error.message, output: error.output });
    }
  }
}

/** Files that differ between the base commit and the work tree, relative to the repository root. */
async function changedSince(root: string, base: string): Promise<string[]> {
  try {
    return (await git(root, ['diff', '--name-only', base])).split('\n').filter((line) => line !== '');
  } catch {
    return [];
  }
}
