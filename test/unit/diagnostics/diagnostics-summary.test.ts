import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DiagnosticsSnapshot } from '../../../src/diagnostics/preload.ts';
import { MB, summarizeDiagnostics, summarizeSide, theilSen } from '../../../src/diagnostics/summary.ts';
import type { DiagnosticsComparison } from '../../../src/model/diagnostics.ts';

let nextPid = 1000;

interface Shape {
  pid?: number;
  seq?: string | null;
  at?: number;
  elapsedMs?: number;
  p50?: number;
  p99?: number;
  max?: number;
  count?: number;
  cpuMs?: number;
  rssMb?: number;
  heapMb?: number;
  /** RSS in MB at each point of the window's memory series, one point every 250 ms. */
  series?: number[];
  reason?: DiagnosticsSnapshot['reason'];
  ports?: number[];
}

function snap(shape: Shape = {}): DiagnosticsSnapshot {
  const elapsedMs = shape.elapsedMs ?? 3000;
  const at = shape.at ?? 1_700_000_000_000;
  const rss = (shape.rssMb ?? 60) * MB;
  const heap = (shape.heapMb ?? 10) * MB;
  const series = shape.series ?? [60, 60.1, 60, 60.2, 60.1, 60, 60.1, 60.2, 60.1, 60.1, 60, 60.2];
  return {
    v: 1,
    pid: shape.pid ?? nextPid++,
    ppid: 1,
    reason: shape.reason ?? 'snapshot',
    seq: shape.seq === undefined ? `w${at}` : shape.seq,
    at,
    startedAt: at - elapsedMs,
    elapsedMs,
    uptimeMs: elapsedMs + 500,
    ports: shape.ports ?? [4000],
    eventLoopDelayMs: {
      p50: shape.p50 ?? 0.1,
      p99: shape.p99 ?? 1.5,
      max: shape.max ?? 4,
      mean: shape.p50 ?? 0.1,
      count: shape.count ?? 290,
    },
    eventLoopUtilization: 0.8,
    cpu: { userMs: (shape.cpuMs ?? 2400) * 0.9, systemMs: (shape.cpuMs ?? 2400) * 0.1 },
    rss: { peak: rss, last: rss * 0.98 },
    heapUsed: { peak: heap, last: heap * 0.7 },
    memory: series.map((mb, i) => [i * 250, mb * MB, heap * 0.8]),
    node: 'v24.21.0',
  };
}

/** n rounds of a fresh process each (perf-gate's default). */
function rounds(n: number, shape: (i: number) => Shape): DiagnosticsSnapshot[] {
  return Array.from({ length: n }, (_, i) => snap({ at: 1_700_000_000_000 + i * 10_000, ...shape(i) }));
}

/** A linear series from `from` MB growing `perStep` MB per point (a leak inside one round). */
function growing(from: number, perStep: number, points = 12): number[] {
  return Array.from({ length: points }, (_, i) => from + i * perStep);
}

describe('theilSen', () => {
  test('the slope of a line, robust to one outlier', () => {
    assert.equal(
      theilSen([
        [0, 1],
        [1, 3],
        [2, 5],
        [3, 7],
      ]),
      2,
    );
    assert.equal(
      theilSen([
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 100],
        [4, 4],
      ]),
      1,
    );
    assert.equal(theilSen([[1, 5]]), 0);
    assert.equal(
      theilSen([
        [1, 5],
        [1, 9],
      ]),
      0,
    );
  });
});

