/**
 * One pair of rounds: a new block of server processes when one is due (started together, primed in turns), then
 * base's and head's rounds in the pair's order (ABBA…), sliced or whole.
 */
import type { Round, RoundMeasurement, Side } from '../model/measure.ts';
import { openLoopBaseDuring, primingDuring, roundDuring } from '../report/gate-text.ts';
import type { PairContext } from './context.ts';
import { loadOn, measuredSpec, specFor, windowLabel } from './loads.ts';
import { PRIME_SEC, schedule } from './plan.ts';
import type { GateServer } from './ports.ts';
import { alive } from './servers.ts';

/** Measures pair number `pair` (0-based): its rounds, base's and head's for every active scenario. */
export async function runPair(ctx: PairContext, pair: number): Promise<Round[]> {
  if ((ctx.fresh || ctx.primeTurns === 0) && ctx.rates.missing(ctx.scenarios.active)) {
    await measureBaseForRates(ctx, pair);
  }
  const { servers } = ctx;
  if (!ctx.fresh && (pair % ctx.config.restartEvery === 0 || !servers.get('base') || !servers.get('head'))) {
    await startBlock(ctx, pair);
  }
  const order = schedule(pair + 1)[pair]!.order;
  if (ctx.sliced) return runSlicedPair(ctx, pair, order);
  const rounds: Round[] = [];
  for (const [position, side] of order.entries()) rounds.push(...(await runRound(ctx, pair, position, side)));
  return rounds;
}

/**
 * Without priming there is no priming load to take the open loop's rate from: one base process is measured
 * first, and stopped, so that the pairs start with processes as cold on one side as on the other.
 */
async function measureBaseForRates(ctx: PairContext, pair: number): Promise<void> {
  const { clock, servers } = ctx;
  const primeStart = clock.now();
  const base = await servers.serverFor('base', pair);
  try {
    for (const scenario of ctx.scenarios.active) {
      const during = openLoopBaseDuring(scenario.name);
      ctx.rates.set(scenario, (await loadOn(ctx, base, during, specFor(ctx, base, scenario, PRIME_SEC))).rps);
    }
  } finally {
    await servers.stopAll();
  }
  ctx.costs.primingMs += clock.now() - primeStart;
}

/**
 * A new block: both sides start together (unless they already did for this pair: see moved-port.ts) and are primed
 * in turns, so that they age alike (a new process keeps getting faster for many seconds: JIT, caches). The priming
 * numbers are thrown away.
 */
async function startBlock(ctx: PairContext, pair: number): Promise<void> {
  const { clock, costs, servers } = ctx;
  const [base, head] = servers.startedTogetherFor(pair) ?? (await startBlockServers(ctx, pair));
  servers.claimBlock();
  const primeStart = clock.now();
  await prime(ctx, pair, base, head);
  costs.primingMs += clock.now() - primeStart;
}

/** The servers of the block that starts at `pair`: the block before stopped, both sides started together. */
export async function startBlockServers(ctx: PairContext, pair: number): Promise<[GateServer, GateServer]> {
  const { clock, costs, servers } = ctx;
  await servers.stopAll();
  const startupStart = clock.now();
  const both = await servers.startBoth(pair);
  const startupMs = clock.now() - startupStart;
  costs.startupMs += startupMs;
  costs.primingMs += startupMs;
  costs.blocks++;
  return both;
}

/** The priming turns: base, head, then head, base; base's last priming load sets the open loop's rate. */
async function prime(ctx: PairContext, pair: number, base: GateServer, head: GateServer): Promise<void> {
  for (let turn = 0; turn < ctx.primeTurns; turn++) {
    for (const server of turn % 2 === 0 ? [base, head] : [head, base]) {
      for (const scenario of ctx.scenarios.active) {
        const during = primingDuring(pair, scenario.name);
        const primed = await loadOn(ctx, server, during, specFor(ctx, server, scenario, PRIME_SEC));
        // Base's last priming load, warm as the pairs will find it, sets the open loop's rate.
        if (server === base && turn === ctx.primeTurns - 1) ctx.rates.set(scenario, primed.rps);
      }
    }
  }
}

/** One side's whole round of every scenario; with a fresh process per round, its server stops after it. */
async function runRound(ctx: PairContext, pair: number, position: number, side: Side): Promise<Round[]> {
  const { clock, config, servers } = ctx;
  const server = await servers.serverFor(side, pair);
  const rounds = await servers.stopAllOnError(async () => {
    const rounds: Round[] = [];
    for (const scenario of ctx.scenarios.active) {
      const startedAt = clock.iso();
      const measurement = await servers
        .probe(side)
        .measure(windowLabel(ctx, scenario), { warmupSec: config.warmupSec, port: server.port }, () =>
          loadOn(ctx, server, roundDuring(pair, scenario.name), measuredSpec(ctx, server, scenario)),
        );
      rounds.push({ pair, position, side, scenario: scenario.name, measurement, startedAt });
    }
    return rounds;
  });
  if (ctx.fresh) await servers.stopAll();
  return rounds;
}

/** Both sides' rounds of every scenario in slices, the side of `order[0]` first (one runPair per scenario). */
async function runSlicedPair(ctx: PairContext, pair: number, order: readonly [Side, Side]): Promise<Round[]> {
  const { clock, config, servers } = ctx;
  const rounds: Round[] = [];
  const sides: [GateServer, GateServer] = [servers.get(order[0])!, servers.get(order[1])!];
  for (const scenario of ctx.scenarios.active) {
    const startedAt = clock.iso();
    const measurements = await servers.stopAllOnError(() => {
      // Each side's diagnostics window is the whole pair after both warm-ups (they come first, one side after
      // the other): a server that degrades as it serves (a listener or memory leak) is read as it was measured.
      const label = windowLabel(ctx, scenario);
      const window = { warmupSec: 2 * config.warmupSec };
      const run = (): Promise<[RoundMeasurement, RoundMeasurement]> =>
        alive(
          sides,
          roundDuring(pair, scenario.name),
          ctx.load.runPair(
            {
              loads: [measuredSpec(ctx, sides[0], scenario), measuredSpec(ctx, sides[1], scenario)],
              sliceSec: config.sliceSec,
            },
            order,
          ),
        );
      return servers
        .probe(order[0])
        .measure(label, { ...window, port: sides[0].port }, () =>
          servers.probe(order[1]).measure(label, { ...window, port: sides[1].port }, run),
        );
    });
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
