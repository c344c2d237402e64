/**
 * What each design catches and costs: the one table the docs quote (bench/RESULTS.md, docs/how-it-decides.md and
 * docs/replicas.md print it: figures-table.ts WRITTEN; test/unit/project/figures.test.ts holds every page to it). Simulated gates through the action's own
 * loop (src/gate/loop.ts, as each runner measures: its looks, its stops, a replica's whole budget) and decision code
 * (one runner's decision; runners merged as `mode: report` merges them, src/decide/verdict.ts decideGroups):
 *
 *   npx node bench/figures.ts [gates=200] [seed=1] [only=<design>] [write]
 *   npx node bench/figures.ts runners=10 threshold=0.005 noise=0.03   (one design off the table, not stored)
 *
 * Designs: 1 runner; 4 and 8 replicas; two stages (1 runner, then 3 more when `needs-more`). Thresholds 2% (the
 * default) and 1%; per-pair noise 1.5, 3 and 6%: the sd of a pair's req/s log ratio as the comment reports it, a
 * fifth of its variance the process pair's own offset for life (bench/NOTEBOOK.md §23: quiet hours measured 3% and
 * 1.5%) and the rest each pair's. Every other setting the action's default (one scenario, `restart-every` 2,
 * 3-minute budget). Per cell: the smallest slowdown caught in 80% of gates (bisection, `gates` a probe), the share
 * of unchanged pull requests that end "no change" and that fail, and runner-minutes and wall minutes of measuring
 * per pull request (setup and the merge job not counted). `write` stores bench/data/figures.json and the tables.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_RESTART_EVERY } from '../src/config/defaults.ts';
import { needsMore } from '../src/decide/needs-more.ts';
import { joinRunners } from '../src/decide/replicas.ts';
import { decideGroups } from '../src/decide/verdict.ts';
import type { Decision } from '../src/model/decision.ts';
import { stageWeights } from '../src/stats/combination.ts';
import {
  type Cell,
  DESIGNS,
  type Design,
  figuresTable,
  markedBlock,
  NOISES,
  THRESHOLDS,
  WRITTEN,
} from './figures-table.ts';
import { keyValues, machineLine } from './lib.ts';
import { DEFAULT_MODEL, type GateModel, scenarioRules, simulateGate } from './synthetic-gate.ts';

const options = keyValues(process.argv.slice(2));
const GATES = Number(options.gates ?? 200);
const SEED = Number(options.seed ?? 1);
const JSON_FILE = new URL('data/figures.json', import.meta.url);

/** One pull request's outcome under a design: its verdict and what its measuring cost. */
interface Outcome {
  verdict: Decision['verdict'] | undefined;
  runnerSec: number;
  wallSec: number;
}

type Run = Awaited<ReturnType<typeof simulateGate>>;

/** The budget's last planned look: the pairs a runner planned (the merge's stage weights, src/decide/merge.ts). */
const planned = (r: Run): number => r.schedule[r.schedule.length - 2] ?? r.pairs;

/** Runners merged as `mode: report` merges them: stratified by runner, or two stages combined. */
function merge(m: GateModel, runs: readonly Run[], first?: Run): Decision['verdict'] {
  // A first stage at the pairs it planned, as the merge takes it (src/decide/merge-replicas.ts).
  const all = first
    ? [{ ...first, rounds: first.rounds.filter((r) => r.pair < planned(first)) }, ...runs]
    : runs;
  const { rounds, starts } = joinRunners(
    all.map((r) => ({ rounds: r.rounds, restartEvery: m.restartEvery })),
  );
  const stages = first && {
    first: 1,
    weights: stageWeights(
      planned(first),
      runs.reduce((s, r) => s + planned(r), 0),
    ),
    confirm: first.decision?.verdict === 'regression',
  };
  const group = {
    rounds,
    scenarios: scenarioRules(m),
    looks: [],
    restartEvery: m.restartEvery,
    runners: starts,
  };
  const rule = {
    threshold: m.threshold,
    latencyThreshold: m.latencyThreshold,
    memoryThreshold: m.memoryThreshold,
    alpha: m.alpha,
  };
  return decideGroups([stages ? { ...group, stages } : group], { ...rule, stages: stages ? 2 : 1 }).verdict;
}

async function runners(m: GateModel, count: number, seed: number): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) runs.push(await simulateGate(m, seed * 7919 + i));
  return runs;
}

const sum = (runs: readonly Run[]) => runs.reduce((s, r) => s + r.seconds, 0);
const longest = (runs: readonly Run[]) => Math.max(0, ...runs.map((r) => r.seconds));

