/**
 * What a scenario leaves behind in the processes (garbage, a cache, a queue) can show in the scenario measured right
 * after it. The scenarios' order rotates from pair to pair (src/gate/scenario-order.ts), so the pairs in which a
 * scenario followed another are known: a scenario that regressed is decided again without the pairs in which it was
 * measured right after another scenario that regressed by more (what is carried over is a share of the change
 * before), and says so. Pure.
 */
import type { Round } from '../model/measure.ts';

/** The pairs in which a scenario was measured right after a regressed one, and that one. */
export interface Follower {
  after: string;
  pairs: Set<number>;
}

/** Each pair's scenarios in the order they were measured (by start, then as recorded). */
function ordersOf(rounds: readonly Round[]): Map<number, string[]> {
  const starts = new Map<number, Map<string, { at: string; index: number }>>();
  rounds.forEach((round, index) => {
    const pair = starts.get(round.pair) ?? new Map<string, { at: string; index: number }>();
    const seen = pair.get(round.scenario);
    if (!seen || round.startedAt < seen.at) pair.set(round.scenario, { at: round.startedAt, index });
    starts.set(round.pair, pair);
  });
  const orders = new Map<number, string[]>();
  for (const [pair, scenarios] of starts) {
    const sorted = [...scenarios].sort(([, a], [, b]) =>
      a.at < b.at ? -1 : a.at > b.at ? 1 : a.index - b.index,
    );
    orders.set(
      pair,
      sorted.map(([name]) => name),
    );
  }
  return orders;
}

/**
 * Of the regressed scenarios (`regressed`: how far each one regressed, in its thresholds), each one that was
 * measured right after a scenario that regressed further in some pairs: those pairs, and the scenario before (the
 * first by name when several were).
 */
export function followersOf(
  rounds: readonly Round[],
  regressed: ReadonlyMap<string, number>,
): Map<string, Follower> {
  const followers = new Map<string, Follower>();
  for (const [pair, order] of ordersOf(rounds)) {
    order.forEach((scenario, i) => {
      const before = order[i - 1];
      const own = regressed.get(scenario);
      const previous = before === undefined ? undefined : regressed.get(before);
      if (before === undefined || own === undefined || previous === undefined || !(previous > own)) return;
      const follower = followers.get(scenario) ?? { after: before, pairs: new Set<number>() };
      if (before < follower.after) follower.after = before;
      follower.pairs.add(pair);
      followers.set(scenario, follower);
    });
  }
  return followers;
}
