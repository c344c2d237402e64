/**
 * What perf-gate adds to a pull request's checks, measured on the example workflows (README.md, "Cost"): the built
 * action run as a runner runs it (test/support/example.ts), with each example's inputs as written and every default
 * (adaptive rounds within `time-budget`, profiling on), against the fake GitHub. Each example's app is gated as an
 * unchanged pull request (head = base: most pull requests, and the longest, since no change has to be shown
 * within ±threshold) and, with `slower`, with the fixture's slower head too.
 *
 *   npm run build && flock -x /tmp/pg-heavy.lock npx node bench/cost.ts [slower] [example.yml …]
 *
 * `express-postgres/perf.yml` runs from its folder as a user copies it (bench/examples.ts).
 *
 * One line per gate goes to bench/data/cost.jsonl; a table is printed. The action's wall time is what the step
 * adds (checkout and setup-node come before it in every workflow anyway).
 */
import { appendFileSync } from 'node:fs';
import { quantile } from '../src/stats/describe.ts';
import { APPS, exampleGate } from './examples.ts';
import { dataFile, machineLine } from './lib.ts';

const args = process.argv.slice(2);
const slower = args.includes('slower');
const chosen = args.filter((a) => a.endsWith('.yml'));
const examples = chosen.length > 0 ? chosen : Object.keys(APPS);

interface Line {
  example: string;
  head: 'unchanged' | 'slower';
  verdict: string;
  actionSec: number;
  prepareSec: number;
  measureSec: number;
  profileSec: number;
  pairs: number | undefined;
  stoppedBy: string | undefined;
  /** The largest per-pair noise of req/s over the scenarios (the comment's "Noise per pair"). */
  rpsNoise: number | undefined;
  /** Each scenario's per-pair noise of req/s. */
  rpsNoiseByScenario: Record<string, number>;
}

async function gate(example: string, head: 'unchanged' | 'slower'): Promise<Line> {
  const { report, run } = await exampleGate(example, head);
  return {
    example,
    head,
    verdict: report.error ? `error: ${report.error.message}` : report.verdict,
    actionSec: run.durationMs / 1000,
    prepareSec: report.timing.prepareSec,
    measureSec: report.timing.measureSec,
    profileSec: report.profile?.seconds ?? 0,
    pairs: report.sequential?.pairs,
    stoppedBy: report.sequential?.stoppedBy,
    rpsNoiseByScenario: Object.fromEntries(
      (report.decision?.comparisons ?? [])
        .filter((c) => c.metric === 'rps' && Number.isFinite(c.noise))
        .map((c) => [c.scenario, Number(c.noise.toFixed(4))]),
    ),
    rpsNoise: Math.max(
      ...(report.decision?.comparisons ?? [])
        .filter((c) => c.metric === 'rps' && Number.isFinite(c.noise))
        .map((c) => c.noise),
    ),
  };
}

const started = new Date().toISOString();
process.stderr.write(`${started} · ${machineLine()}\n`);
const lines: Line[] = [];
for (const example of examples) {
  for (const head of slower ? (['unchanged', 'slower'] as const) : (['unchanged'] as const)) {
    const line = await gate(example, head);
    lines.push(line);
    appendFileSync(dataFile('cost.jsonl'), `${JSON.stringify({ started, ...line })}\n`);
    process.stderr.write(`${JSON.stringify(line)}\n`);
  }
}
const s = (x: number): string => `${Math.round(x)} s`;
console.log(
  '| example | head | verdict | the step | install and build | measuring | profiling | pairs | req/s noise per pair |',
);
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const l of lines) {
  console.log(
    `| ${l.example} | ${l.head} | ${l.verdict} | ${s(l.actionSec)} | ${s(l.prepareSec)} | ${s(l.measureSec)} | ${s(l.profileSec)} | ${l.pairs ?? ''} (${l.stoppedBy ?? ''}) | ${l.rpsNoise === undefined || !Number.isFinite(l.rpsNoise) ? '' : `±${(l.rpsNoise * 100).toFixed(1)}%`} |`,
  );
}
const all = lines.map((l) => l.actionSec).sort((a, b) => a - b);
console.log(`\nthe step: median ${s(quantile(all, 0.5))}, longest ${s(all.at(-1) ?? 0)}`);
