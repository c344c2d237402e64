/**
 * Real gates through the action's own code, one design against another: gates on one of three kinds of server,
 * the designs alternating gate by gate (the order reversed each repetition) so that both see the same hour.
 * Appends one JSON line per gate (its rounds included, for replays) to bench/data/gates-<server>@<label>.jsonl and
 * prints each gate's per-pair noise, final interval, pairs and time.
 *
 *   npx node bench/engine-gates.ts <server> <repetitions> [designs=engine=autocannon;engine=kept]
 *       [label=…] [hog=varying] [slower=<share>] [input=value …]
 *
 * server: `knob` (a node:http server doing JSON work, bench/servers/knob.cjs), `koa` (bench/servers/koa-app: 60
 * routes, seven middlewares, installed with npm ci), `restify` (test/fixtures/apps/restify-fixed-port: restify on
 * the fixed port 8080). A/A unless `slower` makes head that share slower (knob only). Each design is a list of
 * inputs joined by `,` (designs are separated by `;`); other `input=value` arguments go to every gate (e.g.
 * `rounds=16` for fixed pairs; the default is the action's own: adaptive within the default budget).
 * `hog=varying`: a process on the servers' CPU busy for 100–600 ms and idle for 100–900 ms at random, throughout.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InputName } from '../src/config/input-parsers.ts';
import type { Metric, Round } from '../src/model/measure.ts';
import type { Report } from '../src/model/report.ts';
import { median, sd } from '../src/stats/describe.ts';
import { dataFile, type KnobRepo, keyValues, machineLine, makeKnobRepo, runBenchGate } from './lib.ts';
import { caseFor } from './record.ts';

type Inputs = Partial<Record<InputName, string>>;

interface Server {
  repo: KnobRepo;
  inputs: Inputs;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** A repository of `source`'s files, base on main and head one empty commit on (A/A). */
function copiedRepo(name: string, source: string): KnobRepo {
  const dir = mkdtempSync(join(tmpdir(), `perf-gate-bench-${name}-`));
  cpSync(source, dir, { recursive: true, filter: (path) => !path.includes('node_modules') });
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  git(dir, 'checkout', '-q', '-b', 'head');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'head');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function server(kind: string, slower: number): Promise<Server> {
  if (kind === 'knob') {
    const c = await caseFor(slower > 0 ? `slower${Math.round(slower * 100)}` : 'aa');
    return { repo: makeKnobRepo(c), inputs: { paths: '/' } };
  }
  if (slower > 0) throw new Error('slower heads are made on the knob server only');
  if (kind === 'koa') {
    const repo = copiedRepo('koa', fileURLToPath(new URL('./servers/koa-app', import.meta.url)));
    return { repo, inputs: { install: 'auto', paths: '/api/v1/items/7' } };
  }
  if (kind === 'restify') {
    const source = fileURLToPath(new URL('../test/fixtures/apps/restify-fixed-port/base', import.meta.url));
    const repo = copiedRepo('restify', source);
    return { repo, inputs: { install: 'auto', paths: '/seed/v1', port: '8080', start: 'node index.js' } };
  }
  throw new Error(`unknown server ${kind}: knob, koa or restify`);
}

/** A process on CPU 0 (the servers' on 2 CPUs) busy and idle by turns of random length; its pid. */
function varyingHog(): number {
  const script =
    'const r=(a,b)=>a+Math.random()*(b-a);const busy=()=>{const end=Date.now()+r(100,600);while(Date.now()<end);setTimeout(busy,r(100,900))};busy()';
  // Started through a shell that leaves it behind, so that it is not in this process's tree (the gate counts
  // its own tree as its own CPU, not as a disturbance).
  return Number(
    execFileSync(
      'sh',
      ['-c', `taskset -c 0 '${process.execPath}' -e "${script}" >/dev/null 2>&1 & echo $!`],
      { encoding: 'utf8' },
    ).trim(),
  );
}

/** The per-pair log ratios of a metric, in pair order (pairs with a usable value on both sides). */
function logRatios(rounds: readonly Round[], metric: Metric): number[] {
  const value = (r: Round): number =>
    metric === 'rps'
      ? r.measurement.rps
      : metric === 'p50'
        ? r.measurement.latencyMs.p50
        : r.measurement.latencyMs.p99;
  const pairs = Map.groupBy(rounds, (r) => `${r.pair}|${r.scenario}`);
  const out: number[] = [];
  for (const pair of pairs.values()) {
    const base = pair.find((r) => r.side === 'base');
    const head = pair.find((r) => r.side === 'head');
    if (base && head && value(base) > 0 && value(head) > 0) out.push(Math.log(value(head) / value(base)));
  }
  return out;
}

