/**
 * Pools recordings of one case and settings (bench/record.ts, e.g. three A/A recordings of 32 pairs made minutes
 * apart) into one, so that bench/calibrate.ts draws from all their blocks of processes at once.
 *
 *   npx node bench/pool.ts <output name> <input name> <input name> …
 *     e.g. npx node bench/pool.ts 'aa@restart-every=4,label=r4' 'aa@restart-every=4,label=r4-1' 'aa@…,label=r4-2'
 *
 * Pairs are renumbered one recording after another, each recording's first pair starting a new block of processes
 * (its pairs keep their position in their block), so blocks never straddle two recordings. The pooled time per
 * pair, effect and noise are over all pairs; the settings must agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Round } from '../src/model/measure.ts';
import { median, sd } from '../src/stats/describe.ts';
import { dataFile, rpsLogRatios } from './lib.ts';

interface Recording {
  case: { name: string };
  recordedAt: string;
  machine: string;
  settings: { restartEvery: number } & Record<string, unknown>;
  pairs: number;
  measureSec: number;
  pairSec: number;
  disturbedPairs: number;
  effect: number;
  noise: number;
  rounds: Round[];
  pooledFrom?: string[];
}

export function pool(names: readonly string[], recordings: readonly Recording[]): Recording {
  const first = recordings[0];
  if (!first || recordings.length < 2) throw new Error('pool needs at least two recordings');
  const settings = JSON.stringify(first.settings);
  const block = Math.max(1, first.settings.restartEvery);
  const rounds: Round[] = [];
  let offset = 0;
  recordings.forEach((rec, i) => {
    if (rec.case.name !== first.case.name)
      throw new Error(`${names[i]} records case ${rec.case.name}, not ${first.case.name}`);
    if (JSON.stringify(rec.settings) !== settings)
      throw new Error(`${names[i]} was recorded with other settings than ${names[0]}`);
    const last = Math.max(...rec.rounds.map((r) => r.pair));
    rounds.push(...rec.rounds.map((r) => ({ ...r, pair: r.pair + offset })));
    offset += Math.ceil((last + 1) / block) * block;
  });
  const ratios = rpsLogRatios(rounds);
  const pairs = recordings.reduce((sum, r) => sum + r.pairs, 0);
  const measureSec = recordings.reduce((sum, r) => sum + r.measureSec, 0);
  return {
    ...first,
    recordedAt: recordings.map((r) => r.recordedAt).join(' … '),
    pairs,
    measureSec,
    pairSec: measureSec / pairs,
    disturbedPairs: recordings.reduce((sum, r) => sum + r.disturbedPairs, 0),
    effect: Math.expm1(median(ratios)),
    noise: sd(ratios),
    rounds,
    pooledFrom: [...names],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [output, ...inputs] = process.argv.slice(2);
  if (!output || inputs.length < 2)
    throw new Error('usage: npx node bench/pool.ts <output name> <input name> <input name> …');
  const recordings = inputs.map(
    (name) => JSON.parse(readFileSync(dataFile(`${name}.json`), 'utf8')) as Recording,
  );
  const pooled = pool(inputs, recordings);
  const file = dataFile(`${output}.json`);
  writeFileSync(file, `${JSON.stringify(pooled)}\n`);
  console.log(
    `${output}: ${pooled.pairs} pairs from ${inputs.length} recordings, ${pooled.pairSec.toFixed(1)} s per pair, effect on req/s ${(pooled.effect * 100).toFixed(2)}%, sd of log ratios ${(pooled.noise * 100).toFixed(2)}% → ${file}`,
  );
}
