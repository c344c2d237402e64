/**
 * Adaptive rounds: pairs are added until every comparison is resolved or the budget runs out; every p-value counts
 * every planned look, so looking often adds no false alarms. Pure: the pairs come from a source.
 */

import type {
  Decision,
  Futility,
  MetricComparison,
  ScenarioRule,
  StopReason,
  Verdict,
} from '../model/decision.ts';
import type { Round } from '../model/measure.ts';
import { confirmationPairs, MIN_CONFIRMATION_PAIRS, planLooks } from '../stats/pairs.ts';
import { futility } from './futility.ts';
import { leaning } from './rule.ts';
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
  /** The rule's floor (DecideOptions.floor); default src/decide/rule.ts REGRESSION_FLOOR. */
  floor?: number;
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
  /** Set when the gate stopped for noise (`stoppedBy: 'noise'`): what resolving the threshold would have needed. */
  futility?: Futility;
}

/** The run so far: its rounds, the looks planned and taken, and the latest decision. */
class SequentialRun {
  readonly rounds: Round[] = [];
  readonly looked: number[] = [];
  /** The looks still planned (moved when the budget runs short); undefined until the first pair's cost is known. */
  looks: number[] | undefined;
  /** The looks planned at first, the confirmation look included: every p-value counts all of them. */
  schedule: number[];
  pairs = 0;
  decision: Decision | undefined;
  futile: Futility | undefined;
  readonly #source: PairSource;
  readonly #options: SequentialOptions;
  readonly #streaks = new Map<string, { since: number; verdict: Verdict }>();

  constructor(source: PairSource, options: SequentialOptions) {
    this.#source = source;
    this.#options = options;
    this.looks = options.fixedPairs === undefined ? undefined : [options.fixedPairs];
    this.schedule = this.looks ?? [];
  }

  get adaptive(): boolean {
    return this.#options.fixedPairs === undefined;
  }

  perPairMs(): number {
    return this.#source.perPairMs?.() ?? this.#source.elapsedMs() / this.pairs;
  }

  async measure(): Promise<boolean> {
    const pair = await this.#source.next(this.pairs);
    if (!pair) return false;
    this.rounds.push(...pair);
    this.pairs++;
    return true;
  }

