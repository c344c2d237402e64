/**
 * Allocation per request and the leak test (src/decide/compare.ts, src/decide/leak.ts) on synthetic rounds: tested
 * only where the first pair's servers measured their memory, decided at its own threshold inside the family, and a
 * leak told from heap both sides grow alike.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { weightOf } from '../../../src/decide/family.ts';
import { blockSlopes, LEAK_THRESHOLD, slope } from '../../../src/decide/leak.ts';
import { decide, resolved } from '../../../src/decide/verdict.ts';
import type { ScenarioRule } from '../../../src/model/decision.ts';
import { metricValue } from '../../../src/model/derived.ts';
import type { Round, RoundMemory, Side } from '../../../src/model/measure.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { asFile, gateReport, mergeAsMeasured } from '../../support/reports.ts';

const RULES: ScenarioRule[] = [{ name: 'GET /', expectStatus: undefined, threshold: undefined }];
const REQUESTS = 30_000;

interface Sides {
  /** Bytes allocated per request, each side. */
  alloc: Record<Side, number>;
  /** Heap kept per request served, each side (a leak), and kept at the start. */
  keeps?: Record<Side, number>;
  restartEvery?: number;
  /** Per-pair noise of allocation per request (a share). */
  noise?: number;
  pairs?: number;
  /** Pairs without memory (a server that is not Node.js). */
  without?: boolean;
}

/** Rounds of one scenario, rps flat at 10,000 on both sides; each side's memory as `s` says. */
function rounds(s: Sides): Round[] {
  const rng = mulberry32(7);
  const restartEvery = s.restartEvery ?? 2;
  const out: Round[] = [];
  for (let pair = 0; pair < (s.pairs ?? 12); pair++) {
    const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    // The requests a process has begun at this window's end: one window per pair, blocks of restartEvery pairs.
    const served = ((pair % restartEvery) + 1) * REQUESTS;
    order.forEach((side, position) => {
      const wobble = 1 + (s.noise ?? 0.002) * (rng() - 0.5) * 3.4;
      const memory: RoundMemory = {
        requests: REQUESTS,
        allocatedBytes: s.alloc[side] * REQUESTS * wobble,
        exact: false,
        gcMs: 30,
        retainedBytes: 8e6 + 2e5 * (pair % restartEvery) + (s.keeps?.[side] ?? 0) * served + rng() * 2000,
        rssBytes: 60e6,
        served,
      };
      out.push({
        pair,
        position,
        side,
        scenario: 'GET /',
        startedAt: '2026-01-01T00:00:00Z',
        measurement: {
          responses: REQUESTS,
          elapsedSec: 3,
          rps: 10_000 * (1 + 0.01 * (rng() - 0.5)),
          latencyMs: { p50: 1, p90: 2, p99: 3, max: 5, mean: 1.1 },
          bytesPerSec: 1e6,
          errors: 0,
          timeouts: 0,
          non2xx: 0,
          statusCodes: { '200': REQUESTS },
          loadgenCpu: 0.5,
          ...(s.without ? {} : { memory }),
        },
      });
    });
  }
  return out;
}

const OPTIONS = { threshold: 0.05, memoryThreshold: 0.01, alpha: 0.05, restartEvery: 2 };

describe('allocation per request', () => {
  test('is bytes over the requests the server counted in the same window', () => {
    const [round] = rounds({ alloc: { base: 2000, head: 2000 }, noise: 0 });
    assert.equal(metricValue(round!.measurement, 'alloc'), 2000);
    assert.equal(metricValue(round!.measurement, 'gc'), 1, '30 ms over 30,000 requests: 1 µs each');
  });

  test('a 10% increase is a regression at its own 1% threshold; req/s flat stays no change', () => {
    const decision = decide(rounds({ alloc: { base: 2000, head: 2200 } }), RULES, OPTIONS);
    const alloc = decision.comparisons.find((c) => c.metric === 'alloc')!;
    assert.equal(alloc.verdict, 'regression');
    assert.equal(alloc.threshold, 0.01);
    assert.ok(Math.abs(alloc.change - 0.1) < 0.01, `${alloc.change}`);
    assert.equal(decision.comparisons.find((c) => c.metric === 'rps')!.verdict, 'no-change');
    assert.equal(decision.verdict, 'regression');
    assert.deepEqual(
      decision.shown.map((s) => s.metric),
      ['p50', 'gc'],
    );
  });

  test('unchanged: no change, inside ±1%', () => {
    const decision = decide(rounds({ alloc: { base: 2000, head: 2000 } }), RULES, OPTIONS);
    assert.equal(decision.comparisons.find((c) => c.metric === 'alloc')!.verdict, 'no-change');
    assert.equal(decision.leaks?.[0]?.verdict, 'no-change');
    assert.equal(decision.verdict, 'no-change');
    assert.equal(resolved(decision), true);
  });

  test('not compared, nor GC pause shown, where the servers could not tell their memory', () => {
    const decision = decide(rounds({ alloc: { base: 1, head: 1 }, without: true }), RULES, OPTIONS);
    assert.deepEqual(
      decision.comparisons.map((c) => c.metric),
      ['rps', 'p99'],
    );
    assert.deepEqual(
      decision.shown.map((s) => s.metric),
      ['p50'],
    );
    assert.equal(decision.leaks, undefined);
  });

  test('not compared where the servers counted no requests (a Node.js without the request channel)', () => {
    const uncounted = rounds({ alloc: { base: 2000, head: 2000 } }).map((r) => ({
      ...r,
      measurement: { ...r.measurement, memory: { ...r.measurement.memory!, requests: 0 } },
    }));
    const decision = decide(uncounted, RULES, OPTIONS);
    assert.ok(!decision.comparisons.some((c) => c.metric === 'alloc'));
  });

  test('every comparison counts in the family at its weight: allocation and the leak test at a tenth of req/s’s', () => {
    const decision = decide(rounds({ alloc: { base: 2000, head: 2000 } }), RULES, OPTIONS);
    const without = decide(rounds({ alloc: { base: 2000, head: 2000 }, without: true }), RULES, OPTIONS);
    const level = (d: typeof decision, metric: string) =>
      d.comparisons.find((c) => c.metric === metric)!.level;
    const speed = weightOf('rps') + weightOf('p99') + weightOf('failures');
    const weights = speed + weightOf('alloc') + weightOf('leak');
    const rps = level(decision, 'rps') / level(without, 'rps');
    assert.ok(Math.abs(rps - speed / weights) < 0.02, `${rps}`);
    const alloc = level(decision, 'alloc') / level(decision, 'rps');
    assert.ok(Math.abs(alloc - weightOf('alloc')) < 0.02, `${alloc}`);
    // The p-value's multiplier is the family's weight over the comparison's.
    const allocP = decision.comparisons.find((c) => c.metric === 'alloc')!;
    assert.ok(allocP.pAdjusted >= Math.min(1, allocP.p * (weights / weightOf('alloc'))) * 0.999);
    assert.equal(decision.leaks?.length, 1);
  });
});

