/**
 * What the preload measured, per side and compared. Pure: no I/O.
 *
 * Input: the snapshot lines of each side's measured windows (one `snapshot` line per reporting process per
 * window; lines answering the same request share `seq` and form one window, so a cluster's workers add up).
 * Per window: the worst process's delay percentiles, the sum of CPU time and of memory peaks. Per side: the
 * median over windows of each delay percentile, CPU time over wall time, the largest memory peaks.
 *
 * Memory growth is judged in one of two ways, whichever the data allows:
 *   - across rounds: when the same processes answered at least `minPoints` windows (a server kept running from
 *     round to round, the pipeline's `restart-every` blocks), the RSS at the end of each window, one point per
 *     round: Theil–Sen slope in MB per round per process (the median over processes);
 *   - within rounds: otherwise (a fresh server process per round, as with a fixed `port` or `restart-every: 0`,
 *     where RSS cannot be compared from round to round) the memory series inside each window (a point every
 *     ~250 ms): Theil–Sen slope in MB per second per round, then the median over rounds.
 * Either way growth must be steady, not one jump: the slope above a floor and at least `risingShare` of the
 * steps (or rounds) growing (SideDiagnostics.leak, a description of one side).
 *
 * A diagnosis that compares the sides (head's event loop blocked, head's memory growing faster than base's) is
 * made only with a paired test behind it whose false-alarm rate is known: base and head run side by side, in the
 * same pairs, so where they run the same code the two of each pair (of windows, or of a block's processes) are
 * exchangeable, and a one-sided exact signed-rank test at `level` calls a difference in at most `level` of gates.
 * The test's direction must agree with the practical rule (a blocked loop: p99 beyond a floor and a ratio; a leak:
 * steady growth). Otherwise the report gives numbers without a verdict.
 */

import type {
  DelayStats,
  DiagnosticsSummary,
  EventLoopCall,
  LeakCall,
  PairedTest,
  RssTrend,
  SideDiagnostics,
} from '../model/diagnostics.ts';
import type { Side } from '../model/measure.ts';
import { median } from '../stats/describe.ts';
import { signedRankExactP } from '../stats/wilcoxon.ts';
import type { DiagnosticsSnapshot } from './preload.ts';

/** The false-alarm rate of each direction of a diagnosis (one-sided, per gate where nothing changed). */
export const DIAGNOSIS_LEVEL = 0.01;

/** Bytes in the MB shown (MiB, as `ps` and Clinic count them). */
export const MB = 1024 * 1024;

export interface SummaryOptions {
  /** p99 event-loop delay from which a loop counts as blocked, ms; default 20. */
  blockedMs?: number;
  /** How many times the other side's p99 (floored at 1 ms) it must also be; default 2. */
  blockedRatio?: number;
  /** And by how many ms at least; default 10. */
  blockedMarginMs?: number;
  /** Fewest points a trend is fitted to; default 4. */
  minPoints?: number;
  /** Slope from which RSS counts as growing across rounds, MB per round; default 1. */
  leakMbPerRound?: number;
  /** Slope from which RSS counts as growing within a round, MB per second; default 1. */
  leakMbPerSecond?: number;
  /** Share of steps (across rounds) or of rounds (within rounds) that must grow; default 0.75. */
  risingShare?: number;
  /** A growing head leaks "more" than a growing base when its slope is this many times base's; default 2. */
  leakRatio?: number;
  /** One-sided level of each diagnosis's paired test; default DIAGNOSIS_LEVEL. */
  level?: number;
}

interface Window {
  at: number;
  /** The window's label without its side (`scenario1-3`): base's and head's n-th windows of a label pair up. */
  label: string | undefined;
  pids: string;
  delay: DelayStats | undefined;
  elu: number | undefined;
  cpuMs: number;
  wallMs: number;
  rssPeak: number;
  rssLast: number;
  heapPeak: number;
  /** The main process's series: [seconds, MB]. */
  series: [number, number][];
}

