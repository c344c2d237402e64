/**
 * Several report.json files (a matrix's shards, or the one of the fork-safe pattern) made into one report's data.
 * Pure. The decision is made again from the rounds, all shards as one family, so alpha holds over all of them. Its
 * words are rendered in src/report/ as any report's (a merged profile's section from what each shard named hotter).
 */

import { type ReportFile, shownName } from '../config/report-file.ts';
import type { Round } from '../model/measure.ts';
import type { MergedJobs, Note } from '../model/notes.ts';
import type { Report, ReportError, ShardSummary } from '../model/report.ts';
import { stageWeights } from '../stats/combination.ts';
import { stagesOf } from './family.ts';
import { finalVerdict } from './final.ts';
import { checkMergeable, type MergingJob, mergeError, sameShard } from './merge-checks.ts';

export type { MergingJob } from './merge-checks.ts';

import {
  distinctPairs,
  missingReplicas,
  plannedPairs,
  replicaSets,
  sameReplicaSet,
  setRounds,
} from './merge-replicas.ts';
import type { TwoStages } from './replicas.ts';
import { type DecisionGroup, decideGroups } from './verdict.ts';

/** What a comparison is keyed by: the scenario's name. */
export function roundKey(round: Round): string {
  return round.scenario;
}

export function reportKeys(report: Report): string[] {
  return report.settings.scenarios.map((s) => s.name);
}

/**
 * The shards, the same shard twice counted once (with a note); two shards measuring one key is an error, unless
 * they are replicas of one shard (both say `replica`, with the same scenarios).
 */
function distinctShards(files: readonly ReportFile[], notes: Note[], jobs: MergedJobs): ReportFile[] {
  const shards: ReportFile[] = [];
  const owner = new Map<string, ReportFile>();
  for (const f of files) {
    const twin = shards.find((s) => sameShard(s.report, f.report));
    if (twin) {
      notes.push({
        kind: 'duplicate-shard',
        source: shownName(f.source),
        twin: shownName(twin.source),
        jobs,
      });
      continue;
    }
    for (const key of reportKeys(f.report)) {
      const other = owner.get(key);
      if (other !== undefined && !sameReplicaSet(other, f)) {
        throw mergeError(
          `${key} is measured by both ${shownName(other.source)} and ${shownName(f.source)}`,
          'Each shard must measure its own scenarios: check the `shard` input of each job (runners that measure the same scenarios on purpose set `replica: i/n`), and download the artifacts of one run only.',
        );
      }
      owner.set(key, f);
    }
    shards.push(f);
  }
  return shards;
}

/** The error of shards missing from the matrix, where the reports say which shard they are. */
function missingShards(shards: readonly ReportFile[], notes: Note[]): ReportError | undefined {
  const places = shards.map((s) => s.shard).filter((p) => p !== undefined);
  if (places.length === 0) return undefined;
  const count = Math.max(...places.map((p) => p.count));
  const seen = new Set(places.map((p) => p.index));
  const missing = count - seen.size;
  if (places.some((p) => p.count !== count)) {
    notes.push({ kind: 'shard-counts-differ' });
  }
  if (missing <= 0) return undefined;
  return {
    code: 'config',
    message: `${missing} of ${count} shards have no report (found ${[...seen].sort((a, b) => a - b).join(', ')}): a measuring job failed before uploading its report.json, or its artifact was not downloaded. The verdict covers only the shards found.`,
    side: undefined,
    output: undefined,
    neutral: false,
  };
}

/**
 * A shard's rounds (of one runner, or of its replicas' runners together) as a group of the decision; none when
 * every runner ended with an error or they have too few pairs. A runner that ended with an error is left out.
 */
