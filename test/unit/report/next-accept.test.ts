/**
 * The **Next** line of a regression offers only what accepts it here: the label where `accept-label` is on, and a
 * line of the description only where `accept-in-description` is on too (off by default, where it would do nothing).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextLine } from '../../../src/report/lead.ts';
import { gateReport } from '../../support/reports.ts';

const report = gateReport({ paths: { '/slow': 0.8, '/same': 1 }, pairs: 10, seed: 15 });

test('a regression offers the label, and the description line only where it accepts', () => {
  assert.equal(report.verdict, 'regression');
  const byLabel = nextLine(report, { acceptLabel: 'perf-gate:accept' });
  assert.match(byLabel, /Intended\? Add the label `perf-gate:accept` and re-run the job\./);
  assert.doesNotMatch(byLabel, /description/);
  const both = nextLine(report, { acceptLabel: 'perf-gate:accept', acceptInDescription: true });
  assert.match(
    both,
    /Intended\? Add the label `perf-gate:accept` \(or a line `perf-gate:accept <why>` to the description\) and re-run the job\./,
  );
  assert.doesNotMatch(nextLine(report, {}), /Intended|description/);
});
