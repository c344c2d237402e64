/** How servers live (src/gate/plan.ts: priming, start-up cost) and the looks' schedule (src/stats/pairs.ts). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  movesFixedPort,
  primingTurns,
  STARTUP_SHARE_NOTE,
  sideBySide,
  startupNote,
} from '../../src/gate/plan.ts';
import { planLooks } from '../../src/stats/pairs.ts';

describe('server processes', () => {
  test('a process pair per pair is not primed; blocks of more pairs are primed in two turns', () => {
    assert.equal(primingTurns(1), 0);
    assert.equal(primingTurns(2), 2);
    assert.equal(primingTurns(8), 2);
  });

  test('side by side unless asked for a fresh process per round; a fixed port is moved to run side by side', () => {
    assert.equal(sideBySide({ restartEvery: 1 }), true);
    assert.equal(sideBySide({ restartEvery: 0 }), false);
    assert.equal(movesFixedPort({ port: 3000, restartEvery: 1 }), true);
    assert.equal(movesFixedPort({ port: 3000, restartEvery: 4 }), true);
    assert.equal(movesFixedPort({ port: 3000, restartEvery: 0 }), false, 'one process at a time: no need');
    assert.equal(movesFixedPort({ port: undefined, restartEvery: 4 }), false, 'PORT: nothing to move');
  });

  test('a slow start-up is worth a note from a third of the pair on, with the numbers and the setting to use', () => {
    assert.equal(startupNote(0.3, 5.0), undefined, 'the bench server: 0.3 s of 5 s');
    assert.equal(startupNote(STARTUP_SHARE_NOTE * 6 - 0.01, 6), undefined);
    const note = startupNote(2.4, 6.9);
    assert.ok(note, 'a server that takes 2.4 s to start');
    assert.match(note, /took 2\.4 s of every pair's 6\.9 s/);
    assert.match(note, /`restart-every: 4` starts them once per 4 pairs/);
    assert.equal(startupNote(1, 0), undefined, 'no pairs measured: nothing to say');
    assert.equal(startupNote(Number.NaN, 5), undefined);
  });
});

describe('looks', () => {
  test('every 2 pairs from 12 up to 32, the budget’s end (even) last', () => {
    assert.deepEqual(planLooks(20), [12, 14, 16, 18, 20]);
    assert.deepEqual(planLooks(37), [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 36]);
    assert.deepEqual(planLooks(5), [4]);
  });
});
