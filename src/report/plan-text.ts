/** The measurement plan in words: the log line the gate writes once it is built. Pure. */
import type { MeasurementPlan, ScenarioPlan } from '../model/plan.ts';

function ms(sec: number): string {
  return sec < 1 ? `${Math.round(sec * 1000)} ms` : `${Number(sec.toFixed(2))} s`;
}

function processesText(plan: MeasurementPlan): string {
  const p = plan.processes;
  if (p.mode === 'fresh') return 'a fresh process per round, one side after the other';
  const blocks =
    p.restartEvery === 1 ? 'new processes every pair' : `blocks of ${p.restartEvery} pairs per process pair`;
  return `base and head side by side, ${blocks}, primed ${ms(p.primeSec)} per side`;
}

function scenarioText(s: ScenarioPlan): string {
  const warm = s.warmupSec > 0 ? ` after ${ms(s.warmupSec)} of warm-up` : '';
  const open = s.openLoop
    ? `; open loop at ${s.openLoop.rate} req/s, ${s.openLoop.turns} turns of ${ms(s.openLoop.turnSec)}`
    : '';
  return `${s.name}: ${s.turns} turns of ${ms(s.turnSec)} per side and pair${warm}${open}`;
}

function looksText(plan: MeasurementPlan): string {
  if (plan.fixedPairs !== undefined) return `${plan.fixedPairs} pairs, one look at the end`;
  const shown =
    plan.looks.length <= 6
      ? plan.looks.join(', ')
      : `${plan.looks.slice(0, 3).join(', ')}, …, ${plan.looks[plan.looks.length - 1]}`;
  return `looks at ${shown} pairs within the budget of ${Math.round(plan.budgetSec)} s`;
}

/** The plan as the gate's log states it, a line per part. */
export function planLog(plan: MeasurementPlan): string {
  const lines = [
    `measurement plan: engine ${plan.engine}; ${processesText(plan)}; the unit of each comparison: ${plan.unit === 'blocks' ? 'the block' : 'the pair'}`,
    ...plan.scenarios.map((s) => `  ${scenarioText(s)}`),
    `  ${looksText(plan)} (about ${plan.pairSec.toFixed(1)} s per pair)`,
  ];
  if (plan.placement)
    lines.push(`  servers on CPU ${plan.placement.server}, load generator on CPU ${plan.placement.loadgen}`);
  return lines.join('\n');
}
