/**
 * The plan check (src/decide/plan-check.ts) from the gate's side: the design the config asks for and what a pair
 * of it costs, projected before the trees are prepared and taken from the plan once the first block is primed.
 */
import { type Compared, stagesOf } from '../decide/family.ts';
import { planCheck } from '../decide/plan-check.ts';
import type { Config } from '../model/config.ts';
import type { PlanCheck } from '../model/decision.ts';
import type { MeasurementPlan } from '../model/plan.ts';
import { blocksOf, projectedPairSec } from './measurement-plan.ts';

/**
 * Tested comparisons per scenario: req/s, p99 and failed requests, p99 at a fixed rate with `latency-rate`, and a
 * Node server's allocation per request and leak test (a server of another runtime has neither: the check then
 * counts a fifth of a share too many, on the careful side).
 */
function perScenario(config: Pick<Config, 'openLoop'>): Compared[] {
  return [
    'rps',
    'p99',
    'failures',
    ...(config.openLoop === undefined ? [] : ['p99open' as const]),
    'alloc',
    'leak',
  ];
}

/**
 * Whether the gate can resolve its threshold: from the config alone (`plan` undefined: before anything runs), or
 * from the plan built on the first block, whose measured start (`startSec`) prices the other designs' blocks too
 * (a slow start makes `restart-every: 1` dear). Every shard's scenarios are decided together, so all count.
 */
export function checkPlan(config: Config, plan?: MeasurementPlan, startSec?: number): PlanCheck {
  const restartEvery = plan ? (blocksOf(plan)?.restartEvery ?? 0) : config.restartEvery;
  return planCheck({
    scenarios: config.scenarioCount,
    restartEvery,
    perScenario: perScenario(config),
    alpha: config.alpha,
    stages: stagesOf(config.stage),
    // A first stage decides alone; replicas (and a second stage's runners) are decided once, merged.
    runners: config.stage === 1 ? 1 : (config.replica?.count ?? 1),
    threshold: config.threshold,
    budgetSec: config.budgetMs / 1000,
    ...(config.pairs === undefined ? {} : { fixedPairs: config.pairs }),
    // The plan's own cost for its design (its turns from the first block's rates); other designs projected, for
    // this gate's share of the scenarios when it is one shard of several.
    pairSec: (design) =>
      plan && design.restartEvery === restartEvery && design.scenarios === config.scenarioCount
        ? plan.pairSec
        : projectedPairSec(
            config,
            {
              ...design,
              scenarios: Math.max(
                1,
                Math.round((design.scenarios * config.scenarios.length) / config.scenarioCount),
              ),
            },
            startSec,
          ),
  });
}
