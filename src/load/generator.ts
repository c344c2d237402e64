/** Runs rounds of load in the load-generator child process and returns what they measured. */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PinnedFile } from '../io/pinned.ts';
import { Child, safeEnv } from '../io/proc.ts';
import { GateError } from '../model/errors.ts';
import type { LoadSpec, PoolSpec, RoundMeasurement, Side, TurnResult, TurnSpec } from '../model/measure.ts';
import type { Command, Reply } from './protocol.ts';
import { PACED_DRAIN_SEC } from './turns.ts';

const script = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './loadgen.ts' : './loadgen.js', import.meta.url),
);

let pinned: PinnedFile | undefined;

/**
 * Copies the load generator out of the pull request's reach before any of its commands runs (io/pinned.ts); every
 * later start runs the copy, checked first. `source`: the bundled dist/loadgen.js (tests pass another); run from
 * src/ (loadgen.ts imports its siblings) there is nothing to copy. Returns the copy's path.
 */
export function pinLoadGenerator(source: string = script): string | undefined {
  if (source.endsWith('.ts')) return undefined;
  if (pinned !== undefined && source === script) return pinned.path;
  // The bundle is an ES module: away from dist/package.json it needs its .mjs name.
  const fileName = source === script ? 'loadgen.mjs' : basename(source);
  pinned = new PinnedFile(source, 'load generator (dist/loadgen.js)', fileName);
  return pinned.path;
}

/** The load generator to start: the checked copy once pinned (a GateError('load') when it changed). */
function loadgenScript(): string {
  return pinned ? pinned.verified() : script;
}

/**
 * One round on a load generator of its own: `warmupSec` of load thrown away, then `durationSec` measured, on one
 * pool of the autocannon engine (bench/noise.ts; the diagnostics e2e test). The gate itself keeps one generator.
 */
export async function runLoad(spec: LoadSpec, side: Side, cpus?: string): Promise<RoundMeasurement> {
  const generator = new LoadGenerator(cpus);
  try {
    const { warmupSec, durationSec, ...pool } = spec;
    await generator.open('round', { ...pool, engine: 'autocannon' }, side);
    if (warmupSec > 0) await generator.turns([{ pool: 'round', sec: warmupSec, record: false }]);
    await generator.turns([{ pool: 'round', sec: durationSec, record: true }]);
    return await generator.take('round');
  } finally {
    await generator.stop();
  }
}

/** The load generator's answer to one request. */
interface Answer {
  measurement?: RoundMeasurement;
  turns?: TurnResult[];
  ok?: true;
  error?: string;
  /** The pool a failure belongs to. */
  pool?: string;
}

/** Longest a command other than turns may take (an open, a take: the child answers at once). */
const COMMAND_MS = 15_000;

/**
 * A load generator that lives for the whole gate (pinned to its own CPU where there is one): rounds are sent to it
 * one at a time over stdin, and it answers each with one line.
 */
export class LoadGenerator {
  private readonly child: Child;
  private buffer = '';
  private waiting: ((line: string) => void) | undefined;
  private readonly cpus: string | undefined;
  /** The open pools' sides and specs, for the timeouts and for naming a failure's server. */
  private readonly pools = new Map<string, { spec: PoolSpec; side: Side }>();

  /** `argv`: the process to run instead of the load generator (tests). */
  constructor(cpus?: string, argv: readonly string[] = [process.execPath, loadgenScript()]) {
    this.cpus = cpus;
    const [command, ...args] = cpus === undefined ? argv : ['taskset', '-c', cpus, ...argv];
    this.child = new Child(command!, {
      cwd: process.cwd(),
      env: safeEnv(),
      args,
      keepStdin: true,
      onStdout: (chunk) => {
        this.buffer += chunk;
        const newline = this.buffer.indexOf('\n');
        if (newline >= 0 && this.waiting) {
          const line = this.buffer.slice(0, newline);
          this.buffer = this.buffer.slice(newline + 1);
          const resolve = this.waiting;
          this.waiting = undefined;
          resolve(line);
        }
      },
    });
  }

  /**
   * Opens a pool: one side × scenario's connections (opened at its first turn, kept until it is closed), or with
   * `engine: autocannon` a fresh autocannon instance per turn.
   */
  async open(id: string, spec: PoolSpec, side: Side): Promise<void> {
    this.pools.set(id, { spec, side });
    await this.command({ op: 'open', pool: id, spec }, [id], COMMAND_MS);
  }

