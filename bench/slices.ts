/**
 * Experiment: interleaving at a finer grain. Two identical servers (A/A); each "pair" alternates the load between
 * them in short slices (ABBA…), and compares summed counts. Prints the sd of per-pair log ratios for several
 * slice lengths at the same total load per pair, so it can be set against whole-round pairs (bench/record.ts).
 *
 *   npx node bench/slices.ts [pairs=12] [slices=0.5,1,3]
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../src/io/server.ts';
import { sd } from '../src/stats/describe.ts';

const dir = fileURLToPath(new URL('./servers/', import.meta.url));
const pairs = Number(process.argv[2] ?? 12);
const sliceLengths = (process.argv[3] ?? '0.5,1,3').split(',').map(Number);
const perSideSec = 3;

function count(url: string, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let first = 0;
    let last = 0;
    const instance = autocannon({ url, connections: 10, duration: seconds, sampleInt: 50 }, (error) => {
      if (error) reject(error);
      else resolve((n - 1) / ((last - first) / 1000));
    });
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
await count(a, 3);
await count(b, 3);
for (const slice of sliceLengths) {
  const ratios: number[] = [];
  const started = Date.now();
  for (let p = 0; p < pairs; p++) {
    const slices = Math.max(2, Math.round(perSideSec / slice)) * 2;
    const rates: Record<'a' | 'b', number[]> = { a: [], b: [] };
    for (let i = 0; i < slices; i++) {
      // ABBA ABBA …: position i in a group of four.
      const first = (p + Math.floor(i / 2)) % 2 === 0;
      const side = (i % 2 === 0) === first ? 'a' : 'b';
      rates[side].push(await count(side === 'a' ? a : b, slice));
    }
    const mean = (v: number[]): number => v.reduce((x, y) => x + y, 0) / v.length;
    ratios.push(Math.log(mean(rates.b) / mean(rates.a)));
  }
  console.log(
    `slices of ${slice} s (${perSideSec} s per side per pair): sd of log ratios ${(sd(ratios) * 100).toFixed(2)}% over ${pairs} pairs, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
for (const s of servers) await s.stop();
