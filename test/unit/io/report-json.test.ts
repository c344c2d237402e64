/** report.json as written (src/io/report-json.ts) is report.json as read: a rounding residue is written as 0. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import { reportText } from '../../../src/io/report-json.ts';
import { gateReport } from '../../support/reports.ts';

test('a median of differences that is a rounding residue (2.2e-16) is written as 0, and mode: report reads it', () => {
  const report = gateReport({ paths: { '/': 1 }, pairs: 8, noise: 0.02, seed: 3 });
  const residue = { ...report, timing: { ...report.timing, measureSec: 2.220446049250313e-16 } };
  const text = reportText(residue);
  assert.equal(JSON.parse(text).timing.measureSec, 0);
  assert.doesNotThrow(() => parseReportFile(text, 'runner-1/report.json'));
  // Written as it was, the same report is refused: the residue is what the schema keeps out.
  assert.throws(() => parseReportFile(JSON.stringify(residue), 'runner-1/report.json'), /measureSec/);
});
