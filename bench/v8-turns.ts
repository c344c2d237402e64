/**
 * What varies inside a server from turn to turn: two identical server processes (A/A) on CPU 0 take turns of
 * `slice` seconds (ABBA, 3 s of load per side per pair, autocannon in this process as in bench/interleave.ts), while
 * V8 logs every optimised compilation and deoptimisation (--log-code, --log-deopt, with timestamps) and a preload
 * records every garbage collection (perf_hooks). Each event is lined up with the turn it fell in. Prints how much
 * of the per-pair noise of req/s the sides' differences in GC time, compilations and deoptimisations explain, how
 * a turn's rate moves with its own GC time, how fast each turn's first responses come (connection set-up), and the
 * estimate from the median of each side's turns instead of their sum.
 *
 *   npx node bench/v8-turns.ts [pairs=20] [slice=0.25] [app=<directory> entry=<file> path=<path>]
 *
 * The server is the knob server (bench/servers/knob.cjs), or with `app` a server of one's own, installed, started
 * as `node <flags> <entry>` in that directory on PORT and loaded on `path`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../src/io/server.ts';
import { sampleTickMs } from '../src/load/plan.ts';
import { mean, median, sd } from '../src/stats/describe.ts';
import { keyValues } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const positional = process.argv.slice(2).filter((a) => !a.includes('='));
const pairs = Number(positional[0] ?? 20);
const sliceSec = Number(positional[1] ?? 0.25);
const dir = options.app ?? fileURLToPath(new URL('./servers/', import.meta.url));
const entry = options.entry ?? 'knob.cjs';
const path = options.path ?? '/';
const perSideSec = 3;
const preload = fileURLToPath(new URL('./servers/gc-preload.cjs', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'perf-gate-v8-turns-'));

interface Turn {
  side: 0 | 1;
  pair: number;
  /** Epoch ms of the turn's start and end, and of its first response. */
  start: number;
  end: number;
  firstMs: number;
  n: number;
  sec: number;
}

/** One turn of load: responses and the span between the first and the last of them. */
function turn(url: string, seconds: number): Promise<{ n: number; sec: number; firstMs: number }> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let first = 0;
    let last = 0;
    const started = performance.now();
    const instance = autocannon(
      { url, connections: 10, duration: seconds, sampleInt: sampleTickMs(seconds) },
      (error) => {
        if (error) reject(error);
        else resolve({ n: n - 1, sec: (last - first) / 1000, firstMs: first - started });
      },
    );
    instance.on('response', () => {
      const t = performance.now();
      if (n === 0) first = t;
      last = t;
      n++;
    });
  });
}

const epoch = (): number => performance.timeOrigin + performance.now();

const servers = await Promise.all(
  ([0, 1] as const).map((i) =>
    startServer({
      side: i === 0 ? 'base' : 'head',
      cwd: dir,
      start: `taskset -c 0 node --log-code --log-deopt --no-logfile-per-isolate --logfile=${join(out, `v8-${i}.log`)} -r ${preload} ${entry}`,
      port: undefined,
      readyPath: path,
      readyTimeoutMs: 20_000,
      env: { WORK_ITERS: '400', GC_OUT: join(out, `gc-${i}.json`) },
    }),
  ),
);
const urls = servers.map((s) => `${s.origin}${path}`);
for (let i = 0; i < 3; i++) for (const url of urls) await turn(url, 1.5);
const measuredFrom = epoch();
const turns: Turn[] = [];
const count = Math.max(1, Math.round(perSideSec / sliceSec));
for (let p = 0; p < pairs; p++) {
  for (let i = 0; i < 2 * count; i++) {
    const first = (p + Math.floor(i / 2)) % 2 === 0;
    const side = (i % 2 === 0) === first ? 0 : 1;
    const start = epoch();
    const got = await turn(urls[side]!, sliceSec);
    turns.push({ side, pair: p, start, end: epoch(), ...got });
  }
}
for (const s of servers) await s.stop();

/** Events of one server in epoch ms: GC pauses (with their length), optimised compilations and deoptimisations. */
interface Events {
  gc: { at: number; ms: number }[];
  opt: number[];
  deopt: number[];
}

function events(i: number): Events {
  const gc = JSON.parse(readFileSync(join(out, `gc-${i}.json`), 'utf8')) as {
    timeOrigin: number;
    gc: { start: number; ms: number }[];
  };
  const opt: number[] = [];
  const deopt: number[] = [];
  // V8's log counts µs from about when the process started, as performance.timeOrigin does.
  for (const line of readFileSync(join(out, `v8-${i}.log`), 'utf8').split('\n')) {
    const f = line.split(',');
    if (f[0] === 'code-creation' && f[1] === 'JS' && /^[*+]$/.test(f.at(-1) ?? ''))
      opt.push(gc.timeOrigin + Number(f[3]) / 1000);
    else if (f[0] === 'code-deopt') deopt.push(gc.timeOrigin + Number(f[1]) / 1000);
  }
  return { gc: gc.gc.map((g) => ({ at: gc.timeOrigin + g.start, ms: g.ms })), opt, deopt };
}

