/**
 * Real gates with the profile on, counting what the profile names (bench/NOTEBOOK.md §22, "Profiles with evidence").
 *
 *   npx node bench/profile-gates.ts <case> <gates> [input=value …]
 *
 * Cases: `aa`, the restify seed service of test/fixtures/restify with a pull request that only changes README.md
 * (the same code on both sides); `listener`, the seed's bug (its head re-attaches a listener on every request);
 * `dep-bump`, test/fixtures/dep-bump (a dependency's new version does more work in many small functions). Each
 * tree's node_modules is installed once and committed, so the gates install nothing. A line per gate goes to
 * bench/data/profile-<case>.jsonl; inputs given as name=value replace the defaults (rounds=8, duration=1s).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../src/model/report.ts';
import { profileSection } from '../src/report/profile.ts';
import { dataFile, keyValues, machineLine, runBenchGate } from './lib.ts';

const FIXTURES = fileURLToPath(new URL('../test/fixtures/', import.meta.url));

/** Each side's files (relative path → where to copy it from under test/fixtures, or `=text`), and the path loaded. */
interface ProfileCase {
  base: Record<string, string>;
  head: Record<string, string>;
  path: string;
}

const restify = (side: 'base' | 'head'): Record<string, string> => ({
  'package.json': 'restify/package.json',
  'package-lock.json': 'restify/package-lock.json',
  'index.js': `restify/${side}/index.js`,
  'lib/util.js': `restify/${side}/lib/util.js`,
});
const depBump = (side: 'base' | 'head'): Record<string, string> => ({
  'package.json': 'dep-bump/package.json',
  '.npmrc': 'dep-bump/npmrc',
  'package-lock.json': `dep-bump/${side}/package-lock.json`,
  'index.js': 'dep-bump/index.js',
  'vendor/fmtkit/package.json': `dep-bump/${side}/vendor/fmtkit/package.json`,
  'vendor/fmtkit/index.js': `dep-bump/${side}/vendor/fmtkit/index.js`,
});

const CASES: Record<string, ProfileCase> = {
  aa: {
    base: restify('base'),
    head: { ...restify('base'), 'README.md': '=# seed-service\n\nServes seeds.\n' },
    path: '/seed/v1',
  },
  listener: { base: restify('base'), head: restify('head'), path: '/seed/v1' },
  'dep-bump': { base: depBump('base'), head: depBump('head'), path: '/' },
};

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** Writes a side's files into dir and installs its node_modules there (npm ci), for the commit to carry. */
function writeSide(dir: string, files: Record<string, string>): void {
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  for (const [to, from] of Object.entries(files))
    if (from.startsWith('=')) writeFileSync(join(dir, to), from.slice(1));
    else cpSync(join(FIXTURES, from), join(dir, to));
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
}

function makeRepo(c: ProfileCase): string {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-bench-profile-'));
  git(dir, 'init', '-q', '-b', 'main');
  writeSide(dir, c.base);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  git(dir, 'checkout', '-q', '-b', 'head');
  writeSide(dir, c.head);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'head');
  return dir;
}

/** What one gate's profile said: the verdict, whether it had a change to explain, and what it named. */
function summary(report: Report, gate: number): Record<string, unknown> {
  const profile = report.profile;
  const evidence = profile?.evidence;
  const rps = report.decision?.comparisons.find((x) => x.metric === 'rps');
  const cpu = report.decision?.comparisons.find((x) => x.metric === 'cpu');
  return {
    gate,
    verdict: report.verdict,
    ...(report.error ? { error: `${report.error.code}: ${report.error.message}` } : {}),
    change: rps?.change,
    cpuChange: cpu?.change,
    significant: report.decision?.comparisons.filter((x) => x.significant).map((x) => x.metric),
    profiled: profile !== undefined,
    notes: profile === undefined ? report.notes : undefined,
    hotter: profile?.hotter.map((h) => `${h.unit ?? 'function'} ${h.fn} ${h.file}:${h.line}`),
    explain: evidence?.explain,
    pairs: evidence?.pairs,
    tested: evidence?.tested,
    named: evidence?.named.map(
      (u) => `${u.level} ${u.name} ${u.deltaUs.toFixed(2)}µs p=${u.p?.toExponential(1)}`,
    ),
    // Units with evidence whether or not the gate had a change to explain: what the test alone would name.
    evident: evidence?.evident,
    // The smallest p of the units report.json keeps, and the first step of Holm's it would have to pass.
    minP: evidence
      ? Math.min(...[...evidence.functions, ...evidence.files, ...evidence.packages].map((u) => u.p ?? 1))
      : undefined,
    holmFirst: evidence ? evidence.level / Math.max(1, evidence.tested) : undefined,
    profileSec: profile?.seconds,
  };
}

const args = process.argv.slice(2);
const inputs = keyValues(args);
const [name = 'aa', gatesText = '1'] = args.filter((a) => !a.includes('='));
const c = CASES[name];
if (c === undefined) throw new Error(`no case ${name}: ${Object.keys(CASES).join(', ')}`);
const repo = makeRepo(c);
const log = dataFile(`profile-${name}.jsonl`);
console.log(`${machineLine()}; ${new Date().toISOString()}; ${name}, ${gatesText} gates`);
const counts = { gates: 0, hotter: 0, evident: 0 };
try {
  for (let g = 1; g <= Number(gatesText); g++) {
    const report = await runBenchGate(
      { dir: repo, cleanup: () => {} },
      {
        start: 'node index.js',
        rounds: '8',
        duration: '1s',
        flamegraphs: 'true',
        ...inputs,
        paths: c.path,
      },
    );
    const line = summary(report, g);
    counts.gates++;
    if ((report.profile?.hotter.length ?? 0) > 0) counts.hotter++;
    if ((report.profile?.evidence?.evident ?? 0) > 0) counts.evident++;
    appendFileSync(log, `${JSON.stringify({ at: new Date().toISOString(), case: name, ...line })}\n`);
    console.log(JSON.stringify(line));
    // PROFILE_MD=1 prints the comment's profile section too.
    if (process.env.PROFILE_MD === '1')
      console.log(report.profile ? profileSection(report.profile) : report.notes.join('\n'));
  }
} finally {
  rmSync(repo, { recursive: true, force: true });
}
console.log(
  `${counts.gates} gates: ${counts.hotter} named something hotter; ${counts.evident} had a unit with evidence (named or not)`,
);
