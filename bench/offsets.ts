/**
 * How much of a gate's noise is the processes': from recorded gates (bench/engine-gates.ts lines) whose servers ran
 * in blocks of `restart-every` pairs, the per-pair noise within a block (σw), the spread of whole blocks beyond what
 * σw explains (σo: two identical processes that differ for their whole life), and what a block and a pair cost.
 * From these, the spread per minute of a gate's estimate for blocks of B pairs:
 * var = (σo² + σw²/B) × (P + B·T) / 60 s, P a block's start and priming, T a pair's turns.
 *
 * It also measures that spread directly, design by design: each gate's units (its blocks' mean log ratios, or its
 * pairs when every pair had processes of its own), their variance, and the measuring seconds each unit cost.
 *
 *   npx node bench/offsets.ts <file.jsonl> [design=<text>]
 */
import { readFileSync } from 'node:fs';
import type { Round } from '../src/model/measure.ts';
import { mean, median } from '../src/stats/describe.ts';

interface Line {
  design: string;
  restartEvery: number;
  pairs: number;
  measureSec: number;
  blocks?: { count: number; startupSec: number; primingSec: number };
  rounds: Round[];
}

const [file, ...rest] = process.argv.slice(2);
const only = rest.find((a) => a.startsWith('design='))?.slice(7);
const lines = readFileSync(file ?? '', 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as Line)
  .filter((l) => only === undefined || l.design === only);

for (const design of [...new Set(lines.map((l) => l.design))]) {
  const gates = lines.filter((l) => l.design === design);
  const within: number[] = [];
  const between: number[] = [];
  /** Each unit's squared deviation from its gate's mean (n/(n−1) corrected), and the seconds per unit. */
  const unitVar: number[] = [];
  const unitSec: number[] = [];
  const costs: { P: number; T: number }[] = [];
  let B = 0;
  for (const g of gates) {
    // Recordings from before the field: the default of their day, blocks of 4.
    B = g.restartEvery ?? 4;
    const byPair = Map.groupBy(g.rounds, (r) => r.pair);
    const ratios = new Map<number, number>();
    for (const [pair, rounds] of byPair) {
      const base = rounds.find((r) => r.side === 'base')?.measurement.rps;
      const head = rounds.find((r) => r.side === 'head')?.measurement.rps;
      if (base && head) ratios.set(pair, Math.log(head / base));
    }
    const blocks = Map.groupBy([...ratios], ([pair]) => Math.floor(pair / Math.max(1, B)));
    const means: number[] = [];
    for (const block of blocks.values()) {
      const values = block.map(([, r]) => r);
      if (values.length < 2) continue;
      const m = mean(values);
      means.push(m);
      // Within: deviations from the block's mean, with the degrees of freedom the mean used.
      for (const v of values) within.push(((v - m) ** 2 * values.length) / (values.length - 1));
    }
    const overall = mean(means);
    for (const m of means) between.push(((m - overall) ** 2 * means.length) / (means.length - 1));
    const units = B >= 2 ? means : [...ratios.values()];
    const centre = mean(units);
    for (const u of units) unitVar.push(((u - centre) ** 2 * units.length) / (units.length - 1));
    unitSec.push(g.measureSec / units.length);
    if (g.blocks) {
      const P = g.blocks.primingSec / g.blocks.count;
      const T = (g.measureSec - g.blocks.primingSec) / g.pairs;
      costs.push({ P, T });
    }
  }
  const sw2 = mean(within);
  const blockVar = mean(between);
  const so2 = Math.max(0, blockVar - sw2 / B);
  const P = costs.length ? median(costs.map((c) => c.P)) : Number.NaN;
  const T = costs.length ? median(costs.map((c) => c.T)) : Number.NaN;
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  console.log(
    `${design} (${gates.length} gates, blocks of ${B}): σw ${pct(Math.sqrt(sw2))} per pair, σo ${pct(Math.sqrt(so2))} per process pair; a block's start and priming ${P.toFixed(1)} s, a pair ${T.toFixed(1)} s`,
  );
  const direct = Math.sqrt((mean(unitVar) * median(unitSec)) / 60);
  console.log(
    `  measured: ${B >= 2 ? 'blocks' : 'pairs'} as units, sd ${pct(Math.sqrt(mean(unitVar)))} each, ${median(unitSec).toFixed(1)} s each: the estimate's sd after a minute ${pct(direct)}`,
  );
  for (const b of [1, 2, 4, 8]) {
    const perMinute = Math.sqrt(((so2 + sw2 / b) * (P + b * T)) / 60);
    console.log(`  blocks of ${b}: the estimate's sd after a minute of measuring ${pct(perMinute)}`);
  }
}
