/**
 * Disturbed pairs in the pair runner (src/gate/disturbance.ts, source.ts): measured again, then kept once the
 * machine is busy throughout or the allowance is spent, with the report's note. Driven by fakes (gate-fakes.ts):
 * a pair's loads carry other processes' or stolen CPU as the test says.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DISTURBED_CORES,
  STOLEN_CORES,
  steadyForeignLimit,
  stolenLimit,
} from '../../../src/gate/disturbance.ts';
import { type LoadCall, measurement, World } from '../../support/gate-fakes.ts';

/** The measurement of a pair's load in turns, disturbed as `disturbed(attempt)` says (attempt: every pair measured). */
function disturbedAt(disturbed: (attempt: number) => Partial<{ foreignCpu: number; stealCpu: number }>) {
  return (call: LoadCall) =>
    measurement(1000, call.kind === 'measured' ? disturbed(Math.floor(call.measured / 2)) : {});
}

const busyNote = (kept: number, pairs: number, worst: string, again: number): string =>
  `the machine was busy throughout: ${kept} of ${pairs} pairs were kept although disturbed (worst: ${worst}), after ${again} had been measured again. Base and head took turns, so both felt it alike: such pairs are noisier, not biased, and the p-values and intervals account for the noise. Run perf-gate in a job of its own, with nothing else running.`;

