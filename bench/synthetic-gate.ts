/**
 * One synthetic gate through the action's own sequential decision code (runSequential): rounds drawn from a model
 * with a known per-pair noise, per-process offsets, failed requests and a pair's cost, so that the decision's
 * operating characteristic can be measured at any noise (bench/synthetic.ts runs many).
 *
 * The model, per pair and scenario: base's req/s is 5,000 × the host's speed of the moment; head's is base's ×
 * exp(d), d = log(1 − slower) + the block's process offset + N(0, sd²). Latency moves the other way: log(p99 ratio)
 * = −(the same change and offset) + N(0, (p99Factor × sd)²), p50 likewise with sd / 2. A process offset is the log
 * ratio by which the head process of a block runs apart from its base twin for their whole life, N(0, offset²) per
 * block of `restartEvery` pairs (per pair when 0 or 1), shared by every scenario the processes serve. Failed
 * requests are Poisson at each side's rate per request; a side's requests are its req/s × its measured time.
 *
 * The failure modes of real services, each off by default (the rows of docs/how-it-decides.md say which they
 * assume): failures in bursts (`burstSize` failures per incident, incidents at the rate); a rate of each process's
 * own (× exp(N(0, processFailureSd²)) per block and side, for life); stalls of head (`stallFailures` failed requests
 * on head's first scenario in each of `stallPairs`); carry-over (head's log ratio moves by `carryOver` × the change
 * of the scenario measured just before it in the pair, in the gate's own scenario order); serial correlation of the
 * per-pair noise within a block (AR(1), `serial`); a drift of the host's speed within a pair (`drift` per side's
 * turn, in log: ABBA order meets it); heavy tails (a stall of one side, either at random, moving a pair's log ratio
 * by ±`spikeSize` in `spikeRate` of pairs).
 *
 * Memory, as a Node server's preload measures it (on by default: the family the action decides for a Node server):
 * allocation per request with log-sd `memorySd` per side and turn, the same on both sides, and the heap kept after
 * each turn's full collection: 8 MB + N(0, `retainedSd`²) bytes, no leak.
 *
 * A pair's cost (the gate's plan for many scenarios): each side gets `durationSec` of measured load shared by the
 * scenarios, each at least `minScenarioSec`, so 2 × max(duration, min × scenarios) + `pairOverheadSec`, plus
 * `blockSec` for starting and priming a block of processes every `restartEvery` pairs (every pair at 0 or 1).
 *
 * Scenarios the loop settles are measured no further (src/gate/loop.ts): their time goes to the scenarios still
 * open, which the Williams order then rotates alone, and whose per-pair noise (sd, p99's and p50's alike) shrinks
 * as 1 / √(their measured time): sd × √(open / scenarios). `sd` is the noise at the planned share.
 */
import { INPUT_DEFAULTS, parsePercent } from '../src/config/inputs.ts';
import { type LoopResult, measurePairs } from '../src/gate/loop.ts';
import { plannedLooks } from '../src/gate/measurement-plan.ts';
import { scenarioOrder as pairOrderOf } from '../src/gate/scenario-order.ts';
import type { ScenarioRule } from '../src/model/decision.ts';
import type { Round, RoundMeasurement, Side } from '../src/model/measure.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { gaussian } from './lib.ts';

