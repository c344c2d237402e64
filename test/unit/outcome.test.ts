/** src/outcome.ts: what a report means for the step and for the check run's conclusion. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkConclusion, checkTitle, stepOutcome } from '../../src/decide/outcome.ts';
import type { Verdict } from '../../src/model/decision.ts';
import type { Report, ReportError } from '../../src/model/report.ts';
import { gateReport } from '../support/reports.ts';

function reportOf(verdict: Verdict, error?: Partial<ReportError>): Report {
  return {
    ...gateReport({ paths: { '/a': 1 } }),
    verdict,
    headline: `headline of ${verdict}`,
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
    assert.deepEqual(stepOutcome(reportOf('inconclusive', {}), true), { kind: 'fail', message: 'broke' });
    assert.deepEqual(stepOutcome(reportOf('regression'), true), {
      kind: 'fail',
      message: 'headline of regression',
    });
    assert.deepEqual(stepOutcome(reportOf('regression'), false), {
      kind: 'warn',
      message: 'headline of regression (fail-on-regression is off)',
    });
    assert.deepEqual(stepOutcome(reportOf('inconclusive', { neutral: true }), true), {
      kind: 'warn',
      message: 'headline of inconclusive',
    });
    assert.deepEqual(stepOutcome(reportOf('no-change'), true), { kind: 'pass' });
    assert.deepEqual(stepOutcome(reportOf('inconclusive'), true), { kind: 'pass' });
  });
});

describe('checkTitle', () => {
  test('the headline on one line, at most 200 characters', () => {
    const r = { ...reportOf('regression'), headline: `a\nb ${'x'.repeat(300)}` };
    assert.equal(checkTitle(r).length, 200);
    assert.ok(checkTitle(r).startsWith('a b x'));
    assert.equal(checkTitle(reportOf('no-change')), 'headline of no-change');
  });
});
