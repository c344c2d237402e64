/**
 * Turns refitted to what they cost. A closed-loop turn ends when the requests in flight at its end come back, so a
 * head that answers in a second makes every turn of 50 ms last a second or more: the plan's 40 turns a side would
 * cost half a minute a pair instead of a few seconds, and its looks would never come. So every batch of turns is
 * timed, and the next pair (or block's priming) of that scenario gets fewer turns of the same length, as many as
 * its planned cost buys at the time a turn took beyond its slot. Nothing changes while turns cost what was planned.
 */
import type { TurnResult, TurnSpec } from '../model/measure.ts';
import type { ScenarioPlan } from '../model/plan.ts';

/** Turns are refitted only when they would cost more than this share beyond the plan (measurement noise). */
const TOLERANCE = 1.2;

type Kind = 'pair' | 'priming';

/** The largest even count of at least 2 and at most `most` (itself even) near `n`. */
function evenWithin(n: number, most: number): number {
  return Math.min(most, Math.max(2, 2 * Math.round(n / 2)));
}

export class TurnFit {
  /** Per kind and scenario: seconds a base turn and a head turn took together beyond their slots, last measured. */
  private readonly extra = new Map<string, number>();
  /** Per scenario: the turns a side its last pair got, and the plan's then (a settle shares the pair anew). */
  private readonly turns = new Map<string, { turns: number; planned: number }>();
  /** Per scenario: the drain the plan expected per turn (base's connections over its rate), seconds. */
  private drains = new Map<string, number>();

  /** The drains the plan priced each turn with (measurement-plan.ts drainSecs). */
  planned(drains: ReadonlyMap<string, number>): void {
    this.drains = new Map(drains);
  }

  /** Records what a batch of closed-loop turns of a scenario took (results in the order of `turns`). */
  record(kind: Kind, scenario: string, turns: readonly TurnSpec[], results: readonly TurnResult[]): void {
    let over = 0;
    let count = 0;
    turns.forEach((turn, i) => {
      const result = results[i];
      if (turn.rate !== undefined || result === undefined || (kind === 'pair' && !turn.record)) return;
      over += Math.max(0, result.sec - turn.sec);
      count++;
    });
    if (count >= 2) this.extra.set(`${kind} ${scenario}`, (2 * over) / count);
  }

  /** A base and a head turn's seconds beyond their slots, as last measured (a pair's, else a priming's). */
  private extraOf(kind: Kind, scenario: string): number | undefined {
    const own = this.extra.get(`${kind} ${scenario}`);
    return own ?? (kind === 'pair' ? this.extra.get(`priming ${scenario}`) : undefined);
  }

  /**
   * The scenario's plan for the next pair: the planned one, or fewer turns when they cost more than planned.
   * `changed` hears of every change of its turns (for the log).
   */
  pair(plan: ScenarioPlan, changed?: (turns: number, extraSec: number) => void): ScenarioPlan {
    const fitted = this.fitPair(plan);
    const last = this.turns.get(plan.name);
    const before = last?.planned === plan.turns ? last.turns : plan.turns;
    this.turns.set(plan.name, { turns: fitted.turns, planned: plan.turns });
    if (fitted.turns !== before) changed?.(fitted.turns, this.extraOf('pair', plan.name) ?? 0);
    return fitted;
  }

  private fitPair(plan: ScenarioPlan): ScenarioPlan {
    const extra = this.extraOf('pair', plan.name);
    if (extra === undefined || plan.turns <= 2) return plan;
    const planned = plan.turns * 2 * (plan.turnSec + (this.drains.get(plan.name) ?? 0));
    const each = 2 * plan.turnSec + extra;
    if (plan.turns * each <= TOLERANCE * planned) return plan;
    return { ...plan, turns: evenWithin(planned / each, plan.turns) };
  }

  /** Priming turns a side gets of `count` planned of `turnSec` each: fewer when they cost more than planned. */
  priming(scenario: string, count: number, turnSec: number): number {
    const extra = this.extraOf('priming', scenario);
    if (extra === undefined) return count;
    const planned = count * 2 * turnSec;
    const each = 2 * turnSec + extra;
    if (count * each <= TOLERANCE * planned) return count;
    return Math.min(count, Math.max(1, Math.round(planned / each)));
  }
}
