/** Shared by the benchmarks: a throwaway repository whose base and head run the knob server, and one gate on it. */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_BUDGET } from '../src/config/defaults.ts';
import {
  INPUT_DEFAULTS,
  type InputName,
  parseConfig,
  parseDuration,
  parsePercent,
} from '../src/config/inputs.ts';
import { foldMeasure, MEASURE_DEFAULTS, type MeasureKey } from '../src/config/measure.ts';
import { runGate } from '../src/gate/run-gate.ts';
import type { Round } from '../src/model/measure.ts';
import type { TextLog } from '../src/model/notes.ts';
import type { Report } from '../src/model/report.ts';
import { gateLog } from '../src/report/log-text.ts';

/** The `name=value` arguments among `args`, as a record (a value may itself hold `=`); the others are left out. */
export function keyValues(args: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    args
      .filter((a) => a.includes('='))
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

/** The decision rule at the action's defaults, parsed as the action parses its inputs. */
export const DEFAULT_RULE = {
  threshold: parsePercent('threshold', INPUT_DEFAULTS.threshold, { min: 0, max: 1 }),
  latencyThreshold: parsePercent('latency-threshold', MEASURE_DEFAULTS['latency-threshold'], {
    min: 0,
    max: 10,
  }),
  alpha: Number(MEASURE_DEFAULTS.alpha),
  budgetMs: parseDuration('time-budget', DEFAULT_TIME_BUDGET, {
    minMs: 0,
    maxMs: Number.POSITIVE_INFINITY,
  }),
};

/** The one scenario of the recordings replayed (`paths: /`), at the gate's threshold. */
export const RECORDED_SCENARIO = { name: 'GET /', expectStatus: undefined, threshold: undefined };

export interface Knob {
  WORK_ITERS: number;
  DELAY_MS?: number;
  DELAY_EVERY?: number;
}

export interface Case {
  name: string;
  base: Knob;
  head: Knob;
}

/** Nanoseconds of one knob iteration on this machine (JSON.stringify of a small object). */
export function iterationNs(): number {
  const item = { id: 1, name: 'seed', tags: ['heirloom', 'organic'], stock: 7 };
  // The same shape as the knob server's work (bench/servers/knob.cjs): a result per call, used.
  const burn = (n: number): number => {
    let length = 0;
    for (let i = 0; i < n; i++) length += JSON.stringify(item).length;
    return length;
  };
  const warm = burn(500_000);
  const start = process.hrtime.bigint();
  const length = burn(1_000_000);
  const ns = Number(process.hrtime.bigint() - start) / 1_000_000;
  if (!(warm > 0 && length > 0)) throw new Error('the knob work returned nothing');
  return ns;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

function serverFile(knob: Knob): string {
  const env = Object.entries(knob)
    .map(([k, v]) => `process.env.${k} = '${v}';`)
    .join('\n');
  return `${env}\nrequire('./knob.js');\n`;
}

export interface KnobRepo {
  dir: string;
  cleanup(): void;
}

export function makeKnobRepo(c: Case): KnobRepo {
  const dir = mkdtempSync(join(tmpdir(), `perf-gate-bench-${c.name}-`));
  copyFileSync(fileURLToPath(new URL('./servers/knob.cjs', import.meta.url)), join(dir, 'knob.js'));
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'server.js'), serverFile(c.base));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  git(dir, 'checkout', '-q', '-b', 'head');
  writeFileSync(join(dir, 'server.js'), serverFile(c.head));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'head');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const quietLog: TextLog = {
  info: () => {},
  output: () => {},
  warning: (m) => process.stderr.write(`warning: ${m}\n`),
  group: (_name, body) => body(),
};

/** One gate through the real pipeline, with inputs as a user would write them. */
export async function runBenchGate(
  repo: KnobRepo,
  inputs: Partial<Record<InputName | MeasureKey, string>>,
  log: TextLog = quietLog,
): Promise<Report> {
  const outputDir = mkdtempSync(join(tmpdir(), 'perf-gate-bench-out-'));
  try {
    const all: Partial<Record<InputName, string>> = foldMeasure({
      start: 'node server.js',
      install: 'skip',
      flamegraphs: 'off',
      ...inputs,
    });
    const config = parseConfig((name) => all[name] ?? '', { outputDir });
    const sha = (ref: string): string =>
      execFileSync('git', ['rev-parse', ref], { cwd: repo.dir, encoding: 'utf8' }).trim();
    return await runGate({
      config,
      root: repo.dir,
      base: { sha: sha('main'), label: 'main' },
      head: { sha: sha('HEAD'), label: 'head' },
      log: gateLog(log),
    });
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

export function machineLine(): string {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown CPU';
  return `${cpu}, ${execFileSync('nproc', { encoding: 'utf8' }).trim()} CPUs, Node ${process.version}`;
}

/**
 * A file under bench/data. A path joined, not a URL resolved: a variant such as `latency-rate=50%` has a `%`, which
 * a URL would try to decode.
 */
export function dataFile(name: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'data', name);
}

/** The per-pair log ratios of req/s (head against base) of recorded rounds, in pair order. */
export function rpsLogRatios(rounds: readonly Round[]): number[] {
  const pairs = [...new Set(rounds.map((r) => r.pair))].sort((a, b) => a - b);
  return pairs.map((pair) => {
    const rps = (side: string): number => {
      const round = rounds.find((r) => r.pair === pair && r.side === side);
      if (!round) throw new Error(`pair ${pair} has no ${side} round`);
      return round.measurement.rps;
    };
    return Math.log(rps('head') / rps('base'));
  });
}

/**
 * Head's round at `factor` times its req/s, every latency divided by it, as a CPU-bound server's would be in a
 * closed loop; base's as it is. A factor of 1 − s makes head s slower (0.03: 3%): applied to A/A pairs this gives
 * an exact effect with the noise of the recording, where the knob server's effect is only as exact as its
 * calibration.
 */
export function scaled(r: Round, factor: number): Round {
  if (factor === 1 || r.side !== 'head') return r;
  const m = r.measurement;
  const l = m.latencyMs;
  const f = 1 / factor;
  return {
    ...r,
    measurement: {
      ...m,
      rps: m.rps * factor,
      latencyMs: { p50: l.p50 * f, p90: l.p90 * f, p99: l.p99 * f, max: l.max * f, mean: l.mean * f },
    },
  };
}

/** A standard normal draw (Box–Muller) from a uniform source. */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
