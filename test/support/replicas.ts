/**
 * The runners of a matrix of replicas, as GitHub runs them, at once or one after the other on this machine: each
 * runner's perf-gate step on the pull request with the read-only token and its report uploaded as an artifact (its
 * `if:` evaluated); then a merging job that downloads them and publishes with `mode: report`. For
 * test/e2e/example-replicas.test.ts, example-two-stage.test.ts, example-sharded.test.ts (its live and recorded
 * shards) and the recorders of their fixtures (record.ts in test/fixtures/two-stage/, replicas/ and sharded-shards/).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Report } from '../../src/model/report.ts';
import {
  appRepo,
  type ExampleResult,
  fakes,
  fixtureApp,
  pullRequestStep,
  runReportJob,
  runStep,
  TOKEN,
  UNASSERTED_TIMING,
  uploadReport,
  workflowRunEvent,
  writesTo,
} from './example.ts';
import type { FakeGitHub } from './fake-github/index.ts';
import { git, killProcessesUnder, makeRepo, type TestRepo } from './repo.ts';
import {
  type Artifact,
  actionInvocation,
  matrixRuns,
  type PerfGateJob,
  perfGateJob,
  readWorkflow,
} from './workflow.ts';

export const PR = 65;
export const RUN = '6161';
/** The run of fork-safe/report.yml, which the measuring run's completion starts. */
const REPORTING_RUN = '6162';

/**
 * A runner's own checkout of the pull request, as actions/checkout leaves one on each runner (a shallow clone of
 * head): runners that run at once share no work tree, git lock or process directory.
 */
function runnerCheckout(
  repo: TestRepo,
  job: PerfGateJob,
  jobIndex: number,
): { dir: string; workspace: string } {
  const dir = join(repo.dir, `runner-${job.id}-${jobIndex}`);
  mkdirSync(dir);
  const workspace = join(dir, 'workspace');
  git(dir, 'clone', '-q', '--depth=1', '--branch', 'feature', `file://${repo.origin}`, workspace);
  return { dir, workspace };
}

/**
 * The runs of a measuring job's matrix (those of `only`'s job indexes, else every one), each on a checkout of its
 * own: each runner's result, and its uploaded artifact, in the matrix's order. `together`: the runners run at once,
 * as GitHub runs a matrix (here on one machine's CPUs); otherwise one after the other. Each runner takes 8
 * pairs (UNASSERTED_TIMING) unless `timing` says otherwise: no test asserts one runner's verdict (replicas' is
 * decided over the four runners' 16 blocks, and two-stage's first runner only chooses the branch that runs live).
 */
export async function runMatrix(
  t: TestContext | undefined,
  job: PerfGateJob,
  repo: TestRepo,
  open: (p: 'read' | 'write') => Promise<FakeGitHub>,
  {
    together = false,
    only,
    timing = UNASSERTED_TIMING,
  }: { together?: boolean; only?: readonly number[]; timing?: Record<string, string> } = {},
): Promise<{ results: ExampleResult[]; artifacts: Artifact[] }> {
  const runner = async ({ matrix, jobIndex }: ReturnType<typeof matrixRuns>[number]) => {
    const readOnly = await open('read');
    const invocation = actionInvocation(job, { token: TOKEN, matrix, jobIndex }, timing);
    const checkout = runnerCheckout(repo, job, jobIndex);
    const result = await runStep({
      ...checkout,
      invocation,
      ...pullRequestStep(repo, PR),
      fake: readOnly,
      timeoutMs: 150_000,
      runId: RUN,
    });
    const { run, report } = result;
    const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
    t?.diagnostic(
      `${job.id} ${matrix.replica ?? matrix.shard ?? ''}: ${rps === undefined ? '?' : (rps.change * 100).toFixed(1)}% req/s, own verdict ${run.outputs.verdict}, needs-more ${run.outputs['needs-more']}; ${report.sequential?.pairs} pairs, ${report.sequential?.disturbedPairs} disturbed; action ${(run.durationMs / 1000).toFixed(1)} s`,
    );
    // `fail-on-regression: false`, `comment: off`: a runner neither fails nor posts (its token could not).
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(result.comments, []);
    assert.deepEqual(writesTo(readOnly), []);
    assert.deepEqual(result.violations, [], 'every request to GitHub a valid one');
    assert.deepEqual(result.leftover, [], 'processes left running after the runner');
    // Where it ran, for the merge to name it.
    assert.ok(report.environment.cpuModel && report.environment.kernel);
    const context = { token: TOKEN, matrix, jobIndex };
    const upload = { context, failed: false, workspace: checkout.workspace, runId: RUN };
    return { result, artifact: uploadReport(job, run.outputs, upload) };
  };
  const runs = matrixRuns(job).filter(({ jobIndex }) => only === undefined || only.includes(jobIndex));
  const done: Awaited<ReturnType<typeof runner>>[] = [];
  if (together) done.push(...(await Promise.all(runs.map(runner))));
  else for (const run of runs) done.push(await runner(run));
  return { results: done.map((d) => d.result), artifacts: done.map((d) => d.artifact) };
}

