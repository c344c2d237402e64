/**
 * The pair runner's servers (src/gate/pairs.ts, servers.ts): blocks of processes started together and primed in
 * turns, new processes every pair, a fresh process per round, and what happens when a server fails to start or
 * dies. Driven by fakes (gate-fakes.ts): asserts what the runner did, never how long it took.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Event, measurement, scenario, trace, World } from '../../support/gate-fakes.ts';
import { rejection } from '../../support/rejection.ts';

/** Every server started was stopped, and the load generator too, last. */
function allStopped(events: readonly Event[]): void {
  const started = events.filter((e) => e.op === 'start').map((e) => e.server);
  const stopped = events.filter((e) => e.op === 'stop').map((e) => e.server);
  assert.deepEqual([...stopped].sort(), [...started].sort(), 'every server started is stopped once');
  assert.equal(events.at(-1)?.op, 'loadgen-stop');
}

describe('priming', () => {
  test('a block starts both sides together, then primes them in turns: base, head, head, base…', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start head#2',
      'prime base#1,head#2 /',
      'turns base#1,head#2 /',
      'turns head#2,base#1 /',
      'close',
      'stop base#1',
      'stop head#2',
      'loadgen-stop',
    ]);
    const [priming] = world.of('turns');
    assert.equal(priming?.kind, 'priming');
    assert.equal(priming?.turns.map((t) => t.side[0]).join(''), 'bhhbbhhbbhhbbhhb');
    assert.ok(
      priming?.turns.every((t) => !t.record && t.rate === undefined),
      'priming is thrown away, no open loop',
    );
    const perSide = priming!.turns.filter((t) => t.side === 'base').reduce((sum, t) => sum + t.sec, 0);
    assert.equal(perSide, 2, 'the `prime` of the config: 2 s per side');
  });

  test('every scenario is primed, in file order, the priming shared by them', async () => {
    const world = new World({ config: { pairs: 2, scenarios: [scenario('/a'), scenario('/b')] } });
    await world.measure();
    const priming = world.of('turns').filter((e) => e.kind === 'priming');
    assert.deepEqual(
      priming.map((e) => e.path),
      ['/a', '/b'],
    );
    for (const e of priming) {
      const perSide = e.turns.filter((t) => t.side === 'head').reduce((sum, t) => sum + t.sec, 0);
      assert.equal(perSide, 2 / 2);
    }
  });

  test("base's rate over the later half of its priming sets the turns and the open loop's rate", async () => {
    // Base's first 4 priming turns answer 1000 req/s, the later 4 at 3000: the rate is half of 3000.
    const world = new World({
      config: { pairs: 2, openLoop: { share: 0.5 } },
      measure: (call) =>
        measurement(call.kind === 'priming' && call.side === 'base' && call.primed >= 4 ? 3000 : 1000),
    });
    await world.measure();
    assert.ok(world.info().includes("GET /: open-loop load at 1500 req/s (50% of base's 3000 req/s)"));
  });

  test('every pool watches the running servers and the gate itself, and counts its own server', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    for (const open of world.of('open')) {
      assert.deepEqual(open.spec.watchPids, [1001, 1002, process.pid]);
      assert.deepEqual(open.spec.serverPids, [1000 + open.server]);
    }
  });

  test('the plan is logged once, before the first pair', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    const plans = world.info().filter((line) => line.startsWith('measurement plan:'));
    assert.equal(plans.length, 1);
    assert.match(
      plans[0]!,
      /engine kept; base and head side by side, blocks of 4 pairs per process pair, primed 2 s per side; the unit of each comparison: the block/,
    );
    assert.match(plans[0]!, /GET \/: 8 turns of 250 ms per side and pair/);
  });
});

