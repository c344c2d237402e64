/**
 * A pool: one side × scenario's load in the load generator, driven turn by turn, its recorded turns added up until
 * the gate takes them. The kept engine keeps the pool's connections open from its first turn to its close; the
 * autocannon engine runs each closed-loop turn as a fresh autocannon instance (the earlier design). Open-loop turns
 * (a `rate`) run on kept connections in both.
 */
import type { PoolSpec, RoundMeasurement, TurnResult, TurnSpec } from '../model/measure.ts';
import type { CpuSeconds } from './accounting.ts';
import { autocannonTurn } from './autocannon-turn.ts';
import type { ConnectionEvents, TurnConnection } from './connection.ts';
import { keptConnections, PacedTally } from './paced.ts';
import { type RateBasis, Tally } from './tally.ts';
import { closedTurn, pacedTurn, realClock, type TurnClock } from './turns.ts';

export interface Pool {
  readonly spec: PoolSpec;
  turn(turn: TurnSpec): Promise<TurnResult>;
  /** The CPU accounting of a stretch of turns this pool recorded in. */
  addCpu(seconds: CpuSeconds): void;
  /** The recorded turns since the last take, added up; starts a new tally. */
  take(): RoundMeasurement;
  close(): void;
}

/** Makes a pool's connections, reporting to `events` (the tests pass fakes). */
export type Connect = (spec: PoolSpec, events: ConnectionEvents) => TurnConnection[];

/** What both engines share: the tallies, the open-loop turns on kept connections, the take. */
abstract class BasePool implements Pool {
  readonly spec: PoolSpec;
  protected tally = new Tally();
  protected paced: PacedTally | undefined;
  /** The turn going on: where its reconnects and bytes go. */
  protected current = { record: false, reconnects: 0, closedLoop: false };
  protected readonly clock: TurnClock;
  private pacedConnections: TurnConnection[] | undefined;
  private readonly connect: Connect;
  private readonly basis: RateBasis;

  constructor(spec: PoolSpec, basis: RateBasis, clock: TurnClock, connect: Connect) {
    this.spec = spec;
    this.basis = basis;
    this.clock = clock;
    this.connect = connect;
  }

  abstract turn(turn: TurnSpec): Promise<TurnResult>;

  /** Reconnects and bytes of the connections, counted to the turn going on. */
  protected readonly events: ConnectionEvents = {
    reconnected: () => {
      this.current.reconnects++;
      if (this.current.record) this.tally.reconnects++;
    },
    received: (bytes) => {
      if (this.current.record && this.current.closedLoop) this.tally.bytes += bytes;
    },
  };

  /** The kept connections of the open loop (the kept engine's own; the autocannon engine's, for it alone). */
  protected keptConnections(): TurnConnection[] {
    this.pacedConnections ??= this.connect(this.spec, this.events);
    return this.pacedConnections;
  }

  protected async pacedTurn(turn: TurnSpec & { rate: number }): Promise<TurnResult> {
    const { record, rate } = turn;
    this.current = { record, reconnects: 0, closedLoop: false };
    const current = this.current;
    if (record) this.paced ??= new PacedTally(rate);
    const paced = this.paced;
    let responses = 0;
    let errors = 0;
    let timeouts = 0;
    const options = { sec: turn.sec, rate, timeoutMs: this.spec.timeoutSec * 1000 };
    const done = await pacedTurn(this.keptConnections(), options, this.clock, (result) => {
      if (result.outcome.kind === 'response') responses++;
      else if (result.outcome.kind === 'timeout') timeouts++;
      else errors++;
      if (record) paced?.add(result);
    });
    if (record) paced?.turn(done, rate);
    const { reconnects } = current;
    return { pool: turn.pool, responses, sec: done.sec, errors, timeouts, reconnects, sent: done.sent };
  }

  addCpu(seconds: CpuSeconds): void {
    this.tally.addCpu(seconds);
  }

  take(): RoundMeasurement {
    const measurement = this.tally.measurement(this.basis, this.paced?.measurement(), { turns: true });
    this.tally = new Tally();
    this.paced = undefined;
    return measurement;
  }

  close(): void {
    for (const connection of this.pacedConnections ?? []) connection.close();
    this.pacedConnections = undefined;
  }
}

const kept: Connect = (spec, events) => keptConnections(spec, events);

/** The kept engine: its connections outlive the turns; the rate is responses over the turns' whole time. */
export class KeptPool extends BasePool {
  constructor(spec: PoolSpec, clock: TurnClock = realClock, connect: Connect = kept) {
    super(spec, 'turn', clock, connect);
    // Made now (they connect at their first request), so that a spec they cannot serve fails at the open.
    this.keptConnections();
  }

  async turn(turn: TurnSpec): Promise<TurnResult> {
    if (turn.rate !== undefined) return this.pacedTurn({ ...turn, rate: turn.rate });
    const { record } = turn;
    this.current = { record, reconnects: 0, closedLoop: true };
    const current = this.current;
    const tally = this.tally;
    const serverStart = record ? tally.serverSeconds(this.spec.serverPids) : 0;
    let errors = 0;
    let timeouts = 0;
    const done = await closedTurn(
      this.keptConnections(),
      turn.sec,
      this.spec.timeoutSec * 1000,
      this.clock,
      (o) => {
        if (o.kind === 'error') errors++;
        else if (o.kind === 'timeout') timeouts++;
        if (!record) return;
        if (o.kind === 'response') tally.response(o.status, o.ms);
        else if (o.kind === 'timeout') tally.timeouts++;
        else tally.errors++;
      },
    );
    if (record) {
      tally.addServerSec(tally.serverSeconds(this.spec.serverPids) - serverStart);
      tally.turn(done.responses, done.sec, done.spanSec);
    }
    const { reconnects } = current;
    return { pool: turn.pool, ...done, errors, timeouts, reconnects };
  }
}

/** The autocannon engine: each closed-loop turn a fresh autocannon instance; the rate over the turns' spans. */
export class AutocannonPool extends BasePool {
  constructor(spec: PoolSpec, clock: TurnClock = realClock, connect: Connect = kept) {
    super(spec, 'span', clock, connect);
  }

  async turn(turn: TurnSpec): Promise<TurnResult> {
    if (turn.rate !== undefined) return this.pacedTurn({ ...turn, rate: turn.rate });
    const done = await autocannonTurn(this.spec, turn.sec, turn.record ? this.tally : undefined);
    return { pool: turn.pool, ...done, reconnects: 0 };
  }
}

/** The pool of a spec's engine. */
export function openPool(spec: PoolSpec): Pool {
  return spec.engine === 'autocannon' ? new AutocannonPool(spec) : new KeptPool(spec);
}
