/**
 * Experiment: how finely should base and head alternate within a pair? Two identical servers (A/A) on one CPU, the
 * load generator in this process. Every pair gives each side 3 s of load, cut into slices of the given lengths and
 * alternated ABBA…; the designs take turns pair by pair, so all of them see the same host. Prints, per design, the
 * sd and the robust spread (IQR / 1.35) of the per-pair log ratio of req/s.
 *
 *   npx node bench/interleave.ts [pairs=20] [slices=3,1,0.5,0.25]
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { quantile } from 'simple-statistics';
import { startServer } from '../src/io/server.ts';
import { sampleTickMs } from '../src/load/plan.ts';
import { sd } from '../src/stats/describe.ts';

const dir = fileURLToPath(new URL('./servers/', import.meta.url));
const pairs = Number(process.argv[2] ?? 20);
const sliceLengths = (process.argv[3] ?? '3,1,0.5,0.25').split(',').map(Number);
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
      start: 'taskset -c 0 node knob.cjs',
      port: undefined,
      readyPath: '/',
      readyTimeoutMs: 10_000,
      env: { WORK_ITERS: '400' },
    }),
  ),
);
const [a, b] = servers.map((s) => `${s.origin}/`) as [string, string];
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
for (const [length, r] of ratios) {
  const iqr = (quantile(r, 0.75) - quantile(r, 0.25)) / 1.35;
  console.log(
    `slices of ${length} s: sd ${(sd(r) * 100).toFixed(2)}%, robust ${(iqr * 100).toFixed(2)}% over ${r.length} pairs, ${(wallMs.get(length)! / r.length / 1000).toFixed(2)} s per pair for ${2 * perSideSec} s of load`,
  );
}
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const s of servers) await s.stop();
