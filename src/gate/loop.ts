/**
 * The gate's loop, as the algorithm reads: measure a pair, look where the plan says, stop when everything is
 * resolved, settle the scenarios decided for good (their time goes to those still open), stop when this hour's
 * noise cannot resolve the rest within the budget, or at the budget's end; then confirm a borderline regression
 * with more pairs. Every p-value counts every planned look, so looking often adds no false alarms. The pairs come
 * from a source (the gate's, or a replay), so the loop runs on fakes as it runs for real.
 */
import { stagesOf } from '../decide/family.ts';
import { futility, nearlyWithin } from '../decide/futility.ts';
import { leaning } from '../decide/rule.ts';
import { openPart, settledAt } from '../decide/settle.ts';
import { type DecideOptions, decide, resolved } from '../decide/verdict.ts';
import type { Decision, Futility, ScenarioRule, SettledScenario, StopReason } from '../model/decision.ts';
import type { Round } from '../model/measure.ts';
import type { BlockPlan, MeasurementPlan } from '../model/plan.ts';
import { confirmationPairs } from '../stats/look-schedule.ts';
import { isEarlyLook } from '../stats/sequential-boundary.ts';
import { plannedLooks } from './measurement-plan.ts';

export interface PairSource {
  /**
   * Starts and primes a new block of server processes for pair `pair`, the first of its block (the first block is
   * started and primed before the plan is built, gate/measure.ts); false when the time limit leaves no room for it.
   * A source without processes of its own (a replay, a simulation) has none.
   */
  startBlock?(pair: number): Promise<boolean>;
  /** Measures pair number `pair`; undefined when no more can be measured (the time limit). */
  next(pair: number): Promise<Round[] | undefined>;
  /** Milliseconds spent measuring so far. */
  elapsedMs(): number;
  /** What one more pair costs on average (block starts spread over their pairs). */
  perPairMs(): number;
  /** Scenarios still compared (one found new on head drops out after the first pair; a settled one stays). */
  scenarios(): readonly ScenarioRule[];
  /**
   * Stops loading these scenarios (settled) from the next pair on: their share of each pair goes to the others. A
   * source without it keeps measuring them, and the loop leaves their rounds out.
   */
  settle?(names: readonly string[]): void;
}

/**
 * What the loop obeys of the plan (a gate's MeasurementPlan, or a replay's own): its looks, its time, and the
 * blocks of pairs that share their processes (the decision's units).
 */
export type LoopPlan = Pick<
  MeasurementPlan,
  'fixedPairs' | 'looks' | 'schedule' | 'budgetSec' | 'limitSec'
> & {
  processes: { mode: 'fresh' } | Pick<BlockPlan, 'mode' | 'restartEvery'>;
};

/**
 * The rule's settings each look decides with (a gate's config), and the gate's place among runners: one of several
 * (`replica: i/n`, n > 1) or of a second stage is merged with the others, which decide once on what each measured,
 * so it measures its whole budget (pooled); a first stage's runner may stop when it resolves (it decides alone), but
 * never for its own noise, since its pairs may be pooled with a second stage's. Neither settles a scenario.
 */
export type LoopRule = Pick<
  DecideOptions,
  'threshold' | 'latencyThreshold' | 'memoryThreshold' | 'alpha' | 'floor'
> & {
  replica?: { count: number } | undefined;
  stage?: 1 | 2 | undefined;
};

/** Whether the gate's pairs are decided only in a merge of runners: it measures its whole budget. */
function pooled(rule: LoopRule): boolean {
  return (rule.replica?.count ?? 1) > 1 || rule.stage === 2;
}

export interface LoopResult {
  rounds: Round[];
  decision: Decision | undefined;
  pairs: number;
  /** Pair counts at which the data was looked at. */
  looked: number[];
  /** The looks every p-value counted. */
  schedule: number[];
  stoppedBy: StopReason;
  /** Pairs added to confirm a borderline regression. */
  confirmationPairs: number;
  /** Set when the gate stopped for noise: what resolving the threshold would have needed. */
  futility?: Futility;
  /** Scenarios settled at a look and measured no further, in the order they settled. */
  settled: SettledScenario[];
}

/** Units a starved gate still measures within its time limit: with fewer, an interval at its level says little. */
const MIN_UNITS = 3;

/** The pairs (an even count) of MIN_UNITS units in blocks of `restartEvery` pairs (0 or 1: pairs are units). */
function leastPairs(restartEvery: number): number {
  const pairs = MIN_UNITS * Math.max(1, restartEvery);
  return pairs + (pairs % 2);
}

class Loop {
  readonly rounds: Round[] = [];
  readonly looked: number[] = [];
  /** Scenarios settled, by name: no pair after their look measures them. */
  readonly settled = new Map<string, SettledScenario>();
  /** The looks still ahead: moved earlier when the budget runs short. */
  looks: number[];
  pairs = 0;
  decision: Decision | undefined;
  futile: Futility | undefined;
  readonly #source: PairSource;
  readonly #plan: LoopPlan;
  readonly #rule: LoopRule;
  /** Pairs that share their server processes (0: a fresh process per round; 0 or 1: none share). */
  readonly #restartEvery: number;

