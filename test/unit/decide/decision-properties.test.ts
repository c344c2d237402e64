/**
 * No decision can contradict its interval: property tests over random gates (noise from quiet to heavy-tailed,
 * ties, zeros, true changes on either side of the threshold, several scenarios, planned looks, blocks of processes
 * that differ), every comparison checked against the rule it was decided by, and every verdict seen. Also the
 * contract of src/stats/inference.ts on which that rests: p ≤ level exactly when the interval leaves out 0.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { methodFor } from '../../../src/decide/interval.ts';
import { logThreshold, logWorse, REGRESSION_FLOOR } from '../../../src/decide/rule.ts';
import { decide } from '../../../src/decide/verdict.ts';
import type { MetricComparison, ScenarioRule, Verdict } from '../../../src/model/decision.ts';
import type { Round, RoundMeasurement, Side } from '../../../src/model/measure.ts';
import { formatP } from '../../../src/report/format.ts';
import { verdictText } from '../../../src/report/tables.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { meanInference, signedRankInference } from '../../../src/stats/inference.ts';
import { planLooks } from '../../../src/stats/look-schedule.ts';

function gaussian(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function measurement(rps: number, p50: number, p99: number): RoundMeasurement {
  const responses = Math.max(1, Math.round(rps * 2));
  return {
    responses,
    elapsedSec: 2,
    rps,
    latencyMs: { p50, p90: (p50 + p99) / 2, p99, max: p99 * 2, mean: p50 },
    bytesPerSec: rps * 100,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu: 0.3,
  };
}

interface Gate {
  rounds: Round[];
  scenarios: ScenarioRule[];
  threshold: number;
  latencyThreshold: number;
  alpha: number;
  looks: number[];
  restartEvery: number;
}

/** A random gate: its shape and its noise drawn from `rng`. */
function randomGate(rng: () => number): Gate {
  const pairs = 2 + Math.floor(rng() * 40);
  const scenarios = 1 + Math.floor(rng() * 3);
  const threshold = [0.01, 0.02, 0.05][Math.floor(rng() * 3)]!;
  const noise = [0, 0.002, 0.01, 0.03, 0.08][Math.floor(rng() * 5)]!;
  const restartEvery = [0, 1, 4, 8][Math.floor(rng() * 4)]!;
  // A process pair that runs apart from its twin, for some blocks.
  const blockOffsets = Array.from({ length: 20 }, () => (rng() < 0.25 ? 0.08 * gaussian(rng) : 0));
  const heavy = rng() < 0.3;
  // Rounded values make ties (and equal sides make zeros).
  const round = rng() < 0.3;
  const rounds: Round[] = [];
  const names: ScenarioRule[] = [];
  for (let s = 0; s < scenarios; s++) {
    const name = `GET /s${s}`;
    names.push({ name, expectStatus: undefined, threshold: rng() < 0.2 ? threshold * 2 : undefined });
    const truth = threshold * (rng() * 6 - 3);
    for (let pair = 0; pair < pairs; pair++) {
      const block = restartEvery >= 2 ? blockOffsets[Math.floor(pair / restartEvery) % 20]! : 0;
      const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
      for (const [position, side] of order.entries()) {
        const tail = heavy && rng() < 0.1 ? 5 : 1;
        const jitter = Math.exp(noise * tail * gaussian(rng));
        const factor = side === 'head' ? (1 + truth) * Math.exp(block) : 1;
        let rps = 10_000 * factor * jitter;
        if (round) rps = Math.round(rps / 50) * 50;
        rounds.push({
          pair,
          position,
          side,
          scenario: name,
          measurement: measurement(rps, 1 / (factor * jitter), 3 / (factor * jitter)),
          startedAt: '2025-01-01T00:00:00.000Z',
        });
      }
    }
  }
  const adaptive = rng() < 0.5;
  const looks = adaptive ? [...planLooks(Math.max(pairs, 14)), Math.max(pairs, 14) + 8] : [pairs];
  return {
    rounds,
    scenarios: names,
    threshold,
    latencyThreshold: [0.05, 0.2][Math.floor(rng() * 2)]!,
    alpha: [0.01, 0.05, 0.1][Math.floor(rng() * 3)]!,
    looks,
    restartEvery,
  };
}

/**
 * Every way a comparison could contradict its interval, as messages; [] when it cannot. The rule in log space
 * (src/decide/rule.ts): τ the threshold's log ratio on the worse side, each end of the interval seen from there.
 */
