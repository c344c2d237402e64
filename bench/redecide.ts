/**
 * Decides real gates again from their recorded rounds (bench/real-gates.ts writes them to data/real-*.jsonl), at
 * the last look each gate reached, with and without the guard for blocks of processes that differed: what the
 * guard took back, whether a gate without it would have called a change at an earlier look, and what each gate's
 * blocks of processes looked like.
 *
 *   npx node bench/redecide.ts <file in bench/data, e.g. real-aa@r4.jsonl> [restart-every=4]
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { decide } from '../src/decide/verdict.ts';
import type { Round } from '../src/model/measure.ts';
import { formatPercent } from '../src/report/format.ts';
import { planLooks } from '../src/stats/look-schedule.ts';
import { DEFAULT_RULE, dataFile, RECORDED_SCENARIO } from './lib.ts';

const [file, ...rest] = process.argv.slice(2);
if (file === undefined)
  throw new Error('usage: npx node bench/redecide.ts <real-….jsonl> [restart-every=<n>]');
const restartEvery = Number(
  rest.find((a) => a.startsWith('restart-every='))?.slice(14) ?? DEFAULT_RESTART_EVERY,
);
const { threshold, latencyThreshold, alpha } = DEFAULT_RULE;
const options = { threshold, latencyThreshold, alpha };
const scenarios = [RECORDED_SCENARIO];
const counts = new Map<string, number>();
for (const line of readFileSync(dataFile(file), 'utf8').split('\n')) {
  if (line === '') continue;
  const gate = JSON.parse(line) as { gate: number; verdict: string; pairs: number; rounds: Round[] };
  // The looks a gate stopping at this many pairs went through (every 2 pairs from the first look).
  const looks = planLooks(gate.pairs);
  const guarded = decide(gate.rounds, scenarios, { ...options, looks, restartEvery });
  const plain = decide(gate.rounds, scenarios, { ...options, looks });
  // Without the guard, the first look whose verdict called a change (the gate would have stopped there or soon after).
  const called = looks.find((n) => {
    const v = decide(
      gate.rounds.filter((r) => r.pair < n),
      scenarios,
      { ...options, looks },
    ).verdict;
    return v === 'regression' || v === 'improvement';
  });
  const rps = guarded.comparisons.find((c) => c.metric === 'rps');
  const blocks = rps?.processes?.changes ?? [];
  const key = `${plain.verdict} → ${guarded.verdict}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  console.log(
    `gate ${gate.gate}: ${gate.pairs} pairs, recorded ${gate.verdict}; decided again without the guard ${plain.verdict}, with it ${guarded.verdict}${called === undefined ? '' : ` (without it a change already at ${called} pairs)`}${blocks.length > 0 ? `; req/s by block ${blocks.map((c) => formatPercent(c)).join(', ')} (F p ${rps?.processes?.p.toPrecision(2)})` : ''}`,
  );
}
console.log([...counts].map(([k, n]) => `${k}: ${n}`).join('; '));
