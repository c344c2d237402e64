/**
 * The pairs' turns (src/gate/pairs.ts, turns.ts): ABBA order within a pair and from pair to pair, the pools the
 * turns run on, what the diagnostics probes see, and the open loop's turns. Driven by fakes (gate-fakes.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OPEN_LOOP_MAX_RATE } from '../../../src/load/plan.ts';
import { measurement, scenario, T0, trace, World } from '../../support/gate-fakes.ts';

/** The measured turns of every batch, as `b` and `h` (open-loop turns in capitals). */
function turnLetters(world: World): string[] {
  return world
    .of('turns')
    .filter((e) => e.kind === 'measured')
    .map((e) =>
      e.turns
        .filter((t) => t.record)
        .map((t) => (t.rate === undefined ? t.side[0] : t.side[0]!.toUpperCase()))
        .join(''),
    );
}

describe('ABBA order', () => {
  test('within a pair the sides take turns ABBA…; base starts even pairs, head odd ones', async () => {
    const world = new World({ config: { pairs: 4 } });
    const result = await world.measure();
    assert.deepEqual(turnLetters(world), [
      'bhhbbhhbbhhbbhhb',
      'hbbhhbbhhbbhhbbh',
      'bhhbbhhbbhhbbhhb',
      'hbbhhbbhhbbhhbbh',
    ]);
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      assert.ok(
        batch.turns.every((t) => t.sec === 0.25 && t.record),
        'turns of the slice, all recorded',
      );
    }
    assert.deepEqual(
      result.rounds.map((r) => `${r.pair}:${r.position}:${r.side}`),
      ['0:0:base', '0:1:head', '1:0:head', '1:1:base', '2:0:base', '2:1:head', '3:0:head', '3:1:base'],
    );
  });

  test('two scenarios: each pair runs one batch of turns per scenario, each on its own pools, /b after /a in one pair and /a after /b in the next (scenario-order.ts)', async () => {
    const world = new World({ config: { pairs: 2, scenarios: [scenario('/a'), scenario('/b')] } });
    const result = await world.measure();
    assert.deepEqual(
      trace(world.events).filter((l) => l.startsWith('turns')),
      [
        'turns base#1,head#2 /a',
        'turns base#1,head#2 /b',
        'turns head#2,base#1 /b',
        'turns head#2,base#1 /a',
      ],
    );
    // Four pools: each side's /a and /b, opened once (at priming) and used by every pair.
    assert.deepEqual(
      world.of('open').map((o) => `${o.side}#${o.server} ${o.path}`),
      ['base#1 /a', 'head#2 /a', 'base#1 /b', 'head#2 /b'],
    );
    assert.equal(result.rounds.length, 8);
  });

  test('duration is shared by the scenarios: each gets its part per pair, at least a quarter second', async () => {
    const world = new World({
      config: { pairs: 1, scenarios: ['/a', '/b', '/c', '/d'].map((p) => scenario(p)) },
    });
    await world.measure();
    const measured = world.of('turns').filter((e) => e.kind === 'measured');
    // 2 s over 4 scenarios: 0.5 s per side and scenario, in 2 turns of 0.25 s, after each side's short warm-up.
    assert.deepEqual(
      measured.map((e) => e.turns.filter((t) => t.record).length),
      [4, 4, 4, 4],
    );
    const many = new World({
      config: {
        pairs: 1,
        scenarios: ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h', '/i', '/j'].map((p) => scenario(p)),
      },
    });
    await many.measure();
    // 10 scenarios would get 0.2 s each: each gets at least 0.25 s, and two turns (ABBA needs two per side) of the
    // slice, 0.25 s, make it 0.5 s.
    for (const e of many.of('turns').filter((b) => b.kind === 'measured')) {
      const base = e.turns.filter((t) => t.side === 'base' && t.record);
      assert.equal(base.length, 2);
      assert.ok(Math.abs(base.reduce((sum, t) => sum + t.sec, 0) - 0.5) < 1e-9);
    }
  });

  test('whole rounds (`slice: 0`): one turn per side and pair, in the same ABBA order', async () => {
    const world = new World({ config: { pairs: 4, sliceSec: 0 } });
    await world.measure();
    assert.deepEqual(turnLetters(world), ['bh', 'hb', 'bh', 'hb']);
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      assert.deepEqual(
        batch.turns.map((t) => t.sec),
        [2, 2],
      );
    }
  });

  test("the rounds' startedAt come from the clock", async () => {
    const world = new World({ config: { pairs: 2 } });
    const result = await world.measure();
    // Priming: 2 s per side; a pair: 2 × 2 s of turns.
    assert.deepEqual(
      result.rounds.map((r) => r.startedAt),
      [4000, 4000, 8000, 8000].map((ms) => new Date(T0 + ms).toISOString()),
    );
  });
});