function decisionGroup(set: readonly ReportFile[]): DecisionGroup[] {
  const runners = set.filter((f) => !f.report.error);
  if (runners.length === 0) return [];
  const report = runners[0]!.report;
  // A scenario any runner found new (base fails it) is compared on none.
  const fresh = new Set(runners.flatMap((f) => f.report.newScenarios));
  const scenarios = report.settings.scenarios.filter((s) => !fresh.has(s.name));
  const keys = scenarios.map((s) => s.name);
  const joined = setRounds(runners);
  const rounds = joined.rounds.filter((r) => keys.includes(roundKey(r)));
  if (scenarios.length === 0 || distinctPairs(rounds) < 2) return [];
  // One runner's looks as it planned them; runners merged decide once, on the whole budget each measured
  // (src/gate/loop.ts: a pooled runner never stops early, and a first stage's runner is pooled only at its end).
  const looks = joined.starts ? [] : (runners[0]!.report.sequential?.schedule ?? []);
  const stages = joined.starts ? twoStages(runners) : undefined;
  return [
    {
      rounds,
      scenarios,
      looks,
      restartEvery: report.settings.restartEvery,
      ...(joined.starts ? { runners: joined.starts } : {}),
      ...(stages ? { stages } : {}),
    },
  ];
}

/**
 * A set's two stages (its first-stage runners come first, replicaSets sorts them so): the weights from the pairs
 * each stage planned (the second's runners as many as its `replica` count says, found or not), and whether the
 * second stage confirms a regression the first raised. Undefined unless both stages are there.
 */
function twoStages(runners: readonly ReportFile[]): TwoStages | undefined {
  const first = runners.filter((f) => f.report.replica?.stage === 1);
  const second = runners.filter((f) => f.report.replica?.stage === 2);
  if (first.length === 0 || second.length === 0) return undefined;
  const planned = (fs: readonly ReportFile[]) =>
    fs.reduce((s, f) => s + plannedPairs(f.report), 0) * (fs[0]!.report.replica!.count / fs.length);
  return {
    first: first.length,
    weights: stageWeights(planned(first), planned(second)),
    confirm: first.some((f) => f.report.verdict === 'regression'),
  };
}

/** The merge's error: a failing shard's first, else missing shards, else a neutral shard's. */
function mergedError(
  shards: readonly ReportFile[],
  missing: ReportError | undefined,
  jobs: MergedJobs,
): ReportError | undefined {
  const several = shards.length > 1;
  const shardErrors = shards
    .filter((s) => s.report.error !== undefined)
    .map((s): ReportError => {
      const e = s.report.error!;
      const job = jobs === 'runners' ? 'runner' : 'shard';
      return several ? { ...e, message: `${job} ${shownName(s.source)}: ${e.message}` } : e;
    });
  return shardErrors.find((e) => !e.neutral) ?? missing ?? shardErrors.find((e) => e.neutral) ?? undefined;
}

/** What the merged report shows of one shard only, or of the first: said in notes. */
function differenceNotes(reports: readonly Report[], jobs: MergedJobs): Note[] {
  const notes: Note[] = [];
  const differs = (pick: (r: Report) => unknown) =>
    new Set(reports.map((r) => JSON.stringify(pick(r)))).size > 1;
  if (
    differs((r) => [
      r.settings.durationSec,
      r.settings.warmupSec,
      r.settings.sliceSec ?? 0,
      r.settings.connections,
    ])
  )
    notes.push({ kind: 'shard-settings-differ', jobs });
  if (differs((r) => [r.environment.node, r.environment.cpus]))
    notes.push({ kind: 'shard-environments-differ', jobs });
  if (reports.length > 1 && reports.some((r) => r.diagnostics !== undefined))
    notes.push({ kind: 'diagnostics-per-shard', jobs });
  return notes;
}

/** One shard's profile as it is; several as one (their section is written from what each named hotter). */
function mergedProfile(reports: readonly Report[]): Report['profile'] {
  const profiles = reports.map((r) => r.profile).filter((p) => p !== undefined);
  if (profiles.length === 0) return undefined;
  if (profiles.length === 1) return profiles[0];
  return {
    files: profiles.flatMap((p) => p.files),
    dir: '',
    hotter: profiles.flatMap((p) => p.hotter),
    ...(profiles.every((p) => p.cpu === false) ? { cpu: false as const } : {}),
    seconds: profiles.reduce((sum, p) => sum + p.seconds, 0),
  };
}

function summaryOf(s: ReportFile): ShardSummary {
  const { replica } = s.report;
  return {
    source: shownName(s.source),
    shard: s.shard,
    keys: reportKeys(s.report),
    pairs: s.report.sequential?.pairs ?? distinctPairs(s.report.rounds),
    looks: s.report.sequential?.schedule.length ?? 1,
    error: s.report.error?.message,
    ...(replica ? { replica, environment: s.report.environment, wallSec: s.report.timing.wallSec } : {}),
  };
}