export interface GateModel {
  scenarios: number;
  /** Per-pair sd of the req/s log ratio. */
  sd: number;
  /** p99's per-pair sd as a multiple of sd. */
  p99Factor: number;
  /** Per scenario: the share by which head is slower (req/s × (1 − s), latency ÷ (1 − s)); missing: 0. */
  slower: readonly number[];
  /** Per scenario: the share by which head's p99 alone is higher (req/s unchanged: a tail); missing: 0. */
  tail?: readonly number[];
  /** Sd of the log ratio of a block's head process against its base process, for their whole life. */
  offset: number;
  restartEvery: number;
  /** Failed requests per request, base and head (per scenario for head; missing: the base rate). */
  baseFailureRate: number;
  headFailureRate: readonly number[];
  rps: number;
  durationSec: number;
  minScenarioSec: number;
  pairOverheadSec: number;
  blockSec: number;
  threshold: number;
  latencyThreshold: number;
  /** Allocation per request's threshold (`memory-threshold`). */
  memoryThreshold: number;
  alpha: number;
  budgetSec: number;
  /** Failed requests per incident (1: independent failures). */
  burstSize?: number;
  /** Log-sd of each process's own failure rate (per block and side). */
  processFailureSd?: number;
  /** Pairs in which head's first scenario stalls, and the requests each stall fails (its connections). */
  stallPairs?: readonly number[];
  stallFailures?: number;
  /** Share of the preceding scenario's change that shows in the next one's log ratio. */
  carryOver?: number;
  /** 1: the scenarios in the same order in every pair (before the rotation). */
  fixedOrder?: number;
  /** AR(1) correlation of the per-pair noise from pair to pair within a block. */
  serial?: number;
  /** Heavy tails: the share of a scenario's pairs in which one side, either at random, stalls by `spikeSize`. */
  spikeRate?: number;
  /** How far a stall moves that pair's log ratio of req/s (default 0.15). */
  spikeSize?: number;
  /** The host's log-speed change from one side's turn to the other's. */
  drift?: number;
  /** 1: the early looks the action plans before 12 pairs (src/stats/look-schedule.ts); 0: none (before 2026-11-28). */
  early: number;
  /** Fixed pairs (one look) instead of adaptive rounds. */
  fixedPairs?: number;
  floor?: number;
  /** One of this many runners merged (`replica`): it measures its whole budget (src/gate/loop.ts). */
  replicas?: number;
  /** A stage of a two-stage design (`stage`). */
  stage?: 1 | 2;
  /** Log-sd of allocation per request per side and turn (0: a server without memory figures). */
  memorySd: number;
  /** Sd of the heap kept after a turn's full collection, bytes. */
  retainedSd: number;
}

export const DEFAULT_MODEL: GateModel = {
  scenarios: 1,
  sd: 0.03,
  p99Factor: 3.5,
  slower: [],
  offset: 0,
  restartEvery: 4,
  baseFailureRate: 0,
  headFailureRate: [],
  rps: 5000,
  durationSec: 2,
  minScenarioSec: 0.25,
  pairOverheadSec: 0.5,
  blockSec: 3,
  threshold: 0.02,
  latencyThreshold: 0.2,
  memoryThreshold: parsePercent('memory-threshold', INPUT_DEFAULTS['memory-threshold'], { min: 0, max: 1 }),
  alpha: 0.05,
  budgetSec: 180,
  early: 1,
  // The examples' worst per-pair noise of allocation (0.53%, NOTEBOOK §47) is √2 × a side's; the heap kept's sd
  // gives the leak test's A/A slopes there (about 2 bytes a request).
  memorySd: 0.004,
  retainedSd: 40_000,
};

/** Measured seconds of one scenario on one side in one pair. */
export function scenarioSec(m: GateModel): number {
  return Math.max(m.durationSec / m.scenarios, m.minScenarioSec);
}

/** Seconds of one pair, and of starting a block of processes. */
export function pairSec(m: GateModel): number {
  return 2 * scenarioSec(m) * m.scenarios + m.pairOverheadSec;
}

export function meanPairSec(m: GateModel): number {
  return pairSec(m) + m.blockSec / Math.max(1, m.restartEvery);
}

/** A Poisson draw (inversion for small means, normal beyond). */
export function poisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  let k = 0;
  let p = Math.exp(-mean);
  let sum = p;
  const u = random();
  while (u > sum) {
    k++;
    p *= mean / k;
    sum += p;
  }
  return k;
}

