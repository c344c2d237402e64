/**
 * The turns' scheduling on fake connections and a fake clock (what a real socket cannot make deterministic), the
 * commands of the load generator's protocol on pools of fakes, and the protocol end to end through the child.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import type { Outcome, TurnConnection } from '../../../src/load/connection.ts';
import { LoadGenerator } from '../../../src/load/generator.ts';
import { KeptPool } from '../../../src/load/pool.ts';
import { GeneratorPools } from '../../../src/load/protocol.ts';
import { closedTurn, pacedTurn, type TurnClock } from '../../../src/load/turns.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { PoolSpec } from '../../../src/model/measure.ts';

/** A clock whose time moves only when the test runs its timers, earliest first. */
class FakeClock implements TurnClock {
  time = 0;
  private timers: { at: number; fn: () => void; seq: number }[] = [];
  private seq = 0;
  now(): number {
    return this.time;
  }
  after(ms: number, fn: () => void): void {
    this.timers.push({ at: this.time + ms, fn, seq: this.seq++ });
  }
  /** Runs timers (letting promises settle between them) until `done` settles. */
  async until<T>(done: Promise<T>): Promise<T> {
    let settled = false;
    void done.then(() => {
      settled = true;
    });
    for (let i = 0; i < 1_000_000 && !settled; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) break;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift();
      if (!next) throw new Error('nothing left to run and not done');
      this.time = Math.max(this.time, next.at);
      next.fn();
    }
    return done;
  }
}

/** A connection that answers each request `latencyMs` later (never, for Infinity), with `status`. */
class FakeConnection implements TurnConnection {
  sends: number[] = [];
  private inFlight: { at: number; done: (o: Outcome) => void; id: number } | undefined;
  private ids = 0;
  private readonly clock: FakeClock;
  private readonly latencyMs: number;
  private readonly status: number;
  constructor(clock: FakeClock, latencyMs: number, status = 200) {
    this.clock = clock;
    this.latencyMs = latencyMs;
    this.status = status;
  }
  get busy(): boolean {
    return this.inFlight !== undefined;
  }
  send(done: (o: Outcome) => void): void {
    const id = ++this.ids;
    this.inFlight = { at: this.clock.now(), done, id };
    this.sends.push(this.clock.now());
    if (Number.isFinite(this.latencyMs))
      this.clock.after(this.latencyMs, () => {
        if (this.inFlight?.id !== id) return;
        this.settle({ kind: 'response', status: this.status, ms: this.clock.now() - this.inFlight.at });
      });
  }
  expire(now: number, timeoutMs: number): void {
    if (this.inFlight && now - this.inFlight.at > timeoutMs) this.abandon();
  }
  abandon(): void {
    if (this.inFlight) this.settle({ kind: 'timeout', ms: this.clock.now() - this.inFlight.at });
  }
  close(): void {
    this.inFlight = undefined;
  }
  private settle(outcome: Outcome): void {
    const done = this.inFlight!.done;
    this.inFlight = undefined;
    done(outcome);
  }
}

describe('closed-loop turns (fake clock)', () => {
  test('send on every connection, again on each answer until the time is up, end when all are back', async () => {
    const clock = new FakeClock();
    const connections = [new FakeConnection(clock, 10), new FakeConnection(clock, 15)];
    const seen: Outcome[] = [];
    const turn = await clock.until(closedTurn(connections, 0.05, 1000, clock, (o) => seen.push(o)));
    // The first connection answers at 10, 20, … 50 (the last at 50 is past the time: not sent again); the second
    // at 15, 30, 45, 60: its answer at 60 ends the turn.
    assert.deepEqual(connections[0]!.sends, [0, 10, 20, 30, 40]);
    assert.deepEqual(connections[1]!.sends, [0, 15, 30, 45]);
    assert.equal(turn.responses, 9);
    assert.equal(turn.sec, 0.06);
    assert.equal(turn.spanSec, 0.05, 'first response at 10, last at 60');
    assert.equal(seen.length, 9);
  });

  test('a connection that never answers times out; the turn waits for it, not longer', async () => {
    const clock = new FakeClock();
    const stuck = new FakeConnection(clock, Number.POSITIVE_INFINITY);
    const fine = new FakeConnection(clock, 10);
    const seen: Outcome[] = [];
    const turn = await clock.until(closedTurn([stuck, fine], 0.05, 200, clock, (o) => seen.push(o)));
    assert.equal(seen.filter((o) => o.kind === 'timeout').length, 1);
    assert.equal(turn.responses, 5);
    assert.ok(turn.sec > 0.2 && turn.sec <= 0.2 + 0.02 + 1e-9, `within a tick of the timeout: ${turn.sec}`);
    assert.equal(stuck.sends.length, 1, 'the time was up when it timed out: not sent again');
  });
});

describe('open-loop turns (fake clock)', () => {
  test('requests due on schedule; a busy connection makes them wait, and the wait counts', async () => {
    const clock = new FakeClock();
    // One connection answering in 25 ms at 100 requests/s (due every 10 ms): a queue builds up.
    const connection = new FakeConnection(clock, 25);
    const latencies: number[] = [];
    const turn = await clock.until(
      pacedTurn([connection], { sec: 0.05, rate: 100, timeoutMs: 1000 }, clock, (r) => latencies.push(r.ms!)),
    );
    assert.equal(turn.sent, 5);
    assert.deepEqual(connection.sends, [0, 25, 50, 75, 100]);
    // Due at 0, 10, 20, 30, 40; answered at 25, 50, 75, 100, 125.
    assert.deepEqual(latencies, [25, 40, 55, 70, 85]);
  });

  test('what is left after the drain time counts as timed out, with the time it waited', async () => {
    const clock = new FakeClock();
    const connection = new FakeConnection(clock, Number.POSITIVE_INFINITY);
    const seen: { kind: string; ms: number | undefined }[] = [];
    const turn = await clock.until(
      pacedTurn([connection], { sec: 0.03, rate: 100, timeoutMs: 100 }, clock, (r) =>
        seen.push({ kind: r.outcome.kind, ms: r.ms }),
      ),
    );
    assert.equal(turn.sent, 3);
    assert.equal(seen.length, 3);
    assert.ok(
      seen.every((s) => s.kind === 'timeout' && s.ms! >= 70),
      JSON.stringify(seen),
    );
  });
});

