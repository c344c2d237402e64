/**
 * src/process-offsets.ts: the warning that the processes of blocks of `restart-every` pairs differed for their whole
 * life, on seeded synthetic rounds (test/support/reports.ts) with a known offset put into one block.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Round } from '../../src/measure.ts';
import { PROCESS_OFFSET_LEVEL, processOffsetNote, processOffsets } from '../../src/process-offsets.ts';
import { roundsFor } from '../support/reports.ts';

/** Head's req/s in the pairs of `block` (of `size` pairs) multiplied by `factor`, in scenario `scenario` only. */
function offsetBlock(
  rounds: Round[],
  size: number,
  block: number,
  factor: number,
  scenario?: string,
): Round[] {
  return rounds.map((round) =>
    round.side === 'head' &&
    Math.floor(round.pair / size) === block &&
    (scenario === undefined || round.scenario === scenario)
      ? { ...round, measurement: { ...round.measurement, rps: round.measurement.rps * factor } }
      : round,
  );
}

describe('process offsets', () => {
  test('one block of 8 whose head process runs 8% slower: found, with the blocks and their spread', () => {
    const rounds = offsetBlock(
      roundsFor({ paths: { '/': 1 }, pairs: 32, noise: 0.015, seed: 3 }),
      8,
      2,
      0.92,
    );
    const [found, ...rest] = processOffsets(rounds, 8);
    assert.equal(rest.length, 0);
    assert.equal(found?.scenario, 'GET /');
    assert.equal(found?.blocks, 4);
    assert.equal(found?.pairs, 32);
    assert.deepEqual([found?.df1, found?.df2], [3, 28]);
    assert.ok(found!.p < 1e-6, `p ${found!.p}`);
    assert.ok(found!.lowest < -0.06 && found!.lowest > -0.1, `lowest ${found!.lowest}`);
    assert.ok(Math.abs(found!.highest) < 0.02, `highest ${found!.highest}`);
    const note = processOffsetNote([found!], 8);
    assert.ok(note, 'a note');
    assert.match(note, /blocks of 8 pairs/);
    assert.match(
      note,
      /GET \/: block means of head\/base req\/s from −[6-9]\.\d% to [+−][01]\.\d% over 4 blocks, F = \d+\.\d, p < 0\.001/,
    );
    assert.match(note, /`restart-every: 1`/);
  });

  test('processes that run alike: no warning in 99 of 100 seeds or so, and never a wild F', () => {
    let warned = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const offsets = processOffsets(roundsFor({ paths: { '/': 1 }, pairs: 32, noise: 0.02, seed }), 8);
      assert.equal(offsets.length, 1);
      if (processOffsetNote(offsets, 8) !== undefined) warned++;
      assert.ok(offsets[0]!.f < 15, `seed ${seed}: F ${offsets[0]!.f}`);
    }
    // At PROCESS_OFFSET_LEVEL the expected count is 2 of 200; 6 or more would happen with probability < 2%.
    assert.ok(warned <= 6, `${warned} of 200 warned at level ${PROCESS_OFFSET_LEVEL}`);
  });

  test('a real change moves every block alike: it is the verdict’s business, not a process offset', () => {
    const offsets = processOffsets(roundsFor({ paths: { '/': 0.8 }, pairs: 24, noise: 0.015, seed: 5 }), 8);
    assert.equal(processOffsetNote(offsets, 8), undefined);
    assert.ok(offsets[0]!.lowest < -0.17 && offsets[0]!.highest > -0.23);
  });

  test('per scenario: only the one whose processes differed is named', () => {
    const rounds = offsetBlock(
      roundsFor({ paths: { '/a': 1, '/b': 1 }, pairs: 16, noise: 0.01, seed: 9 }),
      4,
      1,
      1.1,
      'GET /b',
    );
    const offsets = processOffsets(rounds, 4);
    assert.deepEqual(
      offsets.map((o) => o.scenario),
      ['GET /a', 'GET /b'],
    );
    const note = processOffsetNote(offsets, 4);
    assert.ok(note?.includes('GET /b: block means'));
    assert.ok(!note?.includes('GET /a'));
  });

  test('nothing to test: one pair per process, a single block, or blocks of one pair', () => {
    const rounds = roundsFor({ paths: { '/': 1 }, pairs: 9, seed: 2 });
    assert.deepEqual(processOffsets(rounds, 1), []);
    assert.deepEqual(processOffsets(rounds, 0), []);
    assert.deepEqual(processOffsets(rounds, 16), [], 'one block of 9 pairs');
    // Blocks of 8: the first has 8 pairs, the second only pair 8: one usable block.
    assert.deepEqual(processOffsets(rounds, 8), []);
    // A pair missing its head round is left out, not counted as a pair.
    const withoutHead = rounds.filter((r) => !(r.pair === 0 && r.side === 'head'));
    assert.equal(processOffsets(withoutHead, 4)[0]?.pairs, 7, 'blocks 0–3 and 4–7: 3 + 4 pairs');
  });
});
