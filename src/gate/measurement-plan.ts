/**
 * The measurement plan (src/model/plan.ts), built once before the first pair: how the processes live, each
 * scenario's turns (their length from the first block's rate when `slice: auto`), and the looks the budget buys at
 * the pair cost the plan implies. The gate's loop then obeys it. Pure.
 */

import { DEFAULT_RESTART_EVERY } from '../config/defaults.ts';
import { unitOf } from '../decide/interval.ts';
import { openLoopRate, openLoopSec } from '../load/plan.ts';
import type { Config, Scenario } from '../model/config.ts';
import type { Note } from '../model/notes.ts';
import type { BlockPlan, MeasurementPlan, ProcessPlan, ScenarioPlan } from '../model/plan.ts';
import { confirmationPairs, earlyLookPoints, planLooks } from '../stats/look-schedule.ts';

/** Turns as short as this where the server's rate allows (bench/NOTEBOOK.md §16–17: 50 ms turns were the steadiest). */
export const MIN_TURN_SEC = 0.05;
/** And never longer than this: a slow endpoint still gets turns that alternate within a pair. */
export const MAX_TURN_SEC = 1;
/** Responses each connection should get in one turn, so that its last in-flight request is a small part of it. */
export const RESPONSES_PER_CONNECTION = 20;
/** Measured load each scenario gets per side and pair, at least, however many scenarios share `duration`. */
export const MIN_SCENARIO_SEC = 0.25;
/**
 * The kept engine's warm-up of a scenario's pools in a pair of several scenarios: one short turn, thrown away, that
 * reopens what the server closed while the other scenarios took their turns (Node's keep-alive timeout is 5 s), so
 * that the measured turns start on open connections.
 */
export const KEPT_REFRESH_SEC = 0.05;
/** Length of a priming turn. */
export const PRIME_TURN_SEC = 0.25;
/** What a pair costs beyond its turns: taking the measurements, the generator's round trips, the probes. */
const PAIR_OVERHEAD_SEC = 0.1;
/** Open-loop warm-up each side gets before its paced turns (connections, the rate's steady state). */
export const PACED_WARMUP_SEC = 0.2;

/** How the processes live: side by side in blocks, unless `restart-every: 0` or the fixed port could not move. */
export function processPlan(
  config: Pick<Config, 'restartEvery' | 'scenarios' | 'primeSec'>,
  fresh: boolean,
): ProcessPlan {
  if (fresh || config.restartEvery === 0) return { mode: 'fresh' };
  return {
    mode: 'blocks',
    restartEvery: config.restartEvery,
    primeSec: primeSec(config.primeSec, config.scenarios.length),
  };
}

/** Priming per side and block: the `prime` input, all scenarios together, each at least MIN_SCENARIO_SEC. */
export function primeSec(prime: number, scenarios: number): number {
  return Math.max(prime, MIN_SCENARIO_SEC * scenarios);
}

/** Rounds `sec` up to whole milliseconds (turn lengths are written in the report). */
function ms(sec: number): number {
  return Math.ceil(sec * 1000 - 1e-9) / 1000;
}

/**
 * The turn length `slice: auto` gives a scenario whose base served `rps` requests per second on `connections`
 * connections: each connection gets RESPONSES_PER_CONNECTION responses per turn, within MIN_TURN_SEC…MAX_TURN_SEC.
 */
export function autoTurnSec(rps: number, connections: number): number {
  if (!(rps > 0)) return MAX_TURN_SEC;
  const wanted = (RESPONSES_PER_CONNECTION * connections) / rps;
  return ms(Math.min(MAX_TURN_SEC, Math.max(MIN_TURN_SEC, Math.ceil(wanted * 100) / 100)));
}

/** Measured load per side and pair of each of `scenarios` scenarios sharing `durationSec`. */
export function scenarioSec(durationSec: number, scenarios: number): number {
  return Math.max(MIN_SCENARIO_SEC, durationSec / Math.max(1, scenarios));
}

/** The smallest even count of at least 2. */
function even(n: number): number {
  return Math.max(2, 2 * Math.round(n / 2));
}

export interface ScenarioRates {
  /** Base's req/s from the first block's priming (closed loop); undefined when not primed. */
  rps: number | undefined;
}

type PlanSettings = Pick<
  Config,
  'durationSec' | 'warmupSec' | 'sliceSec' | 'connections' | 'engine' | 'openLoop'
>;

/** One scenario's turns, from the config and base's rate. */
export function scenarioPlan(
  config: PlanSettings,
  scenario: Scenario,
  count: number,
  processes: ProcessPlan,
  rps: number | undefined,
): ScenarioPlan {
  const autoSec = autoTurnSec(rps ?? 0, scenario.connections ?? config.connections);
  const found = { autoSec, rate: openRateOf(config.openLoop, rps) };
  return shareOf(
    config,
    scenario.name,
    { sec: scenarioSec(config.durationSec, count), count },
    processes,
    found,
  );
}

