/**
 * The threshold's operating characteristic: the share of gates that fail against the true change, from 0 to 3× the
 * threshold, replayed from recorded A/A pairs through the action's own loop and decision code (replayPairs),
 * each simulated gate drawing pairs with replacement from one recording, head's rounds made exactly the given
 * share slower (bench/calibrate.ts `aa-N%`: req/s × (1 − change), latencies ÷ it). The base and head labels of each
 * drawn pair (or block) are swapped at random before that, so the recording's own chance skew (±0.5–1% in the
 * quiet ones) averages out and the change replayed is the one named: the symmetric null world, shifted.
 *
 *   npx node bench/oc.ts [gates=400] [recordings=quiet,middling,noisy] [floor=<share>] [pair-sec=6]
 *                        [multiples=0,0.25,…,3] [blocks] [svg=<file>] [json=<file>]
 *
 * Recordings by name (bench/data/<name>.json) or by the words quiet, middling, noisy, blocks (the recordings of
 * bench/NOTEBOOK.md §14). `floor` replaces the rule's REGRESSION_FLOOR (src/decide/rule.ts) to compare rules;
 * `blocks` replays whole recorded blocks in order (processes that differ), else pairs one at a time, numbered in
 * blocks of the default `restart-every` as the action numbers them. `svg` writes the curves as a plot. At a true
 * change of 0 it also counts the gates ending "no change", their mean length, and those stopped for noise.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { replayPairs } from '../src/gate/loop.ts';
import type { StopReason, Verdict } from '../src/model/decision.ts';
import type { Round } from '../src/model/measure.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { DEFAULT_RULE, dataFile, keyValues, machineLine, RECORDED_SCENARIO, scaled } from './lib.ts';
import { ocSvg } from './oc-svg.ts';

interface Recording {
  name: string;
  restartEvery: number;
  noise: number;
  rounds: Round[];
}

const NAMED: Record<string, string> = {
  quiet: 'aa@duration=2s,warmup=0.25s,label=cmp2',
  quiet2: 'aa@duration=2s,warmup=0.25s,label=cmp1',
  middling: 'aa@label=2s',
  noisy: 'aa@label=15h',
  blocks: 'aa@restart-every=4,label=r4',
};

/** The true changes replayed, as multiples of the threshold. */
export const MULTIPLES = (keyValues(process.argv.slice(2)).multiples ?? '0,0.25,0.5,0.75,1,1.25,1.5,2,3')
  .split(',')
  .map(Number);

const args = process.argv.slice(2);
const options = keyValues(args);
const positional = args.filter((a) => !a.includes('='));
const gates = Number(positional[0] ?? 400);
const names = (positional[1] ?? 'quiet,middling,noisy').split(',');
const wholeBlocks = positional.includes('blocks');
const pairSec = Number(options['pair-sec'] ?? 6);
const floor = options.floor === undefined ? undefined : Number(options.floor);
const { threshold, latencyThreshold, alpha, budgetMs } = DEFAULT_RULE;

function load(name: string): Recording {
  const file = NAMED[name] ?? name;
  const r = JSON.parse(readFileSync(dataFile(`${file}.json`), 'utf8')) as {
    settings: { restartEvery: number };
    noise: number;
    rounds: Round[];
  };
  return {
    name: file,
    restartEvery: r.settings.restartEvery,
    noise: r.noise,
    rounds: r.rounds.map((round) => ({ ...round, scenario: RECORDED_SCENARIO.name })),
  };
}

interface Outcome {
  verdict: Verdict;
  seconds: number;
  stoppedBy: StopReason;
}

