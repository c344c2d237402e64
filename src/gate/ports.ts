/**
 * What the gate needs from the world: what to measure and a log (GateContext); and for measuring, passed in so
 * that tests can hand it fakes, a clock, a load generator, a way to start servers and the diagnostics probes.
 */
import type { Commit } from '../io/git.ts';
import type { Config } from '../model/config.ts';
import type { DiagnosticsSummary } from '../model/diagnostics.ts';
import type { RoundMeasurement, Side } from '../model/measure.ts';
import type { Engine } from '../model/plan.ts';
import type { PullRequestRef } from '../model/report.ts';
import type { StepLog } from './trees.ts';

export interface Logger extends StepLog {
  warning(message: string): void;
}

export interface GateContext {
  config: Config;
  /** Root of the head checkout (the repository's work tree). */
  root: string;
  base: Commit;
  head: Commit;
  log: Logger;
  /** The pull request measured (from the event), recorded in the report for `mode: report`. */
  pullRequest?: PullRequestRef | undefined;
}

/** The part of the log that measuring writes to: its lines go in a group of their own where the log has groups. */
export type MeasureLog = Pick<Logger, 'info' | 'warning'> & Partial<Pick<Logger, 'group'>>;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The time now, as a round's startedAt. */
  iso(): string;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  iso: () => new Date().toISOString(),
};

/** One side's load on one scenario of one server: a pool of connections the load generator keeps. */
export interface PoolSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** Per-request timeout. */
  timeoutSec: number;
  engine: Engine;
  /** Processes that are ours (the server trees, the gate): CPU they use during a turn is not a disturbance. */
  watchPids?: number[];
  /** This side's own server processes: the CPU of their trees in the recorded turns is `serverCpuSec`. */
  serverPids?: number[];
}

/** One turn of load on a pool: `sec` of closed-loop load, or of open-loop load at `rate` req/s. */
export interface Turn {
  pool: string;
  sec: number;
  /** false: warm-up or priming, thrown away. */
  record: boolean;
  rate?: number;
}

export interface TurnResult {
  responses: number;
  sec: number;
}

/**
 * What measuring needs of the load generator (src/load/generator.ts, LoadGenerator): pools opened once, turns run
 * in the order given, and each pool's recorded turns taken as one measurement.
 */
export interface LoadRunner {
  open(pool: string, spec: PoolSpec): Promise<void>;
  turns(turns: readonly Turn[]): Promise<TurnResult[]>;
  /** The pool's recorded turns since the last take, as one measurement; its tally starts again. */
  take(pool: string): Promise<RoundMeasurement>;
  /** Closes one pool, or all of them. */
  close(pool?: string): Promise<void>;
  stop(): Promise<void>;
}

/** A server being measured (src/io/server.ts, RunningServer). */
export interface GateServer {
  readonly side: Side;
  readonly origin: string;
  readonly port: number;
  /** Its process: the CPU of its tree is the server's, not a disturbance. */
  readonly pid: number;
  /** Throws a GateError that names the server when it has exited (`during`: what it was doing). */
  assertAlive(during: string): void;
  stop(): Promise<void>;
}

/**
 * Starts a side's server for a pair (0-based), with `env` (its diagnostics probe's) added to its environment;
 * throws a GateError when it does not start. `together`: the other side's server may run at the same time, so a
 * fixed port (input `port`) has to be moved to one of this server's own; a server that keeps it all the same
 * throws a PortNotMovedError (src/io/server.ts).
 */
export type StartServer = (
  side: Side,
  pair: number,
  env: Readonly<Record<string, string>>,
  together: boolean,
) => Promise<GateServer>;

/** One server's diagnostics (src/diagnostics/recorder.ts, ServerDiagnostics). */
export interface Probe {
  readonly env: Readonly<Record<string, string>>;
  /** Runs one measured load, reading the server's diagnostics over its window (after `warmupSec`). */
  measure<T>(label: string, window: { warmupSec: number; port?: number }, run: () => Promise<T>): Promise<T>;
}

/** The gate's diagnostics (src/diagnostics/recorder.ts, DiagnosticsRecorder): a probe per server started. */
export interface Probes {
  server(side: Side, name: string): Probe;
  summary(): DiagnosticsSummary;
}