describe('blocks of processes', () => {
  test('restart-every N: both sides start together at pairs 0, N, 2N…, after the block before is stopped', async () => {
    const world = new World({ config: { pairs: 6, restartEvery: 2 } });
    await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start head#2',
      'prime base#1,head#2 /',
      'turns base#1,head#2 /',
      'turns head#2,base#1 /',
      'close',
      'stop base#1',
      'stop head#2',
      'start base#3',
      'start head#4',
      'prime base#3,head#4 /',
      'turns base#3,head#4 /',
      'turns head#4,base#3 /',
      'close',
      'stop base#3',
      'stop head#4',
      'start base#5',
      'start head#6',
      'prime base#5,head#6 /',
      'turns base#5,head#6 /',
      'turns head#6,base#5 /',
      'close',
      'stop base#5',
      'stop head#6',
      'loadgen-stop',
    ]);
    assert.deepEqual(
      world.of('start').map((e) => e.pair),
      [0, 0, 2, 2, 4, 4],
    );
    assert.deepEqual(world.probeNames, [
      'pair1-base',
      'pair1-head',
      'pair3-base',
      'pair3-head',
      'pair5-base',
      'pair5-head',
    ]);
    // A new process pair gets new pools: the connections of the old ones were closed with them.
    assert.deepEqual(
      world.of('open').map((o) => `${o.side}#${o.server}`),
      ['base#1', 'head#2', 'base#3', 'head#4', 'base#5', 'head#6'],
    );
    assert.equal(new Set(world.of('open').map((o) => o.pool)).size, 6);
  });

  test('restart-every 1: new processes every pair, each block primed in the order of its pair', async () => {
    const world = new World({ config: { pairs: 3, restartEvery: 1 } });
    const result = await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start head#2',
      'prime base#1,head#2 /',
      'turns base#1,head#2 /',
      'close',
      'stop base#1',
      'stop head#2',
      'start base#3',
      'start head#4',
      'prime head#4,base#3 /',
      'turns head#4,base#3 /',
      'close',
      'stop base#3',
      'stop head#4',
      'start base#5',
      'start head#6',
      'prime base#5,head#6 /',
      'turns base#5,head#6 /',
      'close',
      'stop base#5',
      'stop head#6',
      'loadgen-stop',
    ]);
    assert.equal(result.plan?.unit, 'pairs');
  });

  test('blocks of several pairs: the unit of each comparison is the block', async () => {
    const world = new World({ config: { pairs: 4, restartEvery: 2 } });
    const result = await world.measure();
    assert.equal(result.plan?.unit, 'blocks');
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
        'round base#1 /',
        'close',
        'stop base#1',
        'start head#2',
        'round head#2 /',
        'close',
        'stop head#2',
        'start head#3',
        'round head#3 /',
        'close',
        'stop head#3',
        'start base#4',
        'round base#4 /',
        'close',
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
      assert.equal(result.plan?.processes.mode, 'fresh');
      // Each round: its warm-up, thrown away, then the whole duration in one turn.
      for (const round of world.of('turns'))
        assert.deepEqual(
          round.turns.map((t) => [t.sec, t.record]),
          [
            [0.25, false],
            [2, true],
          ],
        );
    });
  }

  test('a fresh process per round with an open loop: base is measured for the rate first, then stopped', async () => {
    const world = new World({
      config: { pairs: 2, restartEvery: 0, openLoop: { share: 0.25 } },
      measure: (call) => measurement(call.kind === 'priming' ? 2000 : 1000),
    });
    const result = await world.measure();
    assert.deepEqual(trace(world.events).slice(0, 6), [
      'start base#1',
      'round base#1 /',
      'close',
      'stop base#1',
      'start base#2',
      'round base#2 /',
    ]);
    assert.equal(result.plan?.scenarios[0]?.openLoop?.rate, 250);
    const rounds = world.of('turns').slice(1);
    for (const round of rounds) assert.ok(round.turns.some((t) => t.rate === 250 && t.record));
  });
});

describe('servers that fail', () => {
  test('when head fails to start, base is stopped before the error goes on', async () => {
    const world = new World({ failStart: (side) => side === 'head' });
    const error = await rejection(world.measure());
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
    assert.equal(error.side, 'base');
    assert.deepEqual(trace(world.events), ['start-failed base', 'start-failed head', 'loadgen-stop']);
  });

  test('a server that fails to start in a later block: every server is stopped', async () => {
    const world = new World({
      config: { pairs: 6, restartEvery: 2 },
      failStart: (side, pair) => side === 'base' && pair === 2,
    });
    const error = await rejection(world.measure());
    assert.equal(error.side, 'base');
    allStopped(world.events);
    assert.equal(
      world.of('turns').filter((e) => e.kind === 'measured').length,
      2,
      'the first block measured',
    );
  });

  test('a server that dies in a pair: the error names it and what it was doing, every server is stopped', async () => {
    const world = new World({
      // The 3rd pair's turns (2 takes per pair before them): head dies during them.
      onLoad: (call, w) => {
        if (call.kind === 'measured' && call.measured === 4) w.kill('head');
      },
    });
    const error = await rejection(world.measure());
    assert.equal(error.code, 'server-crash');
    assert.equal(error.side, 'head');
    assert.match(error.message, /the head server .* during round 3 \(GET \/\)$/);
    assert.equal(world.of('turns').filter((e) => e.kind === 'measured').length, 3);
    allStopped(world.events);
  });

  test('a server that dies in a whole round: the error names it, every server is stopped', async () => {
    const world = new World({
      config: { restartEvery: 0 },
      // The 2nd pair's second round (base's, after head's).
      onLoad: (call, w) => {
        if (call.kind === 'measured' && call.side === 'base' && call.measured === 3) w.kill('base');
      },
    });
    const error = await rejection(world.measure());
    assert.equal(error.side, 'base');
    assert.match(error.message, /during round 2 \(GET \/\)$/);
    assert.deepEqual(trace(world.events).slice(-4), [
      'round base#4 /',
      'close',
      'stop base#4',
      'loadgen-stop',
    ]);
    allStopped(world.events);
  });

  test('a server that dies while primed: the error says so', async () => {
    const world = new World({
      onLoad: (call, w) => {
        if (call.kind === 'priming') w.kill('head');
      },
    });
    const error = await rejection(world.measure());
    assert.match(error.message, /during priming before pair 1 \(GET \/\)$/);
    allStopped(world.events);
  });
});