const DEFAULTS = {
  blockedMs: 20,
  blockedRatio: 2,
  blockedMarginMs: 10,
  minPoints: 4,
  leakMbPerRound: 1,
  leakMbPerSecond: 1,
  risingShare: 0.75,
  leakRatio: 2,
  level: DIAGNOSIS_LEVEL,
} as const;

type Resolved = Required<SummaryOptions>;

/** Theil–Sen slope: the median of the slopes between every two points with different x; 0 with none. */
export function theilSen(points: readonly (readonly [number, number])[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (xj !== xi) slopes.push((yj - yi) / (xj - xi));
    }
  }
  return slopes.length === 0 ? 0 : median(slopes);
}

/** Steps between consecutive points in which y grew, and how many steps there are. */
function rising(ys: readonly number[]): { growing: number; of: number } {
  let growing = 0;
  for (let i = 1; i < ys.length; i++) if (ys[i]! > ys[i - 1]!) growing++;
  return { growing, of: Math.max(0, ys.length - 1) };
}

function windowsOf(lines: readonly DiagnosticsSnapshot[]): Window[] {
  const usable = lines.filter((l) => l.reason !== 'listening' && l.elapsedMs > 0);
  const groups = new Map<string, Map<number, DiagnosticsSnapshot>>();
  for (const line of usable) {
    const key = line.seq ?? `${line.reason}:${line.pid}:${line.at}`;
    const group = groups.get(key) ?? new Map<number, DiagnosticsSnapshot>();
    group.set(line.pid, line);
    groups.set(key, group);
  }
  const windows: Window[] = [];
  for (const group of groups.values()) {
    const processes = [...group.values()];
    const measured = processes.filter((p) => p.eventLoopDelayMs.count > 0);
    const worst = (pick: (p: DiagnosticsSnapshot) => number): number => Math.max(...measured.map(pick));
    const elus = processes.map((p) => p.eventLoopUtilization).filter((u): u is number => u !== null);
    const main = processes.reduce((a, b) => (b.rss.peak > a.rss.peak ? b : a));
    const seq = processes[0]!.seq;
    windows.push({
      at: Math.min(...processes.map((p) => p.at)),
      label:
        seq === null
          ? undefined
          : seq
              .split('#')[0]!
              .replace(/^(?:base|head)-/, '')
              .replace(/-end$/, ''),
      pids: processes
        .map((p) => p.pid)
        .sort((a, b) => a - b)
        .join(','),
      delay:
        measured.length === 0
          ? undefined
          : {
              p50: worst((p) => p.eventLoopDelayMs.p50),
              p99: worst((p) => p.eventLoopDelayMs.p99),
              max: worst((p) => p.eventLoopDelayMs.max),
            },
      elu: elus.length === 0 ? undefined : Math.max(...elus),
      cpuMs: processes.reduce((sum, p) => sum + p.cpu.userMs + p.cpu.systemMs, 0),
      wallMs: Math.max(...processes.map((p) => p.elapsedMs)),
      rssPeak: processes.reduce((sum, p) => sum + p.rss.peak, 0),
      rssLast: processes.reduce((sum, p) => sum + p.rss.last, 0),
      heapPeak: processes.reduce((sum, p) => sum + p.heapUsed.peak, 0),
      series: main.memory.map(([t, rss]) => [t / 1000, rss / MB]),
    });
  }
  return windows.sort((a, b) => a.at - b.at);
}

