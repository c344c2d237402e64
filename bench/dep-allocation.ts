/**
 * A real dependency release that allocates more, gated through the built action: bench/servers/ua-app, an express
 * API whose middleware parses the User-Agent with ua-parser-js on every request, its pull request moving
 * ua-parser-js from 1.0.39 to 2.0.3 (the code the same; 2.x builds each result as objects with methods of their
 * own: `is()`, `toString()`, `withClientHints()`, `withFeatureCheck()`, its CHANGELOG's "What's New"). Every input
 * at its default but the config file (two scenarios: a desktop and a mobile User-Agent). Whether allocation per
 * request is a regression, and what the comment's lead and Next line say.
 *
 *   npm run build -- --preserve-symlinks && flock /tmp/perf-gate-load.lock npx node bench/dep-allocation.ts [gates=1]
 *
 * One line per gate goes to bench/data/dep-allocation.jsonl; a table is printed.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { leadOf, pullRequestGate } from '../test/support/memory-gate.ts';
import { type Files, makeRepo } from '../test/support/repo.ts';
import { dataFile, keyValues, machineLine } from './lib.ts';

const APP = fileURLToPath(new URL('./servers/ua-app/', import.meta.url));
const read = (path: string): string => readFileSync(`${APP}${path}`, 'utf8');
const PR = 7;

function tree(side: 'base' | 'head'): Files {
  return {
    'package.json': read(`${side}/package.json`),
    'package-lock.json': read(`${side}/package-lock.json`),
  };
}

async function gate() {
  const shared = { 'server.js': read('server.js'), 'perf-gate.yml': read('perf-gate.yml') };
  const repo = makeRepo({ ...shared, ...tree('base') }, tree('head'));
  const { run, report, comment } = await pullRequestGate(repo, { config: 'perf-gate.yml' }, PR, 30 * 60_000);
  const next = comment.split('\n').find((l) => l.startsWith('**Next:**')) ?? '';
  return { run, report, lead: leadOf(comment), next };
}

const gates = Number(keyValues(process.argv.slice(2).filter((a) => a.includes('='))).gates ?? '1');
const started = new Date().toISOString();
const pct = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
process.stderr.write(`${started} · ${machineLine()}\n`);
const rows: string[] = [];
for (let g = 0; g < gates; g++) {
  const { run, report, lead, next } = await gate();
  const decision = report.decision;
  for (const c of decision?.comparisons.filter((x) => x.metric === 'alloc' || x.metric === 'rps') ?? [])
    rows.push(
      `| ${g + 1} | ${report.verdict} | ${c.scenario} | ${c.metric} | ${Math.round(c.base)} → ${Math.round(c.head)} | ${pct(c.change)} (${pct(c.ci[0])} … ${pct(c.ci[1])}) | ${c.verdict} | ${report.sequential?.pairs} |`,
    );
  const leak = decision?.leaks?.[0];
  rows.push(
    `| ${g + 1} | ${report.verdict} | whole server | leak | ${leak ? `${leak.base.toFixed(1)} → ${leak.head.toFixed(1)} B/request` : '–'} | ${leak ? `${leak.change.toFixed(1)} (${leak.ci.map((x) => x.toFixed(1)).join(' … ')})` : '–'} | ${leak?.verdict ?? 'not tested'} | ${report.sequential?.pairs} |`,
  );
  process.stderr.write(`gate ${g + 1}: memory output "${run.outputs.memory}"\n${lead}\n${next}\n`);
  appendFileSync(
    dataFile('dep-allocation.jsonl'),
    `${JSON.stringify({ started, verdict: report.verdict, memory: run.outputs.memory, lead, next, decision, pairs: report.sequential?.pairs, wallSec: report.timing.wallSec })}\n`,
  );
}
console.log('| gate | verdict | scenario | metric | base → head | change (interval) | its verdict | pairs |');
console.log('| ---: | --- | --- | --- | ---: | --- | --- | ---: |');
for (const row of rows) console.log(row);
