/**
 * How small a leak a real gate finds and names: the built action on test/support/memory-servers.ts's JSON service,
 * head keeping one small object (`{ url, at }`, about 70 bytes) a request, gated `runs` times with what
 * test/e2e/memory-leak.test.ts ran before its leak became 1 KiB (12 pairs of 1 s rounds, the default 3 s profile).
 * Per run: the leak test's estimate and interval, its verdict, and what the kept profile named first.
 *
 *   npm run build && flock /tmp/perf-gate-load.lock npx node bench/leak-gates.ts [runs=3] [rounds=12] [duration=1s] [flamegraphs=3s]
 *
 * One line per run goes to bench/data/leak-gates.jsonl; a table is printed.
 */
import { appendFileSync } from 'node:fs';
import { memoryGate } from '../test/support/memory-gate.ts';
import { dataFile, keyValues, machineLine } from './lib.ts';

const args = keyValues(process.argv.slice(2));
const runs = Number(args.runs ?? '3');
const inputs = {
  rounds: args.rounds ?? '12',
  duration: args.duration ?? '1s',
  flamegraphs: args.flamegraphs ?? '3s',
};
const started = new Date().toISOString();
process.stderr.write(`${started} · ${machineLine()} · ${JSON.stringify(inputs)}\n`);

const rows: string[] = [];
for (let r = 0; r < runs; r++) {
  const { run, report } = await memoryGate('keeps', 42, inputs);
  const leak = report.decision?.leaks?.[0];
  const first = report.profile?.kept?.more[0];
  const interval = leak ? `${leak.change.toFixed(1)} [${leak.ci.map((x) => x.toFixed(1)).join(', ')}]` : '–';
  rows.push(
    `| ${r + 1} | ${interval} | ${leak?.verdict ?? '–'} | ${first ? `${first.fn} in ${first.file}` : 'nothing'} | ${run.code} |`,
  );
  appendFileSync(
    dataFile('leak-gates.jsonl'),
    `${JSON.stringify({ started, inputs, code: run.code, leak, kept: report.profile?.kept?.more.slice(0, 3) })}\n`,
  );
}
console.log(
  '| run | head − base, bytes a request [interval] | leak verdict | kept profile names first | exit |',
);
console.log('| ---: | --- | --- | --- | ---: |');
for (const row of rows) console.log(row);
