/** One side's load on one server: its spec (priming or measured), run with the check that the server survived. */

import { openLoopSec } from '../load/plan.ts';
import type { Scenario } from '../model/config.ts';
import type { LoadSpec, RoundMeasurement } from '../model/measure.ts';
import type { PairContext } from './context.ts';
import type { GateServer } from './ports.ts';
import { alive } from './servers.ts';

/** The closed-loop load of `durationSec` on a scenario of `server`. */
export function specFor(
  ctx: PairContext,
  server: GateServer,
  scenario: Scenario,
  durationSec: number,
): LoadSpec {
  const { config } = ctx;
  return {
    url: `${server.origin}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    connections: scenario.connections ?? config.connections,
    warmupSec: config.warmupSec,
    durationSec,
    timeoutSec: 10,
    watchPids: [...ctx.servers.pids(), process.pid],
    serverPids: [server.pid],
  };
}

/** A measured round's load: `duration`, then the open loop at the scenario's rate when there is one. */
export function measuredSpec(ctx: PairContext, server: GateServer, scenario: Scenario): LoadSpec {
  const rate = ctx.rates.get(scenario.name);
  const spec = specFor(ctx, server, scenario, ctx.config.durationSec);
  return rate === undefined
    ? spec
    : { ...spec, paced: { rate, durationSec: openLoopSec(ctx.config.durationSec) } };
}

/** Runs `spec` on `server` alone; `during` names it in the error when the server died. */
export function loadOn(
  ctx: PairContext,
  server: GateServer,
  during: string,
  spec: LoadSpec,
): Promise<RoundMeasurement> {
  return alive([server], during, ctx.load.run(spec, server.side));
}

/** The diagnostics label of a scenario's measured windows. */
export function windowLabel(ctx: PairContext, scenario: Scenario): string {
  return `scenario${ctx.config.scenarios.indexOf(scenario) + 1}`;
}