async function pullRequest(design: Design, m: GateModel, seed: number): Promise<Outcome> {
  if (design.runners === 1 && !design.second) {
    const r = await simulateGate(m, seed);
    return { verdict: r.decision?.verdict, runnerSec: r.seconds, wallSec: r.seconds };
  }
  if (!design.second) {
    const runs = await runners({ ...m, replicas: design.runners }, design.runners, seed);
    return { verdict: merge(m, runs), runnerSec: sum(runs), wallSec: longest(runs) };
  }
  const first = await simulateGate({ ...m, stage: 1 }, seed);
  const stage = { index: 1, count: 1, stage: 1 as const };
  const verdict = first.decision?.verdict ?? 'inconclusive';
  if (!needsMore({ decision: first.decision, verdict, replica: stage, error: undefined }))
    return { verdict: first.decision?.verdict, runnerSec: first.seconds, wallSec: first.seconds };
  const runs = await runners({ ...m, stage: 2, replicas: design.second }, design.second, seed);
  return {
    verdict: merge(m, runs, first),
    runnerSec: first.seconds + sum(runs),
    wallSec: first.seconds + longest(runs),
  };
}

function model(threshold: number, noise: number, slower: number): GateModel {
  // A fifth of the pair's variance is the process pair's offset; each pair's own noise the rest.
  return {
    ...DEFAULT_MODEL,
    restartEvery: DEFAULT_RESTART_EVERY,
    threshold,
    sd: noise * Math.sqrt(0.8),
    offset: noise * Math.sqrt(0.2),
    slower: [slower],
  };
}

async function outcomes(design: Design, m: GateModel, gates: number, salt: number): Promise<Outcome[]> {
  const all: Outcome[] = [];
  for (let g = 0; g < gates; g++)
    all.push(await pullRequest(design, m, SEED * 1_000_003 + salt * 10_007 + g));
  return all;
}

const share = (all: readonly Outcome[], verdict: string) =>
  all.filter((o) => o.verdict === verdict).length / all.length;

/** The smallest slowdown caught in 80% of gates: bisection over [0, 16%], to 1/64 of it (0.25 points). */
async function caught80(design: Design, threshold: number, noise: number): Promise<number> {
  let [low, high] = [0, 0.16];
  for (let i = 1; high - low > 0.0026; i++) {
    const mid = (low + high) / 2;
    const power = share(await outcomes(design, model(threshold, noise, mid), GATES, i), 'regression');
    if (power >= 0.8) high = mid;
    else low = mid;
  }
  return high;
}

async function cell(design: Design, threshold: number, noise: number): Promise<Cell> {
  const aa = await outcomes(design, model(threshold, noise, 0), 2 * GATES, 0);
  return {
    design: design.name,
    threshold,
    noise,
    caught80: await caught80(design, threshold, noise),
    noChange: share(aa, 'no-change'),
    falseAlarm: share(aa, 'regression'),
    runnerMin: aa.reduce((s, o) => s + o.runnerSec, 0) / aa.length / 60,
    wallMin: aa.reduce((s, o) => s + o.wallSec, 0) / aa.length / 60,
  };
}

const stored = (): Cell[] => {
  try {
    return JSON.parse(readFileSync(JSON_FILE, 'utf8')).cells;
  } catch {
    return [];
  }
};

const key = (c: Pick<Cell, 'design' | 'threshold' | 'noise'>) => `${c.design}|${c.threshold}|${c.noise}`;

const started = Date.now();
console.log(`# ${machineLine()}; ${new Date().toISOString()}; ${GATES} gates a probe, ${2 * GATES} A/A`);
const cells = new Map(stored().map((c) => [key(c), c]));
const write = process.argv.includes('write');
// `runners=N threshold=x noise=y`: one design off the table (the moonshot), printed, never stored.
const extra: Design | undefined = options.runners
  ? { name: `${options.runners} runners`, runners: Number(options.runners) }
  : undefined;
const designs = extra ? [extra] : DESIGNS.filter((d) => d.name.includes(options.only ?? ''));
for (const design of designs) {
  for (const threshold of options.threshold ? [Number(options.threshold)] : THRESHOLDS) {
    for (const noise of options.noise ? [Number(options.noise)] : NOISES) {
      const c = await cell(design, threshold, noise);
      console.log(JSON.stringify(c), `(${((Date.now() - started) / 1000).toFixed(0)} s)`);
      if (extra || !write) continue;
      cells.set(key(c), c);
      const command = `npx node bench/figures.ts gates=${GATES} seed=${SEED} write`;
      writeFileSync(
        JSON_FILE,
        `${JSON.stringify({ command, gates: GATES, cells: [...cells.values()] }, null, 2)}\n`,
      );
    }
  }
}
if (write && !extra) {
  for (const { page, lines } of WRITTEN) {
    const file = new URL(`../${page}`, import.meta.url);
    writeFileSync(file, markedBlock(readFileSync(file, 'utf8'), lines([...cells.values()])).written);
  }
}
console.log(figuresTable([...cells.values()]).join('\n'));