function trendOf(windows: readonly Window[], o: Resolved): { trend: RssTrend | undefined; leak: boolean } {
  // Across rounds: every set of processes that answered at least minPoints windows (one per block of rounds a
  // server lived through), each fitted on its own; the median slope, the growing steps counted over all of them.
  const byPids = new Map<string, Window[]>();
  for (const w of windows) byPids.set(w.pids, [...(byPids.get(w.pids) ?? []), w]);
  const lived = [...byPids.values()].filter((group) => group.length >= o.minPoints);
  if (lived.length > 0) {
    const fits = lived.map((group) => {
      const ys = group.map((w) => w.rssLast / MB);
      return { slope: theilSen(ys.map((y, i) => [i, y])), points: ys.length, ...rising(ys) };
    });
    const slopeMb = median(fits.map((f) => f.slope));
    const growing = fits.reduce((sum, f) => sum + f.growing, 0);
    const of = fits.reduce((sum, f) => sum + f.of, 0);
    const points = fits.reduce((sum, f) => sum + f.points, 0);
    return {
      trend: { mode: 'across-rounds', slopeMb, unit: 'round', points, growing, of },
      leak: slopeMb >= o.leakMbPerRound && growing >= o.risingShare * of,
    };
  }
  const fitted = windows
    .filter((w) => w.series.length >= o.minPoints)
    .map((w) => {
      const slope = theilSen(w.series);
      const { growing, of } = rising(w.series.map(([, y]) => y));
      return { slope, grows: slope >= o.leakMbPerSecond && growing >= o.risingShare * of };
    });
  if (fitted.length === 0) return { trend: undefined, leak: false };
  const slopeMb = median(fitted.map((f) => f.slope));
  const growing = fitted.filter((f) => f.grows).length;
  return {
    trend: {
      mode: 'within-rounds',
      slopeMb,
      unit: 'second',
      points: fitted.length,
      growing,
      of: fitted.length,
    },
    leak: fitted.length >= 2 && growing >= o.risingShare * fitted.length && slopeMb >= o.leakMbPerSecond,
  };
}

/** One side's figures; undefined when it has no measured window. */
export function summarizeSide(
  lines: readonly DiagnosticsSnapshot[],
  options: SummaryOptions = {},
): SideDiagnostics | undefined {
  const o: Resolved = { ...DEFAULTS, ...options };
  const windows = windowsOf(lines);
  if (windows.length === 0) return undefined;
  const delays = windows.map((w) => w.delay).filter((d): d is DelayStats => d !== undefined);
  const elus = windows.map((w) => w.elu).filter((u): u is number => u !== undefined);
  const wallMs = windows.reduce((sum, w) => sum + w.wallMs, 0);
  const { trend, leak } = trendOf(windows, o);
  const pids = new Set(windows.flatMap((w) => w.pids.split(',')));
  return {
    windows: windows.length,
    processes: pids.size,
    eventLoopDelayMs:
      delays.length === 0
        ? undefined
        : {
            p50: median(delays.map((d) => d.p50)),
            p99: median(delays.map((d) => d.p99)),
            max: median(delays.map((d) => d.max)),
          },
    eventLoopUtilization: elus.length === 0 ? undefined : median(elus),
    cpuCores: wallMs === 0 ? 0 : windows.reduce((sum, w) => sum + w.cpuMs, 0) / wallMs,
    peakRssMb: Math.max(...windows.map((w) => w.rssPeak)) / MB,
    peakHeapMb: Math.max(...windows.map((w) => w.heapPeak)) / MB,
    rssTrendMbPerRound:
      trend === undefined
        ? undefined
        : trend.unit === 'round'
          ? trend.slopeMb
          : trend.slopeMb * (median(windows.map((w) => w.wallMs)) / 1000),
    rssTrend: trend,
    leak,
  };
}

/** base's and head's windows paired: the n-th window of a label on one side with the n-th on the other. */
function pairedWindows(base: readonly Window[], head: readonly Window[]): [Window, Window][] {
  const byLabel = (windows: readonly Window[]): Map<string, Window[]> =>
    Map.groupBy(
      windows.filter((w) => w.label !== undefined),
      (w) => w.label!,
    );
  const heads = byLabel(head);
  return [...byLabel(base)].flatMap(([label, bs]) => {
    const hs = heads.get(label) ?? [];
    return bs.slice(0, hs.length).map((b, i): [Window, Window] => [b, hs[i]!]);
  });
}

/** The paired test of head − base differences; undefined with fewer than two units. */
function pairedTest(
  differences: readonly number[],
  unit: PairedTest['unit'],
  level: number,
): PairedTest | undefined {
  if (differences.length < 2) return undefined;
  return {
    units: differences.length,
    unit,
    medianDifference: median(differences),
    pHeadHigher: signedRankExactP(differences, 'greater'),
    pBaseHigher: signedRankExactP(differences, 'less'),
    level,
  };
}

