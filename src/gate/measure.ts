/**
 * Measuring: the first block of servers started and primed, the plan built from the config and what that found,
 * then pairs until the loop stops (loop.ts), wired from the collaborators passed in (a clock, the load generator,
 * a server starter, the diagnostics probes, a log).
 */
import type { Config } from '../model/config.ts';
import type { DiagnosticsSummary } from '../model/diagnostics.ts';
import type { Round } from '../model/measure.ts';
import type { Note } from '../model/notes.ts';
import type { MeasurementPlan } from '../model/plan.ts';
import { openLoopBaseDuring } from '../report/error-text.ts';
import { poolOf, prime } from './blocks.ts';
import { ActiveScenarios, type PairContext, stopServers } from './context.ts';
import { Disturbances } from './disturbance.ts';
import { type LoopResult, measurePairs } from './loop.ts';
import {
  blocksOf,
  buildPlan,
  drainSecs,
  PUBLISH_RESERVE_MS,
  primeSec,
  startupNote,
} from './measurement-plan.ts';
import { startFirstBlock } from './moved-port.ts';
import { checkPlan } from './plan-check.ts';
import { Pools } from './pools.ts';
import type { Clock, LoadRunner, MeasureLog, Probes, StartServer } from './ports.ts';
import { alive, Servers } from './servers.ts';
import { GatePairSource } from './source.ts';
import { TurnFit } from './turn-fit.ts';
import { roundTurns } from './turns.ts';

export interface MeasureOptions {
  config: Config;
  clock: Clock;
  load: LoadRunner;
  startServer: StartServer;
  probes: Probes;
  log: MeasureLog;
  /** The CPUs of the servers and the load generator, when pinned (recorded in the plan). */
  placement?: MeasurementPlan['placement'];
  /** The gate's time limit, in the clock's milliseconds. */
  deadline: number;
  /** The report's notes: measuring adds its own. */
  notes: Note[];
  /** Each pair's rounds are added here as they are measured (the report keeps them if measuring fails). */
  kept?: Round[];
}

export interface Measured extends LoopResult {
  /** The plan measuring obeyed; undefined when it failed before the plan was built. */
  plan: MeasurementPlan | undefined;
  /** Scenarios that failed on base but not on head in the first pair: new, not compared. */
  newScenarios: string[];
  /** Pairs measured again because they were disturbed. */
  disturbedPairs: number;
  /** Disturbed pairs kept. */
  keptDisturbedPairs: number;
  /** Blocks of server processes started, and their start and priming (the start included), in seconds. */
  blocks: { count: number; startupSec: number; primingSec: number };
  diagnostics: DiagnosticsSummary;
}

/**
 * Starts and primes the first block (or, with a fresh process per round, measures base alone where the open loop
 * needs its rate), and builds the plan from what that found.
 */
async function firstBlock(ctx: PairContext, options: MeasureOptions): Promise<MeasurementPlan> {
  const { clock, config } = ctx;
  const started = clock.now();
  const sideBySide = config.restartEvery > 0 && (await startFirstBlock(ctx, options.notes));
  const startSec = (clock.now() - started) / 1000;
  const rates = sideBySide
    ? await prime(ctx, 0, primeSec(ctx.config.primeSec, ctx.scenarios.active.length), [
        ctx.servers.get('base')!,
        ctx.servers.get('head')!,
      ])
    : await baseRates(ctx);
  const plan = buildPlan(config, {
    fresh: !sideBySide,
    placement: options.placement,
    rates,
    startSec,
    leftSec: (options.deadline - PUBLISH_RESERVE_MS - clock.now()) / 1000,
  });
  ctx.fit.planned(drainSecs(config, rates));
  ctx.log.info({ kind: 'plan', plan });
  // A plan that can decide but not resolve its threshold at an ordinary runner's noise: said before the first pair.
  const check = checkPlan(config, plan, startSec);
  if (!check.resolves) {
    const note: Note = {
      kind: 'plan',
      check,
      restartEvery: blocksOf(plan)?.restartEvery ?? 0,
      scenarios: config.scenarioCount,
      startSec,
    };
    options.notes.push(note);
    ctx.log.warning({ kind: 'note', note });
  }
  for (const s of plan.scenarios) {
    const open = config.openLoop;
    if (s.openLoop && open && 'share' in open)
      ctx.log.info({
        kind: 'open-loop-rate',
        scenario: s.name,
        rate: s.openLoop.rate,
        share: open.share,
        baseRps: rates.get(s.name) ?? 0,
      });
  }
  return plan;
}

/**
 * With a fresh process per round there is no priming to take the open loop's rate from: base alone is measured
 * first, and stopped, so that the pairs start with processes as cold on one side as on the other.
 */