/** Each shard's notes, one note that several runners or shards made once, with all their names. */
function notesOfShards(shards: readonly ReportFile[], jobs: MergedJobs): Note[] {
  const seen = new Map<string, { sources: string[]; note: Note }>();
  for (const s of shards) {
    for (const note of s.report.notes) {
      const key = JSON.stringify(note);
      const entry = seen.get(key) ?? { sources: [], note };
      entry.sources.push(shownName(s.source));
      seen.set(key, entry);
    }
  }
  return [...seen.values()].map(({ sources, note }) => ({
    kind: 'of-shard',
    source: sources.join(', '),
    note,
    jobs,
  }));
}

/**
 * The files as one report's data, decided with the merging job's own threshold and alpha. They must measure the same
 * base and head in the job's run, decided as the job decides (merge-checks.ts), and each scenario may come from one
 * shard only; a shard's error is carried (decide/final.ts finalVerdict).
 */
export function mergeReports(files: readonly ReportFile[], job: MergingJob): Report {
  if (files.length === 0)
    throw mergeError('no report.json found', 'Check that the measuring job uploaded its `report` output.');
  checkMergeable(files, job);
  const notes: Note[] = [];
  // Runners when any report is a replica (each file is one runner's, measuring a shard or all scenarios).
  const jobs: MergedJobs = files.some((f) => f.report.replica !== undefined) ? 'runners' : 'shards';
  const shards = distinctShards(files, notes, jobs);
  const missing = missingShards(shards, notes);
  const { threshold, latencyThreshold, memoryThreshold } = job.rule;
  const alpha = job.rule.alpha;
  const stages = stagesOf(files.find((f) => f.report.replica?.stage !== undefined)?.report.replica?.stage);
  const sets = replicaSets(shards);
  notes.push(...sets.flatMap(missingReplicas));
  const groups = sets.flatMap(decisionGroup);
  const decision =
    groups.length === 0
      ? undefined
      : decideGroups(groups, { threshold, latencyThreshold, memoryThreshold, alpha, stages });
  const error = mergedError(shards, missing, jobs);
  const several = shards.length > 1;
  const reports = shards.map((s) => s.report);
  // One report per set for what replicas share (their scenarios); every runner's rounds, numbered apart.
  const firsts = sets.map((set) => set[0]!.report);
  const shardNotes = several ? notesOfShards(shards, jobs) : shards.flatMap((s) => s.report.notes);
  notes.push(...differenceNotes(reports, jobs));
  const base = files[0]!.report;
  return {
    tool: 'perf-gate',
    version: 3,
    verdict: finalVerdict(decision, error),
    base: base.base,
    head: base.head,
    settings: {
      ...base.settings,
      threshold,
      latencyThreshold,
      memoryThreshold,
      alpha,
      scenarios: firsts.flatMap((r) => r.settings.scenarios),
    },
    decision,
    sequential: several ? undefined : base.sequential,
    newScenarios: [...new Set(reports.flatMap((r) => r.newScenarios))],
    shard: several ? undefined : base.shard,
    ...(several || base.replica === undefined ? {} : { replica: base.replica }),
    scenarioCount: Math.max(...reports.map((r) => r.scenarioCount), firsts.flatMap(reportKeys).length),
    rounds: sets.flatMap((set) => setRounds(set).rounds),
    error,
    timing: {
      startedAt: reports.map((r) => r.timing.startedAt).sort()[0]!,
      wallSec: Math.max(...reports.map((r) => r.timing.wallSec)),
      prepareSec: Math.max(...reports.map((r) => r.timing.prepareSec)),
      measureSec: Math.max(...reports.map((r) => r.timing.measureSec)),
    },
    environment: base.environment,
    notes: [...shardNotes, ...notes],
    profile: mergedProfile(reports),
    changedFiles: [...new Set(reports.flatMap((r) => r.changedFiles))],
    diagnostics: several ? undefined : base.diagnostics,
    pullRequest: base.pullRequest,
    ...(base.run ? { run: base.run } : {}),
    shards: several ? sets.flat().map(summaryOf) : undefined,
  };
}
