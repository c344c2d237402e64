/**
 * Pairs that share their processes in blocks (`restart-every` above 1): the blocks are the unit, fixed by the design
 * (src/decide/interval.ts); the F test of src/decide/process-offsets.ts is shown only, and the report's note
 * (src/report/) says when the blocks differed, on seeded synthetic rounds (test/support/reports.ts) with a known
 * offset put into one block.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { methodFor } from '../../../src/decide/interval.ts';
import { blockMeans, blockTest, PROCESS_OFFSET_LEVEL } from '../../../src/decide/process-offsets.ts';
import { type DecideOptions, decide } from '../../../src/decide/verdict.ts';
import type { Round } from '../../../src/model/measure.ts';
import { processOffsetNote, processOffsetOverruled } from '../../../src/report/notes.ts';
import { roundsFor } from '../../support/reports.ts';

/** Head's req/s (and, inversely, its latencies) in the pairs of `block` (of `size` pairs) multiplied by `factor`. */
function offsetBlock(
  rounds: Round[],
  size: number,
  block: number,
  factor: number,
  scenario?: string,
): Round[] {
  return rounds.map((round) => {
    if (round.side !== 'head' || Math.floor(round.pair / size) !== block) return round;
    if (scenario !== undefined && round.scenario !== scenario) return round;
    const m = round.measurement;
    const l = m.latencyMs;
    const latencyMs = {
      p50: l.p50 / factor,
      p90: l.p90 / factor,
      p99: l.p99 / factor,
      max: l.max,
      mean: l.mean,
    };
    return { ...round, measurement: { ...m, rps: m.rps * factor, latencyMs } };
  });
}

/** The F test over blocks of `size` pairs of one scenario's per-pair log ratios (head against base) of `value`. */
function blockTestOf(
  rounds: readonly Round[],
  scenario: string,
  value: (round: Round) => number,
  size: number,
) {
  const ratios = new Map<number, number>();
  for (const r of rounds.filter((x) => x.scenario === scenario))
    ratios.set(r.pair, (ratios.get(r.pair) ?? 0) + (r.side === 'head' ? 1 : -1) * Math.log(value(r)));
  return blockTest([...ratios.keys()], [...ratios.values()], size);
}

const rulesOf = (rounds: readonly Round[]) =>
  [...new Set(rounds.map((r) => r.scenario))].map((name) => ({
    name,
    expectStatus: undefined,
    threshold: undefined,
  }));
const OPTIONS: DecideOptions = { threshold: 0.02, latencyThreshold: 0.2, alpha: 0.05 };

describe('block test', () => {
  test('blocks of consecutive pair numbers; blocks of one pair and fewer than two blocks give nothing', () => {
    const pairs = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const ratios = [0.01, -0.01, 0.02, 0, 0.1, 0.12, 0.09, 0.11, 0.5];
    const t = blockTest(pairs, ratios, 4);
    assert.ok(t);
    assert.equal(t.blocks, 2, 'pair 8 alone is left out');
    assert.equal(t.pairs, 8);
    assert.deepEqual([t.df1, t.df2], [1, 6]);
    assert.ok(Math.abs(t.changes[0]! - Math.expm1(0.005)) < 1e-12);
    assert.ok(Math.abs(t.changes[1]! - Math.expm1(0.105)) < 1e-12);
    assert.ok(t.p < PROCESS_OFFSET_LEVEL, `F ${t.f}, p ${t.p}`);
    assert.equal(blockTest(pairs, ratios, 1), undefined, 'a process pair per pair');
    assert.equal(blockTest(pairs, ratios, 0), undefined);
    assert.equal(blockTest(pairs, ratios, 16), undefined, 'one block');
    // Pair numbers need not be contiguous (a pair without a value is missing): blocks follow the numbers; the last
    // block waits until it is whole (pair 8 alone is its first pair).
    const gappy = blockTest([0, 2, 3, 4, 6, 7, 8], [0, 0.01, -0.01, 0.2, 0.21, 0.19, 0.5], 4);
    assert.equal(gappy?.pairs, 6);
    assert.equal(gappy?.blocks, 2);
  });

  test('block means: a block that kept one pair is a unit; a block still being filled is not', () => {
    // Blocks of 2, pairs 1, 3, 5 left out (carry-over): each block keeps one pair.
    assert.deepEqual(blockMeans([0, 2, 4], [0.01, 0.02, 0.03], 2, 6), [0.01, 0.02, 0.03]);
    // Mixed: one block whole, one with a pair left out, the last still filling at 5 pairs measured.
    assert.deepEqual(blockMeans([0, 1, 2, 4], [0.01, 0.03, 0.05, 0.07], 2, 5), [0.02, 0.05]);
    // Without the pairs measured, the last block waits until it has its pairs; earlier blocks of one count.
    assert.deepEqual(blockMeans([0, 2, 4], [0.01, 0.02, 0.03], 2), [0.01, 0.02]);
    assert.deepEqual(blockMeans([0, 2, 4, 5], [0.01, 0.02, 0.03, 0.05], 2), [0.01, 0.02, 0.04]);
    // The F test still compares blocks of two pairs or more only.
    assert.equal(blockTest([0, 2, 4], [0.01, 0.02, 0.03], 2), undefined);
  });

  test('processes that run alike: the blocks differ at about the test’s level, and never wildly', () => {
    let differed = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const rounds = roundsFor({ paths: { '/': 1 }, pairs: 32, noise: 0.02, seed });
      const t = blockTestOf(rounds, 'GET /', (r) => r.measurement.rps, 8);
      assert.ok(t && t.f < 15, `seed ${seed}: F ${t?.f}`);
      if (t.p < PROCESS_OFFSET_LEVEL) differed++;
    }
    // At PROCESS_OFFSET_LEVEL (1%) about 2 of 200; 6 or more would happen with probability under 2%.
    assert.ok(differed <= 6, `${differed} of 200 differed at level ${PROCESS_OFFSET_LEVEL}`);
  });
});

