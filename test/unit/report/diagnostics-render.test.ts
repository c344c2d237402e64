import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DiagnosticsSummary, SideDiagnostics } from '../../../src/model/diagnostics.ts';
import {
  describeDiagnostics,
  formatMb,
  formatMs,
  formatTrend,
  renderDiagnosticsSection,
} from '../../../src/report/diagnostics.ts';

function side(fields: Partial<SideDiagnostics> = {}): SideDiagnostics {
  return {
    windows: 6,
    processes: 6,
    eventLoopDelayMs: { p50: 0.12, p99: 2, max: 6.4 },
    eventLoopUtilization: 0.8,
    cpuCores: 0.82,
    peakRssMb: 61.3,
    peakHeapMb: 9.24,
    rssTrendMbPerRound: 0.3,
    rssTrend: { mode: 'within-rounds', slopeMb: 0.1, unit: 'second', points: 6, growing: 0, of: 6 },
    leak: false,
    ...fields,
  };
}

function summary(fields: Partial<DiagnosticsSummary> = {}): DiagnosticsSummary {
  return {
    base: side(),
    head: side(),
    comparison: { eventLoopP99Ratio: 1, eventLoop: 'similar', leak: 'none' },
    blockedMs: 20,
    ...fields,
  };
}

describe('formatting', () => {
  test('ms, MB and trends', () => {
    assert.equal(formatMs(180.4), '180 ms');
    assert.equal(formatMs(12.6), '13 ms');
    assert.equal(formatMs(2.06), '2.1 ms');
    assert.equal(formatMs(0.054), '0.05 ms');
    assert.equal(formatMs(Number.NaN), 'n/a');
    assert.equal(formatMb(412.4), '412 MB');
    assert.equal(formatMb(61.34), '61.3 MB');
    assert.equal(
      formatTrend({ mode: 'across-rounds', slopeMb: 12.2, unit: 'round', points: 8, growing: 7, of: 7 }),
      '+12 MB/round',
    );
    assert.equal(
      formatTrend({ mode: 'within-rounds', slopeMb: -0.31, unit: 'second', points: 8, growing: 0, of: 8 }),
      '−0.3 MB/s',
    );
    assert.equal(
      formatTrend({ mode: 'within-rounds', slopeMb: 0.01, unit: 'second', points: 8, growing: 0, of: 8 }),
      '±0 MB/s',
    );
  });
});

