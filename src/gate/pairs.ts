/**
 * One pair: the turns of every scenario not settled, in the pair's order (a Williams design over them,
 * scenario-order.ts), base and head taking turns ABBA… on their pools, on the block's running processes (started
 * and primed at the block's start: source.ts startBlock); or, with a fresh process per round, one side's whole
 * round after the other's.
 */
import type { Scenario } from '../model/config.ts';
import type { Round, RoundMeasurement, Side } from '../model/measure.ts';
import type { MeasurementPlan, ScenarioPlan } from '../model/plan.ts';
import { roundDuring } from '../report/error-text.ts';
import { inOrder, poolOf } from './blocks.ts';
import { type PairContext, stopServers } from './context.ts';
import { inPairOrder } from './scenario-order.ts';
import { alive, inWindows, withMemory } from './servers.ts';
import { pairTurns, roundTurns } from './turns.ts';

/** The two sides in the order pair `pair` (0-based) runs them: base first in even pairs, head in odd ones (ABBA…). */
export function pairOrder(pair: number): readonly [Side, Side] {
  return pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
}

/** Measures pair number `pair` (0-based): its rounds, base's and head's for every active scenario. */
export async function runPair(ctx: PairContext, plan: MeasurementPlan, pair: number): Promise<Round[]> {
  const order = pairOrder(pair);
  if (plan.processes.mode === 'fresh') return freshPair(ctx, plan, pair, order);
  const rounds: Round[] = [];
  for (const scenario of inPairOrder(ctx.scenarios.loaded, pair)) {
    const startedAt = ctx.clock.iso();
    const measurements = await ctx.servers.stopAllOnError(() =>
      sideBySide(ctx, pair, order, scenario, scenarioPlanOf(plan, scenario)),
    );
    for (const [position, measurement] of measurements.entries())
      rounds.push({
        pair,
        position,
        side: order[position]!,
        scenario: scenario.name,
        measurement,
        startedAt,
      });
  }
  return rounds;
}

/** The scenario's plan (every active scenario has one: the plan was built for all of them). */
function scenarioPlanOf(plan: MeasurementPlan, scenario: Scenario): ScenarioPlan {
  return plan.scenarios.find((s) => s.name === scenario.name)!;
}

/**
 * One scenario of a pair, both sides side by side: its turns on their pools, wrapped in each side's diagnostics
 * window (the whole of the scenario's turns after the warm-ups), then each pool's measurement, in `order`.
 */
async function sideBySide(
  ctx: PairContext,
  pair: number,
  order: readonly [Side, Side],
  scenario: Scenario,
  plan: ScenarioPlan,
): Promise<[RoundMeasurement, RoundMeasurement]> {
  const sides = inOrder(ctx, order);
  const pools = [await poolOf(ctx, sides[0], scenario), await poolOf(ctx, sides[1], scenario)] as const;
  const during = roundDuring(pair, scenario.name);
  const label = windowLabel(ctx, scenario);
  const window = { warmupSec: 2 * plan.warmupSec };
  // Both windows open before the turns and close after them, their readings taken at once.
  const windows = await Promise.all(
    order.map((side, i) => ctx.servers.probe(side).open(label, { ...window, port: sides[i]!.port })),
  );
  // As many turns as the pair's planned cost buys at what turns cost lately (turn-fit.ts).
  const fitted = ctx.fit.pair(plan, (count, extraSec) =>
    ctx.log.info({
      kind: 'turns-refitted',
      scenario: scenario.name,
      turns: count,
      planned: plan.turns,
      turnSec: plan.turnSec,
      extraSec,
    }),
  );
  const turns = pairTurns(fitted, pools);
  const { result, memory } = await inWindows(windows, () => alive(sides, during, ctx.load.turns(turns)));
  ctx.fit.record('pair', scenario.name, turns, result);
  return [
    withMemory(await ctx.load.take(pools[0]), memory[0]),
    withMemory(await ctx.load.take(pools[1]), memory[1]),
  ];
}

/** A fresh process per round: each side in turn is started, loaded on every scenario, and stopped. */
async function freshPair(
  ctx: PairContext,
  plan: MeasurementPlan,
  pair: number,
  order: readonly [Side, Side],
): Promise<Round[]> {
  const rounds: Round[] = [];
  for (const [position, side] of order.entries()) {
    const server = await ctx.servers.serverFor(side, pair);
    const measured = await ctx.servers.stopAllOnError(async () => {
      const list: Round[] = [];
      for (const scenario of inPairOrder(ctx.scenarios.loaded, pair)) {
        const startedAt = ctx.clock.iso();
        const sp = scenarioPlanOf(plan, scenario);
        const pool = await poolOf(ctx, server, scenario);
        const window = { warmupSec: sp.warmupSec, port: server.port };
        const opened = await ctx.servers.probe(side).open(windowLabel(ctx, scenario), window);
        const { result, memory } = await inWindows([opened], async () => {
          await alive([server], roundDuring(pair, scenario.name), ctx.load.turns(roundTurns(sp, pool)));
          return ctx.load.take(pool);
        });
        const measurement = withMemory(result, memory[0]);
        list.push({ pair, position, side, scenario: scenario.name, measurement, startedAt });
      }
      return list;
    });
    rounds.push(...measured);
    await stopServers(ctx);
  }
  return rounds;
}

/** The diagnostics label of a scenario's measured windows. */
export function windowLabel(ctx: PairContext, scenario: Scenario): string {
  return `scenario${ctx.config.scenarios.indexOf(scenario) + 1}`;
}
