/**
 * What makes report.json files one run's, checked before they are merged (merge.ts): one pair of commits and one
 * pull request, the merging job's own rule of decision, its workflow run, and each runner or shard once. The files
 * are as trustworthy as each measuring runner: these checks keep out files of another run or setting, not a runner
 * that lies. Pure.
 */
import { isMeasureKey } from '../config/measure.ts';
import { type ReportFile, shownName } from '../config/report-file.ts';
import { GateError } from '../model/errors.ts';
import type { Report } from '../model/report.ts';

/** What the merging job (`mode: report`) brings: its own rule of decision and the run it merges. */
export interface MergingJob {
  /** Its `threshold`, `latency-threshold`, `memory-threshold` and `alpha` inputs. */
  rule: { threshold: number; latencyThreshold: number; memoryThreshold: number; alpha: number };
  /** The workflow run whose reports it merges (its own, or `workflow_run`'s); undefined: not in a workflow. */
  runId: string | undefined;
}

export function mergeError(problem: string, fix: string): GateError {
  return new GateError('config', `input \`results\`: ${problem}. ${fix}`);
}

/** Two files are the same shard twice (e.g. downloaded twice) when their content is identical. */
export function sameShard(a: Report, b: Report): boolean {
  return (
    a.timing.startedAt === b.timing.startedAt &&
    JSON.stringify(a.rounds) === JSON.stringify(b.rounds) &&
    JSON.stringify(a.error) === JSON.stringify(b.error)
  );
}

const percent = (value: number) => `${Number((value * 100).toPrecision(6))}%`;
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Each file decided as this job decides: its `threshold`, `latency-threshold` and `alpha`, else an error. */
function checkRule(f: ReportFile, job: MergingJob): void {
  const { settings } = f.report;
  const fields: [string, number, number, (v: number) => string][] = [
    ['threshold', settings.threshold, job.rule.threshold, percent],
    ['latency-threshold', settings.latencyThreshold, job.rule.latencyThreshold, percent],
    // A report made before memory was measured has none: it compares no allocation.
    [
      'memory-threshold',
      settings.memoryThreshold ?? job.rule.memoryThreshold,
      job.rule.memoryThreshold,
      percent,
    ],
    ['alpha', settings.alpha, job.rule.alpha, String],
  ];
  for (const [input, theirs, ours, shown] of fields) {
    if (near(theirs, ours)) continue;
    // `latency-threshold` and `alpha` are settings of the `measure` input; the thresholds are inputs of their own.
    const where = isMeasureKey(input) ? `\`${input}\` (in \`measure\`)` : `\`${input}\``;
    throw mergeError(
      `${shownName(f.source)} was measured with \`${input}\` ${shown(theirs)}, but this job decides with ${shown(ours)}`,
      `The merge decides with its own inputs: give this job (\`mode: report\`) and every measuring job the same ${where} (a threshold in the base branch's config file counts for the measuring job).`,
    );
  }
}

/** Each file measured in the run this job merges (its GITHUB_RUN_ID), else an error. */
function checkRun(f: ReportFile, runId: string | undefined): void {
  if (runId === undefined) return;
  const theirs = f.report.run?.id;
  if (theirs === runId) return;
  throw mergeError(
    theirs === undefined
      ? `${shownName(f.source)} names no workflow run (written by an older perf-gate, or outside a workflow), and this job merges run ${runId}'s reports only`
      : `${shownName(f.source)} was measured in workflow run ${theirs}, but this job merges run ${runId}'s reports only`,
    `Download the artifacts of this workflow run only (under \`workflow_run\`: \`run-id: \${{ github.event.workflow_run.id }}\`), measured by this version of perf-gate.`,
  );
}

/** One pair of commits and one pull request: else the files are not shards of one run. */
function checkCommits(first: ReportFile, f: ReportFile): void {
  const a = first.report;
  const b = f.report;
  if (a.base.sha !== b.base.sha || a.head.sha !== b.head.sha) {
    throw mergeError(
      `${shownName(first.source)} measured base ${a.base.sha.slice(0, 7)} and head ${a.head.sha.slice(0, 7)}, but ${shownName(f.source)} measured base ${b.base.sha.slice(0, 7)} and head ${b.head.sha.slice(0, 7)}`,
      'Merge only the reports of one run (download the artifacts of one workflow run).',
    );
  }
  if (JSON.stringify(a.pullRequest) !== JSON.stringify(b.pullRequest)) {
    throw mergeError(
      `${shownName(first.source)} and ${shownName(f.source)} are for different pull requests`,
      'Merge only the reports of one run.',
    );
  }
}

/** Each runner of a stage once, within the count they all say: no duplicate `replica: i/n`, none beyond n. */
function checkRunners(files: readonly ReportFile[]): void {
  const seen = new Map<string, ReportFile>();
  const counts = new Map<string, number>();
  for (const f of files) {
    const place = f.report.replica;
    if (!place) continue;
    // Runners of one shard's scenarios and stage (a matrix may have replicas of each shard).
    const set = `${place.stage ?? 0}/${JSON.stringify(f.report.settings.scenarios.map((s) => s.name))}`;
    const what = `\`replica: ${place.index}/${place.count}\`${place.stage ? ` of stage ${place.stage}` : ''}`;
    const fix =
      'Download the artifacts of one run only, each runner of the matrix once (`replica: i/n` with n the number of runners).';
    if (place.index > place.count || (counts.get(set) ?? place.count) !== place.count)
      throw mergeError(
        `${shownName(f.source)} says it is ${what}, beyond the runners the others say there are`,
        fix,
      );
    counts.set(set, place.count);
    const key = `${set}/${place.index}`;
    const twin = seen.get(key);
    if (twin && !sameShard(twin.report, f.report))
      throw mergeError(`${shownName(twin.source)} and ${shownName(f.source)} both say they are ${what}`, fix);
    seen.set(key, f);
  }
}

/** The files are one run's, decided as this job decides, each runner once; else an error naming the file and the fix. */
export function checkMergeable(files: readonly ReportFile[], job: MergingJob): void {
  const first = files[0]!;
  for (const f of files) {
    checkCommits(first, f);
    checkRule(f, job);
    checkRun(f, job.runId);
  }
  checkRunners(files);
}
