/**
 * A scenario settled at a look, as the gate measures it (src/gate/source.ts, pairs.ts, measurement-plan.ts
 * sharedAmong): loaded no more, its time in each pair given to the scenarios still open, which the Williams order
 * rotates alone; the note says so. Driven by fakes (gate-fakes.ts) whose clock moves only by the loads they run.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { type LoadCall, measurement, scenario, type TurnsEvent, World } from '../../support/gate-fakes.ts';

const PATHS = ['/quiet', '/b', '/c', '/d'];

/** Head's req/s: within 0.1% of base's on /quiet, ±10% (seeded) on the others; base 1000. */
function measure(): (call: LoadCall) => ReturnType<typeof measurement> {
  const random = mulberry32(3);
  return (call) => {
    if (call.side === 'base' || call.kind === 'priming') return measurement(1000);
    if (call.path === '/quiet') return measurement(1000 * (1 + ((call.measured % 3) - 1) / 1000));
    return measurement(1000 * Math.exp(0.1 * Math.sqrt(3) * (2 * random() - 1)));
  };
}

/** Four scenarios, 4 s of measured load a side each pair (1 s each, turns of 0.25 s), blocks of 2, 400 s. */
function world(): World {
  return new World({
    config: {
      pairs: undefined,
      budgetMs: 400_000,
      restartEvery: 2,
      durationSec: 4,
      scenarios: PATHS.map(scenario),
      scenarioCount: PATHS.length,
    },
    measure: measure(),
  });
}

/** The measured batches of turns (one per scenario of a pair), grouped into pairs by the scenarios they hold. */
function pairsOf(w: World): TurnsEvent[][] {
  const batches = w.of('turns').filter((e) => e.kind === 'measured');
  const pairs: TurnsEvent[][] = [];
  for (const batch of batches) {
    const last = pairs[pairs.length - 1];
    if (last && !last.some((b) => b.path === batch.path)) last.push(batch);
    else pairs.push([batch]);
  }
  return pairs;
}

const recordedSec = (batch: TurnsEvent, side: string): number =>
  batch.turns.filter((t) => t.record && t.side === side).reduce((sum, t) => sum + t.sec, 0);

describe('a settled scenario, as the gate measures', () => {
  test('is loaded no more, and its time goes to the others: the note says so', async () => {
    const w = world();
    const result = await w.measure();
    assert.deepEqual(result.settled[0], { scenario: 'GET /quiet', verdict: 'no-change', pairs: 12 });
    const pairs = pairsOf(w);
    assert.ok(pairs.length > 18, 'the others went on');
    assert.ok(pairs.slice(0, 12).every((p) => p.length === 4));
    const after = pairs.slice(12, 18);
    assert.ok(after.every((p) => p.length === 3 && !p.some((b) => b.path === '/quiet')));
    // Each side's measured 4 s a pair shared by three: 1.33 s each, in an even count of 0.25 s turns (6, not 4).
    const baseSec = (p: TurnsEvent[]): number => p.reduce((sum, b) => sum + recordedSec(b, 'base'), 0);
    assert.equal(baseSec(pairs[0]!), 4);
    assert.equal(baseSec(after[0]!), 4.5);
    const baseTurns = (b: TurnsEvent): number => b.turns.filter((t) => t.record && t.side === 'base').length;
    assert.deepEqual(pairs[0]!.map(baseTurns), [4, 4, 4, 4]);
    assert.deepEqual(after[0]!.map(baseTurns), [6, 6, 6]);
    assert.ok(
      w.notes.includes(
        'GET /quiet settled as no change after 12 pairs; its time went to the others (its comparisons are as they were decided then).',
      ),
    );
    assert.ok(w.info().some((line) => line.startsWith('GET /quiet settled: measured no further')));
  });

  test('the scenarios still open are rotated in a Williams design of their own', async () => {
    const w = world();
    const result = await w.measure();
    assert.equal(result.settled[0]?.pairs, 12);
    // Three open: a cycle of 6 rows from pair 12 on, in which each comes first twice and right after each other twice.
    const cycle = pairsOf(w)
      .slice(12, 18)
      .map((p) => p.map((b) => b.path));
    const first = new Map<string, number>();
    const follows = new Map<string, number>();
    for (const order of cycle) {
      first.set(order[0]!, (first.get(order[0]!) ?? 0) + 1);
      for (let i = 1; i < order.length; i++) {
        const key = `${order[i - 1]}>${order[i]}`;
        follows.set(key, (follows.get(key) ?? 0) + 1);
      }
    }
    assert.deepEqual([...first.values()], [2, 2, 2]);
    assert.equal(follows.size, 6);
    assert.deepEqual(new Set(follows.values()), new Set([2]));
  });
});
