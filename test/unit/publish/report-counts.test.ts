/**
 * Issue 41, item 4: a fork's report.json (`mode: report`, read in the privileged job) with `errors: 1e12` passed the
 * schema, and the exact binomial test of failed requests then ran for about 30 hours. Counts are now bounded by what
 * a round can hold, and a report at that bound is read, merged, decided and rendered in well under a second.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import { GateError } from '../../../src/model/errors.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { gateReport, mergeAsMeasured } from '../../support/reports.ts';

function withHeadErrors(errors: number): string {
  const report = gateReport({ paths: { '/a': 1 }, pairs: 10 });
  for (const round of report.rounds) {
    if (round.side !== 'head') continue;
    round.measurement.errors = errors;
    round.measurement.responses = errors;
  }
  return JSON.stringify(report);
}

test('a round’s count beyond what a round can hold is refused, naming the field', () => {
  assert.throws(
    () => parseReportFile(withHeadErrors(1e12), 'perf-gate-results/report.json'),
    (error: unknown) => error instanceof GateError && /errors|responses/.test(error.message),
  );
});

test('counts at the bound are read, merged, decided and rendered at once', () => {
  const started = performance.now();
  const file = parseReportFile(withHeadErrors(1e10), 'perf-gate-results/report.json');
  const merged = mergeAsMeasured([file]);
  const markdown = renderMarkdown(merged, {});
  const ms = performance.now() - started;
  assert.ok(markdown.length > 0);
  // Milliseconds; a binomial test summing 1e10 terms would take about half an hour.
  assert.ok(ms < 20_000, `took ${ms.toFixed(0)} ms`);
});
