/**
 * Synthetic gates (bench/synthetic-gate.ts) through the action's own sequential decision code, in suites that print
 * the tables of bench/NOTEBOOK.md §20 ("Verdicts inside α"):
 *
 *   npx node bench/synthetic.ts <suite> [gates=1000] [name=value …]
 *
 * Suites: `failures` (A/A with spurious failed requests on both sides; a head failing 1% of its requests),
 * `bursts` (failures in bursts, each process's own rate, stalls of head; §27), `carry` (scenarios that leave traces
 * in the next, fixed and rotated order; §27), `departures` (serial correlation, drift, process offsets; §27),
 * `offsets` (per-process offsets 0–5% at half the threshold and A/A, by `restart-every`), `scenarios` (5, 8 and 12
 * scenarios, one of them 2× slower, at the default budget), `oc` (the share of gates failing against the true change
 * at per-pair sd 1.5%, 3%, 6% and 10%), `looks` (null gates: the looks counted exactly hold with Student's t),
 * `one` (a single model from the name=value options). Every model field of
 * GateModel can be set as name=value (lists comma-separated), e.g. `restartEvery=2 sd=0.06 blockSec=4`; `seed=<n>`
 * draws other gates.
 */
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { levelAt } from '../src/decide/boundary.ts';
import { inferUnits, rankReaches, unitCount, unitsOf } from '../src/decide/interval.ts';
import { plannedLooks } from '../src/gate/measurement-plan.ts';
import { median, mulberry32 } from '../src/stats/describe.ts';
import { meanInference, signedRankInference } from '../src/stats/inference.ts';
import { lookLevel } from '../src/stats/sequential-boundary.ts';
import { tLookShare } from '../src/stats/t-looks.ts';
import { keyValues, machineLine } from './lib.ts';
import { DEFAULT_MODEL, type GateModel, meanPairSec, scenarioName, simulateGate } from './synthetic-gate.ts';

const args = process.argv.slice(2);
const suite = args[0] ?? 'one';
const options = keyValues(args.slice(1));
const gates = Number(options.gates ?? 1000);

/** The model of the options (name=value, numbers or comma-separated lists) over `base`. */
function model(base: Partial<GateModel> = {}): GateModel {
  const m: Record<string, unknown> = { ...DEFAULT_MODEL, restartEvery: DEFAULT_RESTART_EVERY, ...base };
  for (const [key, value] of Object.entries(options)) {
    if (
      key === 'gates' ||
      key === 'seed' ||
      !(key in DEFAULT_MODEL || key === 'fixedPairs' || key === 'floor')
    )
      continue;
    m[key] = Array.isArray(DEFAULT_MODEL[key as keyof GateModel])
      ? value.split(',').map(Number)
      : Number(value);
  }
  return m as unknown as GateModel;
}

export interface Tally {
  gates: number;
  /** Gates whose verdict was a regression, an improvement. */
  regression: number;
  improvement: number;
  /** Gates in which scenario 0 had a regression (any metric or its failed requests), at the first look. */
  caught: number;
  caughtFirstLook: number;
  /** Gates in which another scenario had a regression, an improvement (any metric or failures). */
  othersRegression: number;
  othersImprovement: number;
  /** Gates whose failed-requests comparison of any scenario was a regression. */
  failures: number;
  noChange: number;
  /** The req/s "would catch" figure of each gate's last decision (MetricComparison.detectable), where finite. */
  detectable: number[];
  seconds: number;
  pairs: number;
  stoppedByNoise: number;
  /** Gates in which a scenario's regression was flagged as perhaps carried over from the one before it. */
  flagged: number;
}

