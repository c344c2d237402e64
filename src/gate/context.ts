/** What every step of measuring a pair shares: the settings, the collaborators, and the state they keep. */
import type { Config, Scenario } from '../model/config.ts';
import type { OpenLoopRates } from './open-loop.ts';
import type { Clock, LoadRunner, MeasureLog } from './ports.ts';
import type { Servers } from './servers.ts';

/** Time spent on blocks of server processes, spread over the pairs of each block (see GatePairSource.perPairMs). */
export interface BlockCosts {
  /** Blocks started: both sides started together (and primed). */
  blocks: number;
  /** Starting and priming the blocks' servers, and measuring base for the open loop. */
  primingMs: number;
  /** Of primingMs: starting the servers at the start of each block. */
  startupMs: number;
}

/** The scenarios still compared: one that fails on base but not on head is new, and dropped after the first pair. */
export class ActiveScenarios {
  private list: Scenario[];
  /** The names of the scenarios dropped as new on head. */
  readonly dropped: string[] = [];

  constructor(all: readonly Scenario[]) {
    this.list = [...all];
  }

  get active(): readonly Scenario[] {
    return this.list;
  }

  drop(names: readonly string[]): void {
    this.dropped.push(...names);
    this.list = this.list.filter((scenario) => !this.dropped.includes(scenario.name));
  }
}

export interface PairContext {
  readonly config: Config;
  readonly clock: Clock;
  readonly load: LoadRunner;
  readonly servers: Servers;
  readonly rates: OpenLoopRates;
  readonly log: MeasureLog;
  readonly scenarios: ActiveScenarios;
  readonly costs: BlockCosts;
  /**
   * A fresh process per round (`restart-every: 0`, or a fixed port that a server kept: see moved-port.ts);
   * otherwise both sides run side by side and live for a block of `restart-every` pairs (see sideBySide). Set
   * before the first pair, never changed after it.
   */
  fresh: boolean;
  /** Base and head take turns in slices within each pair (see slicing); as fresh, set before the first pair. */
  sliced: boolean;
  /** Turns of priming at the start of a block (see primingTurns). */
  readonly primeTurns: number;
}
