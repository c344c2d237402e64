/**
 * Measuring: interleaved pairs of base and head rounds until the sequential rule stops, wired from the collaborators
 * passed in (a clock, the load generator, a server starter, the diagnostics probes, a log).
 */
import { runSequential, type SequentialResult } from '../decide/sequential.ts';
import type { Config } from '../model/config.ts';
import type { DiagnosticsSummary } from '../model/diagnostics.ts';
import type { Round } from '../model/measure.ts';
import { confirmationLog, futilityNote, MEASURING_GROUP } from '../report/gate-text.ts';
import { processOffsetNote, processOffsetOverruled } from '../report/notes.ts';
import { ActiveScenarios, type PairContext } from './context.ts';
import { Disturbances } from './disturbance.ts';
import { startOnMovedPorts } from './moved-port.ts';
import { OpenLoopRates } from './open-loop.ts';
import {
  movesFixedPort,
  PUBLISH_RESERVE_MS,
  primingTurns,
  sideBySide,
  slicing,
  startupNote,
} from './plan.ts';
import type { Clock, LoadRunner, MeasureLog, Probes, StartServer } from './ports.ts';
import { Servers } from './servers.ts';
import { GatePairSource } from './source.ts';

export interface MeasureOptions {
  config: Config;
  clock: Clock;
  load: LoadRunner;
  startServer: StartServer;
  probes: Probes;
  log: MeasureLog;
  /** The gate's time limit, in the clock's milliseconds. */
  deadline: number;
  /** The report's notes: measuring adds its own. */
  notes: string[];
  /** Each pair's rounds are added here as they are measured (the report keeps them if measuring fails). */
  kept?: Round[];
}

export interface Measured extends SequentialResult {
  /** Scenarios that failed on base but not on head in the first pair: new, not compared. */
  newScenarios: string[];
  /** Pairs measured again because they were disturbed. */
  disturbedPairs: number;
  /** Disturbed pairs kept. */
  keptDisturbedPairs: number;
  diagnostics: DiagnosticsSummary;
  /** Base and head ran side by side in blocks of `restart-every` pairs; false: a fresh process per round. */
  sideBySide: boolean;
  /** Base and head took turns in slices within each pair. */
  sliced: boolean;
}

/**
 * Runs interleaved pairs of rounds until the sequential rule stops. Servers run side by side (only one is loaded at
 * a time) and live for a block of `restart-every` pairs, a fixed port moved to one of each side's own; with
 * `restart-every: 0`, or when a server keeps its fixed port (moved-port.ts), each round gets a fresh process, warmed
 * by the round's own warm-up. Every server and the load generator are stopped at the end, whatever happened.
 */
export async function measure(options: MeasureOptions): Promise<Measured> {
  const { config, clock, log } = options;
  const started = clock.now();
  const ctx: PairContext = {
    config,
    clock,
    load: options.load,
    servers: new Servers(options.startServer, options.probes, sideBySide(config)),
    rates: new OpenLoopRates(config, log),
    log,
    scenarios: new ActiveScenarios(config.scenarios),
    costs: { blocks: 0, primingMs: 0, startupMs: 0 },
    fresh: !sideBySide(config),
    sliced: slicing(config),
    primeTurns: primingTurns(config.restartEvery),
  };
  const disturbances = new Disturbances();
  const source = new GatePairSource(ctx, {
    started,
    deadline: options.deadline,
    notes: options.notes,
    disturbances,
    kept: options.kept,
  });
  let result: SequentialResult;
  const grouped = <T>(body: () => Promise<T>): Promise<T> =>
    log.group ? log.group(MEASURING_GROUP, body) : body();
  try {
    // Before the first pair, so that a fall-back to whole rounds holds for every pair and the sequential rule.
    if (movesFixedPort(config)) await startOnMovedPorts(ctx, options.notes);
    result = await grouped(() =>
      runSequential(source, {
        threshold: config.threshold,
        latencyThreshold: config.latencyThreshold,
        alpha: config.alpha,
        restartEvery: ctx.fresh ? 0 : config.restartEvery,
        fixedPairs: config.pairs,
        budgetMs: config.budgetMs,
        limitMs: Math.min(config.budgetMs * 1.5, options.deadline - started - PUBLISH_RESERVE_MS),
      }),
    );
  } finally {
    await ctx.servers.stopAll();
    await options.load.stop();
  }
  closingNotes(ctx, result, disturbances, started, options.notes);
  return {
    ...result,
    newScenarios: ctx.scenarios.dropped,
    disturbedPairs: disturbances.measuredAgain,
    keptDisturbedPairs: disturbances.kept,
    diagnostics: options.probes.summary(),
    sideBySide: !ctx.fresh,
    sliced: ctx.sliced,
  };
}

/**
 * What measuring says at its end: confirmation pairs, a stop for noise, a machine busy throughout, slow start-ups,
 * process offsets.
 */
function closingNotes(
  ctx: PairContext,
  result: SequentialResult,
  disturbances: Disturbances,
  started: number,
  notes: string[],
): void {
  const { config, costs, log } = ctx;
  if (result.confirmationPairs > 0) log.info(confirmationLog(result.confirmationPairs));
  if (result.futility && result.pairs > 0) {
    const pairSec = (ctx.clock.now() - started) / 1000 / result.pairs;
    const note = futilityNote(result.futility, pairSec, config.budgetMs / 1000);
    notes.push(note);
    // Also an annotation on the run: the runner, not the pull request, kept the gate from a verdict.
    log.warning(note);
  }
  const busy = disturbances.note(result.pairs);
  if (busy !== undefined) {
    notes.push(busy);
    // Also an annotation on the run, where whoever set up the job sees it.
    log.warning(busy);
  }
  if (!ctx.fresh && config.restartEvery === 1 && costs.blocks > 0) {
    const pairSec = (ctx.clock.now() - started) / 1000 / costs.blocks;
    const note = startupNote(costs.startupMs / 1000 / costs.blocks, pairSec);
    if (note) notes.push(note);
  }
  // The report renders it from the decision; when it took a verdict back, an annotation on the run too.
  const offsets = processOffsetNote(result.decision);
  if (offsets) {
    if (processOffsetOverruled(result.decision)) log.warning(offsets);
    else log.info(offsets);
  }
}