/**
 * The record.ts scripts of test/fixtures/replicas/ and sharded-shards/: runners of `workflow`'s `measure` job on the
 * sharded app (runMatrix's `options`), each result handed to `keep` with its place among them; the repository, its
 * processes and the fake GitHub gone afterwards.
 */
export async function recordRunners(
  workflow: string,
  options: { together?: boolean; only?: readonly number[] },
  keep: (result: ExampleResult, i: number) => void,
): Promise<void> {
  const measure = perfGateJob(readWorkflow(workflow), 'measure');
  const repo = appRepo('sharded');
  const f = fakes(repo, PR);
  try {
    const { results } = await runMatrix(undefined, measure, repo, f.open, options);
    for (const [i, result] of results.entries()) keep(result, i);
  } finally {
    await f.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
}

/**
 * A recorded runner's report.json (test/fixtures/two-stage/, test/fixtures/replicas/) as the artifact runner
 * `jobIndex` of `job` uploads, its commits those of `repo`'s pull request (a recording names the throwaway
 * repository it was measured on).
 */
export function recordedArtifact(
  job: PerfGateJob,
  jobIndex: number,
  recorded: string,
  repo: TestRepo,
): { artifact: Artifact; report: Report } {
  const report = JSON.parse(readFileSync(recorded, 'utf8')) as Report;
  report.base.sha = repo.baseSha;
  report.head.sha = repo.headSha;
  // In place, keeping the fields' order: a merge compares the pull requests of its files as JSON.
  if (report.pullRequest) Object.assign(report.pullRequest, { headSha: repo.headSha, baseSha: repo.baseSha });
  const dir = join(repo.dir, `recorded-${job.id}-${jobIndex}`);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'report.json');
  writeFileSync(path, JSON.stringify(report));
  const { matrix } = matrixRuns(job)[jobIndex]!;
  const outputs = { report: path, verdict: report.verdict };
  const upload = { context: { token: TOKEN, matrix, jobIndex }, failed: false, workspace: dir, runId: RUN };
  return { artifact: uploadReport(job, outputs, upload), report };
}

/** The merging job: nothing checked out, the artifacts downloaded, `mode: report` with the write token. */
export function runMerge(
  job: PerfGateJob,
  repo: TestRepo,
  artifacts: readonly Artifact[],
  fake: FakeGitHub,
  needs: Record<string, Record<string, string>>,
  name = job.id,
): Promise<ExampleResult> {
  return runReportJob({
    job,
    repo,
    artifacts,
    fake,
    ...pullRequestStep(repo, PR),
    needs,
    runId: RUN,
    name,
  });
}

/**
 * The same runners' artifacts published for a fork (issue 50): fork-safe/report.yml on the `workflow_run` event of
 * the measuring run, in a run of its own, downloads every runner's artifact and merges them.
 */
export function runForkSafeReport(
  repo: TestRepo,
  artifacts: readonly Artifact[],
  fake: FakeGitHub,
): Promise<ExampleResult> {
  return runReportJob({
    job: perfGateJob(readWorkflow('fork-safe/report.yml')),
    repo,
    artifacts,
    fake,
    eventName: 'workflow_run',
    event: workflowRunEvent(repo, Number(RUN), 'success'),
    pullNumber: PR,
    runId: REPORTING_RUN,
    name: 'fork-safe-report',
  });
}

/**
 * The pull request of two-stage.yml's test: test/fixtures/apps/sharded, whose head also searches its records
 * `factor` times over on GET /search (twice: a tenth to a quarter slower, what one runner of 8 short pairs sees as a
 * plausible regression it cannot settle).
 */
export function twoStageRepo(factor = 2): TestRepo {
  const app = fixtureApp('sharded');
  const search = 'records.filter((r) => r.name.includes(q))';
  assert.ok(app.head['index.js']!.includes(search));
  const copies = Array.from({ length: factor }, () => '...records').join(', ');
  return makeRepo(app.base, {
    ...app.head,
    'index.js': app.head['index.js']!.replace(search, `[${copies}].filter((r) => r.name.includes(q))`),
  });
}