describe('with restart-every of 2 or more the blocks are the unit: interval and p from the block means', () => {
  test('A/A with one block of 8 whose head process runs 8% slower: no regression, inconclusive, and said why', () => {
    const rounds = offsetBlock(roundsFor({ paths: { '/': 1 }, pairs: 24, noise: 0.01, seed: 3 }), 8, 1, 0.92);
    const rules = rulesOf(rounds);
    // Counting the 24 pairs as independent, one odd block is a 2.7% slowdown that a test of req/s alone would call
    // significant (p < 0.05 before the family's adjustment).
    const naive = decide(rounds, rules, OPTIONS).comparisons.find((c) => c.metric === 'rps')!;
    assert.ok(naive.p < 0.05 && naive.change < -0.02, JSON.stringify(naive));
    assert.equal(naive.unit, 'pairs');
    assert.equal(naive.processes, undefined);

    const decision = decide(rounds, rules, { ...OPTIONS, restartEvery: 8 });
    const rps = decision.comparisons.find((c) => c.metric === 'rps')!;
    assert.equal(rps.unit, 'blocks');
    assert.equal(rps.significant, false, 'three block means cannot show it');
    assert.equal(rps.verdict, 'inconclusive');
    assert.equal(rps.processes?.restartEvery, 8);
    assert.equal(rps.processes?.changes.length, 3);
    assert.ok(rps.processes!.changes[1]! < -0.06 && rps.processes!.changes[1]! > -0.1);
    assert.ok(rps.processes!.p < 0.001);
    // The estimate is the mean of the block means, and the interval is Student's t over them.
    const mean = rps.processes!.changes.map((c) => Math.log1p(c)).reduce((a, b) => a + b, 0) / 3;
    assert.ok(Math.abs(Math.log1p(rps.change) - mean) < 1e-12);
    assert.ok(rps.ci[1] - rps.ci[0] > naive.ci[1] - naive.ci[0], 'wider than the pairs pretended');
    assert.notEqual(decision.verdict, 'regression');

    const note = processOffsetNote(decision);
    assert.ok(note);
    assert.match(note, /the server's processes differed for their whole life: in blocks of 8 pairs/);
    assert.match(note, /GET \/ req\/s [+−]\d\.\d%, −[6-9]\.\d%, [+−]\d\.\d% \(F = \d+\.\d, p < 0\.001\)/);
    assert.match(note, /the intervals and p-values above come from the 3 blocks' mean changes/);
    assert.match(note, /`restart-every: 1`/);
    assert.equal(processOffsetOverruled(decision), false, 'nothing is taken back: the unit decides');
  });

  test('a real regression in every block stands, even when the blocks also differ', () => {
    // Head 20% slower throughout, and 10% more in its second process pair: six block means.
    const slower = roundsFor({ paths: { '/': 0.8 }, pairs: 24, noise: 0.01, seed: 4 });
    const rounds = offsetBlock(slower, 4, 1, 0.9);
    const rps = decide(rounds, rulesOf(rounds), { ...OPTIONS, restartEvery: 4 }).comparisons.find(
      (c) => c.metric === 'rps',
    )!;
    assert.ok(rps.processes, 'the blocks differed');
    assert.equal(rps.unit, 'blocks');
    assert.equal(rps.verdict, 'regression');
    assert.ok(rps.processes.changes.every((change) => change < -0.15));
  });

  test('the unit is fixed by the design: blocks that agree are still the unit, and "no change" can be had', () => {
    const alike = roundsFor({ paths: { '/': 1 }, pairs: 24, noise: 0.005, seed: 6 });
    const plain = decide(alike, rulesOf(alike), OPTIONS);
    assert.ok(plain.comparisons.every((c) => c.unit === 'pairs' && c.units === 24));
    const one = decide(alike, rulesOf(alike), { ...OPTIONS, restartEvery: 1 });
    assert.deepEqual(one.comparisons, plain.comparisons, 'restart-every 1: every pair its own processes');
    const blocked = decide(alike, rulesOf(alike), { ...OPTIONS, restartEvery: 8 });
    assert.ok(blocked.comparisons.every((c) => c.unit === 'blocks' && c.units === 3));
    assert.ok(blocked.comparisons.every((c) => c.processes !== undefined && !c.processes.differed));
    assert.equal(processOffsetNote(blocked), undefined);

    // Blocks 1.5% apart with 0.5% noise: they differ; six blocks of 4 bound the change inside the 2% threshold.
    const near = offsetBlock(alike, 4, 1, 1.015);
    const nearRps = decide(near, rulesOf(near), { ...OPTIONS, restartEvery: 4 }).comparisons.find(
      (c) => c.metric === 'rps',
    )!;
    assert.ok(nearRps.processes?.differed, 'blocks 1.5% apart with 0.5% noise differ');
    assert.equal(nearRps.unit, 'blocks');
    assert.equal(nearRps.verdict, 'no-change', JSON.stringify(nearRps.ci));
  });

  test('the processes serve every scenario: the note names the comparisons whose blocks differed', () => {
    const rounds = offsetBlock(
      roundsFor({ paths: { '/a': 1, '/b': 1 }, pairs: 16, noise: 0.01, seed: 9 }),
      4,
      1,
      1.1,
      'GET /b',
    );
    const decision = decide(rounds, rulesOf(rounds), { ...OPTIONS, restartEvery: 4 });
    const of = (scenario: string, metric: string) =>
      decision.comparisons.find((c) => c.scenario === scenario && c.metric === metric)!;
    assert.equal(of('GET /b', 'rps').processes?.differed, true);
    assert.equal(of('GET /b', 'p99').processes?.differed, true);
    assert.equal(of('GET /a', 'rps').processes?.differed, false);
    assert.ok(decision.comparisons.every((c) => c.unit === 'blocks' && c.processes !== undefined));
    const note = processOffsetNote(decision);
    assert.ok(note?.includes('GET /b req/s'));
    assert.ok(!note?.includes('GET /a req/s'), 'a comparison whose own blocks did not differ is not named');
  });

  test('over many gates with an odd block: whatever the unit, the verdict agrees with its interval', () => {
    let blocks = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const factor = [0.97, 1, 1.03][seed % 3]!;
      const rounds = offsetBlock(
        roundsFor({ paths: { '/a': factor, '/b': 1 }, pairs: 16, noise: 0.015, seed }),
        4,
        seed % 4,
        1.08,
        'GET /b',
      );
      const decision = decide(rounds, rulesOf(rounds), { ...OPTIONS, restartEvery: 4 });
      for (const c of decision.comparisons) {
        assert.equal(c.unit, 'blocks', `seed ${seed}: the design's unit, whatever the data`);
        assert.equal(c.method, methodFor(c.units, c.level), 'the method from the units and the level only');
        if (c.processes?.differed) blocks++;
        assert.equal(c.significant, c.ci[0] > 0 || c.ci[1] < 0, `seed ${seed} ${c.scenario} ${c.metric}`);
        if (c.verdict === 'regression' || c.verdict === 'improvement') assert.ok(c.significant);
      }
    }
    assert.ok(blocks > 0, 'the odd block made the blocks differ in some gates');
  });
});

describe('an offset of the processes with many scenarios', () => {
  const PATHS = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/s${i}`, 1]));

  test('an offset of the processes shows in every scenario, so 10 scenarios still find it', () => {
    let rounds = roundsFor({ paths: PATHS, pairs: 16, noise: 0.01, seed: 5 });
    // Head's second process runs 6% slower, in every scenario it serves.
    rounds = offsetBlock(rounds, 4, 1, 0.94);
    const decision = decide(rounds, rulesOf(rounds), { ...OPTIONS, restartEvery: 4 });
    assert.ok(decision.comparisons.every((c) => c.processes !== undefined));
    assert.ok(decision.comparisons.filter((c) => c.processes?.differed).length >= 10);
    // Four block means, one 6% off: none can bound a change inside the 2% threshold, nor call one.
    for (const c of decision.comparisons.filter((x) => x.metric === 'rps'))
      assert.equal(c.verdict, 'inconclusive', `${c.scenario}: ${c.verdict}`);
  });
});