export async function run(m: GateModel, n = gates, seed = Number(options.seed ?? 1)): Promise<Tally> {
  const t: Tally = {
    gates: n,
    regression: 0,
    improvement: 0,
    caught: 0,
    caughtFirstLook: 0,
    othersRegression: 0,
    othersImprovement: 0,
    failures: 0,
    noChange: 0,
    detectable: [],
    seconds: 0,
    pairs: 0,
    stoppedByNoise: 0,
    flagged: 0,
  };
  const first = scenarioName(0);
  for (let g = 0; g < n; g++) {
    const r = await simulateGate(m, seed * 1_000_003 + g);
    const d = r.decision;
    t.seconds += r.seconds;
    t.pairs += r.pairs;
    if (r.stoppedBy === 'noise') t.stoppedByNoise++;
    if (!d) continue;
    if (d.verdict === 'regression') t.regression++;
    if (d.verdict === 'improvement') t.improvement++;
    if (d.verdict === 'no-change') t.noChange++;
    const rps = d.comparisons.find((c) => c.scenario === first && c.metric === 'rps');
    if (rps && Number.isFinite(rps.detectable)) t.detectable.push(rps.detectable);
    const verdicts = [
      ...d.comparisons.map((c) => ({ scenario: c.scenario, verdict: c.verdict })),
      ...d.errors.map((e) => ({ scenario: e.scenario, verdict: e.verdict })),
    ];
    const caught = verdicts.some((v) => v.scenario === first && v.verdict === 'regression');
    if (caught) t.caught++;
    if (caught && r.looked[0] === r.pairs) t.caughtFirstLook++;
    if (verdicts.some((v) => v.scenario !== first && v.verdict === 'regression')) t.othersRegression++;
    if (verdicts.some((v) => v.scenario !== first && v.verdict === 'improvement')) t.othersImprovement++;
    if (d.errors.some((e) => e.verdict === 'regression')) t.failures++;
    if (d.comparisons.some((c) => c.carryOver)) t.flagged++;
  }
  return t;
}

export const pct = (x: number, n: number): string => `${((100 * x) / n).toFixed(1)}%`;

function header(title: string, m: GateModel): void {
  console.log(`\n${title}: ${gates} gates a row; ${machineLine()}; ${new Date().toISOString()}`);
  console.log(
    `threshold ${m.threshold * 100}%, latency threshold ${m.latencyThreshold * 100}%, alpha ${m.alpha}, budget ${m.budgetSec} s; ` +
      `a pair ${meanPairSec(m).toFixed(2)} s on average at ${m.scenarios} scenario(s), restart-every ${m.restartEvery}\n`,
  );
}

async function failuresSuite(): Promise<void> {
  const m0 = model();
  header('Failed requests', m0);
  console.log(
    '| case | req/s per side | base fails | head fails | gates failing | failures a regression | caught at the first look | mean time |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const cases: [string, number, number, number][] = [
    ['A/A', 5000, 1e-6, 1e-6],
    ['A/A', 5000, 1e-5, 1e-5],
    ['A/A', 5000, 1e-4, 1e-4],
    ['A/A', 5000, 1e-3, 1e-3],
    ['A/A', 500, 1e-3, 1e-3],
    ['head fails 1%', 5000, 0, 0.01],
    ['head fails 1%', 5000, 1e-5, 0.01],
    ['head fails 1%', 500, 0, 0.01],
    ['head fails 1%', 100, 0, 0.01],
    ['head fails 0.1%', 5000, 0, 0.001],
  ];
  for (const [name, rps, base, head] of cases) {
    const m = model({ rps, baseFailureRate: base, headFailureRate: [head] });
    const t = await run(m);
    console.log(
      `| ${name} | ${rps} | ${base} | ${head} | ${pct(t.regression, t.gates)} | ${pct(t.failures, t.gates)} | ${pct(t.caughtFirstLook, t.gates)} | ${(t.seconds / t.gates).toFixed(0)} s |`,
    );
  }
}

