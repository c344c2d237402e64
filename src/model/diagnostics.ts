/** Event loop, CPU and memory measured inside each side's server, summarised. Types only. */
export interface DelayStats {
  p50: number;
  p99: number;
  max: number;
}

export interface RssTrend {
  /** 'across-rounds': one point per window of the same processes; 'within-rounds': a slope inside each window. */
  mode: 'across-rounds' | 'within-rounds';
  /** Theil–Sen slope of RSS in MB per `unit` (the median over rounds for 'within-rounds'). */
  slopeMb: number;
  unit: 'round' | 'second';
  /** across-rounds: the windows fitted; within-rounds: the rounds with a series long enough to fit. */
  points: number;
  /** across-rounds: steps (points − 1) in which RSS grew; within-rounds: rounds in which it grew steadily. */
  growing: number;
  /** The denominator of `growing`. */
  of: number;
}

export interface SideDiagnostics {
  /** Measured windows with data. */
  windows: number;
  /** Distinct processes that reported. */
  processes: number;
  /** Median over windows of each percentile (the worst process of a window), ms. */
  eventLoopDelayMs: DelayStats | undefined;
  /** Median over windows of the busiest process's event-loop utilisation, 0…1. */
  eventLoopUtilization: number | undefined;
  /** CPU time over wall time, all processes: 1 = one core busy throughout. */
  cpuCores: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** RSS growth in MB per round (within-rounds: the slope per second times the median window length). */
  rssTrendMbPerRound: number | undefined;
  rssTrend: RssTrend | undefined;
  /** RSS grows steadily (see the file comment). */
  leak: boolean;
}

/**
 * 'blocked-on-both' and a LeakCall of 'both' are no longer made (no test stands behind them); reports written
 * before may hold them.
 */
export type EventLoopCall = 'blocked-on-head' | 'unblocked-on-head' | 'blocked-on-both' | 'similar';

export type LeakCall = 'head' | 'base' | 'both' | 'none';

/**
 * A paired test of head against base behind a diagnosis: the units (pairs of windows, or of processes) that had
 * both sides, the median of head − base over them, and each direction's one-sided exact signed-rank p-value. A
 * call needs p ≤ `level` in its direction: where base and head run the same code, each direction is called in
 * at most `level` of gates.
 */
export interface PairedTest {
  units: number;
  /** What a unit is: a pair's two windows, or a block's two processes. */
  unit: 'pair' | 'process pair';
  /** Median of head − base: ms of p99 delay, or MB of RSS per round (or per second). */
  medianDifference: number;
  /** One-sided p-values: head higher, base higher. */
  pHeadHigher: number;
  pBaseHigher: number;
  level: number;
}

export interface DiagnosticsComparison {
  /** head p99 / base p99, each floored at 1 ms (below that a 10 ms timer cannot tell); undefined without both. */
  eventLoopP99Ratio: number | undefined;
  /** A call only where `eventLoopTest` stands behind it; 'similar' otherwise. */
  eventLoop: EventLoopCall | undefined;
  /** A call only where `memoryTest` stands behind it; 'none' otherwise. */
  leak: LeakCall | undefined;
  /** The test of p99 event-loop delay, window against window; absent with fewer than two paired units. */
  eventLoopTest?: PairedTest | undefined;
  /** The test of RSS growth, process against process (or window against window); absent likewise. */
  memoryTest?: PairedTest | undefined;
}

export interface DiagnosticsSummary {
  base: SideDiagnostics | undefined;
  head: SideDiagnostics | undefined;
  comparison: DiagnosticsComparison;
  /** The thresholds used, for the wording. */
  blockedMs: number;
}