describe('renderDiagnosticsSection', () => {
  test('a quiet pair: the table, no sentence', () => {
    const md = renderDiagnosticsSection(summary());
    assert.deepEqual(describeDiagnostics(summary()), []);
    assert.match(md, /^### Event loop and memory\n\n\| \| base \| head \|\n\|:--\|--:\|--:\|\n/);
    assert.match(md, /\| event-loop delay p50 \| 0\.12 ms \| 0\.12 ms \|/);
    assert.match(md, /\| event-loop delay p99 \| 2\.0 ms \| 2\.0 ms \|/);
    assert.match(md, /\| event-loop delay max \| 6\.4 ms \| 6\.4 ms \|/);
    assert.match(md, /\| CPU \| 0\.82 cores \| 0\.82 cores \|/);
    assert.match(md, /\| peak RSS \| 61\.3 MB \| 61\.3 MB \|/);
    assert.match(md, /\| peak heap \| 9\.2 MB \| 9\.2 MB \|/);
    assert.match(md, /\| RSS trend \| \+0\.1 MB\/s \| \+0\.1 MB\/s \|/);
    assert.match(md, /over 6 base and 6 head rounds/);
    assert.doesNotMatch(md, /\*\*|memory leak\?|blocked on head/i, 'no diagnosis, only numbers');
  });

  test('pairs in turns: the note says the windows were pairs in which each side was loaded about half the time', () => {
    const md = renderDiagnosticsSection(summary(), { inTurns: true });
    assert.match(
      md,
      /over 6 base and 6 head pairs \(base and head took turns every fraction of a second, so each side was loaded about half of each pair/,
    );
    assert.match(
      md,
      /compare the two columns\): event-loop delay is how late a 10 ms timer fired \(median over pairs of each percentile\)/,
    );
    assert.doesNotMatch(md, /head rounds/);
  });

  /** A paired test behind a call (src/diagnostics/summary.ts): 12 pairs, p 0.0002 one way. */
  const paired = (head: boolean, unit: 'pair' | 'process pair' = 'pair') => ({
    units: 12,
    unit,
    medianDifference: head ? 170 : -170,
    pHeadHigher: head ? 0.0002 : 1,
    pBaseHigher: head ? 1 : 0.0002,
    level: 0.01,
  });

  test('a blocking head with its test: one sentence with both p99s and the test', () => {
    const s = summary({
      head: side({ eventLoopDelayMs: { p50: 120, p99: 180.2, max: 260 } }),
      comparison: {
        eventLoopP99Ratio: 90,
        eventLoop: 'blocked-on-head',
        leak: 'none',
        eventLoopTest: paired(true),
      },
    });
    assert.deepEqual(describeDiagnostics(s), [
      '**Event loop blocked on head**: p99 delay 180 ms, base 2.0 ms (head higher in a paired test over 12 pairs, p < 0.001).',
    ]);
    const md = renderDiagnosticsSection(s, { headingLevel: 4 });
    assert.match(
      md,
      /^#### Event loop and memory\n\n\*\*Event loop blocked on head\*\*: p99 delay 180 ms, base 2\.0 ms/,
    );
    assert.match(md, /\| event-loop delay p99 \| 2\.0 ms \| 180 ms \|/);
  });

  test('a call without its test (a report written before the tests): numbers only', () => {
    const s = summary({
      head: side({ eventLoopDelayMs: { p50: 120, p99: 180.2, max: 260 }, leak: true }),
      comparison: { eventLoopP99Ratio: 90, eventLoop: 'blocked-on-head', leak: 'head' },
    });
    assert.deepEqual(describeDiagnostics(s), []);
    const both = summary({
      base: side({ eventLoopDelayMs: { p50: 100, p99: 150, max: 200 } }),
      head: side({ eventLoopDelayMs: { p50: 100, p99: 160, max: 200 } }),
      comparison: { eventLoopP99Ratio: 1.07, eventLoop: 'blocked-on-both', leak: 'both' },
    });
    assert.deepEqual(describeDiagnostics(both), [], 'no test stands behind "both"');
  });

  test('unblocked on head, with its test', () => {
    const unblocked = summary({
      base: side({ eventLoopDelayMs: { p50: 100, p99: 150, max: 200 } }),
      comparison: {
        eventLoopP99Ratio: 1 / 75,
        eventLoop: 'unblocked-on-head',
        leak: 'none',
        eventLoopTest: paired(false),
      },
    });
    assert.match(
      describeDiagnostics(unblocked)[0]!,
      /^Event loop no longer blocked on head: p99 delay 2\.0 ms, base 150 ms \(base higher in a paired test over 12 pairs, p < 0\.001\)\.$/,
    );
  });

  test('a leaking head, across rounds, with its test over process pairs', () => {
    const s = summary({
      head: side({
        rssTrendMbPerRound: 12.2,
        rssTrend: { mode: 'across-rounds', slopeMb: 12.2, unit: 'round', points: 8, growing: 7, of: 7 },
        leak: true,
      }),
      base: side({
        rssTrendMbPerRound: 0.2,
        rssTrend: { mode: 'across-rounds', slopeMb: 0.2, unit: 'round', points: 8, growing: 3, of: 7 },
      }),
      comparison: {
        eventLoopP99Ratio: 1,
        eventLoop: 'similar',
        leak: 'head',
        memoryTest: paired(true, 'process pair'),
      },
    });
    assert.deepEqual(describeDiagnostics(s), [
      "**head's RSS grew 12 MB per round over 8 rounds, base's +0.2 MB/round** (head higher in a paired test over 12 process pairs, p < 0.001): a memory leak?",
    ]);
    assert.match(renderDiagnosticsSection(s), /\| RSS trend \| \+0\.2 MB\/round \| \+12 MB\/round \|/);
  });

  test('base growing faster, with its test: a leak fixed?', () => {
    const leaking = side({
      rssTrend: { mode: 'within-rounds', slopeMb: 3.24, unit: 'second', points: 8, growing: 7, of: 8 },
      rssTrendMbPerRound: 9.7,
      leak: true,
    });
    assert.match(
      describeDiagnostics(
        summary({
          base: leaking,
          comparison: { eventLoopP99Ratio: 1, eventLoop: 'similar', leak: 'base', memoryTest: paired(false) },
        }),
      )[0]!,
      /^base's RSS grew 3\.2 MB\/s within 7 of 8 rounds, head's \+0\.1 MB\/s \(base higher in a paired test over 12 pairs, p < 0\.001\): a memory leak fixed\?$/,
    );
  });

  test('missing data from one side: n/a cells, a note saying why, no diagnosis', () => {
    const s = summary({
      base: undefined,
      head: side({
        eventLoopDelayMs: { p50: 50, p99: 90, max: 120 },
        rssTrend: { mode: 'within-rounds', slopeMb: 5, unit: 'second', points: 4, growing: 4, of: 4 },
        leak: true,
      }),
      comparison: { eventLoopP99Ratio: undefined, eventLoop: undefined, leak: undefined },
    });
    const md = renderDiagnosticsSection(s);
    assert.match(md, /\| event-loop delay p99 \| n\/a \| 90 ms \|/);
    assert.match(md, /\| CPU \| n\/a \| 0\.82 cores \|/);
    assert.match(md, /No data from the base server: .*<code>NODE_OPTIONS<\/code>/);
    assert.doesNotMatch(md, /<sub>[^<]*`/, 'no backtick inside <sub>');
    assert.doesNotMatch(md, /No data from the head server/);
    assert.deepEqual(describeDiagnostics(s), []);
    assert.match(md, /over 0 base and 6 head rounds/);
  });

  test('no data at all: no section; outside text is escaped', () => {
    assert.equal(
      renderDiagnosticsSection(
        summary({
          base: undefined,
          head: undefined,
          comparison: { eventLoopP99Ratio: undefined, eventLoop: undefined, leak: undefined },
        }),
      ),
      '',
    );
    const md = renderDiagnosticsSection(summary(), { artifacts: 'the <b>@team</b> | artifact' });
    assert.match(md, /Raw samples: the \\<b\\>@\u200bteam\\<\/b\\> \\\| artifact\./);
  });
});
