/** The pair chart is the picture of a change: unfolded when there is one, folded on "no change". */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { gateReport } from '../../support/reports.ts';

const opened = (markdown: string): boolean =>
  markdown.includes('<details open><summary>Each pair: head ÷ base</summary>');
const folded = (markdown: string): boolean =>
  markdown.includes('<details><summary>Each pair: head ÷ base</summary>');

test('the pair chart is open on a regression and an inconclusive gate, folded on no change', () => {
  const regression = gateReport({ paths: { '/slow': 0.8, '/same': 1 }, pairs: 10, seed: 15 });
  const inconclusive = gateReport({ paths: { '/a': 1.04 }, pairs: 6, noise: 0.05, seed: 13 });
  const noChange = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 12, seed: 12 });
  assert.equal(noChange.verdict, 'no-change');
  assert.ok(opened(renderMarkdown(regression)));
  assert.ok(opened(renderMarkdown(inconclusive)));
  const quiet = renderMarkdown(noChange);
  assert.ok(folded(quiet) && !opened(quiet), 'folded on no change');
});