/** The load generator's CPU time per request (µs), median over the rounds. */
function loadgenUsPerRequest(rounds: readonly Round[]): number {
  const per = rounds
    .filter((r) => r.measurement.responses > 0)
    .map((r) => (r.measurement.loadgenCpu * r.measurement.elapsedSec * 1e6) / r.measurement.responses);
  return per.length ? median(per) : Number.NaN;
}

function summary(design: string, report: Report, wallSec: number) {
  const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
  const p99 = report.decision?.comparisons.find((c) => c.metric === 'p99');
  const rounds = report.rounds;
  return {
    design,
    recordedAt: new Date().toISOString(),
    verdict: report.verdict,
    ...(report.error ? { error: `${report.error.code}: ${report.error.message}` } : {}),
    pairs: report.sequential?.pairs,
    stoppedBy: report.sequential?.stoppedBy,
    measureSec: report.timing.measureSec,
    wallSec,
    sd: {
      rps: sd(logRatios(rounds, 'rps')),
      p50: sd(logRatios(rounds, 'p50')),
      p99: sd(logRatios(rounds, 'p99')),
    },
    change: rps?.change,
    ci: rps?.ci,
    width: rps ? Math.log1p(rps.ci[1]) - Math.log1p(rps.ci[0]) : undefined,
    p99ci: p99?.ci,
    loadgenUs: loadgenUsPerRequest(rounds),
    turnSec: report.plan?.scenarios[0]?.turnSec,
    unit: report.plan?.unit,
    restartEvery: report.settings.restartEvery,
    pairSec: report.plan?.pairSec,
    blocks: report.sequential?.blocks,
    disturbedPairs: report.sequential?.disturbedPairs,
    keptDisturbedPairs: report.sequential?.keptDisturbedPairs,
    rounds,
  };
}

const args = process.argv.slice(2);
const options = keyValues(args);
const positional = args.filter((a) => !a.includes('='));
const [kind = 'knob', repsText = '2'] = positional;
const { label = 'run', hog: hogKind, slower: slowerText, designs: designsText, ...given } = options;
const designs = (designsText ?? 'engine=autocannon;engine=kept').split(';');
const slower = Number(slowerText ?? 0);
const s = await server(kind, slower);
const hog = hogKind === 'varying' ? varyingHog() : undefined;
const log = dataFile(`gates-${kind}@${label}.jsonl`);
console.log(
  `${new Date().toISOString()}: npx node bench/engine-gates.ts ${args.join(' ')} on ${machineLine()}${hog ? ', beside a varying load on CPU 0' : ''}`,
);
try {
  for (let rep = 0; rep < Number(repsText); rep++) {
    const order = rep % 2 === 0 ? designs : [...designs].reverse();
    for (const design of order) {
      const inputs: Inputs = {
        ...s.inputs,
        ...(given as Inputs),
        ...(keyValues(design.split(',')) as Inputs),
      };
      const started = Date.now();
      const report = await runBenchGate(s.repo, inputs);
      const line = {
        server: kind,
        slower,
        repetition: rep,
        ...summary(design, report, (Date.now() - started) / 1000),
      };
      appendFileSync(log, `${JSON.stringify(line)}\n`);
      const { rounds: _rounds, ...shown } = line;
      const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(2)}%`);
      console.log(
        `${design}: ${shown.verdict}, ${shown.pairs} pairs (${shown.stoppedBy}) in ${shown.measureSec.toFixed(0)} s; sd per pair rps ${pct(shown.sd.rps)}, p50 ${pct(shown.sd.p50)}, p99 ${pct(shown.sd.p99)}; change ${pct(shown.change)} [${pct(shown.ci?.[0])}, ${pct(shown.ci?.[1])}]; generator ${shown.loadgenUs.toFixed(1)} µs/request; turns ${shown.turnSec} s${shown.error ? `; ${shown.error}` : ''}`,
      );
    }
  }
} finally {
  if (hog !== undefined) process.kill(hog, 'SIGKILL');
  s.repo.cleanup();
}
