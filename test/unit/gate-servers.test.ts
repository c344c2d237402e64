/**
 * The pair runner's servers (src/gate/pairs.ts, servers.ts): blocks of processes started together and primed in
 * turns, new processes every pair, a fresh process per round, and what happens when a server fails to start or
 * dies. Driven by fakes (gate-fakes.ts): asserts what the runner did, never how long it took.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PRIME_SEC } from '../../src/gate/plan.ts';
import { GateError } from '../../src/io/errors.ts';
import { type Event, measurement, rejection, scenario, trace, World } from './gate-fakes.ts';

/** Every server started was stopped, and the load generator too, last. */
function allStopped(events: readonly Event[]): void {
  const started = events.filter((e) => e.op === 'start').map((e) => e.server);
  const stopped = events.filter((e) => e.op === 'stop').map((e) => e.server);
  assert.deepEqual([...stopped].sort(), [...started].sort(), 'every server started is stopped once');
  assert.equal(events.at(-1)?.op, 'loadgen-stop');
}

describe('priming', () => {
  test('a block starts both sides together, then primes them in turns: base, head, head, base', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start head#2',
      'run base#1 priming',
      'run head#2 priming',
      'run head#2 priming',
      'run base#1 priming',
      'pair base#1,head#2',
      'pair head#2,base#1',
      'stop base#1',
      'stop head#2',
      'loadgen-stop',
    ]);
    for (const run of world.of('run')) {
      assert.equal(run.durationSec, PRIME_SEC);
      assert.equal(run.paced, undefined, 'priming loads get no open loop');
    }
  });

  test('every scenario is primed in each turn, in file order', async () => {
    const world = new World({ config: { pairs: 2, scenarios: [scenario('/a'), scenario('/b')] } });
    await world.measure();
    assert.deepEqual(
      world.of('run').map((r) => `${r.side} ${r.path}`),
      ['base /a', 'base /b', 'head /a', 'head /b', 'head /a', 'head /b', 'base /a', 'base /b'],
    );
  });

  test("base's last priming load sets the open loop's rate, a share of its req/s", async () => {
    // Base's first priming load answers 1000 req/s, its last 3000: the rate is half of 3000.
    const world = new World({
      config: { pairs: 2, openLoop: { share: 0.5 } },
      measure: (call) =>
        measurement(call.kind === 'priming' && call.side === 'base' && call.primed === 1 ? 3000 : 1000),
    });
    await world.measure();
    assert.ok(world.info().includes("GET /: open-loop load at 1500 req/s (50% of base's 3000 req/s)"));
    for (const pair of world.of('runPair')) {
      assert.deepEqual(pair.paced, [
        { rate: 1500, durationSec: 2 / 6 },
        { rate: 1500, durationSec: 2 / 6 },
      ]);
    }
  });

  test('the load of every round watches the running servers and the gate itself', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    for (const run of world.of('run')) assert.deepEqual(run.watchPids, [1001, 1002, process.pid]);
  });
});

