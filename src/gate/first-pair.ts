/**
 * The first pair's answers: a scenario that fails on both sides is a setup error; one that fails on base only is
 * new on head, and is not compared, unless base's own config file lists it (then an error: base's choice of what is
 * measured stands).
 */

import type { Config, Scenario } from '../model/config.ts';
import { failures } from '../model/derived.ts';
import { GateError } from '../model/errors.ts';
import type { Round, Side } from '../model/measure.ts';
import { baseFailsMessage, bothFailMessage } from '../report/error-text.ts';
import type { MeasureLog } from './ports.ts';

/** Share of the rounds' requests that failed (1 when they sent none). */
export function failureRate(rounds: readonly Round[], expectStatus: number | undefined): number {
  let failed = 0;
  let total = 0;
  for (const r of rounds) {
    failed += failures(r.measurement, expectStatus);
    total += r.measurement.responses + r.measurement.errors + r.measurement.timeouts;
  }
  return total === 0 ? 1 : failed / total;
}

/**
 * Checks the first pair's rounds: throws a GateError ('server-errors') when both sides fail half or more of a
 * scenario's requests, or base alone one that base's config file lists; returns the other scenarios that fail so
 * on base only (new on head).
 */
export function checkFirstPair(
  config: Pick<Config, 'configFile' | 'baseScenarios'>,
  scenarios: readonly Scenario[],
  rounds: readonly Round[],
  log: MeasureLog,
): string[] {
  const found: string[] = [];
  for (const scenario of scenarios) {
    const of = (side: Side): Round[] => rounds.filter((r) => r.scenario === scenario.name && r.side === side);
    const baseRate = failureRate(of('base'), scenario.expectStatus);
    const headRate = failureRate(of('head'), scenario.expectStatus);
    if (baseRate >= 0.5 && headRate >= 0.5) {
      throw new GateError(
        'server-errors',
        bothFailMessage(scenario, of('base'), of('head'), config.configFile),
      );
    }
    if (baseRate >= 0.5 && config.baseScenarios?.includes(scenario.name))
      throw new GateError('server-errors', baseFailsMessage(scenario.name, of('base'), config.configFile));
    if (baseRate >= 0.5) {
      found.push(scenario.name);
      log.info({ kind: 'new-endpoint', scenario: scenario.name, base: of('base') });
    }
  }
  return found;
}