/** One simulated gate on `rec` whose head is `slower` (a share) slower. */
async function simulate(rec: Recording, seed: number, slower: number): Promise<Outcome> {
  const random = mulberry32(seed);
  const byPair = Map.groupBy(rec.rounds, (r) => r.pair);
  const pool = [...byPair.values()].filter((p) => p.length >= 2);
  const block = Math.max(1, rec.restartEvery);
  const blocks = [...Map.groupBy(pool, (p) => Math.floor(p[0]!.pair / block)).values()];
  let queue: Round[][] = [];
  let swapBlock = false;
  let drawn = 0;
  const result = await replayPairs(
    {
      scenarios: () => [RECORDED_SCENARIO],
      async next(pair: number) {
        let pick: Round[];
        let swap: boolean;
        if (wholeBlocks) {
          if (queue.length === 0) {
            queue = [...blocks[Math.floor(random() * blocks.length)]!];
            swapBlock = random() < 0.5;
          }
          pick = queue.shift()!;
          swap = swapBlock;
        } else {
          pick = pool[Math.floor(random() * pool.length)]!;
          swap = random() < 0.5;
        }
        drawn++;
        return pick.map((r) =>
          scaled({ ...r, pair, side: swap ? (r.side === 'base' ? 'head' : 'base') : r.side }, 1 - slower),
        );
      },
    },
    {
      pairMs: pairSec * 1000,
      threshold,
      latencyThreshold,
      alpha,
      restartEvery: wholeBlocks ? rec.restartEvery : DEFAULT_RESTART_EVERY,
      ...(floor === undefined ? {} : { floor }),
      fixedPairs: undefined,
      budgetMs,
      limitMs: budgetMs * 1.5,
    },
  );
  return {
    verdict: result.decision?.verdict ?? 'inconclusive',
    seconds: drawn * pairSec,
    stoppedBy: result.stoppedBy,
  };
}

export interface OcRow {
  recording: string;
  sd: number;
  /** Per multiple of the threshold: the share of gates failing, and failing within the budget. */
  failing: number[];
  withinBudget: number[];
  /** At a true change of 0: gates calling an improvement, their mean seconds, and the share stopped for noise. */
  improvement: number;
  nullSec: number;
  nullNoise: number;
  /** At a true change of 0: gates ending "no change", and gates ended within 90 s. */
  nullNoChange: number;
  null90: number;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

async function row(rec: Recording): Promise<OcRow> {
  const failing: number[] = [];
  const withinBudget: number[] = [];
  let improvement = 0;
  let nullSec = 0;
  let nullNoise = 0;
  let nullNoChange = 0;
  let null90 = 0;
  for (const multiple of MULTIPLES) {
    const outcomes: Outcome[] = [];
    for (let g = 0; g < gates; g++) outcomes.push(await simulate(rec, 1000 + g, multiple * threshold));
    const failed = outcomes.filter((o) => o.verdict === 'regression');
    failing.push(failed.length / gates);
    withinBudget.push(failed.filter((o) => o.seconds <= budgetMs / 1000 + 1e-9).length / gates);
    if (multiple === 0) {
      improvement = outcomes.filter((o) => o.verdict === 'improvement').length / gates;
      nullSec = outcomes.reduce((sum, o) => sum + o.seconds, 0) / gates;
      nullNoise = outcomes.filter((o) => o.stoppedBy === 'noise').length / gates;
      nullNoChange = outcomes.filter((o) => o.verdict === 'no-change').length / gates;
      null90 = outcomes.filter((o) => o.seconds <= 90).length / gates;
    }
  }
  return {
    recording: rec.name,
    sd: rec.noise,
    failing,
    withinBudget,
    improvement,
    nullSec,
    nullNoise,
    nullNoChange,
    null90,
  };
}

const started = Date.now();
const rows: OcRow[] = [];
console.log(
  `Operating characteristic, ${new Date().toISOString()}; ${machineLine()}; ${gates} gates per point; threshold ${pct(threshold)}, budget ${budgetMs / 60_000} min, ${pairSec} s per pair; pairs drawn ${wholeBlocks ? 'in whole recorded blocks' : 'one at a time'}${floor === undefined ? '' : `; floor ${floor}`}`,
);
console.log('');
console.log(
  `| recording (sd of req/s log ratio) | ${MULTIPLES.map((m) => `${m}× (${pct(m * threshold)})`).join(' | ')} | A/A improvement | 1.5× within the budget | A/A no change | A/A mean time | A/A within 90 s | A/A stopped for noise |`,
);
console.log(`| --- | ${MULTIPLES.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const name of names) {
  const r = await row(load(name));
  rows.push(r);
  const at15 = MULTIPLES.indexOf(1.5);
  console.log(
    `| \`${r.recording}\` (${pct(r.sd)}) | ${r.failing.map(pct).join(' | ')} | ${pct(r.improvement)} | ${at15 < 0 ? '–' : pct(r.withinBudget[at15]!)} | ${pct(r.nullNoChange)} | ${r.nullSec.toFixed(0)} s | ${pct(r.null90)} | ${pct(r.nullNoise)} |`,
  );
}
console.log('');
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (options.json)
  writeFileSync(options.json, `${JSON.stringify({ threshold, multiples: MULTIPLES, rows }, null, 2)}\n`);
if (options.svg) writeFileSync(options.svg, ocSvg({ threshold, multiples: MULTIPLES, rows }));
