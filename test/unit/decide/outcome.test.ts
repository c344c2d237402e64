/** src/outcome.ts: what a report means for the step and for the check run's conclusion. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkConclusion, stepOutcome } from '../../../src/decide/outcome.ts';
import type { Verdict } from '../../../src/model/decision.ts';
import type { Report, ReportError } from '../../../src/model/report.ts';
import { checkTitle, reportHeadline, stepMessage } from '../../../src/report/headline.ts';
import { gateReport } from '../../support/reports.ts';

function reportOf(verdict: Verdict, error?: Partial<ReportError>): Report {
  return {
    ...gateReport({ paths: { '/a': 1 } }),
    verdict,
    error: error && {
      code: 'build',
      message: 'broke',
      side: undefined,
      output: undefined,
      neutral: false,
      ...error,
    },
  };
}

describe('checkConclusion', () => {
  test('regression: failure, or neutral with fail-on-regression off', () => {
    assert.equal(checkConclusion(reportOf('regression'), true), 'failure');
    assert.equal(checkConclusion(reportOf('regression'), false), 'neutral');
  });

  test('no change and improvement: success; inconclusive: neutral', () => {
    assert.equal(checkConclusion(reportOf('no-change'), true), 'success');
    assert.equal(checkConclusion(reportOf('improvement'), true), 'success');
    assert.equal(checkConclusion(reportOf('inconclusive'), true), 'neutral');
  });

  test('errors: failure; neutral errors (base side): neutral, whatever fail-on-regression says', () => {
    for (const fail of [true, false]) {
      assert.equal(checkConclusion(reportOf('inconclusive', { side: 'head' }), fail), 'failure');
      assert.equal(
        checkConclusion(reportOf('inconclusive', { side: 'base', neutral: true }), fail),
        'neutral',
      );
    }
  });

  test('a neutral error beside a regression (merged shards) fails', () => {
    assert.equal(checkConclusion(reportOf('regression', { neutral: true }), true), 'failure');
  });
});

describe('stepOutcome', () => {
  test('fails on errors and regressions, warns on neutral errors and tolerated regressions, else passes', () => {
    assert.deepEqual(stepOutcome(reportOf('inconclusive', {}), true), { kind: 'fail', cause: 'error' });
    assert.deepEqual(stepOutcome(reportOf('regression'), true), { kind: 'fail', cause: 'regression' });
    assert.deepEqual(stepOutcome(reportOf('regression'), false), {
      kind: 'warn',
      cause: 'regression-allowed',
    });
    assert.deepEqual(stepOutcome(reportOf('inconclusive', { neutral: true }), true), {
      kind: 'warn',
      cause: 'neutral-error',
    });
    assert.deepEqual(stepOutcome(reportOf('no-change'), true), { kind: 'pass' });
    assert.deepEqual(stepOutcome(reportOf('inconclusive'), true), { kind: 'pass' });
  });

  test('what the step says: the error, the headline, or the headline with fail-on-regression off', () => {
    const said = (report: Report, fail: boolean) => stepMessage(report, stepOutcome(report, fail));
    assert.equal(said(reportOf('inconclusive', {}), true), 'broke');
    const regression = reportOf('regression');
    assert.equal(said(regression, true), reportHeadline(regression));
    assert.equal(said(regression, false), `${reportHeadline(regression)} (fail-on-regression is off)`);
    const neutral = reportOf('inconclusive', { neutral: true, message: 'base broke' });
    assert.equal(said(neutral, true), 'inconclusive: base broke');
    assert.equal(said(reportOf('no-change'), true), '');
  });
});

describe('checkTitle', () => {
  test('the headline on one line, at most 200 characters', () => {
    const r = reportOf('inconclusive', { neutral: true, message: `a\nb ${'x'.repeat(300)}` });
    assert.equal(checkTitle(r).length, 200);
    assert.ok(checkTitle(r).startsWith('inconclusive: a b x'));
    assert.equal(checkTitle(reportOf('no-change')), reportHeadline(reportOf('no-change')));
  });
});
