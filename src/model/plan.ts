/** How a gate measures: built once, from the config and the first block's priming, before the first pair. Types only. */

import type { LoadEngine } from './measure.ts';

/** How one scenario is measured in each pair. */
export interface ScenarioPlan {
  name: string;
  /** Length of one turn, in seconds. */
  turnSec: number;
  /** Turns each side gets per pair (even, so that ABBA gives both sides the same places). */
  turns: number;
  /**
   * Load each side gets before its turns in every pair, thrown away (autocannon's fresh connections); 0 when the
   * connections stay open and the server is warm from the turns before.
   */
  warmupSec: number;
  /** The open loop's rate (req/s) and its turns per side after the closed-loop turns; undefined: none. */
  openLoop?: { rate: number; turns: number; turnSec: number } | undefined;
}

/**
 * Where the server processes come from. `blocks`: base and head run side by side, started together and primed in
 * turns, and serve `restartEvery` pairs before both are started anew. `fresh`: a new process for every round, one
 * side after the other (`restart-every: 0`, or a fixed port that could not be moved).
 */
export type ProcessPlan = BlockPlan | { mode: 'fresh' };

export interface BlockPlan {
  mode: 'blocks';
  restartEvery: number;
  /** Priming each side gets at the start of every block, all scenarios together, in seconds. */
  primeSec: number;
}

export interface MeasurementPlan {
  engine: LoadEngine;
  processes: ProcessPlan;
  /**
   * What one independent measurement of a comparison is, fixed by the design before any data: the pair, or the
   * block of pairs that shared their processes.
   */
  unit: 'pairs' | 'blocks';
  /** The CPUs of the servers and of the load generator (taskset lists); undefined: not pinned. */
  placement: { server: string; loadgen: string } | undefined;
  /** Every scenario, in the order each pair loads them. */
  scenarios: ScenarioPlan[];
  /** A fixed number of pairs and one look at its end; undefined: adaptive. */
  fixedPairs: number | undefined;
  /** The pair counts at which an adaptive gate looks (the last one the budget's end), from the expected pair cost. */
  looks: number[];
  /** Every look the p-values count: `looks` and the look after confirmation pairs. */
  schedule: number[];
  /** The seconds one pair is expected to take, block start and priming spread over the block's pairs. */
  pairSec: number;
  budgetSec: number;
  /** Measuring time in all, confirmation included. */
  limitSec: number;
}
