/**
 * Which client should the kept engine use? For each candidate (bench/engine-candidates.ts: our raw sockets, undici,
 * autocannon with a fresh instance per turn), against the same servers:
 *
 * - correctness: Content-Length, chunked, HEAD, 204, 304, `Connection: close`, a body delimited by the close, a
 *   server that resets connections, answers slower than the timeout (in-process loopback servers);
 * - the generator's CPU time per request (process.cpuUsage over its turns / their responses) and the per-pair
 *   noise: two identical server processes on CPU 0 (A/A), pairs of `side-sec` per side in turns of `turn` ABBA…,
 *   the candidates taking turns pair by pair (the order rotated) so that they share the host; per-pair log ratio
 *   of req/s over the turns' whole time (first send to last answer) and over their spans (first to last response).
 *
 *   npx node bench/engines.ts [pairs=12] [servers=trivial,knob] [side-sec=1.5] [turn=0.05] [connections=10]
 *       [head-work=<iterations>] [candidates=kept,undici,autocannon] [matrix=1] [touch=1]
 *
 * `touch=1`: each pair starts with one unrecorded turn per side (a pool idle for longer than the servers'
 * keep-alive timeout, while the other candidates had their pairs, has lost its connections).
 * `trivial`: bench/servers/knob.cjs with no work (a bare node:http answer); `knob`: 400 iterations per request
 * (head-work gives head another count: a known slower head, for the rate's bias).
 */
import { fileURLToPath } from 'node:url';
import { quantile } from 'simple-statistics';
import { startServer } from '../src/io/server.ts';
import type { Pool } from '../src/load/pool.ts';
import type { PoolSpec } from '../src/model/measure.ts';
import { mean, sd } from '../src/stats/describe.ts';
import { CANDIDATES, type Candidate, candidatePool } from './engine-candidates.ts';
import { correctnessMatrix } from './engine-matrix.ts';
import { keyValues } from './lib.ts';

const options = keyValues(process.argv.slice(2));
const pairs = Number(options.pairs ?? 12);
const serverNames = (options.servers ?? 'trivial,knob').split(',');
const sideSec = Number(options['side-sec'] ?? 1.5);
const turnSec = Number(options.turn ?? 0.05);
const connections = Number(options.connections ?? 10);
const touch = options.touch !== '0';
const candidates = (options.candidates ?? CANDIDATES.join(',')).split(',') as Candidate[];
const turnsPerSide = Math.max(1, Math.round(sideSec / turnSec));
const percent = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** One side's sums over a pair. */
interface Sums {
  n: number;
  sec: number;
  spanN: number;
  spanSec: number;
}

interface Tallies {
  turn: number[];
  span: number[];
  cpuUs: number[];
  errors: number;
  reconnects: number;
  wallSec: number;
}

async function pair(
  pools: [Pool, Pool],
  p: number,
): Promise<{ sums: [Sums, Sums]; cpuUs: number; errors: number; reconnects: number }> {
  const sums: [Sums, Sums] = [
    { n: 0, sec: 0, spanN: 0, spanSec: 0 },
    { n: 0, sec: 0, spanN: 0, spanSec: 0 },
  ];
  let errors = 0;
  let reconnects = 0;
  // A pool left idle while the other candidates take their pairs (longer than Node's keep-alive timeout, 5 s) has
  // had its connections closed: one unrecorded turn per side opens them again, as the gate's priming would.
  if (touch) for (const pool of pools) await pool.turn({ pool: 't', sec: turnSec, record: false });
  const cpu = process.cpuUsage();
  for (let i = 0; i < 2 * turnsPerSide; i++) {
    // ABBA ABBA …, starting with B on odd pairs.
    const first = (p + Math.floor(i / 2)) % 2 === 0;
    const side = (i % 2 === 0) === first ? 0 : 1;
    const got = await pools[side].turn({ pool: String(side), sec: turnSec, record: true });
    const s = sums[side];
    s.n += got.responses;
    s.sec += got.sec;
    if (got.responses > 1) {
      s.spanN += got.responses - 1;
      s.spanSec += got.spanSec ?? 0;
    }
    errors += got.errors + got.timeouts;
    reconnects += got.reconnects;
  }
  // What the product does with the recorded turns, in the CPU time too.
  for (const pool of pools) pool.take();
  const used = process.cpuUsage(cpu);
  return { sums, cpuUs: (used.user + used.system) / (sums[0].n + sums[1].n), errors, reconnects };
}

