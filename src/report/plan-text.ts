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

/** The turns of the scenarios in a few words: one length when they share it, else the range. */
function turnsText(plan: MeasurementPlan): string {
  const lengths = [...new Set(plan.scenarios.map((s) => s.turnSec))].sort((a, b) => a - b);
  const length =
    lengths.length === 1 ? ms(lengths[0]!) : `${ms(lengths[0]!)}–${ms(lengths[lengths.length - 1]!)}`;
  if (plan.processes.mode === 'fresh') return `each side's round in one turn of ${length}`;
  const engine =
    plan.engine === 'kept'
      ? 'on connections kept open from turn to turn'
      : 'a fresh autocannon instance per turn';
  return `base and head taking turns ABBA of ${length} ${engine}`;
}

/** How the gate measured, as the report's "How it was measured" says it. */
export function planSentence(plan: MeasurementPlan): string {
  const perSide = plan.scenarios.reduce((sum, s) => sum + s.turns * s.turnSec, 0);
  return `${Number(perSide.toFixed(2))} s of load per side in each pair, ${turnsText(plan)}, ${processesText(plan)}; the unit of each comparison: ${plan.unit === 'blocks' ? 'the block of pairs that shared their processes' : 'the pair'}`;
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
