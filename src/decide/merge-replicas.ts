/**
 * The report.json files of a merge grouped by what they measured: a shard's files are one set, of one file, or of
 * several when they are replicas (`replica: i/n`, and the two stages of a two-stage design) of the same scenarios.
 * A set of replicas is one group of the decision, its runners as clusters (src/decide/replicas.ts). Pure.
 */
import type { ReportFile } from '../config/report-file.ts';
import type { Round } from '../model/measure.ts';
import type { Note } from '../model/notes.ts';
import type { Report } from '../model/report.ts';
import { joinRunners } from './replicas.ts';

const keysOf = (r: Report): string => JSON.stringify(r.settings.scenarios.map((s) => s.name));

/** Whether two files are replicas of one shard: both say they are, and they measured the same scenarios. */
export function sameReplicaSet(a: ReportFile, b: ReportFile): boolean {
  return (
    a.report.replica !== undefined && b.report.replica !== undefined && keysOf(a.report) === keysOf(b.report)
  );
}

/** The files in sets of replicas of one shard, in the order first seen; the runners of a set by stage and place. */
export function replicaSets(files: readonly ReportFile[]): ReportFile[][] {
  const sets: ReportFile[][] = [];
  for (const f of files) {
    const set = sets.find((s) => sameReplicaSet(s[0]!, f));
    if (set) set.push(f);
    else sets.push([f]);
  }
  const order = (f: ReportFile) => {
    const r = f.report.replica;
    return r ? (r.stage ?? 1) * 1000 + r.index : 0;
  };
  return sets.map((s) => [...s].sort((a, b) => order(a) - order(b)));
}

export function distinctPairs(rounds: readonly Round[]): number {
  return new Set(rounds.map((r) => r.pair)).size;
}

/** The pairs a runner planned: its budget's last look, or its fixed pairs. */
export function plannedPairs(report: Report): number {
  const schedule = report.sequential?.schedule ?? [];
  return schedule.length > 1 ? schedule[schedule.length - 2]! : (schedule[0] ?? distinctPairs(report.rounds));
}

/**
 * A runner's rounds as its set pools them: a first stage's only up to the pairs it planned when the second stage is
 * there, since its confirmation pairs were added for what it saw (the combination's p-value of the first stage is
 * uniform under the null only at a sample size fixed in advance); they served its own decision.
 */
function pooledRounds(f: ReportFile, twoStages: boolean): readonly Round[] {
  if (!(twoStages && f.report.replica?.stage === 1)) return f.report.rounds;
  const planned = plannedPairs(f.report);
  return f.report.rounds.filter((r) => r.pair < planned);
}

/** A set's rounds as one group's (replicas' pairs numbered one runner after the other) and each runner's first pair. */
export function setRounds(set: readonly ReportFile[]): { rounds: Round[]; starts: number[] | undefined } {
  if (set.length === 1) return { rounds: set[0]!.report.rounds, starts: undefined };
  const stages = new Set(set.map((f) => f.report.replica?.stage));
  const twoStages = stages.has(1) && stages.has(2);
  const { rounds, starts } = joinRunners(
    set.map((f) => ({ rounds: pooledRounds(f, twoStages), restartEvery: f.report.settings.restartEvery })),
  );
  return { rounds, starts };
}

/** Runners a set's replicas say there are, per stage, against those found: a note for each stage short of some. */
export function missingReplicas(set: readonly ReportFile[]): Note[] {
  const notes: Note[] = [];
  const stages = new Map<number, { count: number; seen: Set<number> }>();
  for (const f of set) {
    const r = f.report.replica;
    if (!r) continue;
    const stage = stages.get(r.stage ?? 0) ?? { count: r.count, seen: new Set() };
    stage.count = Math.max(stage.count, r.count);
    stage.seen.add(r.index);
    stages.set(r.stage ?? 0, stage);
  }
  for (const { count, seen } of stages.values()) {
    if (seen.size < count) notes.push({ kind: 'replicas-missing', found: seen.size, count });
  }
  return notes;
}
