/**
 * Scenarios settled at a look (src/gate/loop.ts, src/decide/settle.ts): measured no further, decided as they were
 * at that look, the family as planned. On a source of synthetic pairs of three scenarios: one quiet and unchanged
 * (it settles as no change at the first full look), two noisy (they stay open).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decide } from '../../../src/decide/verdict.ts';
import { type LoopResult, measurePairs, type PairSource } from '../../../src/gate/loop.ts';
import { plannedLooks } from '../../../src/gate/measurement-plan.ts';
import type { ScenarioRule } from '../../../src/model/decision.ts';
import type { Round, RoundMeasurement } from '../../../src/model/measure.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';

function measurement(rps: number): RoundMeasurement {
  const responses = Math.round(rps * 2);
  return {
    responses,
    elapsedSec: 2,
    rps,
    latencyMs: { p50: 1e4 / rps, p90: 1.5e4 / rps, p99: 3e4 / rps, max: 6e4 / rps, mean: 1e4 / rps },
    bytesPerSec: rps * 100,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu: 0.3,
  };
}

const rule = (name: string): ScenarioRule => ({ name, expectStatus: undefined, threshold: undefined });
const SCENARIOS = [rule('GET /quiet'), rule('GET /b'), rule('GET /c')];
/** Per-pair noise of head's log ratio: 0.2% on the quiet scenario, 10% on the others (threshold 5%). */
const NOISE: Record<string, number> = { 'GET /quiet': 0.002, 'GET /b': 0.1, 'GET /c': 0.1 };

/** The source: every scenario not settled in each pair; what it was asked to settle, and when. */
function source(): PairSource & { settles: { names: string[]; pairs: number }[]; loaded: string[][] } {
  const random = mulberry32(7);
  const open = new Set(SCENARIOS.map((s) => s.name));
  const settles: { names: string[]; pairs: number }[] = [];
  const loaded: string[][] = [];
  let pairs = 0;
  return {
    settles,
    loaded,
    scenarios: () => SCENARIOS,
    elapsedMs: () => pairs * 6000,
    perPairMs: () => 6000,
    settle(names) {
      settles.push({ names: [...names], pairs });
      for (const name of names) open.delete(name);
    },
    async next(pair) {
      pairs++;
      loaded.push([...open]);
      return [...open].flatMap((scenario): Round[] => {
        const ratio = Math.exp(NOISE[scenario]! * (2 * random() - 1) * Math.sqrt(3));
        return [
          { pair, position: 0, side: 'base', scenario, startedAt: '', measurement: measurement(1000) },
          {
            pair,
            position: 1,
            side: 'head',
            scenario,
            startedAt: '',
            measurement: measurement(1000 * ratio),
          },
        ];
      });
    },
  };
}

const OPTIONS = { threshold: 0.05, latencyThreshold: 0.2, alpha: 0.05 };

/** The loop on `s` in blocks of `restartEvery` pairs, its looks planned for a 240 s budget at 6 s a pair. */
function run(s: PairSource, restartEvery = 2, replica?: { count: number }): Promise<LoopResult> {
  const plan = {
    processes: { mode: 'blocks', restartEvery } as const,
    fixedPairs: undefined,
    budgetSec: 240,
    limitSec: 360,
    ...plannedLooks(240, 6, undefined, restartEvery),
  };
  return measurePairs(s, plan, { ...OPTIONS, ...(replica ? { replica } : {}) });
}

/** What decide() says of `scenario` on `rounds` with these scenarios compared, at the plan's looks. */
function decided(
  rounds: readonly Round[],
  scenarios: readonly ScenarioRule[],
  scenario: string,
  r: LoopResult,
) {
  const d = decide(rounds, scenarios, { ...OPTIONS, looks: r.schedule, restartEvery: 2 });
  return d.comparisons.filter((c) => c.scenario === scenario);
}

/** A scenario still open at the end. */
function openOne(result: LoopResult): string {
  return SCENARIOS.find((s) => !result.settled.some((x) => x.scenario === s.name))!.name;
}

describe('a settled scenario', () => {
  test('stops being asked for: the source is told at the look that settles it, and loads it no more', async () => {
    const s = source();
    const result = await run(s);
    assert.deepEqual(result.settled[0], { scenario: 'GET /quiet', verdict: 'no-change', pairs: 12 });
    assert.deepEqual(s.settles[0], { names: ['GET /quiet'], pairs: 12 });
    assert.ok(result.pairs > 12, 'the others went on');
    for (const { scenario, pairs } of result.settled) {
      assert.ok(s.loaded.slice(pairs).every((names) => !names.includes(scenario)));
      assert.ok(!result.rounds.some((r) => r.scenario === scenario && r.pair >= pairs));
    }
    assert.equal(result.settled.length, s.settles.length);
  });

  test('stays decided as it was at that look, while the others are decided at later looks', async () => {
    const result = await run(source());
    const atSettle = decided(
      result.rounds.filter((r) => r.pair < 12),
      SCENARIOS,
      'GET /quiet',
      result,
    );
    const final = result.decision!.comparisons.filter((c) => c.scenario === 'GET /quiet');
    assert.deepEqual(final, atSettle);
    assert.ok(final.every((c) => c.pairs === 12 && c.verdict === 'no-change'));
    const open = result.decision!.comparisons.find((c) => c.scenario === openOne(result))!;
    assert.equal(open.pairs, result.pairs);
    assert.notEqual(open.level, final[0]!.level, 'the open ones at their own, later look');
  });

  test('stays in the family: every open comparison at the level of all three scenarios, not of the two open', async () => {
    const result = await run(source());
    assert.equal(result.settled[0]?.scenario, 'GET /quiet');
    const name = openOne(result);
    const open = result.decision!.comparisons.filter((c) => c.scenario === name);
    assert.deepEqual(open, decided(result.rounds, SCENARIOS, name, result));
    const withoutIt = decided(result.rounds, SCENARIOS.slice(1), name, result);
    assert.ok(open[0]!.level < withoutIt[0]!.level, 'a family of fewer comparisons would have a wider level');
  });

  test('settles only at a look that ends a block, and never in one of several runners', async () => {
    // Blocks of 8 pairs: the looks at 12 and 20 fall inside blocks, 16 ends one.
    const blocks = await run(source(), 8);
    assert.equal(blocks.settled[0]?.pairs, 16);
    assert.ok(blocks.settled.every((s) => s.pairs % 8 === 0));
    const replica = await run(source(), 2, { count: 4 });
    assert.deepEqual(replica.settled, []);
  });
});
