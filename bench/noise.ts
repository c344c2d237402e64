/**
 * Noise study: how much do adjacent base/head rounds of the SAME server differ (A/A), under each way of running
 * them? Prints, per setting, the standard deviation of the per-pair log ratio of req/s and p99 (what the paired
 * test sees), the drift of one side across rounds (what an unpaired test would see), and the load generator's CPU.
 *
 *   npx node bench/noise.ts [pairs=12] [settings=fresh,side,fresh-pinned,side-pinned,fresh-2s,fresh-5s]
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '../src/io/server.ts';
import { runLoad } from '../src/load/generator.ts';
import type { RoundMeasurement, Side } from '../src/model/measure.ts';
import { median, sd } from '../src/stats/describe.ts';

const dir = fileURLToPath(new URL('./servers/', import.meta.url));

interface Setting {
  name: string;
  restart: 'round' | 'side';
  pinned: boolean;
  durationSec: number;
  warmupSec: number;
  connections: number;
}

const SETTINGS: Record<string, Setting> = {
  fresh: { name: 'fresh', restart: 'round', pinned: false, durationSec: 3, warmupSec: 1, connections: 10 },
  side: { name: 'side', restart: 'side', pinned: false, durationSec: 3, warmupSec: 1, connections: 10 },
  'fresh-pinned': {
    name: 'fresh-pinned',
    restart: 'round',
    pinned: true,
    durationSec: 3,
    warmupSec: 1,
    connections: 10,
  },
  'side-pinned': {
    name: 'side-pinned',
    restart: 'side',
    pinned: true,
    durationSec: 3,
    warmupSec: 1,
    connections: 10,
  },
  'fresh-2s': {
    name: 'fresh-2s',
    restart: 'round',
    pinned: false,
    durationSec: 2,
    warmupSec: 1,
    connections: 10,
  },
  'fresh-5s': {
    name: 'fresh-5s',
    restart: 'round',
    pinned: false,
    durationSec: 5,
    warmupSec: 1,
    connections: 10,
  },
  'fresh-50c': {
    name: 'fresh-50c',
    restart: 'round',
    pinned: false,
    durationSec: 3,
    warmupSec: 1,
    connections: 50,
  },
};

const work = process.env.WORK_ITERS ?? '400';

async function boot(side: Side, pinned: boolean): Promise<RunningServer> {
  return startServer({
    side,
    cwd: dir,
    start: 'node knob.cjs',
    port: undefined,
    readyPath: '/',
    readyTimeoutMs: 10_000,
    env: { WORK_ITERS: work },
    ...(pinned ? { wrap: 'taskset -c 0' } : {}),
  });
}

async function round(server: RunningServer, s: Setting, warmupSec: number): Promise<RoundMeasurement> {
  return runLoad(
    {
      url: `${server.origin}/`,
      method: 'GET',
      headers: {},
      connections: s.connections,
      warmupSec,
      durationSec: s.durationSec,
      timeoutSec: 10,
    },
    server.side,
    s.pinned ? '1' : undefined,
  );
}

async function study(s: Setting, pairs: number): Promise<void> {
  const rounds: Record<Side, RoundMeasurement[]> = { base: [], head: [] };
  const started = Date.now();
  const servers: Partial<Record<Side, RunningServer>> = {};
  if (s.restart === 'side') {
    for (const side of ['base', 'head'] as const) {
      servers[side] = await boot(side, s.pinned);
      await round(servers[side]!, s, s.warmupSec); // priming round, thrown away
    }
  }
  for (let pair = 0; pair < pairs; pair++) {
    const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    for (const side of order) {
      if (s.restart === 'round') {
        const server = await boot(side, s.pinned);
        rounds[side].push(await round(server, s, s.warmupSec));
        await server.stop();
      } else {
        rounds[side].push(await round(servers[side]!, s, s.warmupSec));
      }
    }
  }
  for (const server of Object.values(servers)) await server?.stop();
  const ratio = (metric: (m: RoundMeasurement) => number): number[] =>
    rounds.base.map((b, i) => Math.log(metric(rounds.head[i]!) / metric(b)));
  const pct = (x: number): string => `${(x * 100).toFixed(2)}%`.padStart(7);
  const rps = (m: RoundMeasurement): number => m.rps;
  const p99 = (m: RoundMeasurement): number => m.latencyMs.p99;
  const p50 = (m: RoundMeasurement): number => m.latencyMs.p50;
  console.log(
    [
      s.name.padEnd(13),
      `pairs ${pairs}`,
      `req/s ${Math.round(median(rounds.base.map(rps)))}`.padEnd(12),
      `sd log ratio: req/s ${pct(sd(ratio(rps)))} p50 ${pct(sd(ratio(p50)))} p99 ${pct(sd(ratio(p99)))}`,
      `| drift of base rounds: req/s ${pct(sd(rounds.base.map((m) => Math.log(m.rps))))}`,
      `| mean log ratio ${pct(ratio(rps).reduce((a, b) => a + b, 0) / pairs)}`,
      `| loadgen cpu ${median([...rounds.base, ...rounds.head].map((m) => m.loadgenCpu)).toFixed(2)}`,
      `| ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ].join('  '),
  );
}

const pairs = Number(process.argv[2] ?? 12);
const names = (process.argv[3] ?? 'fresh,side,fresh-pinned,side-pinned,fresh-2s,fresh-5s').split(',');
console.log(
  `noise study: ${availableParallelism()} CPUs, Node ${process.version}, WORK_ITERS=${work}, ${new Date().toISOString()}`,
);
for (const name of names) {
  const setting = SETTINGS[name];
  if (!setting) throw new Error(`unknown setting ${name}; known: ${Object.keys(SETTINGS).join(', ')}`);
  await study(setting, pairs);
}