/** A side's memory in one turn: `requests` begun, `served` since its processes started. */
function memoryOf(
  m: GateModel,
  random: () => number,
  requests: number,
  served: number,
): RoundMeasurement['memory'] {
  if (m.memorySd <= 0) return undefined;
  return {
    requests,
    allocatedBytes: 8000 * requests * Math.exp(m.memorySd * gaussian(random)),
    exact: false,
    gcMs: requests / 1000,
    retainedBytes: 8e6 + m.retainedSd * gaussian(random),
    rssBytes: 60e6,
    served,
  };
}

function measurement(
  rps: number,
  p50: number,
  p99: number,
  sec: number,
  failed: number,
  memory?: RoundMeasurement['memory'],
): RoundMeasurement {
  const requests = Math.round(rps * sec);
  const responses = Math.max(0, requests - failed);
  return {
    responses,
    elapsedSec: sec,
    rps,
    latencyMs: { p50, p90: (p50 + p99) / 2, p99, max: p99 * 2, mean: p50 * 1.1 },
    bytesPerSec: rps * 100,
    errors: 0,
    timeouts: failed,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu: 0.5,
    ...(memory === undefined ? {} : { memory }),
  };
}

export const scenarioName = (i: number): string => `GET /s${i}`;

/** What a block of processes keeps for life: head's offset, each side's own failure rate multiplier. */
interface BlockState {
  offset: number;
  baseRate: number;
  headRate: number;
  /** Each scenario's last per-pair noise (AR(1) within the block). */
  noise: number[];
  /** Requests each side's processes have begun. */
  served: Record<Side, number>;
}

function blockState(m: GateModel, random: () => number): BlockState {
  const sd = m.processFailureSd ?? 0;
  return {
    offset: m.offset * gaussian(random),
    baseRate: Math.exp(sd * gaussian(random)),
    headRate: Math.exp(sd * gaussian(random)),
    noise: [],
    served: { base: 0, head: 0 },
  };
}

/** Failed requests of one round: incidents at the rate, `burstSize` failures each. */
function failed(m: GateModel, random: () => number, requests: number, rate: number): number {
  const burst = m.burstSize ?? 1;
  return burst * poisson(random, (requests * rate) / burst);
}

/** Scenario s's per-pair noise at `sd`, serially correlated within the block. */
function noiseOf(m: GateModel, random: () => number, state: BlockState, s: number, sd: number): number {
  const rho = m.serial ?? 0;
  const z = gaussian(random);
  const e = state.noise[s] === undefined ? z : rho * state.noise[s] + Math.sqrt(1 - rho * rho) * z;
  state.noise[s] = e;
  return sd * e;
}

/** A stall of one side in this pair (heavy tails): ±spikeSize at spikeRate, else 0 (and no draw, so seeds keep). */
function spikeOf(m: GateModel, random: () => number): number {
  if (!(m.spikeRate && m.spikeRate > 0) || random() >= m.spikeRate) return 0;
  return (random() < 0.5 ? -1 : 1) * (m.spikeSize ?? 0.15);
}

