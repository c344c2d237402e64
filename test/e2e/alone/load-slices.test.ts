/**
 * The load generator's pools against two real servers, driven as the gate drives them: base and head take turns
 * ABBA… on connections kept open, each side gets its `duration` in all, and a side's rate, latency and server CPU
 * time are its own; against servers faster than the generator, CPU time per request shows what req/s does not.
 * About 15 s.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '../../../src/io/server.ts';
import { LoadGenerator } from '../../../src/load/generator.ts';
import { metricValue } from '../../../src/model/derived.ts';
import type { LoadEngine, LoadSpec, RoundMeasurement, Side } from '../../../src/model/measure.ts';

/** Answers with nothing but keeps the arrival time of every request; GET /arrivals returns them (ms since start). */
const SERVER = `'use strict';
const http = require('http');
const busyMs = Number(process.env.BUSY_MS || 0);
const arrivals = [];
http
  .createServer((req, res) => {
    if (req.url === '/arrivals') { res.end(JSON.stringify(arrivals)); return; }
    arrivals.push(Date.now());
    if (busyMs > 0) { const end = performance.now() + busyMs; while (performance.now() < end); }
    res.end('ok');
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

/** One side's load on `server`: 4 connections, 1 s, its own server's CPU counted; `warmupSec` and `watchPids` vary. */
function loadOn(server: RunningServer, more: Pick<LoadSpec, 'warmupSec' | 'watchPids'>): LoadSpec {
  return {
    url: `${server.origin}/`,
    method: 'GET',
    headers: {},
    connections: 4,
    durationSec: 1,
    timeoutSec: 10,
    serverPids: [server.child.pid],
    ...more,
  };
}

/**
 * One pair as the gate runs it on the load generator's pools: each side's pool opened, warmed up (its warm-up thrown
 * away), then turns of `turnSec` ABBA…, the side of `order[0]` first, until each side has had its `durationSec`;
 * the measurements of `loads`, in that order. The pools are closed after.
 */
async function pair(
  generator: LoadGenerator,
  loads: [LoadSpec, LoadSpec],
  order: [Side, Side],
  turnSec: number,
  engine: LoadEngine = 'kept',
): Promise<[RoundMeasurement, RoundMeasurement]> {
  for (const [i, load] of loads.entries()) await generator.open(order[i]!, { ...load, engine }, order[i]!);
  const turns = loads.map((load, i) => ({ pool: order[i]!, sec: load.warmupSec, record: false }));
  const count = Math.max(1, Math.round(loads[0].durationSec / turnSec));
  for (let i = 0; i < 2 * count; i++) {
    // ABBA ABBA …: turns 0, 3, 4, 7, 8, … belong to the first side.
    const side = (i % 2 === 0) === (Math.floor(i / 2) % 2 === 0) ? 0 : 1;
    turns.push({ pool: order[side]!, sec: loads[0].durationSec / count, record: true });
  }
  await generator.turns(turns.filter((turn) => turn.sec > 0));
  const measured: [RoundMeasurement, RoundMeasurement] = [
    await generator.take(order[0]),
    await generator.take(order[1]),
  ];
  await generator.close();
  return measured;
}

/**
 * Base and head of one server file, started before the suite's tests with the given environment each, and stopped
 * (with the load generator) after them. `write` puts the server file into the directory.
 */
function serverPair(
  write: (dir: string) => void,
  readyPath: string,
  env: { base: Record<string, string>; head: Record<string, string> },
): { servers: RunningServer[]; generator: LoadGenerator } {
  let dir: string;
  const servers: RunningServer[] = [];
  const generator = new LoadGenerator();
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-slices-'));
    write(dir);
    for (const side of ['base', 'head'] as const) {
      servers.push(
        await startServer({
          side,
          cwd: dir,
          start: 'node server.cjs',
          port: undefined,
          readyPath,
          readyTimeoutMs: 10_000,
          env: env[side],
        }),
      );
    }
  });
  after(async () => {
    await generator.stop();
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { servers, generator };
}

describe('pairs on the pools (LoadGenerator open/turns/take/close)', () => {
  const { servers, generator } = serverPair(
    (dir) => writeFileSync(join(dir, 'server.cjs'), SERVER),
    '/arrivals',
    { base: { BUSY_MS: '0.2' }, head: { BUSY_MS: '0.4' } },
  );

  const spec = (server: RunningServer): LoadSpec =>
    loadOn(server, { warmupSec: 0.2, watchPids: [server.child.pid] });

  const arrivals = async (server: RunningServer): Promise<number[]> =>
    (await (await fetch(`${server.origin}/arrivals`)).json()) as number[];

  test('each side gets its duration in slices, taking turns ABBA, and keeps its own rate and latency', async () => {
    const [base, head] = servers as [RunningServer, RunningServer];
    const before = { base: (await arrivals(base)).length, head: (await arrivals(head)).length };
    const started = Date.now();
    const [first, second] = await pair(generator, [spec(head), spec(base)], ['head', 'base'], 0.25);
    const ended = Date.now();

    for (const m of [first, second]) {
      assert.equal(m.slices, 4, 'one second in turns of 250 ms');
      assert.equal(m.turns, 4);
      assert.equal(m.reconnects, 0, 'the connections outlived the turns');
      assert.ok(m.elapsedSec >= 0.95 && m.elapsedSec < 1.6, `load time ${m.elapsedSec} s`);
      assert.equal(m.errors + m.timeouts + m.non2xx, 0);
      assert.ok(m.responses > 200, `${m.responses} responses`);
    }
    // Head does twice base's work per request: its rate is about half and its latency about double.
    const ratio = first.rps / second.rps;
    assert.ok(ratio > 0.35 && ratio < 0.75, `head/base req/s ${ratio.toFixed(2)}`);
    assert.ok(first.latencyMs.p50 > second.latencyMs.p50 * 1.4, 'head is slower per request');
    // Each server is busy through its own slices, and only then: up to about a core for their length (a busy
    // machine leaves it less: 0.49 with a core kept busy at load average 10, so the floor is a quarter), and at least
    // its busy loop per request.
    for (const [m, busyUs] of [
      [first, 400],
      [second, 200],
    ] as const) {
      const cores = m.serverCpuSec! / m.elapsedSec;
      assert.ok(cores > 0.25 && cores < 1.5, `server cores in its slices ${cores.toFixed(2)}`);
      assert.ok(metricValue(m, 'cpu') > busyUs, `${metricValue(m, 'cpu').toFixed(0)} µs per request`);
    }
    const cpuRatio = metricValue(first, 'cpu') / metricValue(second, 'cpu');
    assert.ok(cpuRatio > 1.4 && cpuRatio < 2.5, `head/base CPU per request ${cpuRatio.toFixed(2)}`);

    // The arrivals show the turns: the pair's load (after the warm-ups) falls into 8 bursts, head first, then
    // base twice, head twice, base once: H B B H H B B H with the same side's neighbouring slices merged.
    const measured = (times: number[], from: number): number[] =>
      times.slice(from).filter((t) => t >= started);
    const all = [
      ...measured(await arrivals(head), before.head).map((t) => ({ t, side: 'head' })),
      ...measured(await arrivals(base), before.base).map((t) => ({ t, side: 'base' })),
    ].sort((a, b) => a.t - b.t);
    // A turn ends only when its requests are back, so none is served in the other side's turn; but the servers'
    // clocks tick in whole milliseconds, so arrivals in the same millisecond as a switch may sort either way: at
    // most a connection's worth per switch, against hundreds of requests per turn. Runs that short are not turns.
    const counted: { side: string; count: number }[] = [];
    for (const { side } of all) {
      const last = counted[counted.length - 1];
      if (last?.side === side) last.count++;
      else counted.push({ side, count: 1 });
    }
    const connections = spec(base).connections;
    const runs: string[] = [];
    for (const { side } of counted.filter((run) => run.count > connections))
      if (runs[runs.length - 1] !== side) runs.push(side);
    // Warm-ups: head, then base; then the slices H | B B | H H | B B | H.
    assert.deepEqual(runs, ['head', 'base', 'head', 'base', 'head', 'base', 'head'], JSON.stringify(counted));
    assert.ok(ended - started < 5000, `the pair took ${ended - started} ms`);
  });

  test('a side whose server is not there: its measurement counts the errors, the other side is measured', async () => {
    const [base] = servers as [RunningServer];
    const gone: LoadSpec = { ...spec(base), url: 'http://127.0.0.1:9/', durationSec: 0.5, warmupSec: 0 };
    const [m, other] = await pair(generator, [gone, spec(base)], ['head', 'base'], 0.25);
    // A dead target gives errors, not a failure: the measurement says so and the pipeline decides.
    assert.equal(m.responses, 0);
    assert.ok(m.errors > 0, 'connection errors counted');
    assert.ok(other.responses > 100 && other.errors === 0, 'base measured as usual');
  });
});

/**
 * A server about as cheap per request as the load generator (which of the two sets the pace varies with the host,
 * so the test does not ask; test/unit/report/server-cpu.test.ts tests that rule); head spends 15 µs more per request (about half again as much: a few µs would sit within a single pair's noise).
 */
const RAW_SERVER = fileURLToPath(new URL('../../fixtures/servers/raw.cjs', import.meta.url));

describe('a server about as cheap per request as the load generator (CPU time per request)', () => {
  const { servers, generator } = serverPair((dir) => copyFileSync(RAW_SERVER, join(dir, 'server.cjs')), '/', {
    base: {},
    head: { EXTRA_US: '15' },
  });

  test('head’s extra work shows in its CPU time per request, read from its own threads in its own slices', async () => {
    const [base, head] = servers as [RunningServer, RunningServer];
    // New processes: a second of load each first, so that neither is measured while its JIT warms up.
    const spec = (server: RunningServer): LoadSpec =>
      loadOn(server, { warmupSec: 1, watchPids: [base.child.pid, head.child.pid, process.pid] });
    const [b, h] = await pair(generator, [spec(base), spec(head)], ['base', 'head'], 0.25);
    const numbers = JSON.stringify({ base: b, head: h });
    for (const m of [b, h]) {
      assert.equal(m.errors + m.timeouts + m.non2xx, 0);
      const cores = m.serverCpuSec! / m.elapsedSec;
      assert.ok(cores > 0.05 && cores < 1.2, `server cores in its slices ${cores.toFixed(2)}: ${numbers}`);
    }
    // Head does a few µs more per request: its CPU time per request shows it, whatever req/s does.
    const cpuRatio = metricValue(h, 'cpu') / metricValue(b, 'cpu');
    assert.ok(cpuRatio > 1.1, `head/base CPU per request ${cpuRatio.toFixed(2)}: ${numbers}`);
  });
});