describe('the leak test', () => {
  test('slope: least squares, undefined without two distinct points', () => {
    assert.equal(
      slope([
        [0, 1],
        [2, 5],
        [4, 9],
      ]),
      2,
    );
    assert.equal(slope([[1, 1]]), undefined);
    assert.equal(
      slope([
        [1, 1],
        [1, 2],
      ]),
      undefined,
    );
  });

  test('head keeping 100 bytes a request where base keeps none: a regression, in bytes per request', () => {
    const decision = decide(
      rounds({ alloc: { base: 2000, head: 2000 }, keeps: { base: 0, head: 100 } }),
      RULES,
      OPTIONS,
    );
    const leak = decision.leaks![0]!;
    assert.equal(leak.verdict, 'regression');
    assert.equal(leak.units, 6, 'one unit a block of 2 pairs');
    assert.ok(Math.abs(leak.change - 100) < 1, `${leak.change}`);
    // Both sides grow 200 kB between their two readings (early growth): 6.7 bytes a request each, cancelled.
    const early = 2e5 / REQUESTS;
    assert.ok(
      Math.abs(leak.base - early) < 1 && Math.abs(leak.head - 100 - early) < 1,
      `${leak.base} ${leak.head}`,
    );
    assert.equal(
      leak.requests,
      2 * REQUESTS,
      'the processes had begun 60,000 requests at their last reading',
    );
    assert.equal(leak.threshold, LEAK_THRESHOLD);
    assert.equal(decision.verdict, 'regression');
    assert.equal(resolved(decision), true);
  });

  test('both sides keeping the same: no change (the heap both grow early cancels block by block)', () => {
    const decision = decide(
      rounds({ alloc: { base: 2000, head: 2000 }, keeps: { base: 50, head: 50 } }),
      RULES,
      OPTIONS,
    );
    assert.equal(decision.leaks![0]!.verdict, 'no-change');
  });

  test('base leaking, head not: an improvement', () => {
    const decision = decide(
      rounds({ alloc: { base: 2000, head: 2000 }, keeps: { base: 80, head: 0 } }),
      RULES,
      OPTIONS,
    );
    assert.equal(decision.leaks![0]!.verdict, 'improvement');
  });

  test('a block still filling is left out; with a process per pair and one scenario there is no slope to test', () => {
    const all = rounds({ alloc: { base: 2000, head: 2000 }, pairs: 5 });
    assert.equal(blockSlopes(all, 2, 5).length, 2);
    const perPair = rounds({ alloc: { base: 2000, head: 2000 }, restartEvery: 1 });
    assert.equal(decide(perPair, RULES, { ...OPTIONS, restartEvery: 1 }).leaks, undefined);
  });
});

describe('memory through report.json', () => {
  test('a report read back and merged alone (`mode: report`) decides allocation and the leak as the gate did', () => {
    const report = gateReport({
      paths: { '/a': 1, '/b': 1 },
      pairs: 8,
      seed: 5,
      memory: { bytes: 20_000, alloc: { '/a': 1.2 }, keeps: { base: 0, head: 300 } },
    });
    const merged = mergeAsMeasured([asFile(report, 'report.json')]);
    assert.deepEqual(merged.decision, report.decision);
    assert.equal(
      merged.rounds[0]!.measurement.memory?.requests,
      report.rounds[0]!.measurement.memory?.requests,
    );
    assert.equal(merged.decision!.leaks![0]!.verdict, 'regression');
    assert.ok(merged.decision!.comparisons.some((c) => c.metric === 'alloc' && c.verdict === 'regression'));
  });
});
