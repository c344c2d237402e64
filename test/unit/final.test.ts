/** The one rule that turns a decision and an error into the gate's verdict and headline (src/decide/final.ts). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { finalVerdict } from '../../src/decide/final.ts';
import { GateError } from '../../src/io/errors.ts';
import { type Decision, VERDICTS } from '../../src/model/decision.ts';
import type { ReportError } from '../../src/model/report.ts';
import { NO_ROUNDS_HEADLINE } from '../../src/report/headline.ts';

function decided(verdict: Decision['verdict']): Pick<Decision, 'verdict' | 'headline'> {
  return { verdict, headline: `the decision says ${verdict}` };
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

describe('finalVerdict', () => {
  test('without an error: the decision as it is', () => {
    for (const verdict of VERDICTS) {
      assert.deepEqual(finalVerdict(decided(verdict), undefined), {
        verdict,
        headline: `the decision says ${verdict}`,
      });
    }
  });

  test('without a decision or an error: inconclusive, too few rounds', () => {
    assert.deepEqual(finalVerdict(undefined, undefined), {
      verdict: 'inconclusive',
      headline: NO_ROUNDS_HEADLINE,
    });
    assert.equal(NO_ROUNDS_HEADLINE, 'inconclusive: not enough rounds were measured to compare');
  });

  test('an error without a decision: inconclusive, and the headline is the error (neutral or not)', () => {
    assert.deepEqual(finalVerdict(undefined, failure(false)), {
      verdict: 'inconclusive',
      headline: 'error: head did not build',
    });
    assert.deepEqual(finalVerdict(undefined, failure(true)), {
      verdict: 'inconclusive',
      headline: 'inconclusive: head did not build',
    });
  });

  test('an error beside a decision that found no regression: inconclusive, the error leads', () => {
    for (const verdict of ['improvement', 'no-change', 'inconclusive'] as const) {
      for (const neutral of [false, true]) {
        assert.deepEqual(finalVerdict(decided(verdict), failure(neutral)), {
          verdict: 'inconclusive',
          headline: `${neutral ? 'inconclusive' : 'error'}: head did not build`,
        });
      }
    }
  });

  test('a regression found anyway stands: beside a neutral error with its own headline, a failing one with the error', () => {
    assert.deepEqual(finalVerdict(decided('regression'), failure(true)), {
      verdict: 'regression',
      headline: 'the decision says regression',
    });
    assert.deepEqual(finalVerdict(decided('regression'), failure(false)), {
      verdict: 'regression',
      headline: 'error: head did not build',
    });
  });

  test('a GateError is an error as well: a failure of the base tree is neutral', () => {
    assert.deepEqual(
      finalVerdict(undefined, new GateError('build', 'base did not build', { side: 'base' })),
      {
        verdict: 'inconclusive',
        headline: 'inconclusive: base did not build',
      },
    );
    assert.deepEqual(
      finalVerdict(undefined, new GateError('server-crash', 'head crashed', { side: 'head' })),
      {
        verdict: 'inconclusive',
        headline: 'error: head crashed',
      },
    );
  });

  test("a gate's rule (no decision once it failed) is what the gate wrote before", () => {
    // gate/run.ts wrote: verdict = decision?.verdict ?? 'inconclusive'; headline = error ? <error> : decision's.
    for (const error of [undefined, failure(false), failure(true)]) {
      for (const verdict of [undefined, ...VERDICTS]) {
        const decision = error ? undefined : verdict && decided(verdict);
        assert.deepEqual(finalVerdict(decision, error), {
          verdict: decision?.verdict ?? 'inconclusive',
          headline: error
            ? `${error.neutral ? 'inconclusive' : 'error'}: ${error.message}`
            : (decision?.headline ?? 'inconclusive: not enough rounds were measured to compare'),
        });
      }
    }
  });
});
