/**
 * The one rule that turns a decision and an error into the gate's verdict (src/decide/final.ts), and the headline
 * report/headline.ts renders from the same three things.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { finalVerdict } from '../../../src/decide/final.ts';
import { ruleBounds } from '../../../src/decide/rule.ts';
import { type Decision, type MetricComparison, VERDICTS } from '../../../src/model/decision.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { ReportError } from '../../../src/model/report.ts';
import { decisionHeadline, gateHeadline, NO_ROUNDS_HEADLINE } from '../../../src/report/headline.ts';

/** A decision of one req/s comparison with this verdict (a 20% change for a regression or an improvement). */
function decided(verdict: Decision['verdict']): Decision {
  const change = verdict === 'regression' ? -0.2 : verdict === 'improvement' ? 0.2 : 0;
  const comparison: MetricComparison = {
    scenario: 'GET /x',
    metric: 'rps',
    threshold: 0.05,
    bounds: ruleBounds('rps', 0.05),
    base: 1000,
    head: 1000 * (1 + change),
    pairs: 12,
    unit: 'pairs',
    units: 12,
    method: 'signed-rank',
    change,
    ci: [change - 0.02, change + 0.02],
    level: 0.01,
    equivalence: { ci: [change - 0.02, change + 0.02], level: 0.05, endLevel: 0.05 },
    p: change === 0 ? 1 : 0.001,
    pAdjusted: change === 0 ? 1 : 0.01,
    significant: change !== 0,
    confirmed: change !== 0,
    noise: 0.01,
    detectable: 0.05,
    worse: change < 0,
    verdict,
  };
  return {
    verdict,
    comparisons: [comparison],
    errors: [],
    shown: [],
    alpha: 0.05,
    threshold: 0.05,
    latencyThreshold: 0.05,
    rule: { floor: 0.5 },
  };
}

/** The verdict and the headline a gate writes. */
function final(decision: Decision | undefined, error: Pick<ReportError, 'neutral' | 'message'> | undefined) {
  const verdict = finalVerdict(decision, error);
  return { verdict, headline: gateHeadline(verdict, decision, error) };
}

function failure(neutral: boolean): ReportError {
  return {
    code: 'build',
    message: 'head did not build',
    side: neutral ? 'base' : 'head',
    output: undefined,
    neutral,
  };
}

describe('finalVerdict and gateHeadline', () => {
  test('without an error: the decision as it is', () => {
    for (const verdict of VERDICTS) {
      const decision = decided(verdict);
      assert.deepEqual(final(decision, undefined), { verdict, headline: decisionHeadline(decision) });
    }
  });

  test('without a decision or an error: inconclusive, too few rounds', () => {
    assert.deepEqual(final(undefined, undefined), {
      verdict: 'inconclusive',
      headline: NO_ROUNDS_HEADLINE,
    });
    assert.equal(NO_ROUNDS_HEADLINE, 'inconclusive: not enough rounds were measured to compare');
  });

  test('an error without a decision: inconclusive, and the headline is the error (neutral or not)', () => {
    assert.deepEqual(final(undefined, failure(false)), {
      verdict: 'inconclusive',
      headline: 'error: head did not build',
    });
    assert.deepEqual(final(undefined, failure(true)), {
      verdict: 'inconclusive',
      headline: 'inconclusive: head did not build',
    });
  });

  test('an error beside a decision that found no regression: inconclusive, the error leads', () => {
    for (const verdict of ['improvement', 'no-change', 'inconclusive'] as const) {
      for (const neutral of [false, true]) {
        assert.deepEqual(final(decided(verdict), failure(neutral)), {
          verdict: 'inconclusive',
          headline: `${neutral ? 'inconclusive' : 'error'}: head did not build`,
        });
      }
    }
  });

  test('a regression found anyway stands: beside a neutral error with its own headline, a failing one with the error', () => {
    const regression = decided('regression');
    assert.deepEqual(final(regression, failure(true)), {
      verdict: 'regression',
      headline: decisionHeadline(regression),
    });
    assert.match(decisionHeadline(regression), /^head is 20\.0% slower on GET \/x/);
    assert.deepEqual(final(regression, failure(false)), {
      verdict: 'regression',
      headline: 'error: head did not build',
    });
  });

  test('a GateError is an error as well: a failure of the base tree is neutral', () => {
    assert.deepEqual(final(undefined, new GateError('build', 'base did not build', { side: 'base' })), {
      verdict: 'inconclusive',
      headline: 'inconclusive: base did not build',
    });
    assert.deepEqual(final(undefined, new GateError('server-crash', 'head crashed', { side: 'head' })), {
      verdict: 'inconclusive',
      headline: 'error: head crashed',
    });
  });
});