  /** Runs the turns one after the other, in the order given; each turn's figures, in that order. */
  async turns(turns: readonly TurnSpec[]): Promise<TurnResult[]> {
    let sec = 0;
    for (const turn of turns) {
      const timeoutSec = this.pools.get(turn.pool)?.spec.timeoutSec ?? 10;
      // A turn waits for its last requests (at most the timeout; the open loop at most its drain time), and an
      // autocannon turn opens its connections.
      sec += turn.sec + (turn.rate === undefined ? timeoutSec : Math.min(timeoutSec, PACED_DRAIN_SEC)) + 0.2;
    }
    const ids = [...new Set(turns.map((turn) => turn.pool))];
    const answer = await this.command({ op: 'turns', turns: [...turns] }, ids, sec * 1000 + COMMAND_MS);
    if (!answer.turns) throw this.poolFailed(answer.pool ? [answer.pool] : ids, answer.error ?? 'no result');
    return answer.turns;
  }

  /** The recorded turns of a pool since its last take, added up. */
  async take(id: string): Promise<RoundMeasurement> {
    const answer = await this.command({ op: 'take', pool: id }, [id], COMMAND_MS);
    if (!answer.measurement) throw this.poolFailed([id], answer.error ?? 'no result');
    return answer.measurement;
  }

  /** Closes a pool's connections (all pools' without `id`). */
  async close(id?: string): Promise<void> {
    const ids = id === undefined ? [...this.pools.keys()] : [id];
    await this.command(id === undefined ? { op: 'close' } : { op: 'close', pool: id }, ids, COMMAND_MS);
    for (const closed of ids) this.pools.delete(closed);
  }

  /** Sends a command; an answer that says it failed throws, naming the servers of the pools it concerns. */
  private async command(command: Command, ids: readonly string[], timeoutMs: number): Promise<Answer> {
    const known = ids.map((id) => this.pools.get(id)).filter((pool) => pool !== undefined);
    const sides = [...new Set(known.map((pool) => pool.side))];
    const url = known[0]?.spec.url ?? '';
    const answer = await this.request(command, sides, url, timeoutMs);
    if (answer.error !== undefined) throw this.poolFailed(answer.pool ? [answer.pool] : ids, answer.error);
    return answer;
  }

  private poolFailed(ids: readonly string[], why: string): GateError {
    const known = ids.map((id) => this.pools.get(id)).filter((pool) => pool !== undefined);
    const sides = [...new Set(known.map((pool) => pool.side))];
    return this.failed(sides, known[0]?.spec.url ?? '', why);
  }

  /** `sides`: the side loaded, or both of a pair in turns (the error then belongs to neither). */
  private failed(sides: readonly Side[], url: string, why: string): GateError {
    const servers =
      sides.length === 1
        ? `the ${sides[0]} server at ${url}`
        : sides.length === 0
          ? 'its servers'
          : `the ${sides.join(' and ')} servers`;
    return new GateError('load', `the load generator failed against ${servers} (${why})`, {
      ...(sides.length === 1 ? { side: sides[0] } : {}),
      output: this.child.output.lastLines(20),
    });
  }

  private async request(
    payload: Command,
    side: readonly Side[],
    url: string,
    timeoutMs: number,
  ): Promise<Answer> {
    const line = new Promise<string>((resolve) => {
      this.waiting = resolve;
    });
    // A load generator that closed its input (it crashed, or its stdin failed) fails the round, not the action.
    const stopped = 'it stopped reading its input';
    if (!this.child.write(`${JSON.stringify(payload)}\n`)) throw this.failed(side, url, stopped);
    const outcome = await Promise.race([
      line,
      this.child.exited.then((exit) => ({ exit })),
      this.child.inputFailed.then((error) => ({ error })),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref()),
    ]);
    if (outcome === 'timeout') {
      await this.stop();
      throw this.failed(side, url, 'timed out');
    }
    if (typeof outcome !== 'string' && 'error' in outcome) {
      const code = (outcome.error as NodeJS.ErrnoException).code ?? outcome.error.message;
      throw this.failed(side, url, `${stopped}: ${code}`);
    }
    if (typeof outcome !== 'string') throw this.failed(side, url, `exit code ${outcome.exit.code}`);
    return JSON.parse(outcome) as Answer & Reply;
  }

  get cpu(): string | undefined {
    return this.cpus;
  }

  async stop(): Promise<void> {
    await this.child.stop(1000);
  }
}
