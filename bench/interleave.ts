/**
 * Experiment: how finely should base and head alternate within a pair? Two identical servers (A/A) on one CPU, the
 * load generator in this process. Every pair gives each side 3 s of load, cut into slices of the given lengths and
 * alternated ABBA…; the designs take turns pair by pair, so all of them see the same host. Prints, per design, the
 * sd and the robust spread (IQR / 1.35) of the per-pair log ratio of req/s, and its mean (with its standard error):
 * the change each design estimates, 0 for A/A and alike across designs when head is made slower.
 *
 *   npx node bench/interleave.ts [pairs=20] [designs=3,1,0.5,0.25] [head-work=<iterations>]
 *       [app=<directory> start=<command> path=<path>]
 *
 * A design is a turn length in seconds (`0.05`), optionally with its connections (`0.05c30`; 10 otherwise), or a
 * request count per turn (`r300`: as many turns as 50 ms turns would take, each ending after that many responses),
 * or a turn length with 10 connections kept open across turns (`k0.05`, bench/kept-client.ts).
 * Each design is also estimated from the median of each side's turn rates instead of their sum.
 *
 * The server is the knob server (400 iterations per request; `head-work` gives head another count), or with `app`
 * a server of one's own, installed, started in that directory by `start` on PORT and loaded on `path`.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { quantile } from 'simple-statistics';
import { startServer } from '../src/io/server.ts';
import { sampleTickMs } from '../src/load/plan.ts';
import { mean, median, sd } from '../src/stats/describe.ts';
import { KeptClient } from './kept-client.ts';
import { keyValues } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const positional = process.argv.slice(2).filter((a) => !a.includes('='));
const dir = options.app ?? fileURLToPath(new URL('./servers/', import.meta.url));
const start = options.start ?? 'node knob.cjs';
const path = options.path ?? '/';
const pairs = Number(positional[0] ?? 20);
const perSideSec = 3;
const designs = (positional[1] ?? '3,1,0.5,0.25').split(',').map(design);
const headWork = options['head-work'] ?? '400';

interface Design {
  name: string;
  /** Seconds per turn, or undefined for a request count. */
  seconds?: number;
  requests?: number;
  connections: number;
  turns: number;
  /** Connections kept open across turns (bench/kept-client.ts) instead of a fresh autocannon per turn. */
  kept?: boolean;
}

function design(text: string): Design {
  const kept = /^k([\d.]+)$/.exec(text);
  if (kept) {
    const length = Number(kept[1]);
    return {
      name: text,
      seconds: length,
      connections: 10,
      turns: Math.round(perSideSec / length),
      kept: true,
    };
  }
  const count = /^r(\d+)$/.exec(text);
  if (count) return { name: text, requests: Number(count[1]), connections: 10, turns: perSideSec / 0.05 };
  const [seconds, connections = '10'] = text.split('c');
  const length = Number(seconds);
  return {
    name: text,
    seconds: length,
    connections: Number(connections),
    turns: Math.max(1, Math.round(perSideSec / length)),
  };
}

const keptClients = new Map<string, KeptClient>();

/** Responses and the time between the first and the last of them. */
function slice(url: string, d: Design): Promise<{ n: number; sec: number }> {
  if (d.kept) {
    const client = keptClients.get(url) ?? new KeptClient(url, d.connections);
    keptClients.set(url, client);
    return client.turn(d.seconds!);
  }
  return new Promise((resolve, reject) => {
    let n = 0;
    let first = 0;
    let last = 0;
    const length = d.seconds ?? 1;
    const instance = autocannon(
      {
        url,
        connections: d.connections,
        ...(d.requests === undefined ? { duration: length } : { amount: d.requests }),
        sampleInt: sampleTickMs(length),
      },
      (error) => {
        if (error) reject(error);
        else resolve({ n: n - 1, sec: (last - first) / 1000 });
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

const servers = await Promise.all(
  (['base', 'head'] as const).map((side) =>
    startServer({
      side,
      cwd: dir,
      start: `taskset -c 0 ${start}`,
      port: undefined,
      readyPath: path,
      readyTimeoutMs: 10_000,
      env: { WORK_ITERS: side === 'base' ? '400' : headWork },
    }),
  ),
);
const [a, b] = servers.map((s) => `${s.origin}${path}`) as [string, string];
const warm = design('1.5');
for (let i = 0; i < 3; i++) {
  await slice(a, warm);
  await slice(b, warm);
}
const ratios = new Map<string, number[]>(designs.map((d) => [d.name, []]));
const medianRatios = new Map<string, number[]>(designs.map((d) => [d.name, []]));
const wallMs = new Map<string, number>(designs.map((d) => [d.name, 0]));
const started = Date.now();
for (let p = 0; p < pairs; p++) {
  for (const d of designs) {
    const sums = { a: { n: 0, sec: 0 }, b: { n: 0, sec: 0 } };
    const rates: { a: number[]; b: number[] } = { a: [], b: [] };
    const pairStarted = performance.now();
    for (let i = 0; i < 2 * d.turns; i++) {
      // ABBA ABBA …, starting with B on odd pairs.
      const first = (p + Math.floor(i / 2)) % 2 === 0;
      const side = (i % 2 === 0) === first ? 'a' : 'b';
      const got = await slice(side === 'a' ? a : b, d);
      sums[side].n += got.n;
      sums[side].sec += got.sec;
      rates[side].push(got.n / got.sec);
    }
    wallMs.set(d.name, wallMs.get(d.name)! + performance.now() - pairStarted);
    ratios.get(d.name)!.push(Math.log(sums.b.n / sums.b.sec / (sums.a.n / sums.a.sec)));
    medianRatios.get(d.name)!.push(Math.log(median(rates.b) / median(rates.a)));
  }
}
const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
console.log(`${new Date().toISOString()}: npx node bench/interleave.ts ${process.argv.slice(2).join(' ')}`);
for (const [name, r] of ratios) {
  const iqr = (quantile(r, 0.75) - quantile(r, 0.25)) / 1.35;
  const change = `${percent(Math.expm1(mean(r)))} ± ${percent(sd(r) / Math.sqrt(r.length))}`;
  const m = medianRatios.get(name)!;
  console.log(
    `${name}: sd ${percent(sd(r))}, robust ${percent(iqr)} over ${r.length} pairs, change ${change}; median of turns: sd ${percent(sd(m))}, change ${percent(Math.expm1(mean(m)))}; ${(wallMs.get(name)! / r.length / 1000).toFixed(2)} s per pair`,
  );
}
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const client of keptClients.values()) client.close();
for (const s of servers) await s.stop();
