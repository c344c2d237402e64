/**
 * What the gate needs from the world: what to measure and a log (GateContext); and for measuring, passed in so
 * that tests can hand it fakes, a clock, a load generator, a way to start servers and the diagnostics probes.
 */
import type { Commit } from '../io/git.ts';
import type { Config } from '../model/config.ts';
import type { DiagnosticsSummary } from '../model/diagnostics.ts';
import type {
  PoolSpec,
  RoundMeasurement,
  RoundMemory,
  Side,
  TurnResult,
  TurnSpec,
} from '../model/measure.ts';
import type { GateLog } from '../model/notes.ts';
import type { PullRequestRef, WorkflowRunRef } from '../model/report.ts';

/** The gate's log: typed events and groups (src/model/notes.ts), said in words by report/log-text.ts. */
export type Logger = GateLog;

export interface GateContext {
  config: Config;
  /** Root of the head checkout (the repository's work tree). */
  root: string;
  base: Commit;
  head: Commit;
  log: Logger;
  /** The pull request measured (from the event), recorded in the report for `mode: report`. */
  pullRequest?: PullRequestRef | undefined;
  /** The workflow run measuring (GITHUB_RUN_ID and attempt), recorded in the report for `mode: report`. */
  workflowRun?: WorkflowRunRef | undefined;
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

/**
 * What measuring needs of the load generator (src/load/generator.ts, LoadGenerator): pools opened once, turns run
 * in the order given, and each pool's recorded turns taken as one measurement.
 */
export interface LoadRunner {
  open(pool: string, spec: PoolSpec, side: Side): Promise<void>;
  turns(turns: readonly TurnSpec[]): Promise<TurnResult[]>;
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
  /**
   * Opens a window of the server's diagnostics over one measured load (its first reading taken, or scheduled after
   * `warmupSec`), to close when the load is done (servers.ts, inWindows).
   */
  open(label: string, window: ProbeWindowOptions): Promise<ProbeWindow>;
}

export interface ProbeWindowOptions {
  warmupSec: number;
  port?: number;
}

/** One server's open window: closed with a reading that is recorded, or abandoned when the load failed. */
export interface ProbeWindow {
  /** Resolves with the server's memory in the window, where it could tell (src/diagnostics/memory.ts). */
  close(): Promise<RoundMemory | undefined>;
  abandon(): Promise<void>;
}

/** The gate's diagnostics (src/diagnostics/recorder.ts, DiagnosticsRecorder): a probe per server started. */
export interface Probes {
  server(side: Side, name: string): Probe;
  summary(): DiagnosticsSummary;
}
