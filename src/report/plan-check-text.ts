/** What the plan check (src/decide/plan-check.ts) says before measuring, in words: a note. Pure. */
import type { PlanCheck } from '../model/decision.ts';
import { formatShare } from './format.ts';

/** A start this slow is named in the plan's note: it is what the budget went to. */
const SLOW_START_SEC = 5;

/** "3 min", "90 s", "1.5 h": a budget as the `time-budget` input would take it, rounded up. */
function budgetText(sec: number): string {
  if (sec < 120) return `${Math.ceil(sec)}s`;
  if (sec < 5400) return `${Math.ceil(sec / 60)}m`;
  return `${Math.ceil(sec / 1800) / 2}h`;
}

/** "24 pairs", "6 blocks of 4 pairs". */
function unitsText(check: PlanCheck, restartEvery: number): string {
  return check.unit === 'blocks'
    ? `${check.units} block${check.units === 1 ? '' : 's'} of ${restartEvery} pairs`
    : `${check.units} pair${check.units === 1 ? '' : 's'}`;
}

/** What would resolve: the budget, another restart-every, fewer scenarios per gate. */
function adviceText(check: PlanCheck, scenarios: number): string {
  const a = check.advice;
  if (a === undefined)
    return 'Use `rounds: auto`, a longer `time-budget`, fewer scenarios per gate (`shard`), or a larger `threshold`.';
  const ways = [
    ...(a.budgetSec === undefined ? [] : [`\`time-budget: ${budgetText(a.budgetSec)}\``]),
    ...(a.restartEvery === undefined
      ? []
      : [
          `\`restart-every: ${a.restartEvery.value}\` with \`time-budget: ${budgetText(a.restartEvery.budgetSec)}\``,
        ]),
    ...(a.scenariosPerGate > 0 && a.scenariosPerGate < scenarios
      ? [
          `at most ${a.scenariosPerGate} scenario${a.scenariosPerGate === 1 ? '' : 's'} per gate (\`shard\` over ${Math.ceil(scenarios / a.scenariosPerGate)} jobs)`,
        ]
      : []),
  ];
  if (ways.length === 0)
    return 'Nothing within 64 times this budget would: raise `threshold`, or run on a quieter runner.';
  return `To catch twice the threshold, set ${ways.join(', or ')}${ways.length > 1 ? '' : ''}; or raise \`threshold\`.`;
}

/**
 * The note of a plan that cannot resolve its threshold (undefined when it can): what the budget buys, the smallest
 * change it would catch at the noise assumed, and what to set. `restartEvery` and `scenarios` as the plan has them.
 */
export function planNote(
  check: PlanCheck,
  restartEvery: number,
  scenarios: number,
  startSec?: number,
): string | undefined {
  if (check.resolves) return undefined;
  const start =
    startSec !== undefined && startSec >= SLOW_START_SEC
      ? `starting base and head took ${startSec.toFixed(0)} s, paid out of \`time-budget\` once per ${restartEvery > 0 ? `block of ${restartEvery} pair${restartEvery === 1 ? '' : 's'}` : 'round'}; `
      : '';
  const family = `${check.comparisons} comparison${check.comparisons === 1 ? '' : 's'} (${scenarios} scenario${scenarios === 1 ? '' : 's'})`;
  const at =
    check.runners > 1
      ? `the merge of ${check.runners} runners decides once, on ${unitsText(check, restartEvery)} in all`
      : `the plan's last look has ${unitsText(check, restartEvery)}`;
  const buys = `${at}, and ${family} leave each interval a level of ${Number(check.level.toPrecision(2))}`;
  const noise = `at a noise of ±${formatShare(check.noise)} per pair`;
  const what = check.canDecide
    ? `this plan can catch only changes of req/s of about ${formatShare(Number(check.detectable.toPrecision(2)))} or more ${noise} (threshold ${formatShare(check.threshold)}): ${buys}.`
    : `this plan cannot decide anything: ${buys}, and an interval needs at least two units.`;
  return `${start}${what} ${adviceText(check, scenarios)}`;
}
