/**
 * Merges recorded replicas again with the code as it is now (bench/real-replicas.ts keeps each runner's report.json
 * in data/real-replicas/<time>/): the first k runners merged as `mode: report` merges them, for k = 1, 2, 4, 8, so a
 * new decision rule meets the same real runners.
 *
 *   npx node bench/remerge-replicas.ts <folder in bench/data/real-replicas, e.g. 2026-12-05T05-07-00-895Z>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseReportFile } from '../src/config/report-file.ts';
import { mergeAsMeasured } from '../test/support/reports.ts';
import { dataFile } from './lib.ts';

const [folder] = process.argv.slice(2);
if (folder === undefined) throw new Error('name a folder of bench/data/real-replicas');
const dir = dataFile(`real-replicas/${folder}`);
const names = readdirSync(dir)
  .filter((n) => n.endsWith('.json'))
  .sort((a, b) => Number(a.match(/(\d+)\.json$/)?.[1]) - Number(b.match(/(\d+)\.json$/)?.[1]));
const files = names.map((n) => parseReportFile(readFileSync(`${dir}/${n}`, 'utf8'), n));
const pct = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(2)}%`);

console.log(`\n${folder}: ${names.join(', ')}\n`);
console.log('| runners | change | interval (req/s) | level | verdict |');
console.log('| ---: | ---: | --- | ---: | --- |');
for (const k of [1, 2, 4, 8].filter((k) => k <= files.length)) {
  // Decided as the runners decided (each recorded the same inputs), outside a workflow run.
  const merged = mergeAsMeasured(files.slice(0, k));
  const c = merged.decision?.comparisons.find((x) => x.metric === 'rps');
  console.log(
    `| ${k} | ${pct(c?.change)} | ${pct(c?.ci[0])} … ${pct(c?.ci[1])} | ${c?.level.toPrecision(3)} | ${merged.verdict} |`,
  );
}