/** Failures as real services have them: bursts, a rate of each process's own, stalls; A/A unless said. */
async function burstsSuite(): Promise<void> {
  const m0 = model();
  header('Failed requests in bursts (sd 3%)', m0);
  console.log(
    '| case (model) | base fails | head fails | gates failing | failures a regression | caught at the first look |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const every = Array.from({ length: 40 }, (_, i) => i * m0.restartEvery);
  const cases: [string, Partial<GateModel>][] = [
    ['A/A, independent (Poisson)', { baseFailureRate: 1e-3 }],
    ['A/A, bursts of 10', { baseFailureRate: 1e-5, burstSize: 10 }],
    ['A/A, bursts of 10', { baseFailureRate: 1e-4, burstSize: 10 }],
    ["A/A, each process's own rate (log-sd 1)", { baseFailureRate: 1e-3, processFailureSd: 1 }],
    ["A/A, each process's own rate (log-sd 1)", { baseFailureRate: 1e-5, processFailureSd: 1 }],
    ['one stall of head (10 connections, pair 3)', { stallPairs: [3], stallFailures: 10 }],
    ['one stall of head (100 connections, pair 3)', { stallPairs: [3], stallFailures: 100 }],
    ['head: a burst of 10 in every block', { stallPairs: every, stallFailures: 10 }],
    ['head fails 1%', { headFailureRate: [0.01] }],
    ['head fails 1%, base bursts of 10', { baseFailureRate: 1e-5, burstSize: 10, headFailureRate: [0.01] }],
    [
      'head fails 1%, own rates (log-sd 1)',
      { baseFailureRate: 1e-3, processFailureSd: 1, headFailureRate: [0.01] },
    ],
    ['head fails 0.1%', { headFailureRate: [0.001] }],
    ['head fails 1% at 100 req/s', { rps: 100, headFailureRate: [0.01] }],
  ];
  for (const [name, c] of cases.filter(([name]) => name.includes(options.only ?? ''))) {
    const m = model({ headFailureRate: [], ...c });
    const t = await run(m);
    const head = m.headFailureRate[0] ?? m.baseFailureRate;
    console.log(
      `| ${name} | ${m.baseFailureRate} | ${head} | ${pct(t.regression, t.gates)} | ${pct(t.failures, t.gates)} | ${pct(t.caughtFirstLook, t.gates)} |`,
    );
  }
}

async function offsetsSuite(): Promise<void> {
  const m0 = model();
  header('Process offsets (sd 3% per pair)', m0);
  const everies = (options.every ?? '1,2,4').split(',').map(Number);
  console.log(
    "| restart-every | offset (sd of a block's log ratio) | A/A: regression + improvement | ½× the threshold fails | mean time (½×) |",
  );
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  for (const restartEvery of everies) {
    for (const offset of [0, 0.01, 0.02, 0.05]) {
      const aa = await run(model({ restartEvery, offset, slower: [0] }));
      const half = await run(model({ restartEvery, offset, slower: [m0.threshold / 2] }));
      console.log(
        `| ${restartEvery} | ${offset * 100}% | ${pct(aa.regression, aa.gates)} + ${pct(aa.improvement, aa.gates)} | ${pct(half.regression, half.gates)} | ${(half.seconds / half.gates).toFixed(0)} s |`,
      );
    }
  }
}

async function scenariosSuite(): Promise<void> {
  const everies = (options.every ?? '1,2,4').split(',').map(Number);
  header('Many scenarios, one 2× slower (sd 3%)', model());
  console.log(
    '| scenarios | restart-every | a pair | pairs (mean) | 2× caught | at the first look | another scenario: regression / improvement | mean time |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const scenarios of [5, 8, 12]) {
    for (const restartEvery of everies) {
      const m = model({ scenarios, restartEvery, slower: [0.5] });
      const t = await run(m);
      console.log(
        `| ${scenarios} | ${restartEvery} | ${meanPairSec(m).toFixed(2)} s | ${(t.pairs / t.gates).toFixed(1)} | ${pct(t.caught, t.gates)} | ${pct(t.caughtFirstLook, t.gates)} | ${pct(t.othersRegression, t.gates)} / ${pct(t.othersImprovement, t.gates)} | ${(t.seconds / t.gates).toFixed(0)} s |`,
      );
    }
  }
}

/** Scenarios that leave traces in the next (carry-over), in a fixed order and in the rotated one. */
async function carrySuite(): Promise<void> {
  const carryOver = Number(options.carryOver ?? 0.2);
  header(
    `Carry-over ${carryOver} of the preceding scenario's change, one scenario 2× slower (sd 3%)`,
    model(),
  );
  console.log(
    '| scenarios | order | pairs (mean) | 2× caught | another scenario: regression / improvement | flagged after a regressed one |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: |');
  for (const scenarios of (options.counts ?? '5,8,12').split(',').map(Number)) {
    for (const fixedOrder of [1, 0]) {
      const t = await run(model({ scenarios, slower: [0.5], carryOver, fixedOrder }));
      console.log(
        `| ${scenarios} | ${fixedOrder ? 'fixed' : 'rotated (Williams)'} | ${(t.pairs / t.gates).toFixed(1)} | ${pct(t.caught, t.gates)} | ${pct(t.othersRegression, t.gates)} / ${pct(t.othersImprovement, t.gates)} | ${pct(t.flagged, t.gates)} |`,
      );
    }
  }
}

/** The model's departures one at a time (one scenario, sd 3%): A/A, half the threshold, 1.5× the threshold. */
async function departuresSuite(): Promise<void> {
  const m0 = model();
  header('Where real services depart from the model (sd 3%, one scenario)', m0);
  console.log(
    '| model | A/A: regression + improvement | ½× the threshold fails | 1.5× the threshold caught |',
  );
  console.log('| --- | ---: | ---: | ---: |');
  const rows: [string, Partial<GateModel>][] = [
    ['i.i.d. pairs (the model)', {}],
    ['serial correlation 0.5 within a block', { serial: 0.5 }],
    ["drift 1% from one side's turn to the other's", { drift: 0.01 }],
    ['process offsets, sd 2%', { offset: 0.02 }],
    ['all three', { serial: 0.5, drift: 0.01, offset: 0.02 }],
  ];
  for (const [name, c] of rows) {
    const cells: string[] = [];
    for (const x of [0, 0.5, 1.5]) {
      const t = await run(model({ ...c, slower: [x * m0.threshold] }));
      cells.push(
        x === 0
          ? `${pct(t.regression, t.gates)} + ${pct(t.improvement, t.gates)}`
          : pct(t.regression, t.gates),
      );
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

const MULTIPLES = (options.multiples ?? '0,0.25,0.5,0.75,1,1.25,1.5,2,3').split(',').map(Number);

async function ocSuite(): Promise<void> {
  const m0 = model();
  header('Operating characteristic (one scenario)', m0);
  console.log(
    `| per-pair sd | ${MULTIPLES.map((x) => `${x}× (${(x * m0.threshold * 100).toFixed(1)}%)`).join(' | ')} | A/A improvement | A/A no change | A/A mean time | A/A stopped for noise | "would catch" (median, A/A) |`,
  );
  console.log(`| ---: | ${MULTIPLES.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: | ---: |`);
  for (const sd of (options.sds ?? '0.015,0.03,0.06,0.1').split(',').map(Number)) {
    const cells: string[] = [];
    let aa: Tally | undefined;
    for (const x of MULTIPLES) {
      const t = await run(model({ sd, slower: [x * m0.threshold] }));
      if (x === 0) aa = t;
      cells.push(pct(t.regression, t.gates));
    }
    console.log(
      `| ${(sd * 100).toFixed(1)}% | ${cells.join(' | ')} | ${aa ? pct(aa.improvement, aa.gates) : '–'} | ${aa ? pct(aa.noChange, aa.gates) : '–'} | ${aa ? `${(aa.seconds / aa.gates).toFixed(0)} s` : '–'} | ${aa ? pct(aa.stoppedByNoise, aa.gates) : '–'} | ${aa && aa.detectable.length > 0 ? `${(100 * median(aa.detectable)).toFixed(1)}%` : '–'} |`,
    );
  }
}

/**
 * The looks counted exactly, with Student's t where ranks cannot reach: null units (normal) at the planned looks,
 * each look's interval at its level, and the share of gates in which any look leaves out 0, against the level that
 * share must stay within. Three ways: as the decision does (ranks where they reach the level, t where not, each t
 * look at its share of the level: src/decide/boundary.ts), t at every look (all at the share solved for t at every
 * look), and ranks only (looks they cannot reach skipped). `early=1` adds the early looks the action plans.
 */
async function looksSuite(): Promise<void> {
  const random = mulberry32(11);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const share = (x: number) => `${((100 * x) / gates).toFixed(2)}%`;
  console.log(
    `\nLooks counted exactly, with t where ranks cannot reach: ${gates} null gates a row; ${machineLine()}\n`,
  );
  console.log(
    '| restart-every (unit) | level of the comparison | looks (pairs) | t at looks | as decided | t at every look | ranks only | bound |',
  );
  console.log('| --- | ---: | --- | --- | ---: | ---: | ---: | ---: |');
  const early = options.early === '1';
  for (const restartEvery of (options.every ?? '1,2,4').split(',').map(Number)) {
    for (const alpha of (options.levels ?? `${0.05 / 3},${0.05 / 24}`).split(',').map(Number)) {
      for (const budget of [34, 20]) {
        const { schedule } = plannedLooks(budget, 1, undefined, early ? restartEvery : undefined);
        const atEvery = tLookShare(
          alpha,
          schedule.map((n) => ({
            units: unitCount(n, restartEvery),
            level: lookLevel(alpha, schedule, n),
            t: true,
          })),
        );
        const crossed = { decided: 0, t: 0, ranks: 0 };
        const tLooks = new Set<number>();
        for (let g = 0; g < gates; g++) {
          const d = Array.from({ length: schedule[schedule.length - 1]! }, gauss);
          const numbers = d.map((_, i) => i);
          const hit = { decided: false, t: false, ranks: false };
          for (const n of schedule) {
            const units = unitsOf(numbers.slice(0, n), d.slice(0, n), restartEvery);
            const at = levelAt(alpha, schedule, n, restartEvery);
            const inferred = inferUnits(units, at);
            if (!inferred) continue;
            if (inferred.method === 't') tLooks.add(n);
            hit.decided ||= inferred.inference.p <= at;
            // Without a t share: the boundary's level at this look (an early look's share of the full one).
            const base = lookLevel(alpha, schedule, n);
            const t = atEvery * base;
            hit.t ||= meanInference(units, t).p <= t;
            hit.ranks ||= rankReaches(units.length, base) && signedRankInference(units, base).p <= base;
          }
          if (hit.decided) crossed.decided++;
          if (hit.t) crossed.t++;
          if (hit.ranks) crossed.ranks++;
        }
        console.log(
          `| ${restartEvery} (${restartEvery >= 2 ? 'blocks' : 'pairs'}) | ${alpha.toPrecision(3)} | ${schedule.join(', ')} | ${[...tLooks].join(', ') || 'none'} | ${share(crossed.decided)} | ${share(crossed.t)} | ${share(crossed.ranks)} | ${(100 * alpha).toFixed(2)}% ± ${(200 * Math.sqrt((alpha * (1 - alpha)) / gates)).toFixed(2)}% |`,
        );
      }
    }
  }
}

async function oneSuite(): Promise<void> {
  const m = model();
  header('One model', m);
  console.log(JSON.stringify(await run(m)));
}

const started = Date.now();
const suites: Record<string, () => Promise<void>> = {
  failures: failuresSuite,
  bursts: burstsSuite,
  carry: carrySuite,
  departures: departuresSuite,
  offsets: offsetsSuite,
  scenarios: scenariosSuite,
  oc: ocSuite,
  looks: looksSuite,
  one: oneSuite,
};
if (!suites[suite]) throw new Error(`unknown suite ${suite}: use ${Object.keys(suites).join(', ')}`);
await suites[suite]();
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