async function measureServer(name: string): Promise<void> {
  const dir = fileURLToPath(new URL('./servers/', import.meta.url));
  const work = name === 'trivial' ? '0' : '400';
  const servers = await Promise.all(
    (['base', 'head'] as const).map((side) =>
      startServer({
        side,
        cwd: dir,
        start: 'taskset -c 0 node knob.cjs',
        port: undefined,
        readyPath: '/',
        readyTimeoutMs: 10_000,
        env: { WORK_ITERS: side === 'head' && name === 'knob' ? (options['head-work'] ?? work) : work },
      }),
    ),
  );
  const spec = (origin: string): PoolSpec => ({
    url: `${origin}/`,
    method: 'GET',
    headers: {},
    connections,
    timeoutSec: 10,
    engine: 'kept',
  });
  const pools = new Map(
    candidates.map((c) => [c, servers.map((s) => candidatePool(c, spec(s.origin))) as [Pool, Pool]]),
  );
  const tallies = new Map<Candidate, Tallies>(
    candidates.map((c) => [c, { turn: [], span: [], cpuUs: [], errors: 0, reconnects: 0, wallSec: 0 }]),
  );
  // Warm-up: each candidate's pools, both sides, a second each.
  for (const [, both] of pools)
    for (let i = 0; i < 4; i++) await both[i % 2]!.turn({ pool: 'w', sec: 0.25, record: false });
  const started = Date.now();
  for (let p = 0; p < pairs; p++) {
    for (let k = 0; k < candidates.length; k++) {
      const c = candidates[(p + k) % candidates.length]!;
      const t = tallies.get(c)!;
      const pairStart = performance.now();
      const got = await pair(pools.get(c)!, p);
      t.wallSec += (performance.now() - pairStart) / 1000;
      const [a, b] = got.sums;
      t.turn.push(Math.log(b.n / b.sec / (a.n / a.sec)));
      t.span.push(Math.log(b.spanN / b.spanSec / (a.spanN / a.spanSec)));
      t.cpuUs.push(got.cpuUs);
      t.errors += got.errors;
      t.reconnects += got.reconnects;
    }
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n${name} (${servers[0]!.origin}, ${servers[1]!.origin}): ${pairs} pairs, ${minutes} min`);
  console.log(
    '| candidate | CPU µs per request (median of pairs) | sd per pair, turns’ time | IQR/1.35 | change ± se | sd per pair, spans | change ± se | errors | reconnects | s per pair |',
  );
  console.log('| --- | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: |');
  for (const [c, t] of tallies) {
    const se = (r: number[]) => `${percent(Math.expm1(mean(r)))} ± ${percent(sd(r) / Math.sqrt(r.length))}`;
    const iqr = (quantile(t.turn, 0.75) - quantile(t.turn, 0.25)) / 1.35;
    console.log(
      `| ${c} | ${quantile(t.cpuUs, 0.5).toFixed(1)} | ${percent(sd(t.turn))} | ${percent(iqr)} | ${se(t.turn)} | ${percent(sd(t.span))} | ${se(t.span)} | ${t.errors} | ${t.reconnects} | ${(t.wallSec / pairs).toFixed(2)} |`,
    );
  }
  for (const both of pools.values()) for (const pool of both) pool.close();
  for (const s of servers) await s.stop();
}

console.log(`${new Date().toISOString()}: npx node bench/engines.ts ${process.argv.slice(2).join(' ')}`);
if (options.matrix !== '0') await correctnessMatrix(candidates);
for (const name of serverNames) await measureServer(name);
process.exit(0);