describe('summarizeDiagnostics', () => {
  test('a quiet pair: similar figures, nothing called', () => {
    const summary = summarizeDiagnostics({
      base: rounds(6, () => ({ p99: 1.2 })),
      head: rounds(6, () => ({ p99: 1.6 })),
    });
    assert.equal(summary.comparison.eventLoop, 'similar');
    assert.equal(summary.comparison.leak, 'none');
    assert.ok(summary.comparison.eventLoopP99Ratio! > 1 && summary.comparison.eventLoopP99Ratio! < 2);
    const head = summary.head!;
    assert.equal(head.windows, 6);
    assert.equal(head.processes, 6);
    assert.deepEqual(head.eventLoopDelayMs, { p50: 0.1, p99: 1.6, max: 4 });
    assert.ok(Math.abs(head.cpuCores - 0.8) < 1e-9, `${head.cpuCores}`);
    assert.equal(head.peakRssMb, 60);
    assert.equal(head.peakHeapMb, 10);
    assert.equal(head.rssTrend?.mode, 'within-rounds');
    assert.equal(head.rssTrend?.unit, 'second');
    assert.ok(Math.abs(head.rssTrend!.slopeMb) < 0.2, `${head.rssTrend!.slopeMb}`);
    assert.equal(head.leak, false);
  });

  test('a blocking head: median p99 per side, blocked-on-head with its paired test, ratio head/base', () => {
    const summary = summarizeDiagnostics({
      base: rounds(8, (i) => ({ p99: [2, 1.8, 2.2, 2, 40, 2.1, 1.9, 2][i]! })),
      head: rounds(8, (i) => ({ p50: 120, p99: [180, 175, 190, 182, 185, 3, 181, 179][i]!, max: 260 })),
    });
    assert.equal(summary.base!.eventLoopDelayMs!.p99, 2, 'one GC pause on base does not move the median');
    assert.equal(summary.head!.eventLoopDelayMs!.p99, 180.5);
    assert.equal(summary.comparison.eventLoop, 'blocked-on-head');
    const test = summary.comparison.eventLoopTest!;
    assert.equal(test.units, 8);
    assert.equal(test.unit, 'pair');
    assert.ok(test.pHeadHigher <= 0.01 && test.pBaseHigher > 0.5, JSON.stringify(test));
    assert.equal(summary.comparison.eventLoopP99Ratio, 90.25);
    const swapped = summarizeDiagnostics({ base: summaryInput().head, head: summaryInput().base });
    assert.equal(swapped.comparison.eventLoop, 'unblocked-on-head');
  });

  test('too few pairs for the test: the numbers stand, nothing is called, however far apart', () => {
    const few = summarizeDiagnostics({
      base: rounds(6, () => ({ p99: 2 })),
      head: rounds(6, () => ({ p99: 180 })),
    });
    assert.ok(few.comparison.eventLoopTest!.pHeadHigher > 0.01, '1/2^6 is the smallest p of 6 pairs');
    assert.equal(few.comparison.eventLoop, 'similar');
  });

  test('where base and head run alike, each direction is called in at most 1% of gates (exact test)', () => {
    let rng = 7;
    const random = (): number => {
      rng = (rng * 1103515245 + 12345) % 2 ** 31;
      return rng / 2 ** 31;
    };
    let called = 0;
    const gates = 2000;
    for (let g = 0; g < gates; g++) {
      // The same blocking server on both sides, 12 pairs: p99 near 100 ms, noisy.
      const side = (): DiagnosticsSnapshot[] => rounds(12, () => ({ p99: 60 + 80 * random() }));
      if (summarizeDiagnostics({ base: side(), head: side() }).comparison.eventLoop !== 'similar') called++;
    }
    assert.ok(called / gates <= 0.02, `called in ${called} of ${gates} gates`);
  });

  test('blocked on both sides is not blamed on head; a small absolute change is not a block', () => {
    const both = summarizeDiagnostics({
      base: rounds(8, () => ({ p99: 150 })),
      head: rounds(8, () => ({ p99: 170 })),
    });
    assert.equal(both.comparison.eventLoop, 'similar', 'no call without a difference of a blocked loop');
    const small = summarizeDiagnostics({
      base: rounds(4, () => ({ p99: 0.2 })),
      head: rounds(4, () => ({ p99: 8 })),
    });
    assert.equal(small.comparison.eventLoop, 'similar', '8 ms is under the 20 ms floor');
    assert.equal(small.comparison.eventLoopP99Ratio, 8, 'base floored at 1 ms');
  });

  test('a leaking head, fresh process per round: RSS grows within every round, base flat', () => {
    const summary = summarizeDiagnostics({
      base: rounds(8, () => ({})),
      head: rounds(8, (i) => ({ series: growing(60, 1.5 + (i % 2) * 0.2), rssMb: 80 })),
    });
    const head = summary.head!;
    assert.equal(head.rssTrend?.mode, 'within-rounds');
    assert.equal(head.rssTrend?.growing, 8);
    assert.equal(head.rssTrend?.of, 8);
    assert.ok(Math.abs(head.rssTrend!.slopeMb - 6.4) < 0.01, `${head.rssTrend!.slopeMb} MB/s`);
    assert.ok(Math.abs(head.rssTrendMbPerRound! - 6.4 * 3) < 0.05, `${head.rssTrendMbPerRound} MB/round`);
    assert.equal(head.leak, true);
    assert.equal(summary.base!.leak, false);
    assert.equal(summary.comparison.leak, 'head');
  });

  test('a growing head, one long-lived process: RSS at the end of each round grows round after round, no call', () => {
    const summary = summarizeDiagnostics({
      base: rounds(8, (i) => ({ pid: 1, rssMb: 70 + (i < 2 ? i * 3 : 6) + (i % 2) * 0.2 })),
      head: rounds(8, (i) => ({ pid: 2, rssMb: 70 + i * 12 + (i === 5 ? -12.5 : 0) })),
    });
    const head = summary.head!;
    assert.equal(head.processes, 1);
    assert.equal(head.rssTrend?.mode, 'across-rounds');
    assert.equal(head.rssTrend?.unit, 'round');
    assert.equal(head.rssTrend?.points, 8);
    assert.equal(head.rssTrend?.growing, 6, 'one step went down a little');
    assert.ok(Math.abs(head.rssTrendMbPerRound! - 12 * 0.98) < 0.5, `${head.rssTrendMbPerRound}`);
    assert.equal(head.leak, true);
    assert.equal(summary.base!.leak, false, 'warm-up growth that levels off is not a leak');
    // One process per side is one unit: the growth is shown, but no test stands behind a call.
    assert.equal(summary.comparison.memoryTest, undefined);
    assert.equal(summary.comparison.leak, 'none');
  });

  test('growth on both sides: blamed on the side that grows faster pair by pair, where the test says so', () => {
    const leak = (perStep: number, n = 8) =>
      rounds(n, (i) => ({ series: growing(60, perStep + (i % 3) * 0.01) }));
    assert.equal(summarizeDiagnostics({ base: leak(1), head: leak(1) }).comparison.leak, 'none');
    assert.equal(summarizeDiagnostics({ base: leak(1), head: leak(3) }).comparison.leak, 'head');
    assert.equal(
      summarizeDiagnostics({ base: leak(1), head: rounds(8, () => ({})) }).comparison.leak,
      'base',
    );
    assert.equal(
      summarizeDiagnostics({ base: leak(1, 6), head: leak(3, 6) }).comparison.leak,
      'none',
      'six pairs cannot reach 1%',
    );
  });

  test('one jump is not steady growth; too few points fit no trend', () => {
    const jump = [60, 60, 60, 60, 60, 60, 90, 90, 90, 90, 90, 90];
    const side = summarizeSide(rounds(6, () => ({ series: jump })))!;
    assert.equal(side.leak, false);
    assert.equal(side.rssTrend?.growing, 0);
    const short = summarizeSide(rounds(3, () => ({ series: [60, 70, 80] })))!;
    assert.equal(short.rssTrend, undefined);
    assert.equal(short.rssTrendMbPerRound, undefined);
    assert.equal(short.leak, false);
  });

  test('missing data from one side: its summary is undefined and nothing is compared', () => {
    const summary = summarizeDiagnostics({ base: [], head: rounds(4, () => ({ p99: 200 })) });
    assert.equal(summary.base, undefined);
    assert.equal(summary.head?.windows, 4);
    assert.deepEqual(summary.comparison, {
      eventLoopP99Ratio: undefined,
      eventLoop: undefined,
      leak: undefined,
    });
    assert.equal((summary.comparison as DiagnosticsComparison).memoryTest, undefined);
    const none = summarizeDiagnostics({ base: [], head: [] });
    assert.equal(none.head, undefined);
  });

  test('several processes answering one request form one window: worst delay, summed CPU and memory', () => {
    const at = 1_700_000_000_000;
    const summary = summarizeSide([
      snap({ pid: 1, seq: 'a', at, p99: 3, cpuMs: 1000, rssMb: 50, heapMb: 8 }),
      snap({ pid: 2, seq: 'a', at: at + 40, p99: 30, cpuMs: 2000, rssMb: 70, heapMb: 12 }),
      snap({ pid: 3, seq: 'a', at: at + 20, count: 0, p99: 0, cpuMs: 10, rssMb: 40 }),
    ])!;
    assert.equal(summary.windows, 1);
    assert.equal(summary.processes, 3);
    assert.equal(summary.eventLoopDelayMs?.p99, 30);
    assert.ok(Math.abs(summary.cpuCores - 3010 / 3000) < 1e-9);
    assert.equal(summary.peakRssMb, 160);
  });

  test('registration lines and empty windows are left out; a window without timer samples has no delays', () => {
    const side = summarizeSide([
      snap({ reason: 'listening', p99: 500 }),
      snap({ elapsedMs: 0 }),
      snap({ count: 0, p50: 0, p99: 0, max: 0 }),
    ])!;
    assert.equal(side.windows, 1);
    assert.equal(side.eventLoopDelayMs, undefined);
    assert.equal(summarizeSide([snap({ reason: 'listening' })]), undefined);
  });
});

