/**
 * Time where the question is still open (issue 49, item 5), through the action's own loop and decision code
 * (bench/synthetic-gate.ts): many scenarios in one gate at the defaults, each scenario's per-pair noise growing as
 * its share of the pair shrinks (`whole` when a scenario has the whole pair, √n × that with an nth of it):
 *
 *   npx node bench/open-time.ts [gates=1000] [seed=1] [whole=0.015,0.03] [budget=180]
 *
 * Per noise: 6 scenarios with one 7.5% slower, the share of 3-minute gates that catch it; 8 unchanged scenarios,
 * the share that end "no change" (and any false alarm); the "8 scenarios at 3%" (3% at an eighth of the
 * pair). Runs on the code before settling too (a worktree of an older commit): the model it builds is the same.
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { keyValues, machineLine } from './lib.ts';
import { DEFAULT_MODEL, type GateModel, scenarioName, simulateGate } from './synthetic-gate.ts';

const options = keyValues(process.argv.slice(2));
const gates = Number(options.gates ?? 1000);
const seed = Number(options.seed ?? 1);
const wholes = (options.whole ?? '0.015,0.03').split(',').map(Number);

interface Tally {
  caught: number;
  noChange: number;
  falseAlarms: number;
  seconds: number;
  settled: number;
}

async function run(m: GateModel): Promise<Tally> {
  const t: Tally = { caught: 0, noChange: 0, falseAlarms: 0, seconds: 0, settled: 0 };
  for (let g = 0; g < gates; g++) {
    const r = await simulateGate(m, seed * 1_000_003 + g);
    t.seconds += r.seconds;
    // Absent before settling existed.
    t.settled += (r as { settled?: unknown[] }).settled?.length ?? 0;
    const d = r.decision;
    if (d?.verdict === 'no-change') t.noChange++;
    const regressed = (name: string): boolean =>
      (d?.comparisons ?? []).some((c) => c.scenario === name && c.verdict === 'regression') ||
      (d?.errors ?? []).some((e) => e.scenario === name && e.verdict === 'regression');
    if ((m.slower[0] ?? 0) > 0 && regressed(scenarioName(0))) t.caught++;
    const unchanged = Array.from({ length: m.scenarios }, (_, i) => i).filter((i) => !(m.slower[i] ?? 0));
    if (unchanged.some((i) => regressed(scenarioName(i)))) t.falseAlarms++;
  }
  return t;
}

const pct = (x: number): string => `${((100 * x) / gates).toFixed(1)}%`;
const budgetSec = Number(options.budget ?? DEFAULT_MODEL.budgetSec);
const model = (scenarios: number, sd: number, slower: number[] = []): GateModel => ({
  ...DEFAULT_MODEL,
  budgetSec,
  restartEvery: DEFAULT_RESTART_EVERY,
  scenarios,
  sd,
  slower,
});

console.log(
  `\nTime where the question is open: ${gates} gates a row; ${machineLine()}; ${new Date().toISOString()}`,
);
console.log(
  `threshold ${DEFAULT_MODEL.threshold * 100}%, alpha ${DEFAULT_MODEL.alpha}, budget ${budgetSec} s, restart-every ${DEFAULT_RESTART_EVERY}, duration ${DEFAULT_MODEL.durationSec} s\n`,
);
console.log(
  '| model | per-pair noise of a scenario | caught | "no change" | false alarm (an unchanged scenario a regression) | mean time | scenarios settled a gate |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const rows: [string, GateModel][] = [];
for (const whole of wholes) {
  rows.push([
    `6 scenarios, one 7.5% slower; ${whole * 100}% with the whole pair`,
    model(6, whole * Math.sqrt(6), [0.075]),
  ]);
  rows.push([`8 unchanged scenarios; ${whole * 100}% with the whole pair`, model(8, whole * Math.sqrt(8))]);
}
rows.push(['8 unchanged scenarios; 3% at an eighth of the pair', model(8, 0.03)]);
const started = Date.now();
for (const [name, m] of rows) {
  const t = await run(m);
  const changed = (m.slower[0] ?? 0) > 0;
  console.log(
    `| ${name} | ${(m.sd * 100).toFixed(2)}% | ${changed ? pct(t.caught) : '–'} | ${changed ? '–' : pct(t.noChange)} | ${pct(t.falseAlarms)} | ${(t.seconds / gates).toFixed(0)} s | ${(t.settled / gates).toFixed(2)} |`,
  );
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
