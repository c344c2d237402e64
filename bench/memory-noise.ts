/**
 * The A/A noise of the server's memory per request on the example workflows and on services the tests never saw
 * (bench/servers): each app gated as an unchanged pull request (head = base) by the built action, an example as a
 * runner runs it (test/support/example.ts), a service with its start and paths and every other input at its
 * default; from each gate's rounds, per scenario, the standard deviation of the per-pair log ratios of bytes
 * allocated per request and of GC pause per request; and the leak test's verdict with the spread of its units (each
 * block's head − base slope of heap kept, bytes per request).
 *
 *   npm run build -- --preserve-symlinks && flock /tmp/perf-gate-load.lock npx node bench/memory-noise.ts [gates=1] [example.yml …] [service …]
 *
 * Each gate's rounds (their memory) go to bench/data/memory-aa.jsonl; tables are printed.
 */
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { blockSlopes } from '../src/decide/leak.ts';
import type { Round } from '../src/model/measure.ts';
import type { Report } from '../src/model/report.ts';
import { sd } from '../src/stats/describe.ts';
import { readTree } from '../test/support/example.ts';
import { pullRequestGate } from '../test/support/memory-gate.ts';
import { makeRepo } from '../test/support/repo.ts';
import { exampleGate, PR } from './examples.ts';
import { dataFile, keyValues, machineLine } from './lib.ts';

/** The examples gated by default: those that start no service. */
const EXAMPLES = ['node-http.yml', 'fastify.yml', 'monorepo.yml', 'restify-fixed-port.yml'];
/** Services in bench/servers the tests never saw, and the inputs a user would give them (the rest at defaults). */
const SERVICES: Record<string, Record<string, string>> = {
  'express-api': { start: 'node server.js', paths: '/api/orders?status=open&limit=20\n/api/customers/42' },
  'template-app': { start: 'node server.js', paths: '/catalogue/garden\n/product/8' },
};
const args = process.argv.slice(2);
const gates = Number(keyValues(args.filter((a) => a.includes('='))).gates ?? '1');
const chosen = args.filter((a) => a.endsWith('.yml') || a in SERVICES);
const examples = chosen.length > 0 ? chosen : EXAMPLES;

/** A/A gate of a service in bench/servers by the built action, its inputs as SERVICES gives them. */
async function serviceGate(name: string): Promise<Report> {
  const repo = makeRepo(readTree(fileURLToPath(new URL(`./servers/${name}`, import.meta.url))), {});
  return (await pullRequestGate(repo, SERVICES[name]!, PR, 30 * 60_000)).report;
}

/** The leak test's line: its verdict and the spread of its units (bytes per request), from the gate's rounds. */
function leakLine(app: string, report: Report): string {
  const leak = report.decision?.leaks?.[0];
  const blocks = blockSlopes(report.rounds, report.settings.restartEvery, report.sequential?.pairs ?? 0);
  const units = blocks.map((b) => b.head - b.base);
  const largest = units.length > 0 ? Math.max(...units.map(Math.abs)) : Number.NaN;
  const spread = units.length > 1 ? sd(units).toFixed(2) : '–';
  return `| ${app} | ${leak?.verdict ?? 'not tested'} | ${units.length} | ${spread} | ${largest.toFixed(1)} | ${leak ? `${leak.change.toFixed(2)} (${leak.ci.map((x) => x.toFixed(1)).join(' … ')})` : '–'} |`;
}

/** What regressed in a gate: each comparison that did, as "scenario metric", and the leak test. */
function regressed(report: Report): string[] {
  const d = report.decision;
  const metrics = (d?.comparisons ?? []).filter((c) => c.verdict === 'regression');
  const leaks = (d?.leaks ?? []).filter((l) => l.verdict === 'regression');
  return [...metrics.map((c) => `${c.scenario} ${c.metric}`), ...leaks.map(() => 'leak')];
}

/** Per-pair log ratios of a per-request memory figure, head against base. */
function logRatios(rounds: readonly Round[], value: (r: Round) => number | undefined): number[] {
  const out: number[] = [];
  for (const pair of new Set(rounds.map((r) => r.pair))) {
    const [b, h] = (['base', 'head'] as const).map((side) =>
      value(rounds.find((r) => r.pair === pair && r.side === side)!),
    );
    if (b !== undefined && h !== undefined && b > 0 && h > 0) out.push(Math.log(h / b));
  }
  return out;
}

const perRequest = (of: 'allocatedBytes' | 'gcMs') => (r: Round | undefined) => {
  const m = r?.measurement.memory;
  return m && m.requests > 0 ? m[of] / m.requests : undefined;
};

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
const started = new Date().toISOString();
process.stderr.write(`${started} · ${machineLine()}\n`);
console.log(
  '| example | scenario | pairs | bytes/request (base) | noise of bytes/request | noise of GC pause/request | exact | allocation | gate (regressed) |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |');
const leakLines: string[] = [];
for (const example of examples) {
  for (let g = 0; g < gates; g++) {
    const report =
      example in SERVICES ? await serviceGate(example) : (await exampleGate(example, 'unchanged')).report;
    leakLines.push(leakLine(example, report));
    const memory = report.rounds.map((r) => ({
      pair: r.pair,
      side: r.side,
      scenario: r.scenario,
      memory: r.measurement.memory,
    }));
    appendFileSync(
      dataFile('memory-aa.jsonl'),
      `${JSON.stringify({ started, example, verdict: report.verdict, regressed: regressed(report), restartEvery: report.plan?.processes, memory })}\n`,
    );
    for (const scenario of new Set(report.rounds.map((r) => r.scenario))) {
      const rounds = report.rounds.filter((r) => r.scenario === scenario);
      const alloc = logRatios(rounds, perRequest('allocatedBytes'));
      const gc = logRatios(rounds, perRequest('gcMs'));
      const base = rounds.filter((r) => r.side === 'base').map(perRequest('allocatedBytes'));
      const exact = rounds.every((r) => r.measurement.memory?.exact);
      const verdict = report.decision?.comparisons.find(
        (c) => c.scenario === scenario && c.metric === 'alloc',
      );
      console.log(
        `| ${example} | ${scenario} | ${alloc.length} | ${Math.round(base[0] ?? 0)} | ${alloc.length > 1 ? pct(sd(alloc)) : '–'} | ${gc.length > 1 ? pct(sd(gc)) : '–'} | ${exact} | ${verdict?.verdict ?? '–'} | ${report.verdict} (${regressed(report).join(', ') || 'none'}) |`,
      );
    }
  }
}
console.log(
  '\n| app | leak test | blocks | sd of head − base (bytes/request) | largest | estimate (interval) |',
);
console.log('| --- | --- | ---: | ---: | ---: | --- |');
for (const line of leakLines) console.log(line);