/** The rounds of pair `pair` of the `open` scenarios (indices), with this block's state. */
function pairRounds(
  m: GateModel,
  random: () => number,
  pair: number,
  state: BlockState,
  open: readonly number[],
): Round[] {
  const rounds: Round[] = [];
  const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
  const host = 0.05 * gaussian(random);
  // The settled scenarios' time goes to the open ones: each measured longer, so less noisy.
  const sec = (scenarioSec(m) * m.scenarios) / open.length;
  const sd = m.sd * Math.sqrt(scenarioSec(m) / sec);
  const drift = (m.drift ?? 0) * (order[0] === 'head' ? -1 : 1);
  const scenarioOrder = m.fixedOrder ? open : pairOrderOf(pair, open.length).map((i) => open[i]!);
  let previous: number | undefined;
  for (const s of scenarioOrder) {
    const carried = previous === undefined ? 0 : (m.carryOver ?? 0) * Math.log(1 - (m.slower[previous] ?? 0));
    previous = s;
    const change = Math.log(1 - (m.slower[s] ?? 0)) + state.offset + carried;
    const d = change + drift + noiseOf(m, random, state, s, sd) + spikeOf(m, random);
    const d99 = -change + Math.log1p(m.tail?.[s] ?? 0) + m.p99Factor * sd * gaussian(random);
    const d50 = -change + (sd / 2) * gaussian(random);
    const baseRps = m.rps * Math.exp(host);
    const headRps = baseRps * Math.exp(d);
    const p50 = Math.exp(-host);
    const p99 = 3 * Math.exp(-host + 0.1 * gaussian(random));
    const baseRate = m.baseFailureRate * state.baseRate;
    const memory = (side: Side, requests: number) => {
      state.served[side] += requests;
      return memoryOf(m, random, requests, state.served[side]);
    };
    const baseRequests = Math.round(baseRps * sec);
    const base = measurement(
      baseRps,
      p50,
      p99,
      sec,
      failed(m, random, baseRequests, baseRate),
      memory('base', baseRequests),
    );
    const headRate = (m.headFailureRate[s] ?? m.baseFailureRate) * state.headRate;
    const stall = s === 0 && m.stallPairs?.includes(pair) ? (m.stallFailures ?? 10) : 0;
    const headRequests = Math.round(headRps * sec);
    const head = measurement(
      headRps,
      p50 * Math.exp(d50),
      p99 * Math.exp(d99),
      sec,
      failed(m, random, headRequests, headRate) + stall,
      memory('head', headRequests),
    );
    order.forEach((side, position) => {
      rounds.push({
        pair,
        position,
        side,
        scenario: scenarioName(s),
        measurement: side === 'base' ? base : head,
        startedAt: new Date(Date.UTC(2026, 0, 1) + pair * 10_000 + rounds.length * 10).toISOString(),
      });
    });
  }
  return rounds;
}

/** The scenarios of model `m`, as the loop and the decision take them. */
export function scenarioRules(m: GateModel): ScenarioRule[] {
  return Array.from({ length: m.scenarios }, (_, i) => ({
    name: scenarioName(i),
    expectStatus: undefined,
    threshold: undefined,
  }));
}

/** One simulated gate of model `m`, seeded. */
export async function simulateGate(m: GateModel, seed: number): Promise<LoopResult & { seconds: number }> {
  const random = mulberry32(seed);
  const scenarios = scenarioRules(m);
  const perBlock = Math.max(1, m.restartEvery);
  const blocks = new Map<number, BlockState>();
  let open = scenarios.map((_, i) => i);
  let elapsed = 0;
  const result = await measurePairs(
    {
      scenarios: () => scenarios,
      settle: (names) => {
        open = open.filter((i) => !names.includes(scenarioName(i)));
      },
      elapsedMs: () => elapsed * 1000,
      perPairMs: () => meanPairSec(m) * 1000,
      async next(pair: number) {
        const block = Math.floor(pair / perBlock);
        if (!blocks.has(block)) {
          blocks.set(block, blockState(m, random));
          elapsed += m.blockSec;
        }
        elapsed += pairSec(m);
        return pairRounds(m, random, pair, blocks.get(block)!, open);
      },
    },
    {
      processes: m.restartEvery > 0 ? { mode: 'blocks', restartEvery: m.restartEvery } : { mode: 'fresh' },
      fixedPairs: m.fixedPairs,
      ...plannedLooks(m.budgetSec, meanPairSec(m), m.fixedPairs, m.early ? m.restartEvery : undefined),
      budgetSec: m.budgetSec,
      limitSec: m.budgetSec * 1.5,
    },
    {
      threshold: m.threshold,
      latencyThreshold: m.latencyThreshold,
      memoryThreshold: m.memoryThreshold,
      alpha: m.alpha,
      ...(m.floor === undefined ? {} : { floor: m.floor }),
      ...(m.replicas === undefined ? {} : { replica: { count: m.replicas } }),
      ...(m.stage === undefined ? {} : { stage: m.stage }),
    },
  );
  return { ...result, seconds: elapsed };
}
