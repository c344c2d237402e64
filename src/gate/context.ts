/** What every step of measuring a pair shares: the settings, the collaborators, and the state they keep. */
import type { Config, Scenario } from '../model/config.ts';
import type { Pools } from './pools.ts';
import type { Clock, LoadRunner, MeasureLog } from './ports.ts';
import type { Servers } from './servers.ts';
import type { TurnFit } from './turn-fit.ts';

/** Time spent on blocks of server processes, spread over the pairs of each block (see GatePairSource.perPairMs). */
export interface BlockCosts {
  /** Blocks started: both sides started together (and primed). */
  blocks: number;
  /** Starting and priming the blocks' servers, and measuring base for the open loop. */
  primingMs: number;
  /** Of primingMs: starting the servers at the start of each block. */
  startupMs: number;
}

/**
 * The scenarios still compared: one that fails on base but not on head is new, and dropped after the first pair.
 * Of those, the ones each pair loads: a scenario settled at a look stays compared but is loaded no more.
 */
export class ActiveScenarios {
  private list: Scenario[];
  /** The names of the scenarios dropped as new on head. */
  readonly dropped: string[] = [];
  /** The names of the scenarios settled (src/gate/loop.ts). */
  readonly settled: string[] = [];

  constructor(all: readonly Scenario[]) {
    this.list = [...all];
  }

  get active(): readonly Scenario[] {
    return this.list;
  }

  /** The scenarios each pair measures: the active ones not settled. */
  get loaded(): readonly Scenario[] {
    return this.list.filter((scenario) => !this.settled.includes(scenario.name));
  }

  drop(names: readonly string[]): void {
    this.dropped.push(...names);
    this.list = this.list.filter((scenario) => !this.dropped.includes(scenario.name));
  }

  settle(names: readonly string[]): void {
    this.settled.push(...names);
  }
}

export interface PairContext {
  readonly config: Config;
  readonly clock: Clock;
  readonly load: LoadRunner;
  readonly servers: Servers;
  readonly pools: Pools;
  readonly log: MeasureLog;
  readonly scenarios: ActiveScenarios;
  readonly costs: BlockCosts;
  /** What turns cost as measured: the next pair's and priming's turns are refitted to it. */
  readonly fit: TurnFit;
}

/** Stops every server (Servers closes their pools first: see measure.ts). */
export async function stopServers(ctx: Pick<PairContext, 'servers'>): Promise<void> {
  await ctx.servers.stopAll();
}