  look(): Decision {
    this.looked.push(this.pairs);
    const { threshold, latencyThreshold, alpha, restartEvery, floor } = this.#options;
    const fresh = decide(this.rounds, this.#source.scenarios(), {
      threshold,
      ...(latencyThreshold === undefined ? {} : { latencyThreshold }),
      alpha,
      looks: this.schedule,
      restartEvery: restartEvery ?? 0,
      ...(floor === undefined ? {} : { floor }),
    });
    // A fixed number of pairs looks once, so no streak can confirm anything there.
    return this.#held(fresh);
  }

  /**
   * A regression (or improvement) that has held at every look since it appeared, at least MIN_CONFIRMATION_PAIRS
   * pairs on, is confirmed by the pairs added since. Requiring it twice only makes failing rarer.
   */
  #held(d: Decision): Decision {
    const keyOf = (c: MetricComparison): string => `${c.scenario}\u0000${c.metric}`;
    const now = new Set<string>();
    for (const c of d.comparisons) {
      if (c.verdict !== 'regression' && c.verdict !== 'improvement') continue;
      const key = keyOf(c);
      now.add(key);
      const streak = this.#streaks.get(key);
      if (!streak || streak.verdict !== c.verdict)
        this.#streaks.set(key, { since: this.pairs, verdict: c.verdict });
    }
    for (const key of [...this.#streaks.keys()]) if (!now.has(key)) this.#streaks.delete(key);
    const confirmed = (c: MetricComparison): boolean => {
      const streak = this.#streaks.get(keyOf(c));
      return streak !== undefined && this.pairs - streak.since >= MIN_CONFIRMATION_PAIRS;
    };
    return {
      ...d,
      comparisons: d.comparisons.map((c) => (!c.confirmed && confirmed(c) ? { ...c, confirmed: true } : c)),
    };
  }

  /** The looks the budget buys at the first pair's cost, and one more kept for confirmation. */
  plan(): number[] {
    const looks = planLooks(Math.floor(this.#options.budgetMs / this.perPairMs()));
    const last = looks[looks.length - 1]!;
    this.schedule = [...looks, last + confirmationPairs(last)];
    return looks;
  }

  /**
   * Out of budget before the next look: that look moves to the most pairs (an even count) the budget still buys,
   * or, with none left, the run looks once more now and stops. The schedule stays as planned.
   */
  fitBudget(looks: number[]): StopReason | undefined {
    const nextLook = looks.find((n) => n > this.pairs);
    if (nextLook === undefined) return undefined;
    const { budgetMs } = this.#options;
    const perPair = this.perPairMs();
    if (this.#source.elapsedMs() + (nextLook - this.pairs) * perPair <= budgetMs || this.pairs < 2)
      return undefined;
    const fit = this.pairs + Math.max(0, Math.floor((budgetMs - this.#source.elapsedMs()) / perPair));
    const moved = fit - (fit % 2);
    if (moved > this.pairs) {
      this.looks = [...looks.filter((n) => n <= this.pairs), moved];
      return undefined;
    }
    if (this.looked[this.looked.length - 1] !== this.pairs) this.decision = this.look();
    return 'budget';
  }

  /** Pairs, and looks where planned, until resolved, out of pairs or scenarios, or at the last look. */
  async run(): Promise<StopReason> {
    for (;;) {
      if (this.#source.scenarios().length === 0) return 'no-scenarios';
      if (this.looks !== undefined && this.pairs >= this.looks[this.looks.length - 1]!)
        return this.adaptive ? 'budget' : 'fixed';
      if (!(await this.measure())) return 'deadline';
      const looks = this.looks ?? this.plan();
      this.looks = looks;
      if (looks.includes(this.pairs) && this.adaptive) {
        this.decision = this.look();
        if (resolved(this.decision)) return 'resolved';
        // Nothing this noise lets the budget resolve: stop now rather than end inconclusive at its end.
        this.futile = futility(this.decision, this.pairs, looks[looks.length - 1]!, this.#options.floor);
        if (this.futile) return 'noise';
      }
      const stop = this.adaptive ? this.fitBudget(looks) : undefined;
      if (stop !== undefined) return stop;
    }
  }

  /**
   * A borderline regression, or a comparison leaning to one, gets more pairs, two at a time, within the time limit:
   * how many it got. The look after them is in the schedule every p-value counts.
   */
  async confirm(): Promise<number> {
    const d = this.decision;
    // A regression not yet confirmed, or one that leans to it (significant, estimated beyond the threshold, its
    // interval not yet clear of the rule's floor).
    const borderline =
      d !== undefined &&
      ((d.verdict === 'regression' && !resolved(d)) || d.comparisons.some(leaning)) &&
      !d.errors.some((e) => e.verdict === 'regression');
    if (!this.adaptive || !borderline) return 0;
    const want = confirmationPairs(this.pairs);
    const perPair = this.#source.perPairMs?.() ?? this.#source.elapsedMs() / Math.max(1, this.pairs);
    let extra = 0;
    // Two at a time, so that base and head still go first equally often.
    while (extra < want && this.#source.elapsedMs() + 2 * perPair <= this.#options.limitMs) {
      if (!(await this.measure()) || !(await this.measure())) break;
      extra += 2;
    }
    if (extra > 0) this.decision = this.look();
    return extra;
  }
}

export async function runSequential(
  source: PairSource,
  options: SequentialOptions,
): Promise<SequentialResult> {
  const run = new SequentialRun(source, options);
  const stoppedBy = await run.run();
  // The data as it stands is looked at once more, unless that was the last look.
  if (source.scenarios().length > 0 && run.looked[run.looked.length - 1] !== run.pairs && run.pairs >= 2)
    run.decision = run.look();
  const extra = stoppedBy === 'noise' ? 0 : await run.confirm();
  const { rounds, decision, pairs, looked, schedule, futile } = run;
  return {
    rounds,
    decision,
    pairs,
    looked,
    schedule,
    stoppedBy,
    confirmationPairs: extra,
    ...(futile ? { futility: futile } : {}),
  };
}
