/**
 * The most any test could do: the share of unchanged pull requests that the most powerful level-α equivalence test
 * would call "no change", given the noise of the design's unit exactly (no variance to estimate, one look at the
 * budget's end), under each model of bench/decisive.ts. No gate can beat it at the same budget, so a target above it
 * is out of reach at that budget, at `restart-every` 1, 2 (the default) or 4; the budget that would reach the
 * target at the default is printed beside it.
 *
 *   npx node bench/oracle.ts [budget=180] [target=0.9] [target8=0.8]
 *
 * The unit is a block of `restart-every` pairs (src/gate/loop.ts). Its variance under each model, on the log ratio:
 * independent pairs σ²/k; a process offset ω² + σ²/k; AR(1) correlation ρ between a block's pairs
 * σ²(k + 2ρ Σ (k − j)ρ^(j−1)) / k²; 8 scenarios each σ²/k at the share of each pair the plan gives it, "no change" needing all 8
 * (intersection–union; the gate moves a settled scenario's share to the open ones, which this bound leaves out).
 * With n units the mean has sd s = √(v / n); the most powerful test of |δ| ≥ Δ against δ = 0 at level a calls
 * "no change" when |mean| < C, C set by P(|N(Δ, s²)| < C) = a; at δ = 0 it does so with chance 2Φ(C / s) − 1.
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { plannedLooks } from '../src/gate/measurement-plan.ts';
import { normalCdf } from '../src/stats/distributions.ts';
import { keyValues } from './lib.ts';
import { DEFAULT_MODEL, meanPairSec } from './synthetic-gate.ts';

const options = keyValues(process.argv.slice(2));
const budgetSec = Number(options.budget ?? 180);
const target = Number(options.target ?? 0.9);
const target8 = Number(options.target8 ?? 0.8);

const model = (restartEvery: number) => ({ ...DEFAULT_MODEL, restartEvery, sd: 0.03 });
type Model = ReturnType<typeof model>;
/** The margin on the log scale: a slowdown of the threshold. */
const delta = -Math.log(1 - DEFAULT_MODEL.threshold);
/** "No change" at a slowdown of the threshold at most this often: each one-sided test at alpha / 2. */
const level = DEFAULT_MODEL.alpha / 2;

/** P(|N(mu, s²)| < c). */
const within = (c: number, mu: number, s: number): number =>
  normalCdf((c - mu) / s) - normalCdf((-c - mu) / s);

/** The most powerful equivalence test's chance of "no change" at δ = 0 with the mean's sd `s`. */
function bestPower(s: number): number {
  let low = 0;
  let high = delta;
  for (let i = 0; i < 100; i++) {
    const c = (low + high) / 2;
    if (within(c, delta, s) > level) high = c;
    else low = c;
  }
  return within(low, 0, s);
}

/** Units at the budget's last look (before confirmation pairs), as the gate plans them. */
function unitsAt(m: Model, budget: number): number {
  const { looks } = plannedLooks(budget, meanPairSec(m), undefined, m.restartEvery);
  return Math.floor(looks[looks.length - 1]! / m.restartEvery);
}

/** The variance of a block's mean of k pairs with AR(1) correlation rho between them, as a multiple of σ². */
function serialFactor(k: number, rho: number): number {
  let sum = k;
  for (let j = 1; j < k; j++) sum += 2 * (k - j) * rho ** j;
  return sum / (k * k);
}

interface Row {
  name: string;
  /** The unit's variance at k pairs a block. */
  variance: (k: number) => number;
  scenarios: number;
  goal: number;
  simulated: string;
}

const sigma2 = 0.03 ** 2;
const MODELS: Row[] = [
  {
    name: 'independent pairs, sd 3% (the model)',
    variance: (k) => sigma2 / k,
    scenarios: 1,
    goal: target,
    simulated: '91.0–91.3%',
  },
  {
    name: 'process offsets, sd 2% a block',
    variance: (k) => 0.02 ** 2 + sigma2 / k,
    scenarios: 1,
    goal: target,
    simulated: '48.8%',
  },
  {
    name: 'serial correlation 0.5 within a block',
    variance: (k) => sigma2 * serialFactor(k, 0.5),
    scenarios: 1,
    goal: target,
    simulated: '66.8%',
  },
  { name: '8 scenarios', variance: (k) => sigma2 / k, scenarios: 8, goal: target8, simulated: '39.8%' },
];

const chance = (row: Row, m: Model, budget: number): number =>
  bestPower(Math.sqrt(row.variance(m.restartEvery) / unitsAt(m, budget))) ** row.scenarios;

/** The smallest budget, in steps of 10 s, at which the best test reaches the row's goal. */
function budgetFor(row: Row, m: Model): number {
  for (let b = 60; b <= 3600; b += 10) if (chance(row, m, b) >= row.goal) return b;
  return Number.NaN;
}

const EVERY = [1, DEFAULT_RESTART_EVERY, 4];
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const shipped = model(DEFAULT_RESTART_EVERY);
console.log(
  `\nThe most powerful test at ${budgetSec} s, threshold ${DEFAULT_MODEL.threshold * 100}%, "no change" at the threshold ` +
    `≤ ${level * 100}%; ${new Date().toISOString()}\n`,
);
console.log(
  `| model | ${EVERY.map((k) => `best, \`restart-every: ${k}\` (${unitsAt(model(k), budgetSec)} blocks)`).join(' | ')} ` +
    `| the gate, simulated (§46, §49) | target | the best test reaches it at |`,
);
console.log(`| --- | ${EVERY.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`);
for (const row of MODELS) {
  const best = EVERY.map((k) => pct(chance(row, model(k), budgetSec)));
  const need = budgetFor(row, shipped);
  console.log(
    `| ${row.name} | ${best.join(' | ')} | ${row.simulated} | ≥ ${row.goal * 100}% | ${need} s (${unitsAt(shipped, need)} blocks) |`,
  );
}