describe('engines', () => {
  test('kept connections of several scenarios: each side warms its pool with one short turn (what the server closed meanwhile is reopened there)', async () => {
    const world = new World({ config: { pairs: 2, scenarios: [scenario('/a'), scenario('/b')] } });
    await world.measure();
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      assert.deepEqual(
        batch.turns.slice(0, 2).map((t) => [t.side, t.sec, t.record]),
        [
          [batch.sides[0], 0.05, false],
          [batch.sides[1], 0.05, false],
        ],
      );
    }
  });

  test('kept connections of one scenario: no warm-up within a pair; the pools are opened with the engine', async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      assert.ok(batch.turns.every((t) => t.record));
    }
    assert.ok(world.of('open').every((o) => o.spec.engine === 'kept'));
  });

  test("autocannon: every pair's turns start with each side's warm-up, thrown away", async () => {
    const world = new World({ config: { pairs: 2, engine: 'autocannon' } });
    await world.measure();
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      const warm = batch.turns.slice(0, 2);
      assert.deepEqual(
        warm.map((t) => [t.side, t.sec, t.record]),
        [
          [batch.sides[0], 0.25, false],
          [batch.sides[1], 0.25, false],
        ],
      );
      assert.ok(batch.turns.slice(2).every((t) => t.record));
    }
    assert.ok(world.of('open').every((o) => o.spec.engine === 'autocannon'));
  });

  test('`slice: auto`: turns as short as 50 ms where each connection gets 20 responses, longer for slow servers', async () => {
    const fast = new World({ config: { pairs: 1, sliceSec: 'auto' }, measure: () => measurement(10_000) });
    await fast.measure();
    assert.equal(fast.of('turns').find((e) => e.kind === 'measured')?.turns[0]?.sec, 0.05);
    // 10 connections × 20 responses at 500 req/s: 0.4 s.
    const slow = new World({ config: { pairs: 1, sliceSec: 'auto' }, measure: () => measurement(500) });
    const result = await slow.measure();
    assert.equal(slow.of('turns').find((e) => e.kind === 'measured')?.turns[0]?.sec, 0.4);
    assert.equal(result.plan?.scenarios[0]?.turnSec, 0.4);
  });
});

describe('diagnostics probes', () => {
  test("side by side: each side's window is the scenario's turns of the pair, on its own port", async () => {
    const world = new World({ config: { pairs: 2 } });
    await world.measure();
    assert.deepEqual(world.windows.slice(0, 4), [
      { side: 'base', label: 'scenario1', warmupSec: 0, port: 40_001 },
      { side: 'head', label: 'scenario1', warmupSec: 0, port: 40_002 },
      { side: 'head', label: 'scenario1', warmupSec: 0, port: 40_002 },
      { side: 'base', label: 'scenario1', warmupSec: 0, port: 40_001 },
    ]);
  });

  test('side by side: both windows open before the measured turns and close after them, before either take', async () => {
    const world = new World({ config: { pairs: 1 } });
    await world.measure();
    const order = world.events
      .filter((e) => e.op === 'window' || e.op === 'take' || (e.op === 'turns' && e.kind === 'measured'))
      .map((e) => (e.op === 'window' ? `${e.what} ${e.side}` : e.op === 'take' ? `take ${e.side}` : 'turns'));
    assert.deepEqual(order, [
      'open base',
      'open head',
      'turns',
      'close base',
      'close head',
      'take base',
      'take head',
    ]);
  });

  test("whole rounds on fresh processes: each round's window after its own warm-up; priming is not measured", async () => {
    const world = new World({
      config: { pairs: 1, restartEvery: 0, scenarios: [scenario('/a'), scenario('/b')] },
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
    const result = await world.measure();
    assert.equal(OPEN_LOOP_MAX_RATE, 5000);
    assert.ok(
      world
        .info()
        .includes(
          "GET /: open-loop load at 5000 req/s (50% of base's 20000 req/s, capped at what the open-loop client sustains)",
        ),
    );
    assert.equal(result.plan?.scenarios[0]?.openLoop?.rate, 5000);
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      const paced = batch.turns.filter((t) => t.rate !== undefined);
      assert.ok(paced.length > 0 && paced.every((t) => t.rate === 5000));
    }
  });

  test('after the closed-loop turns: a warm-up of each side, then open-loop turns ABBA… at the rate', async () => {
    const world = new World({ config: { pairs: 2, openLoop: { rate: 700 } } });
    await world.measure();
    const letters = turnLetters(world);
    assert.deepEqual(letters, ['bhhbbhhbbhhbbhhbBHHB', 'hbbhhbbhhbbhhbbhHBBH']);
    for (const batch of world.of('turns').filter((e) => e.kind === 'measured')) {
      const paced = batch.turns.filter((t) => t.rate !== undefined);
      // Each side's warm-up, then 2 turns each: a sixth of 2 s per side.
      assert.deepEqual(
        paced.slice(0, 2).map((t) => [t.side, t.record]),
        [
          [batch.sides[0], false],
          [batch.sides[1], false],
        ],
      );
      const measured = paced.filter((t) => t.record && t.side === 'base');
      assert.ok(Math.abs(measured.reduce((sum, t) => sum + t.sec, 0) - 2 / 6) < 0.002);
    }
    assert.ok(
      world
        .of('turns')
        .filter((e) => e.kind === 'priming')
        .every((e) => e.turns.every((t) => t.rate === undefined)),
    );
    assert.ok(!world.info().some((line) => line.includes('open-loop load at')));
  });

  test("each scenario gets its own rate from base's priming of it", async () => {
    const world = new World({
      config: { pairs: 2, openLoop: { share: 0.1 }, scenarios: [scenario('/a'), scenario('/b')] },
      measure: (call) => measurement(call.path === '/a' ? 1000 : 3000),
    });
    const result = await world.measure();
    assert.deepEqual(
      result.plan?.scenarios.map((s) => `${s.name} ${s.openLoop?.rate}`),
      ['GET /a 100', 'GET /b 300'],
    );
  });

  test('no open loop: no rate, no paced turns', async () => {
    const world = new World({ config: { pairs: 2 } });
    const result = await world.measure();
    assert.ok(world.of('turns').every((e) => e.turns.every((t) => t.rate === undefined)));
    assert.equal(result.plan?.scenarios[0]?.openLoop, undefined);
  });
});
