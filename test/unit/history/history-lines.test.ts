/**
 * Issue 41, item 4: the history branch is written by any job with `contents: write`, so its lines are untrusted. A
 * line whose `date` carries a mention went into every pull request's comment; a non-string `series` crashed the
 * history page until the line was removed by hand. Bad lines are now skipped and named; the date is checked, and
 * escaped where it is shown.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { historyCharts } from '../../../src/history/chart-series.ts';
import { driftOf, formatLine, historyLine, linesOfFiles, parseHistory } from '../../../src/history/lines.ts';
import { branchReadme, historyPage } from '../../../src/report/history-page.ts';
import { driftLine } from '../../../src/report/history-text.ts';
import { gateReport } from '../../support/reports.ts';

const facts = {
  kind: 'branch' as const,
  date: '2026-11-25T12:34:56Z',
  series: undefined,
  head: { commit: 'c'.repeat(40), ref: 'main' },
  base: { commit: 'b'.repeat(40), tag: 'v1.1.0' },
  runner: { cpu: 'x', cpus: 4, node: 'v24.21.0' },
  perfGate: '0.1.0',
  run: undefined,
};

function good(): Record<string, unknown> {
  return JSON.parse(formatLine(historyLine(gateReport({ paths: { '/orders': 0.5 }, pairs: 12 }), facts)));
}

describe('history lines are checked before they are read', () => {
  test('a mention in `date`, a non-string `series`, a bad commit: skipped and named by file, line and field', () => {
    const lines = [
      good(),
      { ...good(), date: '2026-11-25 @octo-org/everyone' },
      { ...good(), series: { not: 'a string' } },
      { ...good(), head: { commit: 'not-hex', ref: 'main' } },
      { ...good(), scenarios: [{ name: 'GET /orders', rps: 'fast' }] },
    ];
    const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{ broken\n`;
    const parsed = linesOfFiles(new Map([['history/2026-11.jsonl', text]]));
    assert.equal(parsed.lines.length, 1);
    assert.deepEqual(parsed.bad, [
      'history/2026-11.jsonl:2: date',
      'history/2026-11.jsonl:3: series',
      'history/2026-11.jsonl:4: head.commit',
      'history/2026-11.jsonl:5: scenarios[].rps',
      'history/2026-11.jsonl:6: not JSON',
    ]);
    assert.equal(parsed.skipped, 5);
    assert.equal(parseHistory(text).bad[0], '2: date');
  });

  test('with the bad lines in the branch, the page and the README are drawn, and no mention reaches a comment', () => {
    const text = [good(), { ...good(), series: 42 }, { ...good(), date: '@teamzzzzz-2026-11-26T00:00:00Z' }]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const { lines, skipped } = linesOfFiles(new Map([['history/2026-11.jsonl', text]]));
    const charts = historyCharts(lines);
    const pageFacts = {
      repository: 'o/r',
      date: '2026-11-27T00:00:00Z',
      perfGate: '0.1.0',
      runs: lines.length,
      skipped,
    };
    assert.doesNotThrow(() => historyPage(charts, pageFacts));
    assert.doesNotThrow(() => branchReadme(charts, pageFacts));
    const drift = driftOf(lines, { series: undefined, ref: 'main', scenarios: ['GET /orders'] });
    assert.ok(drift);
    assert.doesNotMatch(driftLine(drift), /@team/);
  });
});
