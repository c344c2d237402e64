/**
 * Which value of a round should stand for its throughput: responses / elapsed time (the verdict's today), or the
 * median rate of the round's 250 ms bins (`rpsMedianBins`, which a stall of a few hundred milliseconds moves by
 * one bin instead of dragging the whole round)? Prints, per recording, the spread of the per-pair log ratio
 * log(head/base) under both: the standard deviation and the robust spread (interquartile range / 1.349).
 *
 *   npx node bench/round-value.ts bench/data/aa.json bench/data/slower10.json …
 *
 * Only recordings made since `rpsMedianBins` exists carry it; others are skipped.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { quantile, sd } from '../src/stats/describe.ts';

interface RecordedRound {
  pair: number;
  side: 'base' | 'head';
  scenario?: string;
  path?: string;
  measurement: { rps: number; rpsMedianBins?: number };
}

function logRatios(
  rounds: readonly RecordedRound[],
  value: (r: RecordedRound) => number | undefined,
): number[] {
  const byPair = new Map<string, Partial<Record<'base' | 'head', number>>>();
  for (const r of rounds) {
    const v = value(r);
    if (v === undefined || !(v > 0)) continue;
    const key = `${r.pair} ${r.scenario ?? r.path ?? ''}`;
    byPair.set(key, { ...byPair.get(key), [r.side]: v });
  }
  const out: number[] = [];
  for (const { base, head } of byPair.values()) if (base && head) out.push(Math.log(head / base));
  return out;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const robust = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / 1.349;
};

console.log('| recording | pairs | rps: sd | rps: robust | median of bins: sd | median of bins: robust |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const file of process.argv.slice(2)) {
  const rounds = (JSON.parse(readFileSync(file, 'utf8')) as { rounds: RecordedRound[] }).rounds;
  const bins = logRatios(rounds, (r) => r.measurement.rpsMedianBins);
  if (bins.length < 4) {
    console.log(`| ${basename(file)} | – | (no binned values recorded) | | | |`);
    continue;
  }
  const plain = logRatios(rounds, (r) => r.measurement.rps);
  console.log(
    `| ${basename(file)} | ${plain.length} | ${pct(sd(plain))} | ${pct(robust(plain))} | ${pct(sd(bins))} | ${pct(robust(bins))} |`,
  );
}
