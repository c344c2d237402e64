/**
 * A head so slow that its turns outlast their slots (issue 40: a listener leak made head 100× slower, each of its
 * 50 ms turns waited a second for the requests in flight, a pair cost five times what the plan said, and the gate
 * ended "n/a (too few pairs)" after three minutes). Driven by the fakes of gate-fakes.ts, whose clock moves by
 * what each turn takes: here head's turns take 20× their slot.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Measured } from '../../../src/gate/measure.ts';
import type { Side } from '../../../src/model/measure.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { measurement, T0, World } from '../../support/gate-fakes.ts';

/** The action's defaults for one path: 3 minutes, 2 s a side per pair in `slice: auto` turns, blocks of 2 pairs. */
const DEFAULTS = {
  pairs: undefined,
  budgetMs: 180_000,
  durationSec: 2,
  sliceSec: 'auto',
  restartEvery: 2,
  primeSec: 2,
  warmupSec: 0.25,
  connections: 10,
  threshold: 0.02,
  latencyThreshold: 0.2,
} as const;

/** Base at 5,000 req/s (50 ms turns), head 100× slower; 1% and 10% noise per measurement. */
function slowHead(options: { foreign?: (measurement: number) => number } = {}): World {
  const random = mulberry32(40);
  const jitter = (sd: number): number => Math.exp((random() - 0.5) * 2 * sd);
  let takes = 0;
  return new World({
    config: DEFAULTS,
    turnFactor: (side: Side) => (side === 'head' ? 20 : 1),
    measure: (call) => {
      const rps = call.side === 'head' ? 50 * jitter(0.1) : 5000 * jitter(0.01);
      if (call.kind !== 'measured') return measurement(rps);
      const foreign = options.foreign?.(Math.floor(takes++ / 2));
      return measurement(rps, foreign === undefined ? {} : { foreignCpu: foreign });
    },
  });
}

/** Seconds of the fake clock measuring took. */
function seconds(world: World): number {
  return (world.clock.now() - T0) / 1000;
}

function rps(result: Measured) {
  return result.decision?.comparisons.find((c) => c.metric === 'rps');
}

describe('a head whose turns take 20× their slot', () => {
  test('is called a regression within 90 s, at an early look, with an interval', async () => {
    const world = slowHead();
    const result = await world.measure();
    const sec = seconds(world);
    const change = rps(result);
    assert.equal(result.decision?.verdict, 'regression', `after ${sec} s, ${result.pairs} pairs`);
    assert.ok(change && Number.isFinite(change.ci[0]) && change.change < -0.95, JSON.stringify(change?.ci));
    assert.ok(sec <= 90, `${sec} s`);
    assert.ok(result.looked[0]! < 12, `looked at ${result.looked}`);
  });

  test('its pairs cost about what the plan says: fewer turns of the same length', async () => {
    const world = slowHead();
    const result = await world.measure();
    const plan = result.plan!;
    const turns = world.of('turns').filter((e) => e.kind === 'measured');
    // After the first pair every pair's turns were refitted from the one before.
    for (const batch of turns.slice(1)) {
      const took = batch.turns.reduce((sum, t) => sum + t.sec * (t.side === 'head' ? 20 : 1), 0);
      assert.ok(took <= 1.5 * plan.pairSec, `a pair's turns took ${took} s, planned ${plan.pairSec} s`);
      assert.ok(batch.turns.every((t) => t.sec === plan.scenarios[0]!.turnSec));
    }
    assert.ok(
      world
        .info()
        .some((l) => /^GET \/: \d+ turns a side of 50 ms instead of 40, so that a pair costs/.test(l)),
      world.info().join('\n'),
    );
  });

  test('on a machine busy throughout it still ends with an interval, never "too few pairs"', async () => {
    const world = slowHead({ foreign: () => 1.2 });
    const result = await world.measure();
    const change = rps(result);
    assert.ok(change && change.units >= 3, `${change?.units} units after ${seconds(world)} s`);
    assert.ok(Number.isFinite(change.ci[0]) && change.ci[1] < -0.5, JSON.stringify(change.ci));
    assert.equal(result.decision?.verdict, 'regression');
    assert.ok(seconds(world) <= 120, `${seconds(world)} s`);
  });
});

describe('disturbed pairs', () => {
  test('are measured again only while the budget still reaches the next look', async () => {
    // One block (restart-every 100), pairs of about 4.3 s, a budget of 60 s: the looks come at 12 pairs. Every
    // other measurement is disturbed: measuring each of them again would take the look's time, so the pairs that
    // would leave the budget short of 12 pairs are kept instead, and the look comes where it was planned.
    let takes = 0;
    const world = new World({
      config: { pairs: undefined, budgetMs: 60_000, restartEvery: 100 },
      measure: (call) =>
        measurement(
          1000,
          call.kind === 'measured' && Math.floor(takes++ / 2) % 2 === 1 ? { foreignCpu: 0.5 } : {},
        ),
    });
    const result = await world.measure();
    assert.deepEqual(result.plan?.looks, [12]);
    assert.deepEqual(result.looked, [12]);
    assert.ok(result.disturbedPairs >= 1, `${result.disturbedPairs} measured again`);
    assert.ok(result.keptDisturbedPairs >= 1, `${result.keptDisturbedPairs} kept`);
    assert.ok(
      world
        .info()
        .some((l) =>
          /but measuring it again would leave the time budget short of the next look: kept/.test(l),
        ),
    );
    assert.ok(seconds(world) <= 60, `${seconds(world)} s`);
  });
});