describe('disturbed pairs', () => {
  test('a machine busy throughout: a pair is measured again 4 times, kept at the 5th, and every one after kept', async () => {
    // Every pair but the first disturbed; pair 3 (attempt 6) the most.
    const world = new World({
      config: { pairs: 4 },
      measure: disturbedAt((attempt) => (attempt === 0 ? {} : { foreignCpu: attempt === 6 ? 0.7 : 0.5 })),
    });
    const result = await world.measure();
    assert.equal(world.measuredBatches(), 1 + 5 + 1 + 1);
    assert.equal(result.disturbedPairs, 4);
    assert.equal(result.keptDisturbedPairs, 3);
    assert.equal(result.pairs, 4);
    assert.deepEqual(
      result.rounds.map((r) => r.pair),
      [0, 0, 1, 1, 2, 2, 3, 3],
      'a pair measured again is the same pair',
    );
    const again = 'pair 2 was disturbed (other processes kept 0.50 cores busy): measuring it again';
    assert.deepEqual(
      world.info().filter((line) => line.includes('disturbed')),
      [
        again,
        again,
        again,
        again,
        'pair 2 was disturbed (other processes kept 0.50 cores busy) after 4 pairs were measured again: kept, base and head took turns in it',
        'pair 3 was disturbed (other processes kept 0.70 cores busy) after 4 pairs were measured again: kept, base and head took turns in it',
        'pair 4 was disturbed (other processes kept 0.50 cores busy) after 4 pairs were measured again: kept, base and head took turns in it',
      ],
    );
    const note = busyNote(3, 4, 'other processes kept 0.70 cores busy', 4);
    assert.deepEqual(world.notes, [note]);
    assert.deepEqual(world.warnings(), [note]);
  });

  test('a pair measured again at a block start gets new processes, as every block start does', async () => {
    // restart-every 1: every pair is a block; pair 2 is disturbed once and measured again.
    const world = new World({
      config: { pairs: 3, restartEvery: 1 },
      measure: disturbedAt((attempt) => (attempt === 1 ? { foreignCpu: 0.5 } : {})),
    });
    const result = await world.measure();
    assert.equal(result.disturbedPairs, 1);
    const starts = world.of('start').length;
    assert.equal(starts, 2 * (result.pairs + result.disturbedPairs), 'two processes for every pair measured');
  });

  test('the allowance: at most half of the pairs (at least 4) are measured again', async () => {
    // Every other measurement disturbed (stolen CPU): never 5 in a row, so only the allowance keeps pairs.
    const world = new World({
      config: { pairs: 12 },
      measure: disturbedAt((attempt) => (attempt % 2 === 1 ? { stealCpu: 0.6 } : {})),
    });
    const result = await world.measure();
    // Pairs 2–5 (1-based) are measured again: 4, the least allowance. Pair 6 is kept (4 of ceil(5/2) = 3, at least
    // 4), and pair 8; by pair 10 the allowance is 5, so it is measured again; pair 11 is kept.
    const lines = world.info().filter((line) => line.includes('disturbed'));
    assert.deepEqual(
      lines.map((line) => `${line.split(' ')[1]} ${line.endsWith('measuring it again') ? 'again' : 'kept'}`),
      ['2 again', '3 again', '4 again', '5 again', '6 kept', '8 kept', '10 again', '11 kept'],
    );
    assert.ok(lines.every((line) => line.includes('(the hypervisor stole 0.60 cores)')));
    assert.equal(result.disturbedPairs, 5);
    assert.equal(result.keptDisturbedPairs, 3);
    assert.equal(world.measuredBatches(), 12 + 5);
    assert.deepEqual(world.notes, [busyNote(3, 12, 'the hypervisor stole 0.60 cores', 5)]);
  });

  test('a burst that passes: the pairs are measured again, none kept, no note', async () => {
    const world = new World({
      config: { pairs: 6 },
      measure: disturbedAt((attempt) => (attempt >= 3 && attempt <= 5 ? { foreignCpu: 0.4 } : {})),
    });
    const result = await world.measure();
    assert.equal(result.disturbedPairs, 3);
    assert.equal(result.keptDisturbedPairs, 0);
    assert.equal(world.measuredBatches(), 9);
    assert.deepEqual(world.notes, []);
    assert.deepEqual(world.warnings(), []);
  });

  test('steal the hypervisor takes steadily is no disturbance; a burst beyond twice the usual is measured again', async () => {
    // Every measurement has 0.6 cores stolen (a CI host's steady steal): after the first, the limit is 1.2.
    const steady = new World({ config: { pairs: 6 }, measure: disturbedAt(() => ({ stealCpu: 0.6 })) });
    const calm = await steady.measure();
    assert.equal(calm.disturbedPairs, 0);
    assert.equal(steady.measuredBatches(), 6);
    assert.deepEqual(steady.notes, []);
    // 0.2 cores stolen as a rule, 0.7 in the third measurement: beyond both twice the usual and half a core.
    const bursty = new World({
      config: { pairs: 6 },
      measure: disturbedAt((attempt) => ({ stealCpu: attempt === 2 ? 0.7 : 0.2 })),
    });
    const burst = await bursty.measure();
    assert.equal(burst.disturbedPairs, 1);
    assert.equal(bursty.measuredBatches(), 7);
    assert.equal(stolenLimit([]), STOLEN_CORES);
    assert.equal(stolenLimit([0.1, 0.2, 0.9]), STOLEN_CORES);
    assert.equal(stolenLimit([0.6, 0.7, 0.1]), 1.2);
  });

  test('a machine busy from the first pair on: its pairs kept at once; a burst beyond twice the least is measured again', async () => {
    // Another process keeps 0.5 cores busy in every measurement, the first pair's included; 1.2 in the 4th pair's.
    const world = new World({
      config: { pairs: 6 },
      measure: disturbedAt((attempt) => ({ foreignCpu: attempt === 3 ? 1.2 : 0.5 })),
    });
    const result = await world.measure();
    assert.equal(result.disturbedPairs, 1, 'only the burst is measured again');
    assert.equal(result.keptDisturbedPairs, 5);
    assert.equal(world.measuredBatches(), 6 + 1);
    const steady = (pair: number) =>
      `pair ${pair} was disturbed (other processes kept 0.50 cores busy) as busy as the machine has been throughout, which a pair measured again would meet too: kept, base and head took turns in it`;
    assert.deepEqual(
      world.info().filter((line) => line.includes('disturbed')),
      [
        steady(2),
        steady(3),
        'pair 4 was disturbed (other processes kept 1.20 cores busy): measuring it again',
        steady(4),
        steady(5),
        steady(6),
      ],
    );
    assert.deepEqual(world.notes, [busyNote(5, 6, 'other processes kept 0.50 cores busy', 1)]);
    // Without the burst nothing is measured again, and the note says nothing of it.
    const calm = new World({ config: { pairs: 4 }, measure: disturbedAt(() => ({ foreignCpu: 0.5 })) });
    const kept = await calm.measure();
    assert.equal(kept.disturbedPairs, 0);
    assert.deepEqual(calm.notes, [
      'the machine was busy throughout: 3 of 4 pairs were kept although disturbed (worst: other processes kept 0.50 cores busy). Base and head took turns, so both felt it alike: such pairs are noisier, not biased, and the p-values and intervals account for the noise. Run perf-gate in a job of its own, with nothing else running.',
    ]);
    assert.equal(steadyForeignLimit([]), DISTURBED_CORES);
    assert.equal(steadyForeignLimit([0.5, 0.02, 0.9]), DISTURBED_CORES);
    assert.equal(steadyForeignLimit([0.6, 0.7, 0.9]), 1.2);
  });

  test('the first pair is never measured again, and CPU at the limits is no disturbance', async () => {
    assert.equal(DISTURBED_CORES, 0.1);
    assert.equal(STOLEN_CORES, 0.5);
    const world = new World({
      config: { pairs: 4 },
      measure: disturbedAt((attempt) =>
        attempt === 0 ? { foreignCpu: 2 } : { foreignCpu: 0.1, stealCpu: 0.5 },
      ),
    });
    const result = await world.measure();
    assert.equal(world.measuredBatches(), 4);
    assert.equal(result.disturbedPairs, 0);
    assert.equal(result.keptDisturbedPairs, 0);
  });
});
