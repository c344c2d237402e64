/**
 * Golden comments of the memory comparisons: a scenario slower because it allocates more (the lead says allocation
 * is why), allocation alone, a leak alone (the headline says head leaks, in MB after so many requests), and an
 * unchanged gate with its memory rows; each with its outputs and step outcomes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkConclusion, stepOutcome } from '../../../src/decide/outcome.ts';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { stepMessage } from '../../../src/report/headline.ts';
import { memoryOutput } from '../../../src/report/memory-text.ts';
import { golden } from '../../support/golden.ts';
import { gateReport, type ShardSpec } from '../../support/reports.ts';

const PUBLISHED = {
  acceptLabel: 'perf-gate:accept',
  runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/42',
};

function render(name: string, report: Report): string {
  const markdown = renderMarkdown(report, PUBLISHED);
  golden(`memory-${name}.md`, markdown);
  const outcomes = [true, false].map((fail) => {
    const step = stepOutcome(report, fail);
    return {
      failOnRegression: fail,
      step,
      message: stepMessage(report, step),
      check: checkConclusion(report, fail),
    };
  });
  const outputs = { verdict: report.verdict, memory: memoryOutput(report.decision), outcomes };
  golden(`memory-${name}.outputs.json`, `${JSON.stringify(outputs, null, 2)}\n`);
  return markdown;
}

const flat = (alloc: Record<string, number>, head = 0): NonNullable<ShardSpec['memory']> => ({
  bytes: 24_000,
  alloc,
  keeps: { base: 0, head },
});

test('slower because it allocates more: the headline and the lead say so, the Next line points at it', () => {
  const report = gateReport({
    paths: { '/json': 0.83, '/health': 1 },
    pairs: 10,
    seed: 21,
    memory: flat({ '/json': 1.66 }),
  });
  assert.equal(report.verdict, 'regression');
  const markdown = render('allocation-slower', report);
  assert.match(markdown, /it allocates 1\.7× more per request \(23\.4 KB → 38\.9 KB\)/);
  assert.match(markdown, /\*\*Next:\*\* Look at what GET \/json allocates per request/);
  assert.equal(memoryOutput(report.decision), 'allocation');
});

test('allocation alone regressed: the headline names allocation per request', () => {
  const report = gateReport({ paths: { '/json': 1 }, pairs: 10, seed: 22, memory: flat({ '/json': 1.05 }) });
  assert.equal(report.verdict, 'regression');
  const markdown = render('allocation', report);
  assert.match(markdown, /allocation per request/);
});

test('a leak alone: the headline says head leaks, how much it kept after how many requests, base none', () => {
  const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 10, seed: 23, memory: flat({}, 400) });
  assert.equal(report.verdict, 'regression');
  assert.deepEqual(
    report.decision!.comparisons.map((c) => c.verdict),
    report.decision!.comparisons.map(() => 'no-change'),
  );
  const markdown = render('leak', report);
  assert.match(
    markdown,
    /leaks memory\*\*: head kept \d+(\.\d)? MB more after [\d,]+ requests; base kept none/,
  );
  assert.match(stepMessage(report, stepOutcome(report, true)), /^head leaks memory: head kept /);
  assert.equal(memoryOutput(report.decision), 'leak');
});

test('unchanged: memory rows within their thresholds, no memory verdict', () => {
  const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 10, seed: 24, memory: flat({}) });
  assert.equal(report.verdict, 'no-change');
  const markdown = render('unchanged', report);
  assert.match(markdown, /\| whole server \| heap kept per 100,000 requests \|/);
  assert.equal(memoryOutput(report.decision), '');
});
