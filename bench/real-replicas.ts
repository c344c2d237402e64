/**
 * Real gates used as the replicas of a matrix, one after the other on this machine, then merged as `mode: report`
 * merges them (each report.json read back through parseReportFile, then mergeReports): how the merged interval of
 * k runners narrows against one runner's, and whether a head calibrated slightly slower is caught by the merge and
 * not by one runner alone. A/A and slower gates alternate, so both cases meet the same hours.
 *
 *   npx node bench/real-replicas.ts <runners> [slowerN] [only=aa|slower] [input=value …]
 *   npx node bench/real-replicas.ts 8 slower2 time-budget=60s
 *   npx node bench/real-replicas.ts 8 slower2 only=slower threshold=1%
 *
 * Appends each gate's req/s interval and each merge's to data/real-replicas.jsonl, keeps each runner's report.json
 * in data/real-replicas/<time>/ (so that a later decision rule can merge the same runners again); prints a table for
 * a new section of bench/NOTEBOOK.md.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { parseReportFile } from '../src/config/report-file.ts';
import type { Report } from '../src/model/report.ts';
import { mergeAsMeasured } from '../test/support/reports.ts';
import { dataFile, keyValues, machineLine, makeKnobRepo, runBenchGate } from './lib.ts';
import { caseFor } from './record.ts';

const args = process.argv.slice(2);
const { only, ...inputs } = keyValues(args.filter((a) => a.includes('=')));
/** Both cases, alternating, or one alone (`only=slower`: the A/A widths are another run's). */
const kinds = (['aa', 'slower'] as const).filter((kind) => only === undefined || kind === only);
const [runnersText = '4', slowerName = 'slower2'] = args.filter((a) => !a.includes('='));
const runners = Number(runnersText);
const out = dataFile('real-replicas.jsonl');
const cases = { aa: await caseFor('aa'), slower: await caseFor(slowerName) };
const repos = { aa: makeKnobRepo(cases.aa), slower: makeKnobRepo(cases.slower) };
const reports: Record<'aa' | 'slower', Report[]> = { aa: [], slower: [] };
const kept = dataFile(`real-replicas/${new Date().toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(kept, { recursive: true });
const widths: Record<'aa' | 'slower', number[]> = { aa: [], slower: [] };

/** The req/s comparison of the one path: change, interval and verdict. */
function rps(report: Report) {
  const c = report.decision?.comparisons.find((x) => x.metric === 'rps');
  return c && { change: c.change, ci: c.ci, verdict: c.verdict, width: c.ci[1] - c.ci[0] };
}

const pct = (x: number | undefined): string => (x === undefined ? 'n/a' : `${(x * 100).toFixed(2)}%`);

try {
  console.log(machineLine());
  for (let i = 1; i <= runners; i++) {
    for (const kind of kinds) {
      const started = Date.now();
      const report = await runBenchGate(repos[kind], { paths: '/', ...inputs, replica: `${i}/${runners}` });
      if (report.error) throw new Error(`${kind} gate ${i} failed: ${report.error.message}`);
      // Through report.json and back, as the merge job reads it.
      const file = parseReportFile(JSON.stringify(report), `${kind}-${i}.json`);
      writeFileSync(`${kept}/${kind}-${i}.json`, JSON.stringify(report));
      reports[kind].push(file.report);
      const one = rps(report);
      widths[kind].push(one?.width ?? Number.NaN);
      const line = {
        kind,
        runner: i,
        seconds: (Date.now() - started) / 1000,
        pairs: report.sequential?.pairs,
        ...one,
      };
      appendFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`);
      console.log(
        `${kind} runner ${i}: ${pct(one?.change)} [${pct(one?.ci[0])}, ${pct(one?.ci[1])}] ${one?.verdict}, ${line.pairs} pairs, ${line.seconds.toFixed(0)} s`,
      );
    }
  }
  console.log(
    '\n| case | runners | change | interval | width | width / one runner’s (median) | 1.2/√k | verdict |',
  );
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |');
  for (const kind of kinds) {
    const sorted = [...widths[kind]].sort((a, b) => a - b);
    const oneWidth = sorted[Math.floor(sorted.length / 2)]!;
    for (const k of [1, 2, 4, 8].filter((k) => k <= runners)) {
      const files = reports[kind]
        .slice(0, k)
        .map((report, i) => parseReportFile(JSON.stringify(report), `r${i}`));
      // Decided as the runners decided (each recorded the same inputs), outside a workflow run.
      const merged = mergeAsMeasured(files);
      const m = rps(merged);
      appendFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), kind, merged: k, ...m })}\n`);
      console.log(
        `| ${kind === 'aa' ? 'A/A' : slowerName} | ${k} | ${pct(m?.change)} | [${pct(m?.ci[0])}, ${pct(m?.ci[1])}] | ${pct(m?.width)} | ${((m?.width ?? Number.NaN) / oneWidth).toFixed(2)} | ${(1.2 / Math.sqrt(k)).toFixed(2)} | ${merged.verdict} |`,
      );
    }
  }
} finally {
  repos.aa.cleanup();
  repos.slower.cleanup();
}
