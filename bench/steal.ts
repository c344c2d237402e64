/**
 * Is a pair the hypervisor stole from noisier than one it did not? A/A gates of the knob server through the real
 * pipeline, every pair kept (the guard's judgement recorded, never acted on), each pair's log ratio of req/s set
 * beside the CPU stolen and the other processes' CPU during its rounds. Prints the spread of the log ratio (its
 * deviation from the gate's median) of clean pairs and of pairs the guard would measure again, by steal.
 *
 *   npx node bench/steal.ts [gates=4] [pairs=24] [input=value …]
 */
import { appendFileSync } from 'node:fs';
import { DISTURBED_CORES, Disturbances, STOLEN_CORES } from '../src/gate/disturbance.ts';
import type { Round } from '../src/model/measure.ts';
import { median } from '../src/stats/describe.ts';
import { dataFile, keyValues, makeKnobRepo, rpsLogRatios, runBenchGate } from './lib.ts';

interface PairRecord {
  gate: number;
  pair: number;
  logRatio: number;
  stealCores: number;
  foreignCores: number;
}

const args = process.argv.slice(2).filter((a) => !a.includes('='));
const gates = Number(args[0] ?? 4);
const pairs = Number(args[1] ?? 24);
const inputs = keyValues(process.argv.slice(2));

// Every pair kept: the guard's inputs are recorded instead of acted on.
const judged: Round[][] = [];
Disturbances.prototype.measureAgain = (_pair: number, rounds: readonly Round[]): boolean => {
  judged.push([...rounds]);
  return false;
};

const most = (rounds: readonly Round[], key: 'stealCpu' | 'foreignCpu'): number =>
  Math.max(0, ...rounds.map((r) => r.measurement[key] ?? 0));

const records: PairRecord[] = [];
for (let gate = 0; gate < gates; gate++) {
  judged.length = 0;
  const repo = makeKnobRepo({ name: 'steal', base: { WORK_ITERS: 400 }, head: { WORK_ITERS: 400 } });
  try {
    const report = await runBenchGate(repo, { rounds: String(pairs), paths: '/', ...inputs });
    if (report.error) throw new Error(report.error.message);
    const ratios = rpsLogRatios(report.rounds);
    const mid = median(ratios);
    for (const rounds of judged) {
      const pair = rounds[0]!.pair;
      records.push({
        gate,
        pair,
        logRatio: ratios[pair]! - mid,
        stealCores: most(rounds, 'stealCpu'),
        foreignCores: most(rounds, 'foreignCpu'),
      });
    }
  } finally {
    repo.cleanup();
  }
  process.stderr.write(`gate ${gate + 1} of ${gates}: ${judged.length} pairs\n`);
}

const file = dataFile('steal.jsonl');
for (const r of records) appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...r })}\n`);

/** Robust spread: 1.4826 × the median absolute deviation from 0 (the gate's median). */
const spread = (xs: readonly number[]): number => 1.4826 * median(xs.map(Math.abs));
const clean = records.filter((r) => r.stealCores <= STOLEN_CORES && r.foreignCores <= DISTURBED_CORES);
const rows: [string, PairRecord[]][] = [
  ['clean', clean],
  [
    `stolen ${STOLEN_CORES}–0.3 cores`,
    records.filter((r) => r.stealCores > STOLEN_CORES && r.stealCores <= 0.3),
  ],
  ['stolen 0.3–0.5 cores', records.filter((r) => r.stealCores > 0.3 && r.stealCores <= 0.5)],
  ['stolen > 0.5 cores', records.filter((r) => r.stealCores > 0.5)],
  ['other processes busy', records.filter((r) => r.foreignCores > DISTURBED_CORES)],
];
console.log(`| pairs | n | spread of the log ratio (robust sd) | largest |`);
console.log(`| --- | ---: | ---: | ---: |`);
for (const [name, list] of rows)
  console.log(
    `| ${name} | ${list.length} | ${list.length > 0 ? `${(spread(list.map((r) => r.logRatio)) * 100).toFixed(2)}%` : '–'} | ${list.length > 0 ? `${(Math.max(...list.map((r) => Math.abs(r.logRatio))) * 100).toFixed(1)}%` : '–'} |`,
  );
