/**
 * Blocks of server processes: base and head started together and primed in turns, so that they age alike (a new
 * process keeps getting faster for many seconds: JIT, caches). The priming load is thrown away, but base's rate
 * in it sets the turn lengths and the open loop's rate of the plan.
 */
import type { Scenario } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import { primingDuring } from '../report/error-text.ts';
import { type PairContext, stopServers } from './context.ts';
import { MIN_SCENARIO_SEC } from './measurement-plan.ts';
import { poolSpec } from './pools.ts';
import type { GateServer } from './ports.ts';
import { alive } from './servers.ts';
import { primingShape, primingTurns } from './turns.ts';

/** The servers of the block that starts at `pair`: the block before stopped, both sides started together. */
export async function startBlockServers(ctx: PairContext, pair: number): Promise<[GateServer, GateServer]> {
  const { clock, costs, servers } = ctx;
  await stopServers(ctx);
  const startupStart = clock.now();
  const both = await servers.startBoth(pair);
  const startupMs = clock.now() - startupStart;
  costs.startupMs += startupMs;
  costs.primingMs += startupMs;
  costs.blocks++;
  return both;
}

/** The pool of `scenario` on `server`. */
export function poolOf(ctx: PairContext, server: GateServer, scenario: Scenario): Promise<string> {
  const { config, servers } = ctx;
  return ctx.pools.of(server, config.scenarios.indexOf(scenario), () =>
    poolSpec(scenario, server, {
      connections: config.connections,
      engine: config.engine,
      watchPids: [...servers.pids(), process.pid],
    }),
  );
}

/**
 * Primes the block's servers: every scenario still loaded (not settled) in turns (`pair`'s order: base first in
 * even pairs), `primeSec` per side shared by them. Returns base's req/s per scenario over its priming turns.
 */
export async function prime(
  ctx: PairContext,
  pair: number,
  primeSec: number,
  sides: readonly [GateServer, GateServer],
): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  const primeStart = ctx.clock.now();
  const scenarios = ctx.scenarios.loaded;
  const each = Math.max(MIN_SCENARIO_SEC, primeSec / Math.max(1, scenarios.length));
  for (const scenario of scenarios) {
    const pools = [await poolOf(ctx, sides[0], scenario), await poolOf(ctx, sides[1], scenario)] as const;
    const shape = primingShape(each);
    const turns = primingTurns(each, pools, ctx.fit.priming(scenario.name, shape.count, shape.turnSec));
    const results = await alive(sides, primingDuring(pair, scenario.name), ctx.load.turns(turns));
    ctx.fit.record('priming', scenario.name, turns, results);
    // Base's rate over its later half of priming, warm as the pairs will find it.
    const base = sides[0].side === 'base' ? pools[0] : pools[1];
    const mine = results.filter((_, i) => turns[i]!.pool === base);
    const later = mine.slice(Math.floor(mine.length / 2));
    const responses = later.reduce((sum, r) => sum + r.responses, 0);
    const sec = later.reduce((sum, r) => sum + r.sec, 0);
    if (sec > 0 && responses > 0) rates.set(scenario.name, responses / sec);
  }
  ctx.costs.primingMs += ctx.clock.now() - primeStart;
  return rates;
}

/** The two servers in the order of `order`. */
export function inOrder(ctx: PairContext, order: readonly [Side, Side]): [GateServer, GateServer] {
  return [ctx.servers.get(order[0])!, ctx.servers.get(order[1])!];
}