async function baseRates(ctx: PairContext): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  const open = ctx.config.openLoop;
  if (!open || !('share' in open)) return rates;
  const primeStart = ctx.clock.now();
  const base = await ctx.servers.serverFor('base', 0);
  try {
    for (const scenario of ctx.scenarios.active) {
      const pool = await poolOf(ctx, base, scenario);
      const sec = primeSec(ctx.config.primeSec, 1) / 2;
      const turns = roundTurns({ name: scenario.name, turnSec: sec, turns: 1, warmupSec: 0 }, pool);
      const [result] = await alive([base], openLoopBaseDuring(scenario.name), ctx.load.turns(turns));
      if (result && result.sec > 0 && result.responses > 0)
        rates.set(scenario.name, result.responses / result.sec);
    }
  } finally {
    await stopServers(ctx);
  }
  ctx.costs.primingMs += ctx.clock.now() - primeStart;
  return rates;
}

/**
 * Measures as the plan says. Servers run side by side (only one is loaded at a time) and live for a block of
 * `restart-every` pairs, a fixed port moved to one of each side's own; with `restart-every: 0`, or when a server
 * keeps its fixed port (moved-port.ts), each round gets a fresh process. Every server, pool and the load
 * generator are stopped at the end, whatever happened.
 */
export async function measure(options: MeasureOptions): Promise<Measured> {
  const { config, clock, log } = options;
  const started = clock.now();
  const pools = new Pools(options.load);
  const ctx: PairContext = {
    config,
    clock,
    load: options.load,
    // The pools on a server are closed before it stops: their connections would only be reset.
    servers: new Servers(options.startServer, options.probes, () => pools.closeAll()),
    pools,
    log,
    scenarios: new ActiveScenarios(config.scenarios),
    costs: { blocks: 0, primingMs: 0, startupMs: 0 },
    fit: new TurnFit(),
  };
  const disturbances = new Disturbances();
  let result: LoopResult;
  let plan: MeasurementPlan | undefined;
  const grouped = <T>(body: () => Promise<T>): Promise<T> =>
    log.group ? log.group({ kind: 'measuring' }, body) : body();
  try {
    result = await grouped(async () => {
      plan = await firstBlock(ctx, options);
      const source = new GatePairSource(ctx, plan, {
        started,
        deadline: options.deadline,
        notes: options.notes,
        disturbances,
        kept: options.kept,
      });
      return measurePairs(source, plan, config);
    });
  } finally {
    await stopServers(ctx);
    await options.load.stop();
  }
  closingNotes(ctx, plan, result, disturbances, started, options.notes);
  return {
    ...result,
    plan,
    newScenarios: ctx.scenarios.dropped,
    disturbedPairs: disturbances.measuredAgain,
    keptDisturbedPairs: disturbances.kept,
    blocks: {
      count: ctx.costs.blocks,
      startupSec: ctx.costs.startupMs / 1000,
      primingSec: ctx.costs.primingMs / 1000,
    },
    diagnostics: options.probes.summary(),
  };
}

/**
 * What measuring says at its end: scenarios settled, confirmation pairs, a stop for noise, a machine busy throughout, slow start-ups,
 * process offsets.
 */
function closingNotes(
  ctx: PairContext,
  plan: MeasurementPlan | undefined,
  result: LoopResult,
  disturbances: Disturbances,
  started: number,
  notes: Note[],
): void {
  const { config, costs, log } = ctx;
  for (const settled of result.settled) notes.push({ kind: 'settled', ...settled });
  if (result.confirmationPairs > 0) log.info({ kind: 'confirmation', pairs: result.confirmationPairs });
  if (result.futility && result.pairs > 0) {
    const pairSec = (ctx.clock.now() - started) / 1000 / result.pairs;
    const note: Note = {
      kind: 'noise',
      futility: result.futility,
      pairSec,
      budgetSec: config.budgetMs / 1000,
    };
    notes.push(note);
    // Also an annotation on the run: the runner, not the pull request, kept the gate from a verdict.
    log.warning({ kind: 'note', note });
  }
  const busy = disturbances.note(result.pairs);
  if (busy !== undefined) {
    notes.push(busy);
    // Also an annotation on the run, where whoever set up the job sees it.
    log.warning({ kind: 'note', note: busy });
  }
  const block = plan ? blocksOf(plan) : undefined;
  if (block?.restartEvery === 1 && costs.blocks > 0) {
    const pairSec = (ctx.clock.now() - started) / 1000 / costs.blocks;
    const note = startupNote(costs.startupMs / 1000 / costs.blocks, pairSec);
    if (note) notes.push(note);
  }
  // The report says it from the decision; the log too, where the blocks' processes differed.
  if (result.decision?.comparisons.some((c) => c.processes?.differed))
    log.info({ kind: 'process-offsets', decision: result.decision });
}
