/**
 * Real end-to-end gates at default settings (adaptive rounds, default budget), to check that the replayed
 * simulation in bench/calibrate.ts agrees with reality.
 *
 *   npx node bench/real-gates.ts <case> <gates> [label] [hog] [input=value …]
 *
 * Cases as in bench/record.ts (aa, slower5, …); the gates go to data/real-<case>[@label].jsonl. With `hog`, another
 * process burns a core throughout (a machine busy throughout: disturbed pairs are measured again, then kept).
 * Inputs given as name=value (e.g. restart-every=1) replace the defaults; name the run with a label that says so.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { quantile } from '../src/stats/describe.ts';
import { dataFile, keyValues, machineLine, makeKnobRepo, runBenchGate } from './lib.ts';
import { caseFor } from './record.ts';

const args = process.argv.slice(2);
// The hog is started through a shell that leaves it behind, so that it is not in this process's tree (which the gate
// counts as its own, running in this process).
const hog = args.includes('hog')
  ? Number(
      execFileSync('sh', ['-c', `'${process.execPath}' -e 'for (;;) {}' >/dev/null 2>&1 & echo $!`], {
        encoding: 'utf8',
      }).trim(),
    )
  : undefined;
const given = args.filter((a) => a.includes('='));
const inputs = keyValues(given);
const [name = 'aa', gatesText = '10', label] = args.filter((a) => a !== 'hog' && !given.includes(a));
const gates = Number(gatesText);
const c = await caseFor(name);
const repo = makeKnobRepo(c);
const log = dataFile(`real-${name}${label ? `@${label}` : ''}.jsonl`);
// Gates appended to an earlier run's file carry on its numbering.
const earlier = existsSync(log)
  ? readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line !== '').length
  : 0;
const seconds: number[] = [];
const verdicts: Record<string, number> = {};
try {
  for (let g = 0; g < gates; g++) {
    const report = await runBenchGate(repo, { ...inputs, paths: '/' });
    const rps = report.decision?.comparisons.find((x) => x.metric === 'rps');
    verdicts[report.verdict] = (verdicts[report.verdict] ?? 0) + 1;
    seconds.push(report.timing.measureSec);
    const line = {
      gate: earlier + g + 1,
      verdict: report.verdict,
      // A gate that could not measure (a server that failed, say) ends with an error: say why.
      ...(report.error ? { error: `${report.error.code}: ${report.error.message}` } : {}),
      pairs: report.sequential?.pairs,
      stoppedBy: report.sequential?.stoppedBy,
      measureSec: report.timing.measureSec,
      change: rps?.change,
      ci: rps?.ci,
      noise: rps?.noise,
      // Comparisons whose own blocks of processes differed (every verdict then had to hold in every block), and
      // the verdicts that did not and were taken back.
      processesDiffered: report.decision?.comparisons
        .filter((x) => x.processes?.differed)
        .map((x) => `${x.metric} ${x.verdict}`),
      overruled: report.decision?.comparisons
        .filter((x) => x.processes?.overruled)
        .map((x) => `${x.metric} ${x.processes?.overruled}`),
      disturbedPairs: report.sequential?.disturbedPairs,
      keptDisturbedPairs: report.sequential?.keptDisturbedPairs,
      // The rounds themselves, so that a gate can be replayed (bench/calibrate.ts) or its noise re-read.
      rounds: report.rounds,
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
    const { rounds: _rounds, ...shown } = line;
    console.log(JSON.stringify(shown));
  }
} finally {
  if (hog !== undefined) process.kill(hog, 'SIGKILL');
  repo.cleanup();
}
seconds.sort((a, b) => a - b);
console.log(
  `${name}: ${gates} real gates${given.length > 0 ? ` with ${given.join(' ')}` : ''}${hog ? ' beside a process burning a core' : ''} on ${machineLine()}: ${Object.entries(
    verdicts,
  )
    .map(([v, n]) => `${v} ${n}`)
    .join(
      ', ',
    )}; measuring time median ${quantile(seconds, 0.5).toFixed(0)} s, max ${seconds[seconds.length - 1]?.toFixed(0)} s`,
);