function summaryInput() {
  return {
    base: rounds(8, () => ({ p99: 2 })),
    head: rounds(8, () => ({ p99: 180 })),
  };
}

describe('servers restarted in blocks (restart-every)', () => {
  /** Per side, `blocks` processes of 5 measured rounds each, RSS climbing `perRound` MB per round. */
  const sides = (blocks: number, perRound: number) => {
    const block = (pid: number, start: number, climb: number) =>
      Array.from({ length: 5 }, (_, i) =>
        snap({ pid, at: start + i * 10_000, rssMb: 80 + i * climb + (i % 2) * 0.1 + pid * 0.001 }),
      );
    const range = Array.from({ length: blocks }, (_, b) => b);
    return {
      base: range.flatMap((b) => block(100 + b, b * 100_000, 0)),
      head: range.flatMap((b) => block(200 + b, b * 100_000, perRound)),
    };
  };

  test('each process is fitted on its own windows; head growing in every block of 7 is a leak', () => {
    const summary = summarizeDiagnostics(sides(7, 8));
    const head = summary.head!;
    assert.equal(head.rssTrend?.mode, 'across-rounds');
    assert.equal(head.rssTrend?.points, 35);
    assert.equal(head.rssTrend?.of, 28);
    assert.equal(head.rssTrend?.growing, 28);
    assert.ok(Math.abs(head.rssTrendMbPerRound! - 8 * 0.98) < 0.2, `${head.rssTrendMbPerRound}`);
    assert.equal(summary.base!.leak, false);
    const test = summary.comparison.memoryTest!;
    assert.deepEqual([test.unit, test.units], ['process pair', 7]);
    assert.equal(test.pHeadHigher, 1 / 128);
    assert.equal(summary.comparison.leak, 'head');
  });

  test('two blocks are two units: the growth is shown, no leak is called', () => {
    const summary = summarizeDiagnostics(sides(2, 8));
    assert.equal(summary.head!.leak, true, 'head grows steadily: a description of one side');
    assert.equal(summary.comparison.leak, 'none');
  });
});
