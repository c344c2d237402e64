/**
 * Real gates on a server faster than the load generator (a raw socket that answers every request with a canned
 * response), whose head spends a known share more CPU per request: req/s measures the generator there, and the
 * server's CPU time per request has to show the change (src/decide/pace.ts).
 *
 *   npx node bench/cpu-per-request.ts [gates=5] [costlier=0.1] [input=value …]
 *
 * One short gate first measures base's CPU time per request; head then busy-waits `costlier` × that per request
 * (or `extra-us=<µs>` as given, without the first gate: for code that does not measure CPU time per request).
 * `costlier=0` runs A/A gates. Prints each gate and appends it to data/real-cpu@<costlier or µs>.jsonl.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metricValue } from '../src/model/derived.ts';
import type { Report } from '../src/model/report.ts';
import { reportHeadline } from '../src/report/headline.ts';
import { median } from '../src/stats/describe.ts';
import { dataFile, keyValues, machineLine, makeKnobRepo, runBenchGate } from './lib.ts';

/** Answers each request from the socket; EXTRA_US of busy waiting per request. */
const RAW_SERVER = fileURLToPath(new URL('../test/fixtures/servers/raw.cjs', import.meta.url));

const given = process.argv.slice(2).filter((a) => a.includes('='));
const {
  gates: gatesText = '5',
  costlier: costlierText = '0.1',
  'extra-us': extraText,
  ...inputs
} = keyValues(given);
const gates = Number(gatesText);
const costlier = Number(costlierText);

/** A throwaway repository whose base and head run the raw server, head with `extraUs` more per request. */
function rawRepo(extraUs: number) {
  const repo = makeKnobRepo({ name: 'raw', base: { WORK_ITERS: 0 }, head: { WORK_ITERS: 0 } });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir });
  git('checkout', '-q', 'main');
  copyFileSync(RAW_SERVER, join(repo.dir, 'raw.js'));
  writeFileSync(join(repo.dir, 'server.js'), "require('./raw.js');\n");
  git('add', '-A');
  git('commit', '-q', '-m', 'raw base');
  git('checkout', '-q', '-B', 'head');
  writeFileSync(join(repo.dir, 'server.js'), `process.env.EXTRA_US = '${extraUs}';\nrequire('./raw.js');\n`);
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'raw head');
  return repo;
}

const cpuOf = (report: Report, side: 'base' | 'head'): number =>
  median(report.rounds.filter((r) => r.side === side).map((r) => metricValue(r.measurement, 'cpu')));

/** Base's CPU time per request, from a short gate of its own. */
async function probeUs(): Promise<number> {
  const probe = rawRepo(0);
  const first = await runBenchGate(probe, { rounds: '8', paths: '/' });
  probe.cleanup();
  return cpuOf(first, 'base');
}
const baseUs = extraText === undefined ? await probeUs() : Number.NaN;
const extraUs = extraText === undefined ? costlier * baseUs : Number(extraText);
const log = dataFile(`real-cpu@${extraText === undefined ? costlier : `${extraText}us`}.jsonl`);
console.log(
  `${new Date().toISOString()}; ${machineLine()}; base ${baseUs.toFixed(2)} µs of server CPU per request, head +${extraUs.toFixed(2)} µs${extraText === undefined ? ` (+${(costlier * 100).toFixed(0)}%)` : ''}`,
);
console.log('');
console.log(
  '| gate | verdict | stopped by | pairs | s | req/s change | CPU per request change | CPU verdict |',
);
console.log('| ---: | --- | --- | ---: | ---: | ---: | ---: | --- |');
const repo = rawRepo(extraUs);
try {
  for (let g = 1; g <= gates; g++) {
    const started = Date.now();
    const report = await runBenchGate(repo, { paths: '/', ...inputs });
    const sec = (Date.now() - started) / 1000;
    const find = (metric: string) => report.decision?.comparisons.find((c) => c.metric === metric);
    const [rps, cpu] = [find('rps'), find('cpu')];
    const pct = (x: number | undefined) => (x === undefined ? '–' : `${(x * 100).toFixed(1)}%`);
    console.log(
      `| ${g} | ${report.verdict} | ${report.sequential?.stoppedBy ?? '–'} | ${report.sequential?.pairs ?? 0} | ${sec.toFixed(0)} | ${pct(rps?.change)} | ${pct(cpu?.change)} | ${cpu?.verdict ?? 'not compared'} |`,
    );
    appendFileSync(
      log,
      `${JSON.stringify({ at: new Date().toISOString(), costlier, baseUs, extraUs, sec, verdict: report.verdict, headline: reportHeadline(report), comparisons: report.decision?.comparisons, stoppedBy: report.sequential?.stoppedBy })}\n`,
    );
  }
} finally {
  repo.cleanup();
}
