/** The order of rounds. Pure. */
import type { Side } from './errors.ts';

export interface PairPlan {
  pair: number;
  /** The two sides in the order they run: base first in even pairs, head first in odd ones (ABBA…). */
  order: readonly [Side, Side];
}

/**
 * ABBA…: alternating which side goes first cancels a linear drift of the host's speed within each two pairs,
 * and any advantage of going first or second.
 */
export function schedule(pairs: number): PairPlan[] {
  return Array.from({ length: pairs }, (_, pair) => ({
    pair,
    order: pair % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const),
  }));
}
