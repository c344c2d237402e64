/**
 * The pairs handed to the gate's loop (loop.ts): each measured as it asks for it, disturbed ones measured again,
 * none started that the time limit cannot finish, and what one more pair costs.
 */
import type { Scenario } from '../model/config.ts';
import type { Round } from '../model/measure.ts';
import type { Note, PairRow } from '../model/notes.ts';
import type { MeasurementPlan } from '../model/plan.ts';
import { hodgesLehmann1 } from '../stats/wilcoxon.ts';
import { inOrder, prime, startBlockServers } from './blocks.ts';
import type { PairContext } from './context.ts';
import type { Disturbances } from './disturbance.ts';
import { checkFirstPair } from './first-pair.ts';
import type { PairSource } from './loop.ts';
import { blocksOf, PUBLISH_RESERVE_MS, scenarioSec, sharedAmong } from './measurement-plan.ts';
import { pairOrder, runPair } from './pairs.ts';

export interface SourceOptions {
  /** When measuring started, in the clock's milliseconds. */
  started: number;
  /** The gate's time limit, in the clock's milliseconds. */
  deadline: number;
  /** The report's notes (the time limit's goes here). */
  notes: Note[];
  disturbances: Disturbances;
  /** Every round handed to the sequential rule is added here as it comes (a report keeps them, whatever happens). */
  kept?: Round[];
}

export class GatePairSource implements PairSource {
  private readonly ctx: PairContext;
  /** The plan as built, and the one the pairs obey: its scenarios' turns shared anew once some settle. */
  private readonly planned: MeasurementPlan;
  private plan: MeasurementPlan;
  /** Measured seconds a side and pair the scenarios loaded shared when the first settled. */
  private sideSec: number | undefined;
  private readonly options: SourceOptions;
  /** Pairs measured and kept so far. */
  private pairsDone = 0;
  /** The time the next pair is expected to take: at first the plan's, then from the pairs measured. */
  private pairMs: number;
  /** Each scenario's per-pair log ratios of req/s so far, for the running estimate in the log. */
  private readonly ratios = new Map<string, number[]>();

  constructor(ctx: PairContext, plan: MeasurementPlan, options: SourceOptions) {
    this.ctx = ctx;
    this.planned = plan;
    this.plan = plan;
    this.options = options;
    this.pairMs = plan.pairSec * 1000;
  }

  scenarios(): readonly Scenario[] {
    return this.ctx.scenarios.active;
  }

  /**
   * Settled scenarios are loaded no more: each side's measured time in a pair goes to the scenarios still loaded,
   * in more turns of the same length (the pair costs about what it did: turns come in even counts).
   */
  settle(names: readonly string[]): void {
    const { ctx } = this;
    this.sideSec ??=
      scenarioSec(ctx.config.durationSec, this.planned.scenarios.length) * ctx.scenarios.loaded.length;
    ctx.scenarios.settle(names);
    const scenarios = sharedAmong(ctx.config, this.planned, this.sideSec, ctx.scenarios.loaded);
    this.plan = { ...this.planned, scenarios };
    ctx.log.info({ kind: 'settled', scenarios: [...names], open: scenarios });
  }

  elapsedMs(): number {
    return this.ctx.clock.now() - this.options.started;
  }

  /**
   * Start-up and priming come once per block of `restart-every` pairs: spread them over the block. Pairs measured
   * again count as measured: their time is spent, it is not the cost of the pairs to come (bench/NOTEBOOK.md §10).
   */
  perPairMs(): number {
    const { ctx } = this;
    const { blocks, primingMs } = ctx.costs;
    const done = Math.max(1, this.pairsDone + this.options.disturbances.measuredAgain);
    const measuring = (this.elapsedMs() - primingMs) / done;
    const block = blocksOf(this.plan);
    return blocks === 0 || !block ? measuring : measuring + primingMs / blocks / block.restartEvery;
  }

