/**
 * Records real interleaved rounds of the knob server through the real pipeline (fixed pairs, default round
 * settings), so that bench/calibrate.ts can replay them into hundreds of simulated gates.
 *
 *   npx node bench/record.ts <case> <pairs> [input=value …] [label=…]
 *                                              cases: aa, slower2, slower3, slower5, slower10, tail
 *
 * A head "s% slower" gets extra work per request so that its cost is the base's / (1 − s), calibrated from the
 * base's measured req/s and this machine's cost of one knob iteration. The recording states the effect it
 * actually got (median per-pair log ratio).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, sd } from '../src/stats/describe.ts';
import {
  type Case,
  dataFile,
  iterationNs,
  type Knob,
  keyValues,
  machineLine,
  makeKnobRepo,
  rpsLogRatios,
  runBenchGate,
} from './lib.ts';

export const BASE_WORK = 400;

async function baseCostUs(): Promise<number> {
  const repo = makeKnobRepo({
    name: 'probe',
    base: { WORK_ITERS: BASE_WORK },
    head: { WORK_ITERS: BASE_WORK },
  });
  try {
    const report = await runBenchGate(repo, { rounds: '8', paths: '/' });
    if (report.error)
      throw new Error(`the probe gate failed: ${report.error.message}\n${report.error.output ?? ''}`);
    const rps = median(report.rounds.map((r) => r.measurement.rps));
    return 1e6 / rps;
  } finally {
    repo.cleanup();
  }
}

export async function caseFor(name: string): Promise<Case> {
  const base: Knob = { WORK_ITERS: BASE_WORK };
  if (name === 'aa') return { name, base, head: base };
  if (name === 'tail') return { name, base, head: { ...base, DELAY_MS: 4, DELAY_EVERY: 100 } };
  const match = /^slower(\d+)$/.exec(name);
  if (!match) throw new Error(`unknown case ${name}`);
  const slower = Number(match[1]) / 100;
  const costUs = await baseCostUs();
  const extraIters = Math.round(((costUs / (1 - slower) - costUs) * 1000) / iterationNs());
  process.stderr.write(
    `base costs ${costUs.toFixed(1)} µs per request; ${name}: +${extraIters} iterations\n`,
  );
  return { name, base, head: { WORK_ITERS: BASE_WORK + extraIters } };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name = 'aa', pairsText = '40', ...extra] = process.argv.slice(2);
  // Extra inputs as name=value (e.g. restart-every=0 duration=2s) record a variant into data/<case>@<variant>.json;
  // `label=…` only names the file (a second recording of the same settings at another time).
  const { label: _label, ...inputs } = keyValues(extra);
  const variant = extra.length > 0 ? `@${extra.join(',')}` : '';
  const c = await caseFor(name);
  const repo = makeKnobRepo(c);
  const started = Date.now();
  try {
    const report = await runBenchGate(repo, { ...inputs, rounds: pairsText, paths: '/', timeout: '2h' });
    if (report.error)
      throw new Error(`the gate failed: ${report.error.message}\n${report.error.output ?? ''}`);
    const pairs = report.sequential?.pairs ?? 0;
    const logRatios = rpsLogRatios(report.rounds);
    const record = {
      case: c,
      recordedAt: new Date().toISOString(),
      machine: machineLine(),
      settings: report.settings,
      pairs,
      measureSec: report.timing.measureSec,
      pairSec: report.timing.measureSec / pairs,
      disturbedPairs: report.sequential?.disturbedPairs ?? 0,
      effect: Math.expm1(median(logRatios)),
      noise: sd(logRatios),
      rounds: report.rounds,
    };
    const file = dataFile(`${name}${variant}.json`);
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    console.log(
      `${name}: ${pairs} pairs in ${((Date.now() - started) / 1000).toFixed(0)} s, ${record.pairSec.toFixed(1)} s per pair, effect on req/s ${(record.effect * 100).toFixed(2)}%, sd of log ratios ${(record.noise * 100).toFixed(2)}%, disturbed pairs re-measured: ${record.disturbedPairs} → ${file}`,
    );
  } finally {
    repo.cleanup();
  }
}
