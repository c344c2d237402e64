/**
 * Experiment: how finely should base and head alternate within a pair? Two identical servers (A/A) on one CPU, the
 * load generator in this process. Every pair gives each side 3 s of load, cut into slices of the given lengths and
 * alternated ABBA…; the designs take turns pair by pair, so all of them see the same host. Prints, per design, the
 * sd and the robust spread (IQR / 1.35) of the per-pair log ratio of req/s, and its mean (with its standard error):
 * the change each design estimates, 0 for A/A and alike across designs when head is made slower.
 *
 *   npx node bench/interleave.ts [pairs=20] [slices=3,1,0.5,0.25] [head-work=<iterations>]
 *       [app=<directory> start=<command> path=<path>]
 *
 * The server is the knob server (400 iterations per request; `head-work` gives head another count), or with `app`
 * a server of one's own, installed, started in that directory by `start` on PORT and loaded on `path`.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { quantile } from 'simple-statistics';
import { startServer } from '../src/io/server.ts';
import { sampleTickMs } from '../src/load/plan.ts';
import { mean, sd } from '../src/stats/describe.ts';
import { keyValues } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const positional = process.argv.slice(2).filter((a) => !a.includes('='));
const dir = options.app ?? fileURLToPath(new URL('./servers/', import.meta.url));
const start = options.start ?? 'node knob.cjs';
const path = options.path ?? '/';
const pairs = Number(positional[0] ?? 20);
const sliceLengths = (positional[1] ?? '3,1,0.5,0.25').split(',').map(Number);
const headWork = options['head-work'] ?? '400';
const perSideSec = 3;

/** Responses and the time between the first and the last of them. */
function slice(url: string, seconds: number): Promise<{ n: number; sec: number }> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let first = 0;
    let last = 0;
    const instance = autocannon(
      { url, connections: 10, duration: seconds, sampleInt: sampleTickMs(seconds) },
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
for (let i = 0; i < 3; i++) {
  await slice(a, 1.5);
  await slice(b, 1.5);
}
const ratios = new Map<number, number[]>(sliceLengths.map((s) => [s, []]));
const wallMs = new Map<number, number>(sliceLengths.map((s) => [s, 0]));
const started = Date.now();
for (let p = 0; p < pairs; p++) {
  for (const length of sliceLengths) {
    const count = Math.max(1, Math.round(perSideSec / length));
    const sums = { a: { n: 0, sec: 0 }, b: { n: 0, sec: 0 } };
    const pairStarted = performance.now();
    for (let i = 0; i < 2 * count; i++) {
      // ABBA ABBA …, starting with B on odd pairs.
      const first = (p + Math.floor(i / 2)) % 2 === 0;
      const side = (i % 2 === 0) === first ? 'a' : 'b';
      const got = await slice(side === 'a' ? a : b, length);
      sums[side].n += got.n;
      sums[side].sec += got.sec;
    }
    wallMs.set(length, wallMs.get(length)! + performance.now() - pairStarted);
    ratios.get(length)!.push(Math.log(sums.b.n / sums.b.sec / (sums.a.n / sums.a.sec)));
  }
}
const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
console.log(`${new Date().toISOString()}: npx node bench/interleave.ts ${process.argv.slice(2).join(' ')}`);
for (const [length, r] of ratios) {
  const iqr = (quantile(r, 0.75) - quantile(r, 0.25)) / 1.35;
  const change = `${percent(Math.expm1(mean(r)))} ± ${percent(sd(r) / Math.sqrt(r.length))}`;
  console.log(
    `slices of ${length} s: sd ${percent(sd(r))}, robust ${percent(iqr)} over ${r.length} pairs, change ${change}, ${(wallMs.get(length)! / r.length / 1000).toFixed(2)} s per pair for ${2 * perSideSec} s of load`,
  );
}
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const s of servers) await s.stop();
