/**
 * How often a gate says something definite, through the action's own loop and decision code (bench/synthetic-gate.ts):
 * per model, the share of unchanged pull requests that end "no change", the false alarms, the share of slowdowns of
 * exactly the threshold (either way) wrongly called "no change", and half the threshold failing:
 *
 *   npx node bench/decisive.ts [gates=2000] [seed=1] [only=<text in a model's name>] [budget=<seconds>]
 *
 * The models are the one of the operating characteristic (normal per-pair noise of 3%, one scenario, every default)
 * and the departures of real services (bench/NOTEBOOK.md §27), then many scenarios.
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { keyValues, machineLine } from './lib.ts';
import { DEFAULT_MODEL, type GateModel, simulateGate } from './synthetic-gate.ts';

const options = keyValues(process.argv.slice(2));
const gates = Number(options.gates ?? 2000);
const seed = Number(options.seed ?? 1);

interface Tally {
  noChange: number;
  regression: number;
  improvement: number;
  /** Gates in which scenario 0 (the changed one) was a regression. */
  caught: number;
  seconds: number;
}

async function run(m: GateModel): Promise<Tally> {
  const t: Tally = { noChange: 0, regression: 0, improvement: 0, caught: 0, seconds: 0 };
  for (let g = 0; g < gates; g++) {
    const r = await simulateGate(m, seed * 1_000_003 + g);
    t.seconds += r.seconds;
    const v = r.decision?.verdict;
    if (v === 'no-change') t.noChange++;
    if (v === 'regression') t.regression++;
    if (v === 'improvement') t.improvement++;
    const first = r.decision?.comparisons.filter((c) => c.scenario === 'GET /s0') ?? [];
    if (first.some((c) => c.verdict === 'regression')) t.caught++;
  }
  return t;
}

const pct = (x: number): string => `${((100 * x) / gates).toFixed(1)}%`;

function model(change: Partial<GateModel>): GateModel {
  const budgetSec = Number(options.budget ?? DEFAULT_MODEL.budgetSec);
  return { ...DEFAULT_MODEL, restartEvery: DEFAULT_RESTART_EVERY, sd: 0.03, budgetSec, ...change };
}

/** Head slower by `share` on scenario 0 (negative: faster). */
const slower = (share: number, scenarios = 1): number[] => [share, ...new Array(scenarios - 1).fill(0)];

const MODELS: [string, Partial<GateModel>][] = [
  ['independent pairs, sd 3% (the model)', {}],
  ['independent pairs, sd 1.5%', { sd: 0.015 }],
  ['bursts of 10 failures at 1e-4 per request, both sides', { baseFailureRate: 1e-4, burstSize: 10 }],
  ["each process's own failure rate (1e-3, log-sd 1)", { baseFailureRate: 1e-3, processFailureSd: 1 }],
  ['process offsets, sd 2% a block', { offset: 0.02 }],
  ['serial correlation 0.5 within a block', { serial: 0.5 }],
  ['heavy tails: 5% of pairs a stall of ±15%', { spikeRate: 0.05, spikeSize: 0.15 }],
  ['carry-over 0.2, 8 scenarios', { scenarios: 8, carryOver: 0.2 }],
  ['8 scenarios', { scenarios: 8 }],
];

console.log(`\nDecisive verdicts: ${gates} gates a cell; ${machineLine()}; ${new Date().toISOString()}`);
console.log(
  `threshold ${DEFAULT_MODEL.threshold * 100}%, alpha ${DEFAULT_MODEL.alpha}, budget ${model({}).budgetSec} s, restart-every ${DEFAULT_RESTART_EVERY}\n`,
);
console.log(
  '| model | A/A "no change" | A/A regression + improvement | A/A mean time | −threshold "no change" | +threshold "no change" | ½× the threshold fails |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const started = Date.now();
const threshold = DEFAULT_MODEL.threshold;
for (const [name, change] of MODELS.filter(([name]) => name.includes(options.only ?? ''))) {
  const n = change.scenarios ?? 1;
  const aa = await run(model({ ...change, slower: slower(0, n) }));
  const worse = await run(model({ ...change, slower: slower(threshold, n) }));
  // The mirror on the log scale: +2.04% at a 2% threshold.
  const better = await run(model({ ...change, slower: slower(1 - 1 / (1 - threshold), n) }));
  const half = await run(model({ ...change, slower: slower(threshold / 2, n) }));
  console.log(
    `| ${name} | ${pct(aa.noChange)} | ${pct(aa.regression)} + ${pct(aa.improvement)} | ${(aa.seconds / gates).toFixed(0)} s | ${pct(worse.noChange)} | ${pct(better.noChange)} | ${pct(half.caught)} |`,
  );
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