describe('blocks of processes', () => {
  test('restart-every N: both sides start together at pairs 0, N, 2N…, after the block before is stopped', async () => {
    const world = new World({ config: { pairs: 6, restartEvery: 2 } });
    await world.measure();
    const lines = trace(world.events).filter((line) => !line.startsWith('run '));
    assert.deepEqual(lines, [
      'start base#1',
      'start head#2',
      'pair base#1,head#2',
      'pair head#2,base#1',
      'stop base#1',
      'stop head#2',
      'start base#3',
      'start head#4',
      'pair base#3,head#4',
      'pair head#4,base#3',
      'stop base#3',
      'stop head#4',
      'start base#5',
      'start head#6',
      'pair base#5,head#6',
      'pair head#6,base#5',
      'stop base#5',
      'stop head#6',
      'loadgen-stop',
    ]);
    assert.deepEqual(
      world.of('start').map((e) => e.pair),
      [0, 0, 2, 2, 4, 4],
    );
    assert.equal(world.of('run').length, 3 * 4, 'each block primed: 2 turns of both sides');
    assert.deepEqual(world.probeNames, [
      'pair1-base',
      'pair1-head',
      'pair3-base',
      'pair3-head',
      'pair5-base',
      'pair5-head',
    ]);
  });

  test('restart-every 1: new processes every pair, not primed', async () => {
    const world = new World({ config: { pairs: 3, restartEvery: 1 } });
    await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start head#2',
      'pair base#1,head#2',
      'stop base#1',
      'stop head#2',
      'start base#3',
      'start head#4',
      'pair head#4,base#3',
      'stop base#3',
      'stop head#4',
      'start base#5',
      'start head#6',
      'pair base#5,head#6',
      'stop base#5',
      'stop head#6',
      'loadgen-stop',
    ]);
  });

  test('restart-every 1 with an open loop: one base process is measured first, for the rate, and stopped', async () => {
    const world = new World({
      config: { pairs: 2, restartEvery: 1, openLoop: { share: 0.5 } },
      measure: (call) => measurement(call.kind === 'priming' ? 2000 : 1000),
    });
    await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'run base#1 priming',
      'stop base#1',
      'start base#2',
      'start head#3',
      'pair base#2,head#3',
      'stop base#2',
      'stop head#3',
      'start base#4',
      'start head#5',
      'pair head#5,base#4',
      'stop base#4',
      'stop head#5',
      'loadgen-stop',
    ]);
    assert.equal(world.of('run')[0]?.durationSec, PRIME_SEC);
    assert.ok(world.info().includes("GET /: open-loop load at 1000 req/s (50% of base's 2000 req/s)"));
    for (const pair of world.of('runPair')) assert.equal(pair.paced[0]?.rate, 1000);
  });

  for (const [what, config] of [
    ['restart-every 0', { restartEvery: 0 }],
    ['restart-every 0 on a fixed port', { restartEvery: 0, port: 3000 }],
  ] as const) {
    test(`${what}: a fresh process per round, whole rounds in ABBA order`, async () => {
      const world = new World({ config: { pairs: 2, ...config } });
      const result = await world.measure();
      assert.deepEqual(trace(world.events), [
        'start base#1',
        'run base#1 measured',
        'stop base#1',
        'start head#2',
        'run head#2 measured',
        'stop head#2',
        'start head#3',
        'run head#3 measured',
        'stop head#3',
        'start base#4',
        'run base#4 measured',
        'stop base#4',
        'loadgen-stop',
      ]);
      assert.deepEqual(
        result.rounds.map((r) => `${r.pair}:${r.position}:${r.side}`),
        ['0:0:base', '0:1:head', '1:0:head', '1:1:base'],
      );
      assert.ok(
        world.of('start').every((e) => !e.together),
        'one process at a time: no port is moved',
      );
      assert.deepEqual([result.sideBySide, result.sliced], [false, false]);
    });
  }

  test('a fresh process per round with an open loop: base is measured for the rate first, then stopped', async () => {
    const world = new World({ config: { pairs: 2, restartEvery: 0, openLoop: { share: 0.25 } } });
    await world.measure();
    assert.deepEqual(trace(world.events).slice(0, 5), [
      'start base#1',
      'run base#1 priming',
      'stop base#1',
      'start base#2',
      'run base#2 measured',
    ]);
    assert.deepEqual(
      world.of('run').map((r) => r.paced?.rate),
      [undefined, 250, 250, 250, 250],
    );
  });
});

describe('servers that fail', () => {
  test('when head fails to start, base is stopped before the error goes on', async () => {
    const world = new World({ failStart: (side) => side === 'head' });
    const error = await rejection(world.measure());
    assert.ok(error instanceof GateError);
    assert.equal(error.code, 'server-start');
    assert.equal(error.side, 'head');
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start-failed head',
      'stop base#1',
      'loadgen-stop',
    ]);
  });

  test("when both fail to start, base's failure is the one reported", async () => {
    const world = new World({ failStart: () => true });
    const error = await rejection(world.measure());
    assert.ok(error instanceof GateError);
    assert.equal(error.side, 'base');
    assert.deepEqual(trace(world.events), ['start-failed base', 'start-failed head', 'loadgen-stop']);
  });

  test('a server that fails to start in a later block: every server is stopped', async () => {
    const world = new World({
      config: { pairs: 6, restartEvery: 2 },
      failStart: (side, pair) => side === 'base' && pair === 2,
    });
    const error = await rejection(world.measure());
    assert.ok(error instanceof GateError);
    assert.equal(error.side, 'base');
    allStopped(world.events);
    assert.equal(world.of('runPair').length, 2, 'the first block measured');
  });

  test('a server that dies in a sliced pair: the error names it and what it was doing, every server is stopped', async () => {
    const world = new World({
      // The 3rd pair's load: head dies during it.
      onLoad: (call, w) => {
        if (call.kind === 'measured' && call.measured === 4) w.kill('head');
      },
    });
    const error = await rejection(world.measure());
    assert.ok(error instanceof GateError);
    assert.equal(error.code, 'server-crash');
    assert.equal(error.side, 'head');
    assert.match(error.message, /the head server .* during round 3 \(GET \/\)$/);
    assert.equal(world.of('runPair').length, 3);
    allStopped(world.events);
  });

  test('a server that dies in a whole round: the error names it, every server is stopped', async () => {
    const world = new World({
      config: { sliceSec: 0 },
      onLoad: (call, w) => {
        if (call.kind === 'measured' && call.side === 'base' && call.measured === 3) w.kill('base');
      },
    });
    const error = await rejection(world.measure());
    assert.ok(error instanceof GateError);
    assert.equal(error.side, 'base');
    assert.match(error.message, /during round 2 \(GET \/\)$/);
    assert.deepEqual(trace(world.events).slice(-4), [
      'run base#1 measured',
      'stop base#1',
      'stop head#2',
      'loadgen-stop',
    ]);
    allStopped(world.events);
  });

  test('a server that dies while primed: the error says so', async () => {
    const world = new World({
      onLoad: (call, w) => {
        if (call.kind === 'priming' && call.side === 'head') w.kill('head');
      },
    });
    const error = await rejection(world.measure());
    assert.ok(error instanceof GateError);
    assert.match(error.message, /during priming before pair 1 \(GET \/\)$/);
    allStopped(world.events);
  });
});