const ev = [events(0), events(1)] as const;
const inTurn = (t: Turn, at: number) => at >= t.start && at < t.end;
const stats = turns.map((t) => {
  const e = ev[t.side];
  return {
    t,
    rate: t.n / t.sec,
    gcMs: e.gc.filter((g) => inTurn(t, g.at)).reduce((s, g) => s + g.ms, 0),
    opt: e.opt.filter((at) => inTurn(t, at)).length,
    deopt: e.deopt.filter((at) => inTurn(t, at)).length,
  };
});

/** Share of the variance of y that a least-squares line in x explains. */
function r2(x: number[], y: number[]): number {
  const [mx, my] = [mean(x), mean(y)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy);
}

const perPair = Array.from({ length: pairs }, (_, p) => {
  const of = (side: 0 | 1) => stats.filter((s) => s.t.pair === p && s.t.side === side);
  const [a, b] = [of(0), of(1)];
  const sum = (xs: typeof a, f: (s: (typeof a)[number]) => number) => xs.reduce((s, x) => s + f(x), 0);
  const rate = (xs: typeof a) => sum(xs, (s) => s.t.n) / sum(xs, (s) => s.t.sec);
  const load = (xs: typeof a) => sum(xs, (s) => s.t.end - s.t.start);
  return {
    logRatio: Math.log(rate(b) / rate(a)),
    medianLogRatio: Math.log(median(b.map((s) => s.rate)) / median(a.map((s) => s.rate))),
    gcShare: sum(b, (s) => s.gcMs) / load(b) - sum(a, (s) => s.gcMs) / load(a),
    opt: sum(b, (s) => s.opt) - sum(a, (s) => s.opt),
    deopt: sum(b, (s) => s.deopt) - sum(a, (s) => s.deopt),
  };
});
const ratios = perPair.map((p) => p.logRatio);
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const minutes = (epoch() - measuredFrom) / 60_000;
console.log(`${new Date().toISOString()}: npx node bench/v8-turns.ts ${process.argv.slice(2).join(' ')}`);
console.log(
  `per-pair sd of the req/s log ratio: ${pct(sd(ratios))} (sum of turns), ${pct(sd(perPair.map((p) => p.medianLogRatio)))} (median of turns); ${pairs} pairs, turns of ${sliceSec * 1000} ms`,
);
console.log(
  `share of that variance explained: GC time ${pct(
    r2(
      perPair.map((p) => p.gcShare),
      ratios,
    ),
  )}, optimised compilations ${pct(
    r2(
      perPair.map((p) => p.opt),
      ratios,
    ),
  )}, deoptimisations ${pct(
    r2(
      perPair.map((p) => p.deopt),
      ratios,
    ),
  )}`,
);
for (const i of [0, 1] as const) {
  const e = ev[i];
  const measured = (at: number) => at >= measuredFrom;
  const gcMs = e.gc.filter((g) => measured(g.at)).reduce((s, g) => s + g.ms, 0);
  console.log(
    `process ${i}: while measured, GC ${e.gc.filter((g) => measured(g.at)).length} pauses, ${gcMs.toFixed(0)} ms (${pct(gcMs / (minutes * 60_000))} of the wall time); ${e.opt.filter(measured).length} optimised compilations, ${e.deopt.filter(measured).length} deoptimisations (before: ${e.opt.filter((at) => !measured(at)).length} and ${e.deopt.filter((at) => !measured(at)).length})`,
  );
}
// Within one side, a turn's rate against its own GC time, relative to that side's median rate.
const rel = stats.map((s) =>
  Math.log(s.rate / median(stats.filter((o) => o.t.side === s.t.side).map((o) => o.rate))),
);
const gcFrac = stats.map((s) => s.gcMs / (s.t.end - s.t.start));
console.log(
  `turns: sd of a turn's rate about its side's median ${pct(sd(rel))}; GC time explains ${pct(r2(gcFrac, rel))} of it; turns with an optimised compilation or deoptimisation: ${stats.filter((s) => s.opt + s.deopt > 0).length} of ${stats.length}; first response ${median(turns.map((t) => t.firstMs)).toFixed(2)} ms after a turn starts (median; p90 ${[...turns.map((t) => t.firstMs)].sort((x, y) => x - y)[Math.floor(turns.length * 0.9)]!.toFixed(2)} ms)`,
);
rmSync(out, { recursive: true, force: true });
