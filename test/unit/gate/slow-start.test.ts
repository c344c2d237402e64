/**
 * A slow start priced in before measuring: the plan's note says what starting took, that the budget pays it once
 * per block, what the plan can still catch, and what to set, every design priced with the start it measured (a
 * server that takes 20 s to start makes `restart-every: 1` dear, never the cheap way out). Driven by fakes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { projectedPairSec } from '../../../src/gate/measurement-plan.ts';
import type { Note } from '../../../src/model/notes.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { gateConfig, measurement, World } from '../../support/gate-fakes.ts';

test('a server that takes 10 s to start: the note names the start, and no advice is priced as if it were quick', async () => {
  // Both servers of a block start one after the other here: 2 × 10 s.
  const world = new World({
    config: { pairs: undefined, restartEvery: 2, threshold: 0.02 },
    measure: () => measurement(10_000),
    startMs: 10_000,
  });
  await world.measure();
  const plan = world.allNotes.find((n): n is Extract<Note, { kind: 'plan' }> => n.kind === 'plan');
  assert.ok(plan, `a plan note: ${world.allNotes.map((n) => n.kind).join(', ')}`);
  assert.ok((plan.startSec ?? 0) >= 10, `the start measured: ${plan.startSec}`);
  const text = noteText(plan);
  assert.match(
    text,
    /^starting base and head took \d+ s, paid out of `time-budget` once per block of 2 pairs; /,
  );
  // Every pair would start both servers again: priced with the measured start, `restart-every: 1` is no way out.
  assert.notEqual(plan.check.advice?.restartEvery?.value, 1, text);
  const config = gateConfig({ restartEvery: 2, threshold: 0.02 });
  const quick = projectedPairSec(config, { scenarios: 1, restartEvery: 1 });
  const slow = projectedPairSec(config, { scenarios: 1, restartEvery: 1 }, plan.startSec);
  // A block of one pair pays the whole start (the quick projection's half second aside).
  assert.ok(Math.abs(slow - quick - (plan.startSec! - 0.5)) < 1e-6, `${slow} s a pair against ${quick} s`);
});

test('a quick start is not named', async () => {
  const world = new World({
    config: { pairs: undefined, restartEvery: 4, threshold: 0.005 },
    measure: () => measurement(10_000),
    startMs: 200,
  });
  await world.measure();
  const notes = world.allNotes.filter((n) => n.kind === 'plan');
  assert.equal(notes.length, 1, 'a plan that cannot resolve 0.5% is noted');
  for (const note of notes) assert.doesNotMatch(noteText(note), /starting base and head took/);
});

test('a server that takes 20 s to start still gets its decision: a 2× head is a regression within the default budget', async () => {
  // Each block starts both servers one after the other (2 × 20 s), once per 2 pairs; 3% noise per measurement.
  const random = mulberry32(7);
  const jitter = (sd: number): number => Math.exp((random() - 0.5) * 2 * sd);
  const world = new World({
    config: { pairs: undefined, restartEvery: 2, threshold: 0.02, budgetMs: 180_000 },
    measure: (call) => measurement((call.side === 'head' ? 2500 : 5000) * jitter(0.03)),
    startMs: 20_000,
  });
  const started = world.clock.now();
  const result = await world.measure();
  const sec = (world.clock.now() - started) / 1000;
  assert.equal(result.decision?.verdict, 'regression', `after ${sec} s, ${result.pairs} pairs`);
  assert.ok(sec <= 180, `decided after ${sec} s of the 180 s budget, starts included`);
});
