/** What one round of load measures, shared by the load generator, the gate and the verdict. Types only. */

export interface LoadSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** Load run before the measured one and thrown away (priming, JIT warm-up). */
  warmupSec: number;
  durationSec: number;
  /** Per-request timeout. */
  timeoutSec: number;
  /** Processes that are ours (the server tree, the gate): CPU they use during the round is not a disturbance. */
  watchPids?: number[];
  /** This side's own server processes: the CPU of their trees in the measured windows is `serverCpuSec`. */
  serverPids?: number[];
}

/** What the open-loop load measured. */
export interface PacedMeasurement {
  rate: number;
  /** Requests sent (due within the window). */
  sent: number;
  /** Answered, of any status. */
  responses: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  failures: number;
  /** From each request's due time to its response. */
  latencyMs: LatencySummary;
  /**
   * How late the client itself noticed requests were due (its timer and event loop), p99 in ms; a wait for a
   * free connection is not included. Large values mean the client, not the server, fell behind.
   */
  sendLagP99Ms: number;
}

/** Which client loads a pool: the kept engine (connections kept across turns) or a fresh autocannon per turn. */
export type LoadEngine = 'kept' | 'autocannon';

/**
 * A pool: one side × scenario's connections in the load generator, open from priming to the end of the gate (the
 * kept engine). A LoadSpec's fields (its durations and open loop are the turns' business, not the pool's).
 */
export interface PoolSpec
  extends Pick<
    LoadSpec,
    'url' | 'method' | 'headers' | 'body' | 'connections' | 'timeoutSec' | 'watchPids' | 'serverPids'
  > {
  engine: LoadEngine;
}

/** One turn on a pool: closed loop for `sec`, or with `rate` open loop at that many requests per second. */
export interface TurnSpec {
  pool: string;
  sec: number;
  /** false: a warm-up or priming turn, thrown away. */
  record: boolean;
  rate?: number;
}

/** What one turn did (recorded or not), as the load generator answers it. */
export interface TurnResult {
  pool: string;
  /** Responses of any status. */
  responses: number;
  /** The turn's whole time: from its first send until its last request came back (or timed out). */
  sec: number;
  /** From its first response to its last (closed loop; 0 with fewer than two). */
  spanSec?: number;
  errors: number;
  timeouts: number;
  /** Connections the server closed (or a failure dropped) that were opened again during the turn. */
  reconnects: number;
  /** Open loop: requests that fell due. */
  sent?: number;
}

export interface LatencySummary {
  /** Milliseconds, sub-millisecond resolution (from our own per-response timings). */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface RoundMeasurement {
  /** Responses of any status received during the measured window. */
  responses: number;
  elapsedSec: number;
  rps: number;
  /** Median over the round's 250 ms bins of their rate (recordings of an earlier version only). */
  rpsMedianBins?: number;
  /** Turns the round's load came in (report.json's name); undefined: one continuous window. */
  slices?: number;
  latencyMs: LatencySummary;
  bytesPerSec: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** CPU the load generator used, in cores (1 = one core busy the whole round). */
  loadgenCpu: number;
  /** CPU the server tree used, in cores. */
  serverCpu?: number;
  /**
   * CPU seconds this side's own server used during its measured windows (its trees from `serverPids`, found at the
   * first window); with `responses`, the server's CPU time per request.
   */
  serverCpuSec?: number;
  /**
   * CPU of the services the server uses on this machine (a Redis or database it is connected to, service
   * containers), in cores: part of the system under test, not a disturbance.
   */
  serviceCpu?: number;
  /** Busy CPU of other processes during the round, in cores (undefined where /proc is not readable). */
  foreignCpu?: number;
  /** CPU time the hypervisor stole during the round, in cores. */
  stealCpu?: number;
  /** The open-loop load after the closed-loop one, when the spec asked for it. */
  paced?: PacedMeasurement;
  /** Kept pools: connections opened again in the recorded turns (the server closed them, or a failure did). */
  reconnects?: number;
  /** Kept pools: closed-loop turns the measurement adds up. */
  turns?: number;
  /** What the server's V8 heap did in the round's diagnostics window, where the preload could tell. */
  memory?: RoundMemory;
}

/**
 * The server's memory in one round's diagnostics window (src/diagnostics/heap-source.ts), summed over the processes
 * that served the side's port. Bytes allocated per request is `allocatedBytes / requests`, both counted inside the
 * same window by the server itself.
 */
export interface RoundMemory {
  /** HTTP requests the server's processes began in the window. */
  requests: number;
  /** Bytes allocated on V8's heap in the window (Buffers and other memory outside it not counted). */
  allocatedBytes: number;
  /** Whether V8 counted the bytes itself (total_allocated_bytes), else the collections' profile did. */
  exact: boolean;
  /** Milliseconds garbage collections paused the server in the window. */
  gcMs: number;
  /** Heap used after a full collection at the window's end (bytes); absent where none was taken. */
  retainedBytes?: number;
  /** RSS at the window's end (bytes). */
  rssBytes: number;
  /** Requests these processes began since they started, at the window's end: where the leak slope puts the point. */
  served: number;
}

export interface Round {
  pair: number;
  /** 0 or 1: the position of this round within its pair. */
  position: number;
  side: Side;
  /** The scenario's name (for the `paths` input: `GET <path>`). */
  scenario: string;
  measurement: RoundMeasurement;
  startedAt: string;
}

/**
 * req/s and latency with a fixed number of connections (closed loop); the server's CPU time per request, compared
 * when the load generator set the pace; p99 at a fixed offered rate (open loop); bytes the server allocated on V8's
 * heap per request and its GC pause per request (RoundMemory), where its diagnostics preload could tell.
 */
export type Metric = 'rps' | 'cpu' | 'p50' | 'p99' | 'p99open' | 'alloc' | 'gc';

export const METRICS: readonly Metric[] = ['rps', 'cpu', 'p50', 'p99', 'p99open', 'alloc', 'gc'];

/** Errors that end the gate with a message a user can act on. Pure: no I/O. */
export type Side = 'base' | 'head';
