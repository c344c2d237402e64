/**
 * The pairs handed to the sequential rule (src/gate/source.ts, first-pair.ts, measure.ts): the time a pair costs
 * and the looks it moves, the time limit, the first pair's checks and the notes at the end. Driven by fakes
 * (gate-fakes.ts) whose clock moves only by the seconds of the loads they run.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PUBLISH_RESERVE_MS } from '../../../src/gate/measurement-plan.ts';
import { planLooks } from '../../../src/stats/look-schedule.ts';
import { failing, measurement, scenario, World } from '../../support/gate-fakes.ts';
import { rejection } from '../../support/rejection.ts';

describe('time', () => {
  test('pairs slower than planned: the next look moves to the most pairs the budget still buys', async () => {
    // One block (restart-every 100): priming 4 s, then 4 s per pair (the plan expects 4.3 s with the turns'
    // drains), so the plan looks up to 120 s / 4.3 s = 27 pairs. From the 5th pair on each takes 10 s more: after
    // 10 pairs (104 s) the look at 12 no longer fits, none later than 10 does, and the gate looks there.
    const world = new World({
      config: { pairs: undefined, budgetMs: 120_000, restartEvery: 100 },
      extraMs: (call) => (call.kind === 'measured' && call.measured >= 8 ? 10_000 : 0),
    });
    const result = await world.measure();
    assert.deepEqual(result.looked, [10]);
    assert.equal(result.pairs, 10);
    assert.equal(result.stoppedBy, 'budget');
    const planned = planLooks(27);
    assert.deepEqual(result.schedule.slice(0, -1), planned, 'the schedule stays as planned');
    assert.ok(!planned.includes(10));
  });

  test('pairs measured again count as measured: an early burst does not make every pair look dearer', async () => {
    // The 2nd pair is measured 5 times (4.5 s each): 32 s after 2 pairs. Spread over the 6 measurements the cost
    // per pair stays 4.55 s and the look at 12 still fits the 120 s; spread over the 2 pairs kept it would be 13.55 s
    // and the look would move to 8.
    const world = new World({
      config: { pairs: undefined, budgetMs: 120_000, restartEvery: 100 },
      measure: (call) => {
        const attempt = Math.floor(call.measured / 2);
        return measurement(
          1000,
          call.kind === 'measured' && attempt >= 1 && attempt <= 4 ? { foreignCpu: 0.5 } : {},
        );
      },
    });
    const result = await world.measure();
    assert.equal(result.disturbedPairs, 4);
    // One block of processes is one unit, so nothing is decided: the looks go on, the first where planned.
    assert.equal(result.looked[0], 12);
  });

  test('pairs as fast as planned: the looks stay where they were planned', async () => {
    // Head 20% slower, four times the 5% threshold, at a noise of 0.5%: the first look, an early one at 6 pairs (3
    // blocks of 2 pairs; one block alone is one unit), decides (its t interval is ±80 standard errors wide).
    const world = new World({
      config: { pairs: undefined, budgetMs: 120_000, restartEvery: 2 },
      measure: (call) => measurement(call.side === 'head' ? 800 * (1 + (call.measured % 3) / 200) : 1000),
    });
    const result = await world.measure();
    assert.deepEqual(result.plan?.looks.slice(0, 4), [6, 8, 10, 12]);
    assert.deepEqual(result.looked, [6]);
    assert.equal(result.stoppedBy, 'resolved');
  });

  test('the time limit: no pair is started that would end in the reserve for publishing; a note says so', async () => {
    // Priming 4 s and pairs of 4 s: the 4th pair, expected to end at 20 s, would pass the limit at 19 s.
    const world = new World({ config: { pairs: 10 }, deadlineMs: PUBLISH_RESERVE_MS + 19_000 });
    const result = await world.measure();
    assert.equal(result.pairs, 3);
    assert.equal(result.stoppedBy, 'deadline');
    assert.deepEqual(world.notes, ["the gate's time limit (input `timeout`) ran out after 3 pairs."]);
    assert.deepEqual(world.warnings(), [
      'the time limit ran out after 3 pairs: deciding on what was measured',
    ]);
  });

  test("the time limit counts a new block's priming", async () => {
    // With blocks of 2, the 3rd pair starts a block at 12 s: with its 4 s of priming it would end at 20 s, past
    // the limit at 19 s (without the priming it would fit).
    const world = new World({
      config: { pairs: 10, restartEvery: 2 },
      deadlineMs: PUBLISH_RESERVE_MS + 19_000,
    });
    const result = await world.measure();
    assert.equal(result.pairs, 2);
    assert.deepEqual(world.notes, ["the gate's time limit (input `timeout`) ran out after 2 pairs."]);
  });

  test('a slow start-up with new processes every pair is worth a note', async () => {
    // Each server takes 3 s to start: 6 s of every pair's 14 s (4 s of priming, 4 s of turns).
    const world = new World({ config: { pairs: 4, restartEvery: 1 }, startMs: 3000 });
    await world.measure();
    assert.deepEqual(world.notes, [
      "starting base and head took 6.0 s of every pair's 14.0 s (`restart-every: 1` starts new processes for every pair). For a server this slow to start, the default `restart-every: 2` starts them (and primes them) once per 2 pairs, and the time budget buys more pairs.",
    ]);
  });

  test('a quick start-up, or blocks of more pairs, is not', async () => {
    for (const config of [
      { pairs: 4, restartEvery: 1 },
      { pairs: 4, restartEvery: 4 },
    ]) {
      const world = new World({ config, startMs: config.restartEvery === 1 ? 1000 : 10_000 });
      await world.measure();
      assert.deepEqual(world.notes, []);
    }
  });
});

describe('the first pair', () => {
  test('both sides fail a scenario: a setup error that names what they answered', async () => {
    const world = new World({ measure: () => failing(500) });
    const error = await rejection(world.measure());
    assert.equal(error.code, 'server-errors');
    assert.equal(error.side, undefined);
    assert.equal(
      error.message,
      "both base and head fail GET / (base: 2000 × 500; head: 2000 × 500). Every path in `paths` must answer 2xx: check the path and the server's setup.",
    );
    assert.equal(world.measuredBatches(), 1);
    assert.equal(world.events.at(-1)?.op, 'loadgen-stop');
    assert.equal(world.of('stop').length, 2);
  });

  test('both sides fail a scenario of a config file: the message names its `expect`', async () => {
    const expecting = { ...scenario('/'), expectStatus: 201 };
    const world = new World({
      config: { configFile: 'perf-gate.yml', scenarios: [expecting] },
      measure: () => measurement(1000, { errors: 3, statusCodes: { '200': 2000 } }),
    });
    const error = await rejection(world.measure());
    assert.equal(
      error.message,
      "both base and head fail GET / (base: 2000 × 200, 3 connection errors or timeouts; head: 2000 × 200, 3 connection errors or timeouts). Every scenario must answer its `expect` status (default 2xx): check `expect: 201` in perf-gate.yml and the server's setup.",
    );
  });

  test('base alone fails a scenario: new on head, dropped from the rounds and from every pair after', async () => {
    const world = new World({
      config: { scenarios: [scenario('/old'), scenario('/new')] },
      measure: (call) => (call.path === '/new' && call.side === 'base' ? failing(404) : measurement(1000)),
    });
    const result = await world.measure();
    assert.deepEqual(result.newScenarios, ['GET /new']);
    assert.ok(
      world
        .info()
        .includes('GET /new fails on base (2000 × 404) but not on head: a new endpoint, not compared'),
    );
    assert.deepEqual(
      world
        .of('turns')
        .filter((e) => e.kind === 'measured')
        .map((e) => e.path),
      ['/old', '/new', '/old', '/old', '/old'],
    );
    assert.ok(result.rounds.every((r) => r.scenario === 'GET /old'));
    assert.equal(result.rounds.length, 8);
    assert.deepEqual(
      result.decision?.comparisons.map((c) => c.scenario).filter((name, i, all) => all.indexOf(name) === i),
      ['GET /old'],
    );
  });

  test('base alone fails a scenario base’s own config file lists: an error that names it, never new on head', async () => {
    // Issue 50, item 2: a scenario of base's file that base fails and head answers is not dropped (when all were,
    // the verdict was inconclusive, a neutral check that passes a required one).
    const world = new World({
      config: {
        configFile: 'perf-gate.yml',
        scenarios: [scenario('/old'), scenario('/new')],
        baseScenarios: ['GET /old'],
      },
      measure: (call) => (call.side === 'base' ? failing(404) : measurement(1000)),
    });
    const error = await rejection(world.measure());
    assert.equal(error.code, 'server-errors');
    assert.equal(error.neutral, false);
    assert.equal(
      error.message,
      "base fails GET /old (2000 × 404) but head does not: base's config file perf-gate.yml lists it, so it is compared, not dropped as new on head. Make base answer it (check base's server and its setup), or take it out of base's perf-gate.yml first.",
    );
  });

  test('head alone fails: not new, measured and compared as usual', async () => {
    const world = new World({ measure: (call) => (call.side === 'head' ? failing(500) : measurement(1000)) });
    const result = await world.measure();
    assert.deepEqual(result.newScenarios, []);
    assert.equal(result.pairs, 4);
  });

  test('the log line of each pair: req/s per side, the change, the running estimate, and the open loop when there is one', async () => {
    const world = new World({
      config: { pairs: 2, openLoop: { rate: 500 } },
      measure: (call) =>
        measurement(call.side === 'base' ? 1000 : 950, {
          paced: {
            rate: 500,
            sent: 100,
            responses: call.side === 'base' ? 100 : 98,
            failures: 0,
            latencyMs: { p50: 1, p90: 2, p99: call.side === 'base' ? 3 : 4.5, max: 9, mean: 1 },
            sendLagP99Ms: 0.5,
          },
        }),
    });
    await world.measure();
    assert.deepEqual(
      world.info().filter((line) => !line.startsWith('measurement plan:')),
      [
        'pair 1: GET /: base 1000 req/s, head 950 req/s (−5.0%), so far −5.0% over 1 pair, p99 at 500 req/s: base 3.00 ms, head 4.50 ms (2 of 100 unanswered)',
        'pair 2: GET /: base 1000 req/s, head 950 req/s (−5.0%), so far −5.0% over 2 pairs, p99 at 500 req/s: base 3.00 ms, head 4.50 ms (2 of 100 unanswered)',
      ],
    );
  });
});
