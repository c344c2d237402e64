/**
 * A server on a fixed port against the same server on PORT: is moving the fixed port (the port preload, side by
 * side in slices) as quiet as a server that reads PORT? Real A/A gates of the restify example app
 * (test/fixtures/apps/restify-fixed-port: always 8080, `port: 8080`) and of the same app reading PORT, taking
 * turns gate by gate (the order swapped every repetition), so both see the same hours of the host. Each gate is
 * `rounds` pairs at the default settings, installed from the app's lock file.
 *
 *   npx node bench/fixed-port.ts [repetitions=4] [rounds=8] [variants=fixed,env[,rounds]] [label=…]
 *
 * Prints per variant the sd (and IQR / 1.35) of the per-pair log ratio of req/s and p50, and the ratio of the
 * sds; writes each variant's pairs, pooled, as a recording (data/restify-<variant>[@label].json, the format of
 * bench/record.ts) that bench/oc.ts can replay.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Round } from '../src/model/measure.ts';
import { median, quantile, sd } from '../src/stats/describe.ts';
import { dataFile, type KnobRepo, keyValues, machineLine, runBenchGate } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const repetitions = Number(options.repetitions ?? '4');
const rounds = Number(options.rounds ?? '8');
const label = options.label === undefined ? '' : `@${options.label}`;
const variants = (options.variants ?? 'fixed,env').split(',') as Variant[];
const APP = fileURLToPath(new URL('../test/fixtures/apps/restify-fixed-port/base/', import.meta.url));

/** `rounds`: the fixed port as before it was moved, a fresh process per whole round (`restart-every: 0`). */
type Variant = 'fixed' | 'env' | 'rounds';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** A repository whose base and head are both the example app; `env`: it listens on PORT instead of 8080. */
function appRepo(variant: Variant): KnobRepo {
  const dir = mkdtempSync(join(tmpdir(), `perf-gate-bench-restify-${variant}-`));
  cpSync(APP, dir, { recursive: true });
  renameSync(join(dir, 'gitignore'), join(dir, '.gitignore'));
  if (variant === 'env') {
    const index = join(dir, 'index.js');
    const code = readFileSync(index, 'utf8').replace(
      'const PORT = 8080;',
      'const PORT = Number(process.env.PORT);',
    );
    if (!code.includes('process.env.PORT'))
      throw new Error('the example app no longer sets `const PORT = 8080;`');
    writeFileSync(index, code);
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  git(dir, 'checkout', '-q', '-b', 'head');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'head');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The per-pair log ratios (head ÷ base) of one metric of one gate's rounds, in pair order. */
function logRatios(rs: readonly Round[], value: (r: Round) => number): number[] {
  const pairs = [...new Set(rs.map((r) => r.pair))].sort((a, b) => a - b);
  return pairs.map((pair) => {
    const side = (s: string) => rs.find((r) => r.pair === pair && r.side === s);
    const base = side('base');
    const head = side('head');
    if (!base || !head) throw new Error(`pair ${pair} lacks a side`);
    return Math.log(value(head) / value(base));
  });
}

const robust = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / 1.35;
};
const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

const repos = Object.fromEntries(variants.map((v) => [v, appRepo(v)])) as Record<Variant, KnobRepo>;
const pooled: Record<Variant, Round[]> = { fixed: [], env: [], rounds: [] };
const seconds: Record<Variant, number> = { fixed: 0, env: 0, rounds: 0 };
let settings: unknown;
const started = Date.now();
try {
  for (let rep = 0; rep < repetitions; rep++) {
    const order = rep % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const report = await runBenchGate(repos[variant], {
        install: '',
        start: 'node index.js',
        paths: '/seed/v1',
        rounds: String(rounds),
        ...(variant === 'env' ? {} : { port: '8080' }),
        ...(variant === 'rounds' ? { 'restart-every': '0' } : {}),
      });
      if (report.error) throw new Error(`${variant}: ${report.error.message}\n${report.error.output ?? ''}`);
      if (variant === 'fixed' && report.notes.some((n) => n.kind === 'port-not-moved'))
        throw new Error('the fixed port was not moved: the gate fell back to whole rounds');
      // Pairs renumbered after the ones before, so that blocks of processes stay whole in the pooled recording.
      const offset = pooled[variant].length / 2;
      pooled[variant].push(...report.rounds.map((r) => ({ ...r, pair: r.pair + offset })));
      seconds[variant] += report.timing.measureSec;
      settings = report.settings;
      const rps = logRatios(report.rounds, (r) => r.measurement.rps);
      console.log(`repetition ${rep + 1}, ${variant}: ${rps.length} pairs, sd of req/s ${percent(sd(rps))}`);
    }
  }
} finally {
  for (const repo of Object.values(repos)) repo.cleanup();
}

const rows: string[] = [];
const sds: Record<Variant, number> = { fixed: 0, env: 0, rounds: 0 };
const NAMES: Record<Variant, string> = {
  fixed: 'always 8080, `port: 8080` (moved, side by side)',
  env: 'PORT (side by side)',
  rounds: 'always 8080, whole rounds (`restart-every: 0`, as before)',
};
for (const variant of variants) {
  const rps = logRatios(pooled[variant], (r) => r.measurement.rps);
  const p50 = logRatios(pooled[variant], (r) => r.measurement.latencyMs.p50);
  sds[variant] = sd(rps);
  const pairs = rps.length;
  rows.push(
    `| ${NAMES[variant]} | ${pairs} | ${percent(sd(rps))} | ${percent(robust(rps))} | ${percent(Math.expm1(median(rps)))} | ${percent(sd(p50))} | ${(seconds[variant] / pairs).toFixed(1)} s |`,
  );
  writeFileSync(
    dataFile(`restify-${variant}${label}.json`),
    `${JSON.stringify({
      case: { name: `restify-${variant}` },
      recordedAt: new Date().toISOString(),
      machine: machineLine(),
      settings,
      pairs,
      measureSec: seconds[variant],
      pairSec: seconds[variant] / pairs,
      effect: Math.expm1(median(rps)),
      noise: sd(rps),
      rounds: pooled[variant],
    })}\n`,
  );
}
console.log(
  `\n${new Date().toISOString()}, ${machineLine()}; npx node bench/fixed-port.ts ${process.argv.slice(2).join(' ')}\n`,
);
console.log('| server | pairs | sd req/s | robust sd | median change | sd p50 | s per pair |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
if (sds.fixed > 0 && sds.env > 0)
  console.log(`\nfixed ÷ PORT, sd of req/s: ${(sds.fixed / sds.env).toFixed(2)} (target ≤ 1.25)`);
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
