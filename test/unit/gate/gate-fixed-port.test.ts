/**
 * Servers on a fixed port (src/gate/moved-port.ts, servers.ts, pairs.ts): moved to a port of each side's own, they
 * run side by side like any other; when a server keeps the port, the gate falls back to whole rounds, a fresh
 * process per round, with a note. Driven by fakes (gate-fakes.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PortNotMovedError } from '../../../src/io/server.ts';
import { portNotMovedNote } from '../../../src/report/gate-text.ts';
import { trace, World } from '../../support/gate-fakes.ts';
import { rejection } from '../../support/rejection.ts';

/** The trace of a gate of 2 pairs whose servers run side by side in one block (started, primed, 2 pairs). */
const SIDE_BY_SIDE = [
  'start base#1',
  'start head#2',
  'prime base#1,head#2 /',
  'turns base#1,head#2 /',
  'turns head#2,base#1 /',
  'close',
  'stop base#1',
  'stop head#2',
  'loadgen-stop',
];

/** A gate of 2 pairs in whole rounds, a fresh process per round, numbered from `first`. */
function wholeRounds(first: number): string[] {
  const [a, b, c, d] = [first, first + 1, first + 2, first + 3];
  return [
    ...[`start base#${a}`, `round base#${a} /`, 'close', `stop base#${a}`],
    ...[`start head#${b}`, `round head#${b} /`, 'close', `stop head#${b}`],
    ...[`start head#${c}`, `round head#${c} /`, 'close', `stop head#${c}`],
    ...[`start base#${d}`, `round base#${d} /`, 'close', `stop base#${d}`],
    'loadgen-stop',
  ];
}

describe('a fixed port, moved', () => {
  test('base and head start together with their port moved, and run side by side, taking turns', async () => {
    const world = new World({ config: { pairs: 2, port: 3000 } });
    const result = await world.measure();
    assert.deepEqual(trace(world.events), SIDE_BY_SIDE, 'started once, before the first pair, not again');
    assert.ok(world.of('start').every((e) => e.together));
    assert.equal(result.plan?.processes.mode, 'blocks');
    assert.deepEqual(world.notes, []);
    assert.deepEqual(world.warnings(), []);
  });

  test('every block starts together with its port moved', async () => {
    const world = new World({ config: { pairs: 4, restartEvery: 2, port: 3000 } });
    await world.measure();
    assert.deepEqual(
      world.of('start').map((e) => `${e.side}@${e.pair}${e.together ? ' together' : ''}`),
      ['base@0 together', 'head@0 together', 'base@2 together', 'head@2 together'],
    );
  });

  test('restart-every 1 with an open loop: the first block, primed, gives the rate and serves the first pair', async () => {
    const world = new World({ config: { pairs: 2, restartEvery: 1, port: 3000, openLoop: { share: 0.5 } } });
    const result = await world.measure();
    assert.deepEqual(trace(world.events).slice(0, 8), [
      'start base#1',
      'start head#2',
      'prime base#1,head#2 /',
      'turns base#1,head#2 /',
      'close',
      'stop base#1',
      'stop head#2',
      'start base#3',
    ]);
    assert.equal(result.plan?.scenarios[0]?.openLoop?.rate, 500);
  });

  test('the start before the first pair is the first block’s start-up: slow ones get the start-up note', async () => {
    const world = new World({ config: { pairs: 2, restartEvery: 1, port: 3000 }, startMs: 2000 });
    await world.measure();
    assert.ok(
      world.notes.some((note) => note.startsWith('starting base and head took')),
      world.notes.join('\n'),
    );
  });
});

describe('a fixed port a server keeps', () => {
  test('both stopped, then whole rounds on the fixed port, a fresh process per round, with a note', async () => {
    const world = new World({ config: { pairs: 2, port: 3000 }, keepsPort: (side) => side === 'head' });
    const result = await world.measure();
    assert.deepEqual(trace(world.events), [
      'start base#1',
      'start-failed head',
      'stop base#1',
      ...wholeRounds(2),
    ]);
    assert.ok(
      world
        .of('start')
        .slice(1)
        .every((e) => !e.together),
      'one at a time: nothing to move',
    );
    assert.equal(result.plan?.processes.mode, 'fresh');
    assert.equal(result.rounds.length, 4);
    assert.deepEqual(world.notes, [portNotMovedNote(3000)]);
    assert.deepEqual(world.warnings(), [portNotMovedNote(3000)]);
    assert.ok(
      world.info().some((line) => line.startsWith('the head server `node server.js` opened port 3000')),
    );
  });

  test('the note says what happened, what it costs and what to do', () => {
    const note = portNotMovedNote(8080);
    assert.match(note, /^base and head did not run side by side: a server kept port 8080 \(input `port`\)/);
    assert.match(note, /whole rounds on port 8080, a fresh process per round/);
    assert.match(note, /NODE_OPTIONS/);
    assert.match(note, /`process\.env\.PORT`/);
  });

  test('when one side keeps it and the other fails to bind it, the kept port counts, not the failure', async () => {
    let failed = false;
    const world = new World({
      config: { pairs: 2, port: 3000 },
      keepsPort: (side) => side === 'head',
      // Base loses the race for the fixed port once (EADDRINUSE); on its own it starts.
      failStart: (side) => {
        if (side !== 'base' || failed) return false;
        failed = true;
        return true;
      },
    });
    const result = await world.measure();
    assert.deepEqual(trace(world.events).slice(0, 2), ['start-failed base', 'start-failed head']);
    assert.deepEqual(trace(world.events).slice(2), wholeRounds(1));
    assert.deepEqual(world.notes, [portNotMovedNote(3000)]);
    assert.equal(result.rounds.length, 4);
  });

  test('a later block whose server keeps it fails the gate as a server that did not start', async () => {
    const world = new World({
      config: { pairs: 4, restartEvery: 2, port: 3000 },
      keepsPort: (side, pair) => side === 'base' && pair === 2,
    });
    const error = await rejection(world.measure());
    assert.ok(error instanceof PortNotMovedError);
    assert.equal(error.code, 'server-start');
    assert.equal(error.side, 'base');
    assert.deepEqual(world.notes, []);
  });
});