const fakeSpec: PoolSpec = {
  url: 'http://127.0.0.1:1/',
  method: 'GET',
  headers: {},
  connections: 2,
  timeoutSec: 1,
  engine: 'kept',
};

describe('the protocol on pools of fakes', () => {
  test('open, turns in the order given, take (then a new tally), close; failures name their pool', async () => {
    const clock = new FakeClock();
    const made: Record<string, FakeConnection[]> = {};
    const pools = new GeneratorPools((spec) => {
      const connections = [new FakeConnection(clock, spec.url.endsWith('b/') ? 20 : 10, 200)];
      made[spec.url] = connections;
      return new KeptPool(spec, clock, () => connections);
    });
    assert.deepEqual(await pools.handle({ op: 'open', pool: 'a', spec: fakeSpec }), { ok: true });
    const b = { ...fakeSpec, url: 'http://127.0.0.1:1/b/' };
    assert.deepEqual(await pools.handle({ op: 'open', pool: 'b', spec: b }), { ok: true });
    const turns = [
      { pool: 'a', sec: 0.05, record: false },
      { pool: 'a', sec: 0.05, record: true },
      { pool: 'b', sec: 0.05, record: true },
      { pool: 'b', sec: 0.05, record: true },
      { pool: 'a', sec: 0.05, record: true },
    ];
    const reply = await clock.until(pools.handle({ op: 'turns', turns }));
    assert.ok('turns' in reply);
    assert.deepEqual(
      reply.turns.map((t) => [t.pool, t.responses, t.sec]),
      [
        ['a', 5, 0.05],
        ['a', 5, 0.05],
        ['b', 3, 0.06],
        ['b', 3, 0.06],
        ['a', 5, 0.05],
      ],
    );
    const taken = await pools.handle({ op: 'take', pool: 'a' });
    assert.ok('measurement' in taken);
    assert.equal(taken.measurement.responses, 10, 'the recorded turns only');
    assert.equal(taken.measurement.turns, 2);
    assert.equal(taken.measurement.rps, 100, 'responses over the turns’ time');
    const again = await pools.handle({ op: 'take', pool: 'a' });
    assert.ok('measurement' in again && again.measurement.responses === 0);
    assert.deepEqual(await pools.handle({ op: 'take', pool: 'zz' }), {
      error: 'no pool "zz" is open',
      pool: 'zz',
    });
    assert.deepEqual(await pools.handle({ op: 'close', pool: 'a' }), { ok: true });
    assert.ok('error' in (await pools.handle({ op: 'take', pool: 'a' })));
    assert.ok('measurement' in (await pools.handle({ op: 'take', pool: 'b' })));
    assert.deepEqual(await pools.handle({ op: 'close' }), { ok: true });
  });

  test('a spec the kept engine cannot serve fails at the open, saying which engine can', async () => {
    const reply = await new GeneratorPools().handle({
      op: 'open',
      pool: 'h',
      spec: { ...fakeSpec, url: 'https://x/' },
    });
    assert.ok(
      'error' in reply && /http:\/\/ servers only.*engine: autocannon/.test(reply.error),
      JSON.stringify(reply),
    );
  });
});

describe('the load generator child, over its stdin', () => {
  test('pools of both engines, turns, take, close; a failure names the side and its server', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const generator = new LoadGenerator();
    try {
      await generator.open('base', { ...fakeSpec, url }, 'base');
      await generator.open('head', { ...fakeSpec, url, engine: 'autocannon' }, 'head');
      const turns = await generator.turns([
        { pool: 'base', sec: 0.05, record: true },
        // An autocannon turn opens its connections first: as long as that engine's turns are (a 50 ms one can end
        // before any answer on a busy machine).
        { pool: 'head', sec: 0.25, record: true },
        { pool: 'base', sec: 0.1, record: true, rate: 100 },
      ]);
      assert.deepEqual(
        turns.map((t) => t.pool),
        ['base', 'head', 'base'],
      );
      assert.ok(turns[0]!.responses >= 2, 'an answer per connection at least');
      const base = await generator.take('base');
      assert.equal(base.responses, turns[0]!.responses);
      assert.equal(base.paced?.sent, 10);
      assert.ok(base.loadgenCpu > 0);
      assert.equal((await generator.take('head')).responses, turns[1]!.responses);
      await generator.close('base');
      await assert.rejects(
        generator.take('base'),
        (error: unknown) =>
          error instanceof GateError && error.code === 'load' && /no pool "base"/.test(error.message),
      );
      await assert.rejects(
        generator.turns([{ pool: 'head', sec: -1, record: true }]),
        (error: unknown) =>
          error instanceof GateError &&
          error.side === 'head' &&
          error.message.includes(`head server at ${url}`),
      );
      await generator.close();
    } finally {
      await generator.stop();
      server.close();
    }
  });
});