function contradictions(c: MetricComparison, alpha: number): string[] {
  const [lo, hi] = c.ci;
  const t = logThreshold(c.metric, c.threshold);
  const [a, b] = [logWorse(c.metric, Math.log1p(lo)), logWorse(c.metric, Math.log1p(hi))];
  const worseEnd = Math.min(a, b);
  const betterEnd = -Math.max(a, b);
  const worse = logWorse(c.metric, Math.log1p(c.change));
  // "No change" is decided on the equivalence interval, which must be the narrower (its level is the larger).
  const [wa, wb] = c.equivalence.ci.map((x) => logWorse(c.metric, Math.log1p(x)));
  const inside = Math.min(wa!, wb!) > -t && -Math.max(wa!, wb!) > -t;
  const excludesZero = lo > 0 || hi < 0;
  const out: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok) out.push(what);
  };
  check(c.significant === excludesZero, 'significant iff the interval leaves out 0');
  check(c.significant === c.pAdjusted <= alpha, 'significant iff p ≤ alpha');
  check(c.pAdjusted >= 0 && c.pAdjusted <= 1 && c.p >= 0 && c.p <= 1, 'p-values in [0, 1]');
  check(c.method === methodFor(c.units, c.level), 'the method from the units and the level only');
  const shown = formatP(c.pAdjusted, alpha);
  const read = shown.startsWith('<') ? 0 : shown.startsWith('>') ? 1 : Number(shown);
  check(Math.sign(read - alpha) === Math.sign(c.pAdjusted - alpha), `p ${c.pAdjusted} reads ${shown}`);
  if (Number.isFinite(lo)) check(lo <= c.change && c.change <= hi, 'the estimate lies in its interval');
  if (
    Number.isFinite(lo) &&
    c.equivalence.level >= c.level &&
    methodFor(c.units, c.equivalence.level) === c.method
  )
    check(
      lo <= c.equivalence.ci[0] && c.equivalence.ci[1] <= hi,
      'the equivalence interval lies within the simultaneous one',
    );
  if (Number.isFinite(c.change))
    check(Math.abs(c.head - c.base * (1 + c.change)) <= 1e-9 * c.base, 'head = base × (1 + change)');
  if (Number.isFinite(c.detectable))
    check(c.detectable >= c.threshold - 1e-12, 'could detect at least the threshold');
  switch (c.verdict) {
    case 'regression':
      check(worseEnd > REGRESSION_FLOOR * t && worse >= t && c.significant && c.worse, 'regression');
      break;
    case 'improvement':
      check(betterEnd > REGRESSION_FLOOR * t && -worse >= t && c.significant && !c.worse, 'improvement');
      break;
    case 'no-change':
      check(inside, 'no change: the interval inside ±τ');
      // In words that cannot read as a contradiction beside a small but significant change (+2.1%, "no change").
      check(
        verdictText(c) === `⚪ within ±${Number((c.threshold * 100).toFixed(2))}%`,
        'the cell says within ±threshold',
      );
      break;
    case 'inconclusive':
      check(!inside, 'inconclusive though inside the threshold');
      check(!(worseEnd > REGRESSION_FLOOR * t && worse >= t), 'inconclusive though a regression');
      check(!(betterEnd > REGRESSION_FLOOR * t && -worse >= t), 'inconclusive though an improvement');
      break;
  }
  return out;
}

describe('no decision contradicts its interval', () => {
  test('400 random gates: every comparison agrees with its interval, its p and its rule; every verdict seen', () => {
    const rng = mulberry32(20261123);
    const seen = new Map<Verdict, number>();
    let blocks = 0;
    for (let g = 0; g < 400; g++) {
      const gate = randomGate(rng);
      const decision = decide(gate.rounds, gate.scenarios, {
        threshold: gate.threshold,
        latencyThreshold: gate.latencyThreshold,
        alpha: gate.alpha,
        looks: gate.looks,
        restartEvery: gate.restartEvery,
      });
      for (const c of decision.comparisons) {
        const wrong = contradictions(c, gate.alpha);
        assert.deepEqual(wrong, [], `gate ${g}, ${c.scenario} ${c.metric}: ${JSON.stringify(c)}`);
        seen.set(c.verdict, (seen.get(c.verdict) ?? 0) + 1);
        if (c.unit === 'blocks') blocks++;
      }
    }
    for (const verdict of ['regression', 'improvement', 'no-change', 'inconclusive'] as const)
      assert.ok((seen.get(verdict) ?? 0) > 10, `${verdict} seen ${seen.get(verdict) ?? 0} times`);
    assert.ok(blocks > 10, `block means were the unit ${blocks} times`);
  });
});

describe('one interval and the p-value that inverts it (src/stats/inference.ts)', () => {
  test('signed-rank: p ≤ level exactly when the Walsh interval leaves out 0, with ties, zeros and large n', () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 3000; i++) {
      const n = 1 + Math.floor(rng() * (rng() < 0.1 ? 120 : 40));
      const shift = (rng() - 0.5) * 0.1;
      const grid = rng() < 0.4 ? 0.01 : 0;
      const d = Array.from({ length: n }, () => {
        const x = shift + 0.03 * gaussian(rng);
        return grid > 0 ? Math.round(x / grid) * grid : x;
      });
      const level = [0.2, 0.05, 0.01, 0.004, 0.0005][Math.floor(rng() * 5)]!;
      const r = signedRankInference(d, level);
      const leavesOut = r.lower > 0 || r.upper < 0;
      assert.equal(r.p <= level, leavesOut, `n ${n}, level ${level}: p ${r.p}, [${r.lower}, ${r.upper}]`);
      if (Number.isFinite(r.lower)) assert.ok(r.lower <= r.estimate && r.estimate <= r.upper);
    }
  });

  test('Student t of block means: the same contract', () => {
    const rng = mulberry32(8);
    for (let i = 0; i < 2000; i++) {
      const k = 2 + Math.floor(rng() * 10);
      const shift = (rng() - 0.5) * 0.1;
      const units = Array.from({ length: k }, () => shift + 0.02 * gaussian(rng));
      const level = [0.2, 0.05, 0.01, 0.004][Math.floor(rng() * 4)]!;
      const r = meanInference(units, level);
      assert.equal(r.p <= level, r.lower > 0 || r.upper < 0, `k ${k}, level ${level}: p ${r.p}`);
    }
    const flat = meanInference([0.01, 0.01, 0.01], 0.05);
    assert.equal(flat.p, 0);
    assert.deepEqual([flat.lower, flat.upper], [0.01, 0.01]);
  });

  test('without ties and zeros the p-value is the exact signed-rank test’s', () => {
    // n = 10, all positive: 2 / 2^10.
    const d = Array.from({ length: 10 }, (_, i) => 0.01 + i * 0.001);
    assert.equal(signedRankInference(d, 0.05).p, 2 / 1024);
  });
});
