/**
 * The turns of a pair and of a block's priming, in the order the load generator runs them: base and head take
 * turns ABBA… (the side that starts a pair alternates from pair to pair), so that a drift of the host's speed within
 * a pair falls on both sides alike. Pure.
 */

import type { TurnSpec as Turn } from '../model/measure.ts';
import type { ScenarioPlan } from '../model/plan.ts';
import { MIN_SCENARIO_SEC, PACED_WARMUP_SEC, PRIME_TURN_SEC } from './measurement-plan.ts';

/** The pool of turn `i` in ABBA ABBA …: turns 0, 3, 4, 7, 8, … are the first pool's. */
export function abba(i: number): 0 | 1 {
  return (i % 2 === 0) === (Math.floor(i / 2) % 2 === 0) ? 0 : 1;
}

/**
 * One scenario's turns in a pair, `pools[0]` (the side that starts the pair) first: each side's warm-up when the
 * plan has one, the closed-loop turns, then the open loop's warm-up and turns at its rate.
 */
export function pairTurns(plan: ScenarioPlan, pools: readonly [string, string]): Turn[] {
  const turns: Turn[] = [];
  if (plan.warmupSec > 0) for (const pool of pools) turns.push({ pool, sec: plan.warmupSec, record: false });
  for (let i = 0; i < 2 * plan.turns; i++)
    turns.push({ pool: pools[abba(i)], sec: plan.turnSec, record: true });
  const open = plan.openLoop;
  if (open) {
    for (const pool of pools) turns.push({ pool, sec: PACED_WARMUP_SEC, record: false, rate: open.rate });
    for (let i = 0; i < 2 * open.turns; i++)
      turns.push({ pool: pools[abba(i)], sec: open.turnSec, record: true, rate: open.rate });
  }
  return turns;
}

/** One side's whole round (a fresh process per round): its warm-up, its turns, then its open loop's. */
export function roundTurns(plan: ScenarioPlan, pool: string): Turn[] {
  const turns: Turn[] = [];
  if (plan.warmupSec > 0) turns.push({ pool, sec: plan.warmupSec, record: false });
  for (let i = 0; i < plan.turns; i++) turns.push({ pool, sec: plan.turnSec, record: true });
  const open = plan.openLoop;
  if (open) {
    turns.push({ pool, sec: PACED_WARMUP_SEC, record: false, rate: open.rate });
    for (let i = 0; i < open.turns; i++)
      turns.push({ pool, sec: open.turnSec, record: true, rate: open.rate });
  }
  return turns;
}

/** A block's priming of one scenario as planned: turns of about PRIME_TURN_SEC, each side `sec` (at least MIN_SCENARIO_SEC). */
export function primingShape(sec: number): { count: number; turnSec: number } {
  const perSide = Math.max(MIN_SCENARIO_SEC, sec);
  const count = Math.max(1, Math.round(perSide / PRIME_TURN_SEC));
  return { count, turnSec: perSide / count };
}

/**
 * A block's priming of one scenario: `pools[0]` first, ABBA… in turns of primingShape, `count` of them a side
 * (default: as planned; fewer when they cost more: turn-fit.ts). Thrown away, but each turn's result is returned,
 * for base's rate.
 */
export function primingTurns(sec: number, pools: readonly [string, string], count?: number): Turn[] {
  const shape = primingShape(sec);
  const turns = count ?? shape.count;
  return Array.from({ length: 2 * turns }, (_, i) => ({
    pool: pools[abba(i)],
    sec: shape.turnSec,
    record: false,
  }));
}