/**
 * A scenario's turns for `sec` of measured load a side and pair among `count` scenarios: turns of `slice` (of
 * `autoSec` with `slice: auto`, what base's rate gave), an even count of them, and the open loop's at `rate`.
 */
function shareOf(
  config: PlanSettings,
  name: string,
  { sec, count }: { sec: number; count: number },
  processes: ProcessPlan,
  { autoSec, rate }: { autoSec: number; rate: number | undefined },
): ScenarioPlan {
  // A fresh process per round: one side at a time, its whole share in one turn after its warm-up.
  const fresh = processes.mode === 'fresh';
  const turnSec = fresh
    ? sec
    : config.sliceSec === 'auto'
      ? autoSec
      : config.sliceSec > 0
        ? Math.min(config.sliceSec, sec)
        : sec;
  const turns = fresh ? 1 : config.sliceSec === 0 ? 1 : even(sec / turnSec);
  const warmupSec =
    fresh || config.engine === 'autocannon'
      ? config.warmupSec
      : count > 1
        ? Math.min(config.warmupSec, KEPT_REFRESH_SEC)
        : 0;
  return { name, turnSec, turns, warmupSec, openLoop: openLoopPlan(rate, sec, turnSec) };
}

/** The open loop's rate: the config's, or its share of base's req/s; undefined without an open loop or a rate. */
function openRateOf(open: Config['openLoop'], rps: number | undefined): number | undefined {
  if (open === undefined) return undefined;
  if ('rate' in open) return open.rate;
  return rps === undefined ? undefined : openLoopRate(open.share, rps);
}

function openLoopPlan(rate: number | undefined, sec: number, turnSec: number): ScenarioPlan['openLoop'] {
  if (rate === undefined) return undefined;
  const paced = openLoopSec(sec);
  const length = Math.max(turnSec, 0.1);
  const turns = even(paced / length);
  return { rate, turns, turnSec: ms(paced / turns) };
}

/**
 * The plan's scenarios once only `loaded` of them are measured (the others settled, src/gate/loop.ts): `sideSec`,
 * the measured time a side had in each pair before, shared by fewer, so that each gets more turns of the same
 * length: the pair costs about what it did (turns come in even counts).
 */
export function sharedAmong(
  config: PlanSettings,
  plan: Pick<MeasurementPlan, 'scenarios' | 'processes'>,
  sideSec: number,
  loaded: readonly Scenario[],
): ScenarioPlan[] {
  const share = { sec: sideSec / Math.max(1, loaded.length), count: loaded.length };
  return loaded.map((s) => {
    const planned = plan.scenarios.find((p) => p.name === s.name)!;
    const found = { autoSec: planned.turnSec, rate: planned.openLoop?.rate };
    return shareOf(config, s.name, share, plan.processes, found);
  });
}

/** Seconds one pair takes by the plan: every scenario's turns, warm-ups and drains, and the block's start spread. */
export function pairSeconds(
  scenarios: readonly ScenarioPlan[],
  processes: ProcessPlan,
  perTurnDrainSec: readonly number[],
  blockStartSec: number,
): number {
  let sec = PAIR_OVERHEAD_SEC;
  scenarios.forEach((s, i) => {
    sec += 2 * s.turns * (s.turnSec + (perTurnDrainSec[i] ?? 0)) + 2 * s.warmupSec;
    if (s.openLoop) sec += 2 * (s.openLoop.turns * s.openLoop.turnSec + PACED_WARMUP_SEC);
  });
  if (processes.mode === 'blocks') sec += (blockStartSec + 2 * processes.primeSec) / processes.restartEvery;
  else sec += 2 * blockStartSec;
  return sec;
}

export interface PlanInputs {
  /** The fixed port could not be moved: a fresh process per round. */
  fresh: boolean;
  placement: MeasurementPlan['placement'];
  /** Base's req/s per scenario (by name) from the first block's priming. */
  rates: ReadonlyMap<string, number>;
  /** Seconds the first block's servers took to start (both together), or one server in fresh mode. */
  startSec: number;
  /** Measuring time left before the gate's time limit, in seconds. */
  leftSec: number;
}

/**
 * What each turn of a scenario is expected to take beyond its slot, by name: the requests in flight at its end,
 * about base's connections over its req/s (0 without a rate).
 */
