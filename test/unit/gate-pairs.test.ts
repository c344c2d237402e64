/**
 * The pairs' rounds (src/gate/pairs.ts, open-loop.ts): ABBA order, sliced or whole, what the diagnostics probes
 * see, and the open loop's rate. Driven by fakes (gate-fakes.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OPEN_LOOP_MAX_RATE } from '../../src/load/plan.ts';
import { measurement, scenario, T0, trace, World } from './gate-fakes.ts';

describe('ABBA order', () => {
  test('sliced pairs: base first in even pairs, head first in odd ones, each runPair in that order', async () => {
    const world = new World({ config: { pairs: 4 } });
    const result = await world.measure();
    const pairs = world.of('runPair');
    assert.deepEqual(
      pairs.map((p) => p.order.join(',')),
      ['base,head', 'head,base', 'base,head', 'head,base'],
    );
    for (const pair of pairs) {
      // loads[0] goes to the side that starts: base's server is #1, head's #2.
      assert.deepEqual(pair.servers, pair.order[0] === 'base' ? [1, 2] : [2, 1]);
      assert.equal(pair.sliceSec, 0.25);
    }
    assert.deepEqual(
      result.rounds.map((r) => `${r.pair}:${r.position}:${r.side}`),
      ['0:0:base', '0:1:head', '1:0:head', '1:1:base', '2:0:base', '2:1:head', '3:0:head', '3:1:base'],
    );
  });

  test('sliced pairs of two scenarios: one runPair per scenario, in file order', async () => {
    const world = new World({ config: { pairs: 2, scenarios: [scenario('/a'), scenario('/b')] } });
    const result = await world.measure();
    assert.deepEqual(
      world.of('runPair').map((p) => `${p.order[0]} ${p.path}`),
      ['base /a', 'base /b', 'head /a', 'head /b'],
    );
    assert.equal(result.rounds.length, 8);
  });

  test('whole rounds (no slices): one side after the other, in the same ABBA order', async () => {
    const world = new World({ config: { pairs: 4, sliceSec: 0 } });
    await world.measure();
    assert.equal(world.of('runPair').length, 0);
    assert.deepEqual(
      world
        .of('run')
        .filter((r) => r.kind === 'measured')
        .map((r) => r.side),
      ['base', 'head', 'head', 'base', 'base', 'head', 'head', 'base'],
    );
  });

  test("the rounds' startedAt come from the clock", async () => {
    const world = new World({ config: { pairs: 2 } });
    const result = await world.measure();
    // Priming: 4 loads of 0.25 s warm-up and 1 s; a sliced pair: 2 × (0.25 s + 2 s).
    assert.deepEqual(
      result.rounds.map((r) => r.startedAt),
      [5000, 5000, 9500, 9500].map((ms) => new Date(T0 + ms).toISOString()),
    );
  });
});

describe('diagnostics probes', () => {
  test("a sliced pair: each side's window is the whole pair after both warm-ups, on its own port", async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    assert.deepEqual(world.windows.slice(0, 4), [
      { side: 'base', label: 'scenario1', warmupSec: 0.5, port: 40_001 },
      { side: 'head', label: 'scenario1', warmupSec: 0.5, port: 40_002 },
      { side: 'head', label: 'scenario1', warmupSec: 0.5, port: 40_002 },
      { side: 'base', label: 'scenario1', warmupSec: 0.5, port: 40_001 },
    ]);
  });

  test("whole rounds: each round's window after its own warm-up; priming is not measured", async () => {
    const world = new World({
      config: { pairs: 1, sliceSec: 0, scenarios: [scenario('/a'), scenario('/b')] },
    });
    await world.measure();
    assert.deepEqual(
      world.windows.map((w) => `${w.side} ${w.label} ${w.warmupSec}`),
      ['base scenario1 0.25', 'base scenario2 0.25', 'head scenario1 0.25', 'head scenario2 0.25'],
    );
  });
});

describe('the open loop', () => {
  test("a share of base's req/s, capped at what the open-loop client sustains", async () => {
    const world = new World({
      config: { pairs: 2, openLoop: { share: 0.5 } },
      measure: () => measurement(20_000),
    });
    await world.measure();
    assert.equal(OPEN_LOOP_MAX_RATE, 5000);
    assert.ok(
      world
        .info()
        .includes(
          "GET /: open-loop load at 5000 req/s (50% of base's 20000 req/s, capped at what the open-loop client sustains)",
        ),
    );
    assert.deepEqual(
      world.of('runPair').map((p) => p.paced.map((paced) => paced?.rate)),
      [
        [5000, 5000],
        [5000, 5000],
      ],
    );
  });

  test('a given rate: every measured round gets it, priming loads none, nothing is logged', async () => {
    const world = new World({ config: { pairs: 2, openLoop: { rate: 700 } } });
    await world.measure();
    for (const run of world.of('run')) assert.equal(run.paced, undefined);
    for (const pair of world.of('runPair')) {
      assert.deepEqual(pair.paced, [
        { rate: 700, durationSec: 2 / 6 },
        { rate: 700, durationSec: 2 / 6 },
      ]);
    }
    assert.ok(!world.info().some((line) => line.includes('open-loop load at')));
  });

  test("each scenario gets its own rate from base's priming load of it", async () => {
    const world = new World({
      config: { pairs: 2, openLoop: { share: 0.1 }, scenarios: [scenario('/a'), scenario('/b')] },
      measure: (call) => measurement(call.path === '/a' ? 1000 : 3000),
    });
    await world.measure();
    assert.deepEqual(
      world.of('runPair').map((p) => `${p.path} ${p.paced[0]?.rate}`),
      ['/a 100', '/b 300', '/a 100', '/b 300'],
    );
  });

  test('no open loop: no rate, no paced load', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    assert.deepEqual(
      world.of('runPair').map((p) => p.paced),
      [
        [undefined, undefined],
        [undefined, undefined],
      ],
    );
    assert.equal(trace(world.events).length, 11);
  });
});
