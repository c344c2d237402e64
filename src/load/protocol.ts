/**
 * The load generator's commands over its stdin, one JSON line each, each answered by one JSON line on stdout:
 *
 *   {"op":"open","pool":"<id>","spec":{...PoolSpec}}                → {"ok":true}
 *   {"op":"turns","turns":[{"pool":"<id>","sec":0.05,"record":true,"rate"?:800}, …]}
 *                                                                   → {"turns":[TurnResult, …]}
 *   {"op":"take","pool":"<id>"}                                     → {"measurement":RoundMeasurement}
 *   {"op":"close","pool"?:"<id>"}                                   → {"ok":true}
 *
 * and on failure {"error":"…","pool"?:"<id>"}. Turns run one after the other, in the order given; the CPU accounting
 * covers the whole command and counts toward every pool that recorded in it (both sides of a pair see the same
 * disturbance).
 */

import { errorMessage } from '../model/errors.ts';
import type { PoolSpec, RoundMeasurement, TurnResult, TurnSpec } from '../model/measure.ts';
import { accounting } from './accounting.ts';
import { openPool, type Pool } from './pool.ts';

export type Command =
  | { op: 'open'; pool: string; spec: PoolSpec }
  | { op: 'turns'; turns: TurnSpec[] }
  | { op: 'take'; pool: string }
  | { op: 'close'; pool?: string };

export type Reply =
  | { ok: true }
  | { turns: TurnResult[] }
  | { measurement: RoundMeasurement }
  | { error: string; pool?: string };

/** A failure that belongs to one pool (the parent names its side and server). */
class PoolError extends Error {
  readonly pool: string;
  constructor(pool: string, message: string) {
    super(message);
    this.pool = pool;
  }
}

/** The generator child's pools of connections, by id: it carries out the parent's commands on them. */
export class GeneratorPools {
  private readonly pools = new Map<string, Pool>();
  private readonly open: (spec: PoolSpec) => Pool;

  /** `open`: makes a pool of a spec (the tests pass pools on fake connections). */
  constructor(open: (spec: PoolSpec) => Pool = openPool) {
    this.open = open;
  }

  /** Carries out one command; never throws. */
  async handle(command: Command): Promise<Reply> {
    try {
      return await this.run(command);
    } catch (error) {
      const message = errorMessage(error);
      return error instanceof PoolError ? { error: message, pool: error.pool } : { error: message };
    }
  }

  private async run(command: Command): Promise<Reply> {
    switch (command.op) {
      case 'open': {
        if (typeof command.pool !== 'string' || !command.spec)
          throw new Error('open needs a pool and a spec');
        this.pools.get(command.pool)?.close();
        this.pools.set(command.pool, this.open(command.spec));
        return { ok: true };
      }
      case 'turns':
        return { turns: await this.turns(command.turns) };
      case 'take':
        return { measurement: this.pool(command.pool).take() };
      case 'close': {
        const ids = command.pool === undefined ? [...this.pools.keys()] : [command.pool];
        for (const id of ids) {
          this.pools.get(id)?.close();
          this.pools.delete(id);
        }
        return { ok: true };
      }
      default:
        throw new Error(`unknown command ${JSON.stringify((command as { op?: unknown }).op)}`);
    }
  }

  private pool(id: string): Pool {
    const pool = this.pools.get(id);
    if (!pool) throw new PoolError(id, `no pool ${JSON.stringify(id)} is open`);
    return pool;
  }

  private async turns(turns: readonly TurnSpec[]): Promise<TurnResult[]> {
    if (!Array.isArray(turns)) throw new Error('turns needs a list of turns');
    for (const turn of turns) {
      this.pool(turn.pool);
      if (!(turn.sec > 0) || (turn.rate !== undefined && !(turn.rate > 0)))
        throw new PoolError(turn.pool, `a turn needs a length and a rate above 0: ${JSON.stringify(turn)}`);
    }
    const recording = [...new Set(turns.filter((t) => t.record).map((t) => this.pool(t.pool)))];
    const watch = [...new Set(recording.flatMap((pool) => pool.spec.watchPids ?? []))];
    const watched = recording.some((pool) => pool.spec.watchPids !== undefined);
    const end = recording.length > 0 ? accounting(watched ? watch : undefined) : undefined;
    const results: TurnResult[] = [];
    for (const turn of turns) {
      try {
        results.push(await this.pool(turn.pool).turn(turn));
      } catch (error) {
        throw new PoolError(turn.pool, errorMessage(error));
      }
    }
    if (end) {
      const seconds = end();
      for (const pool of recording) pool.addCpu(seconds);
    }
    return results;
  }
}