  async startBlock(pair: number): Promise<boolean> {
    const block = blocksOf(this.plan);
    if (!block) return true;
    if (this.outOfTime(pair, true)) return false;
    await startBlockServers(this.ctx, pair);
    await prime(this.ctx, pair, block.primeSec, inOrder(this.ctx, pairOrder(pair)));
    return true;
  }

  async next(pair: number): Promise<Round[] | undefined> {
    const { ctx } = this;
    for (let again = false; ; again = true) {
      // A pair measured again at its block's start gets new processes again, as does a side left with none.
      const block = blocksOf(this.plan);
      const running = ctx.servers.get('base') !== undefined && ctx.servers.get('head') !== undefined;
      const renew = block !== undefined && (!running || (again && pair % block.restartEvery === 0));
      if (renew && !(await this.startBlock(pair))) return undefined;
      if (!renew && this.outOfTime(pair, false)) return undefined;
      const pairStart = ctx.clock.now();
      const latest = await runPair(ctx, this.plan, pair);
      this.pairMs = Math.max(this.pairMs * 0.5, ctx.clock.now() - pairStart);
      if (this.options.disturbances.measureAgain(pair, latest, ctx.log, this.affordsAgain(pair))) continue;
      ctx.log.info({ kind: 'pair', pair, rows: this.rows(latest) });
      this.pairsDone = pair + 1;
      if (pair === 0) {
        ctx.scenarios.drop(checkFirstPair(ctx.config, ctx.scenarios.active, latest, ctx.log));
        return this.keep(latest.filter((r) => !ctx.scenarios.dropped.includes(r.scenario)));
      }
      return this.keep(latest);
    }
  }

  /**
   * Whether measuring pair `pair` again still leaves the budget the pairs up to the plan's next look: a disturbed
   * pair is measured again only then, so that pairs measured again cannot starve the looks.
   */
  private affordsAgain(pair: number): boolean {
    if (this.plan.fixedPairs !== undefined) return true;
    const budgetMs = this.plan.budgetSec * 1000;
    const next = this.plan.looks.find((n) => n > pair) ?? pair + 1;
    return this.elapsedMs() + (next - pair) * this.perPairMs() <= budgetMs;
  }

  private keep(rounds: Round[]): Round[] {
    this.options.kept?.push(...rounds);
    return rounds;
  }

  /** Whether pair `pair` (after a new block's start and priming) would overrun the time limit: a note says so. */
  private outOfTime(pair: number, newBlock: boolean): boolean {
    const { ctx } = this;
    const block = blocksOf(this.plan);
    const primeMs =
      newBlock && block ? 2 * block.primeSec * 1000 + ctx.costs.startupMs / Math.max(1, ctx.costs.blocks) : 0;
    if (!(ctx.clock.now() + this.pairMs + primeMs > this.options.deadline - PUBLISH_RESERVE_MS)) return false;
    this.options.notes.push({ kind: 'time-limit', pairs: pair });
    ctx.log.warning({ kind: 'time-limit', pairs: pair });
    return true;
  }

  /** Each active scenario's base and head measurement of a pair, and the running estimate, for its log line. */
  private rows(latest: readonly Round[]): PairRow[] {
    return this.ctx.scenarios.loaded.map(({ name }) => {
      const base = latest.find((r) => r.side === 'base' && r.scenario === name)!.measurement;
      const head = latest.find((r) => r.side === 'head' && r.scenario === name)!.measurement;
      const ratios = this.ratios.get(name) ?? [];
      if (base.rps > 0 && head.rps > 0) ratios.push(Math.log(head.rps / base.rps));
      this.ratios.set(name, ratios);
      const running =
        ratios.length === 0
          ? {}
          : { running: { change: Math.expm1(hodgesLehmann1(ratios)), pairs: ratios.length } };
      return { scenario: name, base, head, ...running };
    });
  }
}
