/**
 * Issue 49's two targets that trade against each other, through the action's own loop and decision code
 * (bench/synthetic-gate.ts), one runner at the defaults: six scenarios with one 7.5% slower (a sixth of each pair
 * each; 3% per pair for the whole pair) caught, and a slowdown of half the threshold (one scenario, 3% per pair)
 * called a regression (target: at most alpha / 6 = 0.83%). Per row the share of gates, and for the six scenarios where
 * the slow one was called (units and method at that look: 14t is Student's t on 14 blocks, 21s ranks on 21).
 *
 *   npx node bench/targets.ts [six=400] [half=8000] [from=0]
 *
 * Gate g uses the seed 1,000,003 + from + g, as bench/weights.ts and bench/decisive.ts do at seed=1 (from=0).
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { keyValues, machineLine } from './lib.ts';
import { DEFAULT_MODEL, simulateGate } from './synthetic-gate.ts';

const options = keyValues(process.argv.slice(2));
const six = Number(options.six ?? 400);
const half = Number(options.half ?? 8000);
const from = Number(options.from ?? 0);
const base = { ...DEFAULT_MODEL, restartEvery: DEFAULT_RESTART_EVERY };
const seed = (g: number): number => 1_000_003 + from + g;
const pct = (x: number, n: number): string => `${((100 * x) / n).toFixed(2)}%`;

console.log(`\nIssue 49's two targets; ${machineLine()}; ${new Date().toISOString()}\n`);
let caught = 0;
const at: Record<string, number> = {};
for (let g = 0; g < six; g++) {
  const r = await simulateGate({ ...base, scenarios: 6, sd: 0.03 * Math.sqrt(6), slower: [0.075] }, seed(g));
  const c = r.decision?.comparisons.find((x) => x.scenario === 'GET /s0' && x.metric === 'rps');
  if (r.decision?.verdict !== 'regression' || !c) continue;
  caught++;
  const key = `${c.units}${c.method === 't' ? 't' : 's'}`;
  at[key] = (at[key] ?? 0) + 1;
}
if (six > 0) console.log(`6 scenarios, one 7.5% slower: caught in ${pct(caught, six)} of ${six} gates`, at);
let failed = 0;
for (let g = 0; g < half; g++) {
  const r = await simulateGate({ ...base, sd: 0.03, slower: [DEFAULT_MODEL.threshold / 2] }, seed(g));
  if (r.decision?.comparisons.some((c) => c.scenario === 'GET /s0' && c.verdict === 'regression')) failed++;
}
if (half > 0) console.log(`½× the threshold fails in ${pct(failed, half)} of ${half} gates`);
