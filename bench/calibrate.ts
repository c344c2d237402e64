/**
 * Calibration: replays recorded real rounds (bench/data/*.json, from bench/record.ts) into simulated gates
 * through the same sequential decision code the action runs, and prints false-alarm rates and power.
 *
 *   npx node bench/calibrate.ts [gates=400] [thresholds=the default, e.g. 2%,3%] [variant, e.g. @slice=250ms]
 *                               [blocks | block-sd=<k>] [pair-sec=<s>] [explain]
 *
 * `blocks` and `block-sd=k` change how pairs are drawn (see `drawing`); `pair-sec=s` charges each pair s seconds
 * instead of the recording's own time per pair (the recorded noise at the cost of a pair of other settings, e.g.
 * a cheaper priming measured in another recording). `explain` prints, under the table, every A/A gate that called a
 * change: its pairs and, per comparison, the verdict, the estimate and the blocks of processes (their changes and F
 * test) that the verdict had to hold in.
 *
 * The variant picks the recordings `data/<case><variant>.json` (bench/record.ts names a recording made with extra
 * inputs after them).
 *
 * A simulated gate draws pairs with replacement from a recording (each pair keeps its own base and head rounds,
 * so the host's speed of that moment stays paired) and charges each pair the recorded time per pair.
 */
import { existsSync, readFileSync } from 'node:fs';
import { INPUT_DEFAULTS, parsePercent } from '../src/config/inputs.ts';
import { replayPairs } from '../src/gate/loop.ts';
import type { Verdict } from '../src/model/decision.ts';
import type { Round } from '../src/model/measure.ts';
import { mulberry32, quantile } from '../src/stats/describe.ts';
import { DEFAULT_RULE, dataFile, RECORDED_SCENARIO, scaled } from './lib.ts';

interface Recording {
  case: { name: string };
  recordedAt: string;
  machine: string;
  settings: { restartEvery: number };
  pairs: number;
  pairSec: number;
  effect: number;
  noise: number;
  rounds: Round[];
}

interface Setting {
  label: string;
  threshold: number;
  latencyThreshold: number;
  alpha: number;
  budgetMs: number;
}

const defaults: Setting = { label: 'defaults', ...DEFAULT_RULE };

const variant = process.argv[4] ?? '';

/**
 * How pairs are drawn. `pairs` (the default): one at a time, independently. Pairs of one block of `restart-every`
 * share their two server processes, so a process that happens to run a little slower than its twin moves all of
 * them alike, which independent draws cannot show. `blocks`: whole recorded blocks, in order (in A/A, labels
 * swapped per block). `block-sd=k`: pairs drawn one at a time, and head's rounds of each simulated block moved by a
 * normal shift of k × the recording's per-pair sd (a process-level effect of known size, on top of the recording's
 * own).
 */
const options = process.argv.slice(5);
const option = (name: string): number | undefined => {
  const given = options.find((o) => o.startsWith(`${name}=`));
  if (given === undefined) return undefined;
  const value = Number(given.slice(name.length + 1));
  if (!(value > 0)) throw new Error(`${name} must be a positive number, not "${given}"`);
  return value;
};
const blockSd = option('block-sd') ?? 0;
const drawing = options.includes('blocks') ? 'blocks' : blockSd > 0 ? `block-sd=${blockSd}` : 'pairs';
const pairSecGiven = option('pair-sec');
const explain = options.includes('explain');
for (const o of options)
  if (o !== 'blocks' && o !== 'explain' && !/^(block-sd|pair-sec)=/.test(o))
    throw new Error(`unknown option "${o}": blocks, block-sd=<k>, pair-sec=<s> or explain`);
/** Lines of `explain`, printed after the table. */
const explained: string[] = [];

function load(name: string): Recording | undefined {
  const file = dataFile(`${name}${variant}.json`);
  if (!existsSync(file)) return undefined;
  const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
  return {
    ...recording,
    pairSec: pairSecGiven ?? recording.pairSec,
    rounds: recording.rounds.map((r) => ({ ...r, scenario: RECORDED_SCENARIO.name })),
  };
}

