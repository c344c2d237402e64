/**
 * Checks that the speed-ups of bench/SUITE.md §35 give the same results as the code before them, bit for bit:
 * src/ of an older commit (default 3516d9c) is extracted beside this one and both are run on the same inputs.
 *
 *   npx node bench/same-results.ts [commit]
 */
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseReportFile } from '../src/config/report-file.ts';
import { buildProfile } from '../src/profile/ticks.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { confirmationPairs, earlyLookPoints, planLooks } from '../src/stats/look-schedule.ts';
import { perLookLevel } from '../src/stats/sequential-boundary.ts';
import { walshAverages } from '../src/stats/wilcoxon.ts';
import { gateReport } from '../test/support/reports.ts';

const commit = process.argv[2] ?? '3516d9c';
// Inside the repository (.tmp/ is ignored by git), where the old src/ finds node_modules.
mkdirSync('.tmp', { recursive: true });
const dir = mkdtempSync(join('.tmp', 'same-results-'));
execSync(`git archive ${commit} src | tar -x -C ${dir}`);
const old = {
  boundary: await import(resolve(dir, 'src/stats/sequential-boundary.ts')),
  wilcoxon: await import(resolve(dir, 'src/stats/wilcoxon.ts')),
  ticks: await import(resolve(dir, 'src/profile/ticks.ts')),
  reportFile: await import(resolve(dir, 'src/config/report-file.ts')),
};
const rng = mulberry32(1);
const same = (a: unknown, b: unknown, what: string) => {
  assert.deepStrictEqual(a, b, what);
  assert.equal(JSON.stringify(a), JSON.stringify(b), what);
};

// perLookLevel: the adaptive gates' schedules (early looks and confirmation included) and random ones.
const designs: [number, number[]][] = [];
for (const alpha of [0.1, 0.05, 0.01, 0.05 / 3, 0.05 / 36, 0.001, 0.5])
  for (const pairs of [14, 24, 40, 100, 300])
    for (const restartEvery of [1, 2]) {
      const planned = [...earlyLookPoints(pairs, restartEvery), ...planLooks(pairs)];
      designs.push([alpha, [...planned, planned[planned.length - 1]! + confirmationPairs(pairs)]]);
    }
for (let i = 0; i < 40; i++) {
  let n = 0;
  const looks = Array.from({ length: 2 + Math.floor(rng() * 12) }, () => (n += 1 + Math.floor(rng() * 30)));
  designs.push([[0.2, 0.05, 0.02, 0.004][Math.floor(rng() * 4)]!, looks]);
}
for (const [alpha, looks] of designs)
  assert.ok(
    Object.is(perLookLevel(alpha, looks), old.boundary.perLookLevel(alpha, looks)),
    `${alpha} ${looks}`,
  );

// Walsh averages, with ties, +0 and -0.
const value = () => [0, -0, Math.round(rng() * 4 - 2), (rng() - 0.5) * 10][Math.floor(rng() * 4)]!;
for (let i = 0; i < 5000; i++) {
  const d = Array.from({ length: Math.floor(rng() * 60) }, value);
  const [a, b] = [walshAverages(d), old.wilcoxon.walshAverages(d) as number[]];
  assert.ok(a.length === b.length && a.every((x, j) => Object.is(x, b[j])), JSON.stringify(d));
}

// Profiles of random samples: JS, tiers, dependencies, native, idle, GC, start-up, instrumentation, recursion.
const frames = [
  ['handle /app/index.js:1:1', 'JS'],
  ['*hot /app/lib/a.js:3:4', 'JS'],
  ['~hot /app/lib/a.js:3:4', 'JS'],
  ['dep /app/node_modules/x/y.js:9:1', 'JS'],
  ['writev@@GLIBC_2.2.5', 'SHARED_LIB'],
  ['epoll_wait', 'SHARED_LIB'],
  ['(garbage collector)', 'CPP'],
  ['Module._load node:internal/modules/cjs/loader:1:1', 'JS'],
  ['x /tmp/0x/lib/preload/a.js:1:1', 'JS'],
  ['f file:///app/u%20v.js:2:2', undefined],
].map(([name, type]) => ({ name: name!, type }));
for (let i = 0; i < 1000; i++) {
  const ticks = Array.from({ length: Math.floor(rng() * 200) }, () =>
    Array.from({ length: Math.floor(rng() * 7) }, () => frames[Math.floor(rng() * frames.length)]!),
  );
  const roots = rng() < 0.5 ? ['/app'] : [];
  same(buildProfile(ticks, { roots }), old.ticks.buildProfile(ticks, { roots }), 'profile');
}

// report.json read back, nulls in objects and arrays.
const report = JSON.parse(JSON.stringify(gateReport({ paths: { '/a': 0.9 }, pairs: 12 })));
report.rounds[0].measurement.serverCpu = null;
report.settings.scenarios.push(null);
for (const text of [
  JSON.stringify(gateReport({ paths: { '/a': 0.9 }, pairs: 12 })),
  JSON.stringify(report),
]) {
  const read = (parse: typeof parseReportFile) => {
    try {
      return parse(text, 'r.json');
    } catch (error) {
      return String(error);
    }
  };
  same(read(parseReportFile), read(old.reportFile.parseReportFile), 'report.json');
}

rmSync(dir, { recursive: true, force: true });
console.log(`the same results as ${commit}: ${designs.length} levels, 5,000 Walsh averages, 1,000 profiles`);
