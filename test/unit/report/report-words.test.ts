/**
 * Words that mean what the tests did (src/report/): no title of improvement or no change while a comparison is
 * open; failed requests within chance are not "no change"; pairs left out for want of a value are named.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { titleLine } from '../../../src/report/lead.ts';
import { droppedNote } from '../../../src/report/notes.ts';
import { failuresVerdictText } from '../../../src/report/tables.ts';
import { gateReport } from '../../support/reports.ts';

/** A report whose decision says `verdict` over the comparisons, with one comparison set to `open`. */
function withOpen(verdict: Report['verdict'], open: boolean): Report {
  const report = gateReport({ paths: { '/a': 1.3, '/b': 1 }, pairs: 8 });
  const decision = report.decision!;
  decision.comparisons = decision.comparisons.map((c, i) => ({
    ...c,
    verdict:
      i === 0
        ? verdict === 'no-change'
          ? 'no-change'
          : verdict
        : open && i === 1
          ? 'inconclusive'
          : 'no-change',
  }));
  decision.verdict = verdict;
  return { ...report, verdict, decision };
}

describe('report words', () => {
  test('the title says neither improvement nor no change while a comparison is still open', () => {
    assert.equal(titleLine(withOpen('improvement', false), {}), '### 🟢 perf-gate: improvement');
    assert.equal(
      titleLine(withOpen('improvement', true), {}),
      '### 🟡 perf-gate: an improvement, 1 comparison still open',
    );
    assert.equal(titleLine(withOpen('no-change', false), {}), '### ⚪ perf-gate: no change');
    assert.equal(
      titleLine(withOpen('inconclusive', true), {}),
      '### 🟡 perf-gate: inconclusive, the check passes as neutral: no slowdown was shown, and none was ruled out',
    );
    assert.equal(titleLine(withOpen('regression', true), {}), '### 🔴 perf-gate: regression');
  });

  test('failed requests read "within ±0.1% of base\'s rate" only when bounded so, else "not sure"; never "no change"', () => {
    assert.equal(failuresVerdictText({ verdict: 'no-change', margin: 0.001 }), "within ±0.1% of base's rate");
    assert.equal(failuresVerdictText({ verdict: 'inconclusive', margin: 0.001 }), 'not sure');
    assert.equal(failuresVerdictText({ verdict: 'regression', margin: 0.001 }), 'regression');
    const report = gateReport({ paths: { '/a': 1 }, pairs: 8 });
    const e = report.decision!.errors[0]!;
    report.decision!.errors[0] = {
      ...e,
      headFailures: 9,
      baseFailures: 0,
      incidents: { head: 3, base: 0 },
      verdict: 'no-change',
    };
    const md = renderMarkdown(report);
    assert.match(md, /\| GET \/a \| failed requests \|[^\n]*within ±0\.1% of base's rate \|/);
    assert.doesNotMatch(md, /failed requests \|[^\n]*no change/);
    assert.match(md, /\| head in 3 of 8 pairs, base in 0 \|/, 'where the failures were, in the units tested');
  });

  test('pairs left out because a side served 0 req/s are named', () => {
    const report = gateReport({ paths: { '/a': 1 }, pairs: 8 });
    assert.equal(droppedNote(report.decision), undefined);
    const c = report.decision!.comparisons[0]!;
    report.decision!.comparisons[0] = { ...c, pairs: 7, dropped: 1 };
    const note = droppedNote(report.decision) ?? '';
    assert.match(note, /GET \/a req\/s: 1 of 8/);
    assert.match(renderMarkdown(report), /Note: pairs in which a side had no value were left out/);
  });
});