interface Outcome {
  verdict: Verdict;
  seconds: number;
  pairs: number;
  calls: number;
  comparisons: number;
  rpsVerdict: Verdict | undefined;
  p99Verdict: Verdict | undefined;
  /**
   * Per comparison: metric, verdict, estimate, and the blocks of processes it had to hold in (only with `explain`).
   */
  details: string[];
}

async function simulate(rec: Recording, setting: Setting, seed: number, slower = 0): Promise<Outcome> {
  const random = mulberry32(seed);
  const byPair = new Map<number, Round[]>();
  for (const r of rec.rounds) byPair.set(r.pair, [...(byPair.get(r.pair) ?? []), r]);
  const pool = [...byPair.values()].filter((p) => p.length >= 2);
  const block = Math.max(1, rec.settings.restartEvery);
  const blocks = [...Map.groupBy(pool, (p) => Math.floor(p[0]!.pair / block)).values()];
  // The pairs still to come from the block being replayed, and whether its labels are swapped.
  let queue: Round[][] = [];
  let swapBlock = false;
  let shift = 1;
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  let drawn = 0;
  const result = await replayPairs(
    {
      scenarios: () => [RECORDED_SCENARIO],
      async next(pair: number) {
        const aa = rec.case.name.startsWith('aa');
        let pick: Round[];
        // A/A: base and head are the same code, so their labels are exchangeable; swapping them at random gives
        // the simulation the symmetric null world the test assumes, instead of the chance skew of one recording.
        let swap: boolean;
        if (drawing === 'blocks') {
          if (queue.length === 0) {
            queue = [...blocks[Math.floor(random() * blocks.length)]!];
            swapBlock = aa && random() < 0.5;
          }
          pick = queue.shift()!;
          swap = swapBlock;
        } else {
          pick = pool[Math.floor(random() * pool.length)]!;
          swap = aa && random() < 0.5;
          if (blockSd > 0 && drawn % block === 0) shift = Math.exp(blockSd * rec.noise * normal());
        }
        drawn++;
        return pick.map((r) =>
          scaled(
            { ...r, pair, side: swap ? (r.side === 'base' ? 'head' : 'base') : r.side },
            (1 - slower) * shift,
          ),
        );
      },
    },
    {
      pairMs: rec.pairSec * 1000,
      threshold: setting.threshold,
      latencyThreshold: setting.latencyThreshold,
      alpha: setting.alpha,
      // As the gate does: pairs numbered in blocks of the recording's restart-every, whose processes must agree.
      restartEvery: rec.settings.restartEvery,
      fixedPairs: undefined,
      budgetMs: setting.budgetMs,
      limitMs: setting.budgetMs * 1.5,
    },
  );
  const comparisons = result.decision?.comparisons ?? [];
  return {
    verdict: result.decision?.verdict ?? 'inconclusive',
    seconds: drawn * rec.pairSec,
    pairs: result.pairs,
    calls: comparisons.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement').length,
    comparisons: comparisons.length,
    rpsVerdict: comparisons.find((c) => c.metric === 'rps')?.verdict,
    p99Verdict: comparisons.find((c) => c.metric === 'p99')?.verdict,
    details: (explain ? comparisons : []).map((c) => {
      const blocks = c.processes
        ? `blocks ${c.processes.changes.map((x) => pct(x)).join(' / ')}, F p ${c.processes.p.toPrecision(2)}${c.processes.differed ? ' (differed)' : ''}`
        : 'not guarded';
      return `${c.metric} ${c.verdict} ${pct(c.change)} (p ${c.pAdjusted.toPrecision(2)}); ${blocks}`;
    }),
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** `name`: a recording, or `aa-N%`: the A/A recording with head made exactly N% slower (see `scaled`). */
async function report(name: string, setting: Setting, gates: number): Promise<void> {
  const shifted = /^aa-(\d+(?:\.\d+)?)%$/.exec(name);
  const slower = shifted ? Number(shifted[1]) / 100 : 0;
  const found = load(shifted ? 'aa' : name);
  const rec = found && shifted ? { ...found, case: { name: 'aa-shifted' }, effect: -slower } : found;
  if (!rec) {
    console.log(`| ${name}${variant} | (no recording: run \`npx node bench/record.ts ${name} <pairs>\`) |`);
    return;
  }
  const outcomes: Outcome[] = [];
  for (let g = 0; g < gates; g++) outcomes.push(await simulate(rec, setting, 1000 + g, slower));
  if (explain && name === 'aa')
    outcomes.forEach((o, g) => {
      if (o.verdict === 'regression' || o.verdict === 'improvement')
        explained.push(
          `- ${name}${variant}, ${setting.label}, gate ${g}: ${o.verdict} at ${o.pairs} pairs; ${o.details.join('; ')}`,
        );
    });
  const share = (v: Verdict): number => outcomes.filter((o) => o.verdict === v).length / gates;
  const seconds = outcomes.map((o) => o.seconds).sort((a, b) => a - b);
  const calls = outcomes.reduce((s, o) => s + o.calls, 0) / outcomes.reduce((s, o) => s + o.comparisons, 0);
  const caught = outcomes
    .filter((o) => o.verdict === 'regression')
    .map((o) => o.seconds)
    .sort((a, b) => a - b);
  const p99 = outcomes.filter((o) => o.p99Verdict === 'regression').length / gates;
  // The issue's targets count a regression caught within a time of load: the budget, and 90 s.
  const within = (sec: number): string => pct(caught.filter((t) => t <= sec + 1e-9).length / gates);
  console.log(
    `| ${name}${variant} | ${setting.label} | ${pct(rec.effect)} | ${rec.pairs} × ${rec.pairSec.toFixed(1)} s | ${gates} | ${pct(share('regression'))} | ${pct(share('no-change'))} | ${pct(share('inconclusive'))} | ${pct(share('improvement'))} | ${pct(calls)} | ${pct(p99)} | ${quantile(seconds, 0.5).toFixed(0)} s / ${quantile(seconds, 0.95).toFixed(0)} s | ${caught.length > 0 ? `${quantile(caught, 0.95).toFixed(0)} s` : '–'} | ${within(setting.budgetMs / 1000)} | ${within(90)} |`,
  );
}

const gates = Number(process.argv[2] ?? 400);
// Thresholds to try besides the default, e.g. `2%,3%`.
const thresholds = (process.argv[3] ?? INPUT_DEFAULTS.threshold)
  .split(',')
  .map((t) => parsePercent('threshold', t, { min: 0, max: 1 }));
console.log(
  `Simulated gates from recorded rounds, ${new Date().toISOString()}; ${load('aa')?.machine ?? ''}; pairs drawn: ${drawing}${pairSecGiven === undefined ? '' : `; ${pairSecGiven} s charged per pair`}`,
);
console.log('');
console.log(
  '| case | settings | effect on req/s (recorded) | recording | gates | regression | no change | inconclusive | improvement | single comparisons calling a change | p99 regression | measuring time median / p95 | p95 time to catch | caught within the budget | caught within 90 s |',
);
console.log(
  '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const threshold of thresholds) {
  const setting = {
    ...defaults,
    threshold,
    label: `threshold ${pct(threshold)}, budget ${defaults.budgetMs / 60_000} min`,
  };
  for (const name of ['aa', 'aa-3%', 'aa-5%', 'aa-10%', 'slower3', 'slower5', 'slower10', 'tail'])
    await report(name, setting, gates);
}
for (const threshold of thresholds) {
  const setting = {
    ...defaults,
    threshold,
    budgetMs: 360_000,
    label: `threshold ${pct(threshold)}, budget 6 min`,
  };
  for (const name of ['aa', 'aa-2%', 'aa-3%', 'slower2', 'slower3', 'slower5'])
    await report(name, setting, gates);
}
if (explained.length > 0) console.log(['', 'A/A gates that called a change:', ...explained].join('\n'));
