/**
 * What `memory-threshold` catches at the noise measured on the examples (bench/memory-noise.ts): simulated gates of
 * one scenario through the action's own decision code (decide, resolved), looking where a 3-minute gate of blocks of
 * 2 looks (plannedLooks at `pair-sec`), allocation per request with i.i.d. log-normal per-pair noise `sd`, head's
 * allocation `change` higher; req/s and p99 unchanged (2% and 10% noise), the leak test in the family (no leak).
 * Prints, per threshold and change, the share of gates whose allocation comparison ended a regression, and at a
 * change of 0 the share that ended "no change" on it.
 *
 *   npx node bench/memory-power.ts [gates=1000] [sd=0.0053] [pair-sec=8] [thresholds=0.005,0.01,0.02] [changes=0,0.01,0.02,0.03]
 */
import { decide, resolved } from '../src/decide/verdict.ts';
import { plannedLooks } from '../src/gate/measurement-plan.ts';
import type { ScenarioRule, Verdict } from '../src/model/decision.ts';
import type { Round, Side } from '../src/model/measure.ts';
import { mulberry32 } from '../src/stats/describe.ts';
import { gaussian, keyValues, machineLine } from './lib.ts';

const o = keyValues(process.argv.slice(2));
const gates = Number(o.gates ?? 1000);
const sd = Number(o.sd ?? 0.0053);
const pairSec = Number(o['pair-sec'] ?? 8);
const thresholds = (o.thresholds ?? '0.005,0.01,0.02').split(',').map(Number);
const changes = (o.changes ?? '0,0.01,0.02,0.03').split(',').map(Number);
const RULES: ScenarioRule[] = [{ name: 'GET /', expectStatus: undefined, threshold: undefined }];
const { schedule } = plannedLooks(180, pairSec, undefined, 2);

function pair(pair: number, change: number, rng: () => number): Round[] {
  const order: Side[] = pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
  const served = ((pair % 2) + 1) * 50_000;
  const split = (x: number) => Math.exp((x * gaussian(rng)) / Math.SQRT2);
  return order.map((side, position) => {
    const requests = 50_000;
    const alloc = 8000 * (side === 'head' ? 1 + change : 1) * split(sd);
    const rps = 10_000 * split(0.02);
    return {
      pair,
      position,
      side,
      scenario: 'GET /',
      startedAt: '2026-12-05T00:00:00Z',
      measurement: {
        responses: requests,
        elapsedSec: 5,
        rps,
        latencyMs: { p50: 1, p90: 2, p99: 3 * split(0.1), max: 9, mean: 1.1 },
        bytesPerSec: 1e6,
        errors: 0,
        timeouts: 0,
        non2xx: 0,
        statusCodes: { '200': requests },
        loadgenCpu: 0.5,
        memory: {
          requests,
          allocatedBytes: alloc * requests,
          exact: false,
          gcMs: 50,
          retainedBytes: 7e6 + 0.4 * served * gaussian(rng),
          rssBytes: 6e7,
          served,
        },
      },
    };
  });
}

/** One gate: its allocation comparison's verdict where the gate stopped. */
function gate(threshold: number, change: number, rng: () => number): Verdict {
  const rounds: Round[] = [];
  let verdict: Verdict = 'inconclusive';
  for (const look of schedule) {
    while (rounds.length / 2 < look) rounds.push(...pair(rounds.length / 2, change, rng));
    const options = { threshold: 0.02, latencyThreshold: 0.2, memoryThreshold: threshold, alpha: 0.05 };
    const decision = decide(rounds, RULES, { ...options, looks: schedule, restartEvery: 2 });
    verdict = decision.comparisons.find((c) => c.metric === 'alloc')!.verdict;
    if (resolved(decision)) break;
  }
  return verdict;
}

console.log(
  `${new Date().toISOString()} · ${machineLine()} · ${gates} gates a cell, per-pair sd ${sd}, looks ${schedule.join(',')}`,
);
console.log(
  `| memory-threshold | ${changes.map((c) => `+${c * 100}%: regression`).join(' | ')} | 0: no change |`,
);
console.log(`| --- | ${changes.map(() => '---:').join(' | ')} | ---: |`);
for (const threshold of thresholds) {
  const cells: string[] = [];
  let noChange = 0;
  for (const change of changes) {
    const rng = mulberry32(Math.round(threshold * 1e5) + Math.round(change * 1e5) * 7 + 1);
    let caught = 0;
    for (let g = 0; g < gates; g++) {
      const v = gate(threshold, change, rng);
      if (v === 'regression') caught++;
      if (change === 0 && v === 'no-change') noChange++;
    }
    cells.push(`${((100 * caught) / gates).toFixed(1)}%`);
  }
  console.log(`| ${threshold * 100}% | ${cells.join(' | ')} | ${((100 * noChange) / gates).toFixed(1)}% |`);
}
