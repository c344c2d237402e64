/**
 * The open loop's rate per scenario: given (`latency-rate` as req/s), or a share of base's req/s, set once from
 * base's load before the first measured pair (see runPair). Measured rounds get it after their closed-loop load;
 * priming loads do not.
 */
import { openLoopRate } from '../load/plan.ts';
import type { Config, OpenLoop, Scenario } from '../model/config.ts';
import { openLoopRateLog } from '../report/gate-text.ts';
import type { MeasureLog } from './ports.ts';

export class OpenLoopRates {
  private readonly open: OpenLoop | undefined;
  private readonly rates: Map<string, number>;
  private readonly log: MeasureLog;

  constructor(config: Pick<Config, 'openLoop' | 'scenarios'>, log: MeasureLog) {
    const open = config.openLoop;
    this.open = open;
    this.log = log;
    this.rates = new Map(
      open && 'rate' in open ? config.scenarios.map((scenario) => [scenario.name, open.rate]) : [],
    );
  }

  /** The scenario's rate in req/s; undefined: no open loop (yet). */
  get(scenario: string): number | undefined {
    return this.rates.get(scenario);
  }

  /** Whether some of `scenarios` still wait for their rate from base's req/s. */
  missing(scenarios: readonly Scenario[]): boolean {
    return this.open !== undefined && scenarios.some((scenario) => !this.rates.has(scenario.name));
  }

  /** Sets the scenario's rate from base's req/s, once, when the open loop is a share of it. */
  set(scenario: Scenario, baseRps: number): void {
    const open = this.open;
    if (
      !open ||
      !('share' in open) ||
      this.rates.has(scenario.name) ||
      !(Number.isFinite(baseRps) && baseRps > 0)
    )
      return;
    const rate = openLoopRate(open.share, baseRps);
    this.rates.set(scenario.name, rate);
    this.log.info(openLoopRateLog(scenario.name, rate, open.share, baseRps));
  }
}
