/**
 * Adaptive rounds: keep adding pairs until every comparison is resolved or the time budget runs out. Pure: the
 * pairs come from a source (the pipeline's real rounds, or a benchmark's replayed ones).
 *
 * The looks are planned once the first pair shows how long a pair takes (plus one look kept for confirmation),
 * and every comparison counts all of them (src/stats/sequential-boundary.ts), so looking after every few pairs
 * does not inflate false alarms: the chance that any interval at any look misses the truth stays below alpha.
 * A look taken earlier than planned (the budget ran out before the next one) or looks never reached only make
 * that chance smaller.
 */

import { confirmationPairs, MIN_CONFIRMATION_PAIRS, planLooks } from '../gate/plan.ts';
import type { Decision, MetricComparison, ScenarioRule, StopReason, Verdict } from '../model/decision.ts';
import type { Round } from '../model/measure.ts';
import { decide, resolved } from './verdict.ts';

export interface PairSource {
  /** Measures pair number `pair`; undefined when no more can be measured (deadline). */
  next(pair: number): Promise<Round[] | undefined>;
  /** Milliseconds spent measuring so far. */
  elapsedMs(): number;
  /**
   * What one more pair costs on average, when the source knows better than elapsed / pairs (e.g. the first pair
   * carries a one-off start-up that recurs only every few pairs).
   */
  perPairMs?(): number;
  /** Scenarios still compared (one found new on head drops out after the first pair). */
  scenarios(): readonly ScenarioRule[];
}

export interface SequentialOptions {
  threshold: number;
  latencyThreshold?: number;
  alpha: number;
  /** Pairs that share their server processes (`restart-every`; 0 or 1: none share); see DecideOptions. */
  restartEvery?: number;
  /** A fixed number of pairs and one look at the end; undefined for adaptive. */
  fixedPairs: number | undefined;
  /** Measuring time the adaptive gate may use before its final look. */
  budgetMs: number;
  /** Measuring time it may use in all, confirmation included. */
  limitMs: number;
}

export interface SequentialResult {
  rounds: Round[];
  decision: Decision | undefined;
  pairs: number;
  /** Pair counts at which the data was looked at. */
  looked: number[];
  /** Pair counts of the planned looks, the confirmation look included (every comparison counts all of them). */
  schedule: number[];
  stoppedBy: StopReason;
  /** Pairs added to confirm a borderline regression. */
  confirmationPairs: number;
}

