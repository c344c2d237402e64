/**
 * "No change" as a test of its own (src/decide/verdict.ts, failures.ts, src/gate/loop.ts): each comparison's
 * equivalence interval at α/2 a side, not shared with the other comparisons; failed requests bounded within a
 * margin; and confirmation pairs for a gate that leans to no change at the budget's end.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FAILURE_MARGIN } from '../../../src/decide/failures.ts';
import { decide } from '../../../src/decide/verdict.ts';
import { measurePairs, type PairSource } from '../../../src/gate/loop.ts';
import { plannedLooks } from '../../../src/gate/measurement-plan.ts';
import type { ScenarioRule } from '../../../src/model/decision.ts';
import type { Round, RoundMeasurement, Side } from '../../../src/model/measure.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';

function measurement(rps: number, seconds: number, failed = 0): RoundMeasurement {
  const responses = Math.round(rps * seconds);
  return {
    responses,
    elapsedSec: seconds,
    rps,
    latencyMs: { p50: 1e3 / rps, p90: 2e3 / rps, p99: 3e3 / rps, max: 6e3 / rps, mean: 1.1e3 / rps },
    bytesPerSec: rps * 100,
    errors: 0,
    timeouts: failed,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu: 0.5,
  };
}

const RULE: ScenarioRule[] = [{ name: 'GET /x', expectStatus: undefined, threshold: undefined }];

/** Rounds whose head/base log ratio in pair i is `ratios[i]` (p99 mirrors it), `seconds` a round. */
function rounds(
  ratios: readonly number[],
  seconds = 2,
  failed?: (side: Side, pair: number) => number,
): Round[] {
  return ratios.flatMap((d, pair) => {
    const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    return order.map((side, position) => ({
      pair,
      position,
      side,
      scenario: 'GET /x',
      startedAt: '',
      measurement: measurement(
        side === 'base' ? 5000 : 5000 * Math.exp(d),
        seconds,
        failed?.(side, pair) ?? 0,
      ),
    }));
  });
}

/** Normal per-pair log ratios of sd `sd` around `centre`, seeded. */
function ratiosOf(n: number, sd: number, centre: number, seed: number): number[] {
  const random = mulberry32(seed);
  return Array.from(
    { length: n },
    () => centre + sd * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()),
  );
}

describe('"no change" on its own interval', () => {
  test('an unchanged head at 3% noise: within ±2% on its equivalence interval, which the simultaneous one is not', () => {
    // 30 pairs in blocks of 2 at the default plan's budget look; before, "no change" needed the family's interval.
    const schedule = plannedLooks(180, 6, undefined, 2).schedule;
    const d = decide(rounds(ratiosOf(30, 0.03, 0.002, 8)), RULE, {
      threshold: 0.02,
      latencyThreshold: 0.2,
      alpha: 0.05,
      looks: schedule,
      restartEvery: 2,
    });
    const rps = d.comparisons.find((c) => c.metric === 'rps')!;
    assert.ok(rps.ci[0] < -0.02 || rps.ci[1] > 0.0204, `the simultaneous interval reaches out: ${rps.ci}`);
    assert.ok(rps.equivalence.ci[0] > -0.02 && rps.equivalence.ci[1] < 0.0204, `${rps.equivalence.ci}`);
    assert.ok(rps.equivalence.level > rps.level, 'not shared among the comparisons');
    assert.equal(rps.verdict, 'no-change');
    assert.equal(d.verdict, 'no-change');
  });

  test('an early look never says no change', () => {
    const schedule = plannedLooks(180, 6, undefined, 2).schedule;
    const d = decide(rounds(new Array(8).fill(0.001)), RULE, {
      threshold: 0.02,
      alpha: 0.05,
      looks: schedule,
      restartEvery: 2,
    });
    assert.equal(d.comparisons[0]!.equivalence.level, 0);
    assert.notEqual(d.verdict, 'no-change');
  });
});

describe('failed requests bounded within a margin', () => {
  const options = { threshold: 0.02, alpha: 0.05, restartEvery: 2 };
  const nineOnHead = (side: Side, pair: number) => (side === 'head' && pair < 9 ? 1 : 0);

  test('9 failed on head, none on base, of 10,000 requests a round: within ±0.1%, no change', () => {
    const e = decide(rounds(new Array(30).fill(0), 2, nineOnHead), RULE, options).errors[0]!;
    assert.equal(e.headFailures, 9);
    assert.equal(e.significant, false);
    assert.ok(e.within[1] < FAILURE_MARGIN && e.within[1] > 9 / 300_000, `${e.within}`);
    assert.equal(e.verdict, 'no-change');
  });

  test('the same 9 of 100 requests a round: not significant, and not "no change" either', () => {
    const few = rounds(new Array(30).fill(0), 0.01, nineOnHead);
    const d = decide(few, RULE, options);
    const e = d.errors[0]!;
    assert.equal(e.significant, false);
    assert.ok(e.within[1] > FAILURE_MARGIN, `${e.within}`);
    assert.equal(e.verdict, 'inconclusive');
    assert.notEqual(d.verdict, 'no-change');
  });
});

/** A source of pairs at 3% noise, 6 s a pair (the default plan's 30 pairs in 180 s). */
function source(ratios: readonly number[]): PairSource {
  let pairs = 0;
  return {
    scenarios: () => RULE,
    elapsedMs: () => pairs * 6000,
    perPairMs: () => 6000,
    async next(pair: number) {
      pairs++;
      return pair < ratios.length ? rounds([ratios[pair]!]).map((r) => ({ ...r, pair })) : undefined;
    },
  };
}

test('a gate leaning to no change at the budget earns the confirmation pairs, and the look after them decides', async () => {
  const planned = plannedLooks(180, 6, undefined, 2);
  // Seed 1: inconclusive at 30 pairs (the estimate near 0, the equivalence interval just past ±2%).
  const ratios = ratiosOf(60, 0.03, 0, 1);
  const plan = {
    ...planned,
    processes: { mode: 'blocks', restartEvery: 2 } as const,
    budgetSec: 180,
    limitSec: 270,
  };
  const result = await measurePairs(
    source(ratios),
    { ...plan, fixedPairs: undefined },
    {
      threshold: 0.02,
      latencyThreshold: 0.2,
      alpha: 0.05,
    },
  );
  assert.equal(result.stoppedBy, 'budget');
  assert.ok(result.confirmationPairs >= 2, `confirmation pairs ${result.confirmationPairs}`);
  assert.equal(result.decision?.verdict, 'no-change');
});