/** p99 event-loop delay, head − base, pair by pair. */
function eventLoopTest(
  base: readonly Window[],
  head: readonly Window[],
  o: Resolved,
): PairedTest | undefined {
  const d = pairedWindows(base, head).flatMap(([b, h]) =>
    b.delay !== undefined && h.delay !== undefined ? [h.delay.p99 - b.delay.p99] : [],
  );
  return pairedTest(d, 'pair', o.level);
}

/**
 * RSS growth, head − base: per block of processes (the slope of RSS over its windows, the i-th process of each
 * side together: they start together), else per pair of windows (the slope inside each).
 */
function memoryTest(base: readonly Window[], head: readonly Window[], o: Resolved): PairedTest | undefined {
  const lived = (windows: readonly Window[]): Window[][] =>
    [...Map.groupBy(windows, (w) => w.pids).values()]
      .filter((group) => group.length >= o.minPoints)
      .sort((a, b) => a[0]!.at - b[0]!.at);
  const slope = (group: readonly Window[]): number => theilSen(group.map((w, i) => [i, w.rssLast / MB]));
  const [bs, hs] = [lived(base), lived(head)];
  if (bs.length > 0 && hs.length > 0) {
    const d = bs.slice(0, hs.length).map((b, i) => slope(hs[i]!) - slope(b));
    return pairedTest(d, 'process pair', o.level);
  }
  const d = pairedWindows(base, head).flatMap(([b, h]) =>
    b.series.length >= o.minPoints && h.series.length >= o.minPoints
      ? [theilSen(h.series) - theilSen(b.series)]
      : [],
  );
  return pairedTest(d, 'pair', o.level);
}

function eventLoopCall(
  base: DelayStats,
  head: DelayStats,
  test: PairedTest | undefined,
  o: Resolved,
): EventLoopCall {
  const blocked = (a: number, b: number): boolean =>
    a >= o.blockedMs && a / Math.max(b, 1) >= o.blockedRatio && a - b >= o.blockedMarginMs;
  if (test === undefined) return 'similar';
  if (test.pHeadHigher <= test.level && blocked(head.p99, base.p99)) return 'blocked-on-head';
  if (test.pBaseHigher <= test.level && blocked(base.p99, head.p99)) return 'unblocked-on-head';
  return 'similar';
}

function leakCall(base: SideDiagnostics, head: SideDiagnostics, test: PairedTest | undefined): LeakCall {
  if (test === undefined) return 'none';
  if (test.pHeadHigher <= test.level && head.leak) return 'head';
  if (test.pBaseHigher <= test.level && base.leak) return 'base';
  return 'none';
}

/** Both sides and how they compare. Each side's lines: the snapshot lines of its measured windows. */
export function summarizeDiagnostics(
  lines: Readonly<Record<Side, readonly DiagnosticsSnapshot[]>>,
  options: SummaryOptions = {},
): DiagnosticsSummary {
  const o: Resolved = { ...DEFAULTS, ...options };
  const base = summarizeSide(lines.base, options);
  const head = summarizeSide(lines.head, options);
  const baseDelay = base?.eventLoopDelayMs;
  const headDelay = head?.eventLoopDelayMs;
  const bothDelays = baseDelay !== undefined && headDelay !== undefined;
  const [bw, hw] = [windowsOf(lines.base), windowsOf(lines.head)];
  const delayTest = bothDelays ? eventLoopTest(bw, hw, o) : undefined;
  const rssTest = base !== undefined && head !== undefined ? memoryTest(bw, hw, o) : undefined;
  return {
    base,
    head,
    comparison: {
      eventLoopP99Ratio: bothDelays ? Math.max(headDelay.p99, 1) / Math.max(baseDelay.p99, 1) : undefined,
      eventLoop: bothDelays ? eventLoopCall(baseDelay, headDelay, delayTest, o) : undefined,
      leak: base !== undefined && head !== undefined ? leakCall(base, head, rssTest) : undefined,
      ...(delayTest === undefined ? {} : { eventLoopTest: delayTest }),
      ...(rssTest === undefined ? {} : { memoryTest: rssTest }),
    },
    blockedMs: o.blockedMs,
  };
}
