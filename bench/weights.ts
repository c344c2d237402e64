/**
 * What the family's weights buy and cost (src/decide/family.ts), through the action's own loop and decision code
 * (bench/synthetic-gate.ts, a Node server's family: memory measured). Run it on two commits to compare weightings:
 *
 *   npx node bench/weights.ts [gates=400] [seed=1] [budget=180]
 *
 * Rows, one runner at the defaults, 3% per-pair noise of req/s with the whole pair: one scenario 3% slower; six
 * scenarios, one 7.5% slower (a sixth of each pair each); one scenario whose p99 alone is 25% or 30% higher (its
 * threshold is 20%); head failing 1 request in 20,000 or 50,000 where base fails none; unchanged. Per row: the share of gates that call that change a
 * regression (or, unchanged, any), "no change", and mean seconds.
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { keyValues, machineLine } from './lib.ts';
import { DEFAULT_MODEL, type GateModel, simulateGate } from './synthetic-gate.ts';

const options = keyValues(process.argv.slice(2));
const gates = Number(options.gates ?? 400);
const seed = Number(options.seed ?? 1);
const budgetSec = Number(options.budget ?? DEFAULT_MODEL.budgetSec);
const base: GateModel = { ...DEFAULT_MODEL, budgetSec, restartEvery: DEFAULT_RESTART_EVERY };

const rows: [string, GateModel][] = [
  ['1 scenario, 3% slower', { ...base, slower: [0.03] }],
  ['6 scenarios, one 7.5% slower', { ...base, scenarios: 6, sd: 0.03 * Math.sqrt(6), slower: [0.075] }],
  ['1 scenario, p99 alone 25% higher', { ...base, tail: [0.25] }],
  ['1 scenario, p99 alone 30% higher', { ...base, tail: [0.3] }],
  ['1 scenario, head fails 1 in 20,000', { ...base, headFailureRate: [0.00005] }],
  ['1 scenario, head fails 1 in 50,000', { ...base, headFailureRate: [0.00002] }],
  ['1 scenario, unchanged', base],
];

console.log(`\nThe family's weights: ${gates} gates a row; ${machineLine()}; ${new Date().toISOString()}\n`);
console.log('| model | regression | "no change" | mean time |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, m] of rows) {
  let regression = 0;
  let noChange = 0;
  let seconds = 0;
  for (let g = 0; g < gates; g++) {
    const r = await simulateGate(m, seed * 1_000_003 + g);
    seconds += r.seconds;
    if (r.decision?.verdict === 'regression') regression++;
    if (r.decision?.verdict === 'no-change') noChange++;
  }
  const pct = (x: number) => `${((100 * x) / gates).toFixed(1)}%`;
  console.log(`| ${name} | ${pct(regression)} | ${pct(noChange)} | ${(seconds / gates).toFixed(0)} s |`);
}