export function drainSecs(
  config: Pick<Config, 'scenarios' | 'connections'>,
  rates: ReadonlyMap<string, number>,
): Map<string, number> {
  const drains = new Map<string, number>();
  for (const s of config.scenarios) {
    const rps = rates.get(s.name);
    drains.set(s.name, rps && rps > 0 ? (s.connections ?? config.connections) / rps : 0);
  }
  return drains;
}

/** The plan, from the config and what starting and priming the first block found. */
export function buildPlan(config: Config, inputs: PlanInputs): MeasurementPlan {
  const processes = processPlan(config, inputs.fresh);
  const count = config.scenarios.length;
  const scenarios = config.scenarios.map((s) =>
    scenarioPlan(config, s, count, processes, inputs.rates.get(s.name)),
  );
  const drains = drainSecs(config, inputs.rates);
  const pairSec = pairSeconds(
    scenarios,
    processes,
    config.scenarios.map((s) => drains.get(s.name) ?? 0),
    inputs.startSec,
  );
  const budgetSec = config.budgetMs / 1000;
  const limitSec = Math.min(budgetSec * 1.5, inputs.leftSec);
  const restartEvery = processes.mode === 'blocks' ? processes.restartEvery : 0;
  const { looks, schedule } = plannedLooks(budgetSec, pairSec, config.pairs, restartEvery);
  return {
    engine: config.engine,
    processes,
    unit: processes.mode === 'blocks' ? unitOf(processes.restartEvery) : 'pairs',
    placement: inputs.placement,
    scenarios,
    fixedPairs: config.pairs,
    looks,
    schedule,
    pairSec,
    budgetSec,
    limitSec,
  };
}

/**
 * The looks an adaptive gate plans for a budget of `budgetSec` at `pairSec` per pair, and every look its p-values
 * count (one more after confirmation pairs); a fixed number of pairs looks once, at its end. With `restartEvery`
 * given (0: every pair a unit), the early looks that spend almost no alpha come first (src/stats/look-schedule.ts).
 */
export function plannedLooks(
  budgetSec: number,
  pairSec: number,
  fixedPairs: number | undefined,
  restartEvery?: number,
): { looks: number[]; schedule: number[] } {
  if (fixedPairs !== undefined) return { looks: [fixedPairs], schedule: [fixedPairs] };
  const maxPairs = Math.floor(budgetSec / pairSec);
  const early = restartEvery === undefined ? [] : earlyLookPoints(maxPairs, restartEvery);
  const looks = [...early, ...planLooks(maxPairs)];
  const last = looks[looks.length - 1]!;
  return { looks, schedule: [...looks, last + confirmationPairs(last)] };
}

/** The block plan of a plan that has blocks (undefined in fresh mode). */
export function blocksOf(plan: Pick<MeasurementPlan, 'processes'>): BlockPlan | undefined {
  return plan.processes.mode === 'blocks' ? plan.processes : undefined;
}

/** Time kept back at the end of the gate's time limit for writing the report and publishing it. */
export const PUBLISH_RESERVE_MS = 30_000;

/** The share of a pair's time above which starting the servers of every pair is worth a note. */
export const STARTUP_SHARE_NOTE = 1 / 3;

/**
 * With a new pair of processes for every pair (`restart-every: 1`), a server that takes long to start pays that on
 * every pair: when starting took at least STARTUP_SHARE_NOTE of a pair's time (both in seconds per pair), a note
 * that says so and what to set instead; undefined otherwise.
 */
export function startupNote(startupSec: number, pairSec: number): Note | undefined {
  if (!(pairSec > 0 && startupSec >= STARTUP_SHARE_NOTE * pairSec)) return undefined;
  return { kind: 'slow-startup', startupSec, pairSec, restartEvery: DEFAULT_RESTART_EVERY };
}

/**
 * What a pair would cost for `scenarios` scenarios in blocks of `restartEvery` pairs, before anything is measured:
 * turns as short as they go, no drains, and a block's start and priming of `startSec` plus the plan's priming.
 */
export function projectedPairSec(
  config: Config,
  design: { scenarios: number; restartEvery: number },
  startSec = 0.5,
): number {
  const processes = processPlan({ ...config, restartEvery: design.restartEvery }, false);
  const scenario = config.scenarios[0]!;
  const one = scenarioPlan({ ...config, sliceSec: 'auto' }, scenario, design.scenarios, processes, undefined);
  const turns = { ...one, turnSec: MIN_TURN_SEC, turns: even(one.turns * (one.turnSec / MIN_TURN_SEC)) };
  const all = Array.from({ length: design.scenarios }, () => turns);
  const block =
    processes.mode === 'blocks'
      ? { ...processes, primeSec: primeSec(config.primeSec, design.scenarios) }
      : processes;
  return pairSeconds(all, block, [], startSec);
}