export async function runSequential(
  source: PairSource,
  options: SequentialOptions,
): Promise<SequentialResult> {
  const rounds: Round[] = [];
  const looked: number[] = [];
  let looks: number[] | undefined = options.fixedPairs === undefined ? undefined : [options.fixedPairs];
  let schedule: number[] = looks ?? [];
  let pairs = 0;
  let decision: Decision | undefined;
  let stoppedBy: StopReason | undefined;
  const measure = async (): Promise<boolean> => {
    const pair = await source.next(pairs);
    if (!pair) return false;
    rounds.push(...pair);
    pairs++;
    return true;
  };

  // Confirmation within the budget: a regression (or improvement) that appeared at one look and still holds at a
  // later one, every look between included, at least MIN_CONFIRMATION_PAIRS pairs on, is confirmed by the pairs
  // added since; it need not wait for the budget's end. Requiring significance twice only shrinks the set of gates
  // that can fail, so the false-alarm bound of the looks still holds.
  const streaks = new Map<string, { since: number; verdict: Verdict }>();
  const keyOf = (c: MetricComparison): string => `${c.scenario}\u0000${c.metric}`;
  const held = (d: Decision): Decision => {
    const now = new Set<string>();
    for (const c of d.comparisons) {
      if (c.verdict !== 'regression' && c.verdict !== 'improvement') continue;
      const key = keyOf(c);
      now.add(key);
      const streak = streaks.get(key);
      if (!streak || streak.verdict !== c.verdict) streaks.set(key, { since: pairs, verdict: c.verdict });
    }
    for (const key of [...streaks.keys()]) if (!now.has(key)) streaks.delete(key);
    const confirmed = (c: MetricComparison): boolean => {
      const streak = streaks.get(keyOf(c));
      return streak !== undefined && pairs - streak.since >= MIN_CONFIRMATION_PAIRS;
    };
    return {
      ...d,
      comparisons: d.comparisons.map((c) => (!c.confirmed && confirmed(c) ? { ...c, confirmed: true } : c)),
    };
  };

  const look = (): Decision => {
    looked.push(pairs);
    const fresh = decide(rounds, source.scenarios(), {
      threshold: options.threshold,
      ...(options.latencyThreshold === undefined ? {} : { latencyThreshold: options.latencyThreshold }),
      alpha: options.alpha,
      looks: schedule,
      restartEvery: options.restartEvery ?? 0,
    });
    // A fixed number of pairs looks once, so no streak can confirm anything there.
    return held(fresh);
  };

  while (stoppedBy === undefined) {
    if (source.scenarios().length === 0) {
      stoppedBy = 'no-scenarios';
      break;
    }
    if (looks !== undefined && pairs >= looks[looks.length - 1]!) {
      stoppedBy = options.fixedPairs === undefined ? 'budget' : 'fixed';
      break;
    }
    if (!(await measure())) {
      stoppedBy = 'deadline';
      break;
    }
    if (looks === undefined) {
      const perPair = source.perPairMs?.() ?? source.elapsedMs() / pairs;
      looks = planLooks(Math.floor(options.budgetMs / perPair));
      // One more, kept for confirming a borderline regression at the budget's end.
      const last = looks[looks.length - 1]!;
      schedule = [...looks, last + confirmationPairs(last)];
    }
    if (looks.includes(pairs) && options.fixedPairs === undefined) {
      decision = look();
      if (resolved(decision)) stoppedBy = 'resolved';
    }
    // Out of budget before the next look (pairs measured again took time, say): the next look moves to the most
    // pairs (an even count) the budget still buys, and takes the place of the looks not reached; with none left,
    // look once more now. The schedule stays: the p-values keep counting every look planned at first.
    const nextLook = looks.find((n) => n > pairs);
    if (stoppedBy === undefined && options.fixedPairs === undefined && nextLook !== undefined) {
      const perPair = source.perPairMs?.() ?? source.elapsedMs() / pairs;
      if (source.elapsedMs() + (nextLook - pairs) * perPair > options.budgetMs && pairs >= 2) {
        const fit = pairs + Math.max(0, Math.floor((options.budgetMs - source.elapsedMs()) / perPair));
        const moved = fit - (fit % 2);
        if (moved > pairs) {
          looks = [...looks.filter((n) => n <= pairs), moved];
        } else {
          if (looked[looked.length - 1] !== pairs) decision = look();
          stoppedBy = 'budget';
        }
      }
    }
  }
  if (source.scenarios().length > 0 && looked[looked.length - 1] !== pairs && pairs >= 2) decision = look();

  // Confirmation: a borderline regression gets more pairs before the step fails.
  let extra = 0;
  const borderline = (d: Decision | undefined): boolean =>
    d !== undefined &&
    d.verdict === 'regression' &&
    !resolved(d) &&
    !d.errors.some((e) => e.verdict === 'regression');
  if (options.fixedPairs === undefined && borderline(decision)) {
    const want = confirmationPairs(pairs);
    const perPair = source.perPairMs?.() ?? source.elapsedMs() / Math.max(1, pairs);
    // Two at a time, so that base and head still go first equally often.
    while (extra < want && source.elapsedMs() + 2 * perPair <= options.limitMs) {
      if (!(await measure()) || !(await measure())) break;
      extra += 2;
    }
    if (extra > 0) decision = look();
  }
  return { rounds, decision, pairs, looked, schedule, stoppedBy, confirmationPairs: extra };
}
