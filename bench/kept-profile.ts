/**
 * Whether the kept profile sees one small object kept per request: the profiling pass alone (compareProfiles, as
 * the gate runs it after a leak: every window kept), base test/support/memory-servers.ts's JSON service, head the
 * same keeping `{ url, at }` a request in `remember`, or the same code on both sides (`aa=1`). Per run: the
 * requests a window served, the samples a kept window held, what `remember` kept a request on each side, its p, and
 * what was named.
 *
 *   npm run build -- --preserve-symlinks && flock /tmp/perf-gate-load.lock npx node bench/kept-profile.ts [runs=3] [sec=2] [aa=0]
 *
 * One line per run goes to bench/data/kept-profile.jsonl; a table is printed.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareProfiles } from '../src/profile/compare.ts';
import { memoryServers } from '../test/support/memory-servers.ts';
import { dataFile, keyValues, machineLine } from './lib.ts';

const args = keyValues(process.argv.slice(2));
const runs = Number(args.runs ?? '3');
const sec = Number(args.sec ?? '2');
const aa = args.aa === '1';
const started = new Date().toISOString();
process.stderr.write(`${started} · ${machineLine()}\n`);

const servers = memoryServers(aa ? 'unchanged' : 'keeps');
const rows: string[] = [];
for (let r = 0; r < runs; r++) {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-kept-'));
  try {
    const dirs = { base: join(dir, 'base'), head: join(dir, 'head') };
    for (const side of ['base', 'head'] as const) {
      mkdirSync(dirs[side]);
      writeFileSync(join(dirs[side], 'server.js'), servers[side]['server.js']!);
    }
    const result = await compareProfiles({
      dirs,
      start: 'node server.js',
      port: undefined,
      requests: [{ method: 'GET', path: '/items', headers: {}, body: undefined }],
      durationSec: sec,
      connections: 10,
      readyTimeoutMs: 30_000,
      explain: false,
      explainMemory: true,
      heap: 'kept',
      outDir: join(dir, 'profiles'),
    });
    const e = result.kept?.evidence;
    if (e === undefined) throw new Error('no kept profile');
    const remember = e.functions.find((u) => u.name === 'remember');
    const perWindow = (n: number) => Math.round(n / e.pairs);
    const named = e.named.map((u) => `${u.name} ${u.deltaBytes > 0 ? '+' : ''}${u.deltaBytes.toFixed(0)} B`);
    const p = remember?.p === undefined ? '–' : remember.p.toExponential(1);
    rows.push(
      `| ${r + 1} | ${e.pairs} | ${perWindow(e.base.requests)} / ${perWindow(e.head.requests)} | ${(e.base.samples / e.pairs).toFixed(1)} / ${(e.head.samples / e.pairs).toFixed(1)} | ${e.base.bytes.toFixed(0)} / ${e.head.bytes.toFixed(0)} B | ${remember ? `${remember.baseBytes.toFixed(0)} → ${remember.headBytes.toFixed(0)} B` : '–'} | ${p} | ${named.join('; ') || 'nothing'} |`,
    );
    appendFileSync(dataFile('kept-profile.jsonl'), `${JSON.stringify({ started, aa, sec, evidence: e })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  '| run | pairs | requests a window (base / head) | samples a kept window | kept a request, all | `remember` kept a request | its p | named |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const row of rows) console.log(row);