  constructor(source: PairSource, plan: LoopPlan, rule: LoopRule) {
    this.#source = source;
    this.#plan = plan;
    this.#rule = rule;
    this.#restartEvery = plan.processes.mode === 'blocks' ? plan.processes.restartEvery : 0;
    this.looks = [...plan.looks];
  }

  get adaptive(): boolean {
    return this.#plan.fixedPairs === undefined;
  }

  async measure(): Promise<boolean> {
    // Each block of `restart-every` pairs runs on processes of its own, started and primed before its first pair.
    const blockStart = this.pairs > 0 && this.#restartEvery > 0 && this.pairs % this.#restartEvery === 0;
    if (blockStart && this.#source.startBlock && !(await this.#source.startBlock(this.pairs))) return false;
    const pair = await this.#source.next(this.pairs);
    if (!pair) return false;
    // A replay's pairs still hold a settled scenario: it was decided at its look, on the pairs before it.
    this.rounds.push(...pair.filter((r) => !this.settled.has(r.scenario)));
    this.pairs++;
    return true;
  }

  look(): Decision {
    this.looked.push(this.pairs);
    const { threshold, latencyThreshold, memoryThreshold, alpha, floor } = this.#rule;
    return decide(this.rounds, this.#source.scenarios(), {
      threshold,
      ...(latencyThreshold === undefined ? {} : { latencyThreshold }),
      ...(memoryThreshold === undefined ? {} : { memoryThreshold }),
      alpha,
      stages: stagesOf(this.#rule.stage),
      looks: this.#plan.schedule,
      restartEvery: this.#restartEvery,
      ...(floor === undefined ? {} : { floor }),
    });
  }

  /**
   * The scenarios this look settles stop being measured: from the next pair on, their time goes to the scenarios
   * still open, and each is decided as it was here (its own last pair is this look's, src/decide/verdict.ts). Only
   * at a look that ends a unit, so that no block of pairs on the same processes mixes two shares of the pair, and
   * only in a gate that decides alone (a replica's or a stage's pairs are pooled with other runners').
   */
  settle(decision: Decision): void {
    const { replica, stage } = this.#rule;
    const alone = (replica?.count ?? 1) === 1 && stage === undefined;
    if (!alone || this.pairs % Math.max(1, this.#restartEvery) !== 0) return;
    const open = this.#source
      .scenarios()
      .map((s) => s.name)
      .filter((name) => !this.settled.has(name));
    const now = settledAt(decision, open, this.pairs);
    // All of them settled is the gate resolved; the loop stops there.
    if (now.length === 0 || now.length === open.length) return;
    for (const s of now) this.settled.set(s.scenario, s);
    this.#source.settle?.(now.map((s) => s.scenario));
  }

  /** What is still open of a decision: the scenarios not settled. */
  open(decision: Decision): Decision {
    return openPart(decision, new Set(this.settled.keys()));
  }

  /**
   * Out of budget before the next look: that look moves to the most pairs (an even count) the budget still buys,
   * but never below the pairs of MIN_UNITS units while the time limit has them (so that a gate starved by a slow
   * head still ends with an interval); with none left, the loop looks once more now and stops. The schedule the
   * p-values count stays as planned.
   */
  fitBudget(): StopReason | undefined {
    const nextLook = this.looks.find((n) => n > this.pairs);
    if (nextLook === undefined) return undefined;
    const budgetMs = this.#plan.budgetSec * 1000;
    const limitMs = this.#plan.limitSec * 1000;
    const perPair = this.#source.perPairMs();
    const elapsed = this.#source.elapsedMs();
    if (elapsed + (nextLook - this.pairs) * perPair <= budgetMs || this.pairs < 2) return undefined;
    const fit = this.pairs + Math.max(0, Math.floor((budgetMs - elapsed) / perPair));
    const fits = fit - (fit % 2);
    const least = leastPairs(this.#restartEvery);
    const reach = least <= nextLook && elapsed + (least - this.pairs) * perPair <= limitMs;
    const moved = fits < least && reach ? least : fits;
    if (moved > this.pairs) {
      this.looks = [...this.looks.filter((n) => n <= this.pairs), moved];
      return undefined;
    }
    if (this.looked[this.looked.length - 1] !== this.pairs) this.decision = this.look();
    return 'budget';
  }

  /** Pairs, and looks where planned, until resolved, out of pairs or scenarios, or at the last look. */
  async run(): Promise<StopReason> {
    for (;;) {
      if (this.#source.scenarios().length === 0) return 'no-scenarios';
      if (this.pairs >= this.looks[this.looks.length - 1]!) return this.adaptive ? 'budget' : 'fixed';
      if (!(await this.measure())) return 'deadline';
      if (this.adaptive && this.looks.includes(this.pairs) && !pooled(this.#rule)) {
        this.decision = this.look();
        if (resolved(this.decision)) return 'resolved';
        this.settle(this.decision);
        // Nothing this noise lets the budget resolve: stop now rather than end inconclusive at its end. Not at an
        // early look: its interval, at a tiny level, says nothing of what the budget can resolve. Not a first
        // stage: a second stage may pool its pairs, which the merge decides on as measured.
        if (!isEarlyLook(this.pairs, this.#plan.schedule) && this.#rule.stage === undefined) {
          this.futile = futility(
            this.open(this.decision),
            this.pairs,
            this.looks[this.looks.length - 1]!,
            this.#rule.floor,
          );
          if (this.futile) return 'noise';
        }
      }
      const stop = this.adaptive ? this.fitBudget() : undefined;
      if (stop !== undefined) return stop;
    }
  }

  /**
   * A borderline regression, a comparison leaning to one, or a gate whose every open comparison leans to no change
   * gets more pairs, two at a time, within the time limit: how many it got. The look after them is in the schedule
   * every p-value and equivalence bound counts.
   */
  async confirm(): Promise<number> {
    const d = this.decision;
    const borderline =
      d !== undefined &&
      ((d.verdict === 'regression' && !resolved(d)) ||
        d.comparisons.some(leaning) ||
        nearlyNoChange(d, this.pairs)) &&
      !d.errors.some((e) => e.verdict === 'regression');
    if (!this.adaptive || !borderline || pooled(this.#rule)) return 0;
    const want = confirmationPairs(this.pairs);
    const perPair = this.#source.perPairMs();
    let extra = 0;
    // Two at a time, so that base and head still go first equally often.
    while (extra < want && this.#source.elapsedMs() + 2 * perPair <= this.#plan.limitSec * 1000) {
      if (!(await this.measure()) || !(await this.measure())) break;
      extra += 2;
    }
    if (extra > 0) this.decision = this.look();
    return extra;
  }
}

/**
 * An inconclusive gate at `pairs` whose open comparisons all lean to no change, and whose failed requests differ
 * nowhere (bounds that more requests narrow may still be open).
 */
function nearlyNoChange(d: Decision, pairs: number): boolean {
  if (d.verdict !== 'inconclusive' || d.errors.some((e) => e.significant)) return false;
  return d.comparisons.every((c) => c.verdict === 'no-change' || nearlyWithin(c, pairs));
}

/** Measures pairs from `source` as `plan` says, until the loop stops; the decision of the last look by `rule`. */
export async function measurePairs(source: PairSource, plan: LoopPlan, rule: LoopRule): Promise<LoopResult> {
  const loop = new Loop(source, plan, rule);
  const stoppedBy = await loop.run();
  // The data as it stands is looked at once more, unless that was the last look.
  if (source.scenarios().length > 0 && loop.looked[loop.looked.length - 1] !== loop.pairs && loop.pairs >= 2)
    loop.decision = loop.look();
  const extra = stoppedBy === 'noise' ? 0 : await loop.confirm();
  const { rounds, decision, pairs, looked, futile } = loop;
  return {
    rounds,
    decision,
    pairs,
    looked,
    schedule: [...plan.schedule],
    stoppedBy,
    confirmationPairs: extra,
    ...(futile ? { futility: futile } : {}),
    settled: [...loop.settled.values()],
  };
}

/**
 * What a replay of recorded or simulated pairs gives the loop: its pairs, one at a time, and its scenarios; told
 * when scenarios settle, where it models their time going to the others (recorded pairs keep them: the loop
 * leaves them out).
 */
export interface ReplaySource {
  next(pair: number): Promise<Round[] | undefined>;
  scenarios(): readonly ScenarioRule[];
  settle?(names: readonly string[]): void;
}

/** How a replay's pairs are laid out: their cost, the budget, and the pairs that share processes (0: none). */
export interface ReplayDesign {
  pairMs: number;
  restartEvery: number;
  fixedPairs: number | undefined;
  budgetMs: number;
  limitMs: number;
}

/**
 * The loop on a replay whose pairs cost `pairMs` each (a bench, a golden): its looks planned as a gate's plan plans
 * them, its clock the pairs measured times their cost.
 */
export function replayPairs(replay: ReplaySource, options: ReplayDesign & LoopRule): Promise<LoopResult> {
  const { pairMs, restartEvery, fixedPairs, budgetMs, limitMs, ...rule } = options;
  let measured = 0;
  const source: PairSource = {
    scenarios: () => replay.scenarios(),
    settle: (names) => replay.settle?.(names),
    elapsedMs: () => measured * pairMs,
    perPairMs: () => pairMs,
    next: async (pair) => {
      const rounds = await replay.next(pair);
      if (rounds) measured++;
      return rounds;
    },
  };
  const plan: LoopPlan = {
    processes: restartEvery > 0 ? { mode: 'blocks', restartEvery } : { mode: 'fresh' },
    fixedPairs,
    budgetSec: budgetMs / 1000,
    limitSec: limitMs / 1000,
    ...plannedLooks(budgetMs / 1000, pairMs / 1000, fixedPairs, restartEvery),
  };
  return measurePairs(source, plan, rule);
}
