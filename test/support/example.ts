/**
 * Runs an example workflow for real: a fixture app (test/fixtures/apps/<name>/: `base/` is the whole base tree,
 * `head/` the files the pull request changes) becomes a throwaway repository, and the built action runs on it with
 * the inputs and env of the example's perf-gate step (test/support/workflow.ts), against the fake GitHub.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { MetricComparison } from '../../src/model/decision.ts';
import type { Report } from '../../src/model/report.ts';
import { type ActionRun, runAction } from './action.ts';
import {
  type FakeComment,
  type FakeGitHub,
  type RecordedRequest,
  startFakeGitHub,
} from './fake-github/index.ts';
import {
  type Files,
  killProcessesUnder,
  makeRepo,
  processesUnder,
  pullRequestEvent,
  type TestRepo,
} from './repo.ts';
import {
  type ActionInvocation,
  type Artifact,
  actionInvocation,
  conditionHolds,
  DOWNLOAD_ARTIFACT,
  downloadArtifacts,
  type ExpressionContext,
  type PerfGateJob,
  UPLOAD_ARTIFACT,
  uploadArtifact,
} from './workflow.ts';

/** The token the fake GitHubs of the example tests accept. */
export const TOKEN = 'ghs_testtoken';

/**
 * The pairs of a first-group gate whose req/s verdict a test asserts: 6 blocks of 2 (why 6: TIMING_OVERRIDES). The
 * example tests, scenarios and faults' busy-machine gate take them (docs/development.md).
 */
export const ASSERTED_PAIRS = 12;

/**
 * The connections of a first-group gate: 2, not the default 10. A turn holds 20 responses a connection
 * (src/gate/measurement-plan.ts), and beside the suite's other gates base serves a few hundred requests a second, so
 * at 10 each turn stretched to most of a second and the gate measured several times its rounds (bench/SUITE.md,
 * 2026-12-06). The connections set how long a gate measures there, as its rounds and their duration do.
 */
export const SUITE_CONNECTIONS = '2';

/**
 * Whether a first-group gate pins its processes: no. Pinned, a gate's servers run on CPU 0 and its load generator on
 * CPU 1, which suits one gate on a runner; here four files' gates and the unit files share two cores, and every
 * gate's servers queued on CPU 0 while their load generators held CPU 1 (bench/SUITE.md, 2026-12-06).
 */
export const SUITE_PIN = 'false';

/**
 * The example tests' only departures from the examples, all about time: ASSERTED_PAIRS fixed pairs of the shortest
 * rounds the inputs allow on SUITE_CONNECTIONS connections, unpinned (SUITE_PIN), in 6 blocks of 2 pairs per process
 * pair, each primed briefly, and so without a warm-up of their own, no profiling. Blocks of 2, not one block of 12:
 * with processes shared by pairs the unit of the decision is the block (src/decide/interval.ts), and one block is one
 * unit, which no interval can decide on. 6 blocks, not the 4 that 8 pairs give: beside the suite's other gates one block's
 * change can read −62% and another's −91% for one slowdown, and t with 3 degrees of freedom at a family's level
 * (0.008 for two scenarios) then leaves a 5× slowdown inconclusive (node-http, express-postgres and sharded each
 * did once, 2026-12-05/06); t with 5 bears twice that spread. Not a new pair of processes for every pair: a process
 * measured in its first seconds is noisy (±30% on an unchanged path of the Fastify example), and when it serves two
 * paths the first one's load leans on the second one's numbers (10–25% on GET /health after GET /seed/v1 in the
 * node:http example).
 */
export const TIMING_OVERRIDES = {
  rounds: String(ASSERTED_PAIRS),
  // The shortest load the input allows: these tests assert what no host noise moves, not small changes.
  duration: '0.25s',
  warmup: '0s',
  connections: SUITE_CONNECTIONS,
  pin: SUITE_PIN,
  'restart-every': '2',
  // Each block primed 0.25 s per side (the least `prime` allows), not 2 s: these tests assert what no host noise
  // moves, and e2e time is the suite's.
  prime: '0.25s',
  flamegraphs: 'off',
};

/**
 * TIMING_OVERRIDES for a gate whose verdict no test asserts (a runner whose reports are merged, a run whose lines
 * are kept but not judged): 8 pairs, the fewest `rounds` allows, 4 blocks.
 */
export const UNASSERTED_TIMING = { ...TIMING_OVERRIDES, rounds: '8' };

export const APPS_DIR = fileURLToPath(new URL('../fixtures/apps/', import.meta.url));

/** Every file under `dir` by relative path; a file named `gitignore` becomes `.gitignore` (npm would drop it). */
export function readTree(dir: string): Files {
  const files: Files = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else {
        const name = relative(dir, path);
        files[name.replace(/(^|\/)gitignore$/, '$1.gitignore')] = readFileSync(path, 'utf8');
      }
    }
  };
  walk(dir);
  return files;
}

/** The fixture app's base tree and the files its head changes. */
export function fixtureApp(name: string): { base: Files; head: Files } {
  const dir = join(APPS_DIR, name);
  assert.ok(existsSync(join(dir, 'base')), `no fixture app ${dir}/base`);
  return { base: readTree(join(dir, 'base')), head: readTree(join(dir, 'head')) };
}

export interface ExampleOptions {
  app: string;
  /**
   * From actionInvocation (test/support/workflow.ts): the example's inputs and env; a function when they depend
   * on the repository (e.g. `github.event.before` is the base commit).
   */
  invocation: ActionInvocation | ((repo: TestRepo) => ActionInvocation);
  /** Added to both trees, e.g. the example's perf-gate.yml at the root. */
  extraFiles?: Files;
  /** The pull request's number (its comments are collected), or a push event: name and payload. */
  event: { pullNumber: number } | { name: string; payload: (repo: TestRepo) => Record<string, unknown> };
  timeoutMs: number;
}

/** A push of head onto main (`before` is the base commit), as GitHub sends it. */
export function pushEvent(repo: TestRepo): Record<string, unknown> {
  return {
    ref: 'refs/heads/main',
    before: repo.baseSha,
    after: repo.headSha,
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

/**
 * The `workflow_run` event GitHub sends when the measuring workflow (run `runId`, on the pull request's head)
 * completes: `pull_requests` is empty when the pull request comes from a fork, as here.
 */
export function workflowRunEvent(
  repo: TestRepo,
  runId: number,
  conclusion: 'success' | 'failure',
): Record<string, unknown> {
  return {
    action: 'completed',
    workflow_run: {
      id: runId,
      name: 'perf (measure)',
      event: 'pull_request',
      status: 'completed',
      conclusion,
      head_sha: repo.headSha,
      head_branch: 'feature',
      head_repository: { full_name: 'someone/octo-repo' },
      html_url: `https://github.com/octo-org/octo-repo/actions/runs/${runId}`,
      pull_requests: [],
    },
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

export interface ExampleResult {
  run: ActionRun;
  report: Report;
  /** The comments on the pull request, in creation order (every comment posted, on a push). */
  comments: FakeComment[];
  violations: string[];
  /** Every request the action made to the fake GitHub. */
  requests: RecordedRequest[];
  /** The job summary the action wrote. */
  summary: string;
  /** Processes still running under the test's directory when the action had exited (killed afterwards). */
  leftover: string[];
  changedFiles: string[];
  /** The throwaway repository's base and head commits. */
  baseSha: string;
  headSha: string;
}

export interface StepOptions {
  /** Where the step runs: the checked-out repository, or an empty directory for a job that checks out nothing. */
  workspace: string;
  /** Processes under this directory after the step count as left behind. */
  dir: string;
  invocation: ActionInvocation;
  eventName: string;
  event: Record<string, unknown>;
  fake: FakeGitHub;
  /** The pull request whose comments are collected; undefined: every comment. */
  pullNumber: number | undefined;
  /** The throwaway repository's commits (reported back as they are). */
  baseSha: string;
  headSha: string;
  timeoutMs: number;
  /** The workflow run the step is part of (GITHUB_RUN_ID, attempt 1); default 1000 for every step of a test. */
  runId?: number | string;
}

/** Runs one perf-gate step (the built action) against `fake`; collects what a test checks. */
export async function runStep(options: StepOptions): Promise<ExampleResult> {
  const { fake, invocation } = options;
  const run = await runAction({
    workspace: options.workspace,
    inputs: invocation.inputs,
    event: options.event,
    eventName: options.eventName,
    apiUrl: fake.url,
    token: TOKEN,
    // GitHub sets GITHUB_SHA to the commit a push or a merge group runs (the checkout's).
    env: {
      GITHUB_RUN_ID: String(options.runId ?? 1000),
      GITHUB_RUN_ATTEMPT: '1',
      ...(options.eventName === 'pull_request' ? {} : { GITHUB_SHA: options.headSha }),
      ...invocation.env,
    },
    timeoutMs: options.timeoutMs,
  });
  const leftover = processesUnder(options.dir);
  const reportPath = run.outputs.report;
  assert.ok(
    reportPath !== undefined && existsSync(reportPath),
    `the report output should name an existing file (${reportPath}):\n${run.stdout}\n${run.stderr}`,
  );
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
  return {
    run,
    report,
    comments:
      options.pullNumber === undefined
        ? [...fake.comments.values()].flat()
        : [...(fake.comments.get(options.pullNumber) ?? [])],
    summary: run.summary,
    violations: [...fake.violations],
    requests: [...fake.requests],
    leftover,
    changedFiles: report.changedFiles,
    baseSha: options.baseSha,
    headSha: options.headSha,
  };
}

/** The fields of a step on pull request `pr` of `repo` (from a fork or not): its event, comments and commits. */
export function pullRequestStep(
  repo: Pick<TestRepo, 'baseSha' | 'headSha'>,
  pr: number,
  fork = false,
): Pick<StepOptions, 'eventName' | 'event' | 'pullNumber' | 'baseSha' | 'headSha'> {
  return {
    eventName: 'pull_request',
    event: pullRequestEvent(repo, pr, fork),
    pullNumber: pr,
    baseSha: repo.baseSha,
    headSha: repo.headSha,
  };
}

/**
 * The measuring job's one upload-artifact step after perf-gate, run on perf-gate's `outputs` in `context` (its
 * `if:` must hold when the job has `failed` so far or not): the artifact it stores from `workspace`.
 */
export function uploadReport(
  job: PerfGateJob,
  outputs: Record<string, string>,
  options: { context: ExpressionContext; failed: boolean; workspace: string; runId: string },
): Artifact {
  const uploads = job.steps.slice(job.perfGateIndex + 1).filter((s) => s.uses?.startsWith(UPLOAD_ARTIFACT));
  assert.equal(uploads.length, 1, `${job.file} ${job.id}: one upload-artifact step after perf-gate`);
  const upload = uploads[0]!;
  const context = { ...options.context, steps: { [job.perfGateId ?? 'perf']: outputs } };
  const where = `${job.file} ${job.id} upload`;
  assert.ok(conditionHolds(upload.if, context, { failed: options.failed }, where), `if: ${upload.if}`);
  return uploadArtifact(upload, context, options.workspace, options.runId);
}

export interface ReportJobOptions {
  /** The job that publishes, with `mode: report`. */
  job: PerfGateJob;
  repo: Pick<TestRepo, 'dir' | 'baseSha' | 'headSha'>;
  /** What the measuring jobs uploaded. */
  artifacts: readonly Artifact[];
  fake: FakeGitHub;
  eventName: string;
  event: Record<string, unknown>;
  /** `needs.<job>.outputs`, for a job that needs others. */
  needs?: Record<string, Record<string, string>>;
  /** The pull request whose comments are collected; undefined: every comment. */
  pullNumber: number | undefined;
  /** The job's own workflow run (its download reads from it, unless the step names another). */
  runId: string;
  /** The job's directory under the repository's: `<name>-job` (default the job's id). */
  name?: string;
}

export interface ReportJobResult extends ExampleResult {
  /** The job's workspace: nothing checked out, only what the download put there. */
  workspace: string;
  /** The files the download step wrote. */
  downloaded: string[];
  /** The perf-gate step's inputs. */
  inputs: Record<string, string>;
}

/**
 * A job that publishes what other jobs measured, as the examples' report jobs do: its `if:` holds, nothing is
 * checked out, its one step before perf-gate downloads every artifact, and perf-gate runs with `mode: report`.
 */
export async function runReportJob(options: ReportJobOptions): Promise<ReportJobResult> {
  const { job, repo, artifacts, runId } = options;
  const context = { token: TOKEN, event: options.event, ...(options.needs && { needs: options.needs }) };
  assert.ok(conditionHolds(job.if, context, { failed: false }, `${job.file} ${job.id}`), `if: ${job.if}`);
  const jobDir = join(repo.dir, `${options.name ?? job.id}-job`);
  const workspace = join(jobDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const before = job.steps.slice(0, job.perfGateIndex);
  assert.deepEqual(
    before.map((s) => s.uses?.replace(/@.*/, '@')),
    [DOWNLOAD_ARTIFACT],
  );
  const downloaded = downloadArtifacts(before[0]!, context, artifacts, workspace, runId);
  assert.equal(downloaded.length, artifacts.length);
  const invocation = actionInvocation(job, context);
  assert.equal(invocation.inputs.mode, 'report');
  const result = await runStep({
    workspace,
    dir: jobDir,
    invocation,
    eventName: options.eventName,
    event: options.event,
    fake: options.fake,
    pullNumber: options.pullNumber,
    baseSha: repo.baseSha,
    headSha: repo.headSha,
    timeoutMs: 60_000,
    runId,
  });
  return { ...result, workspace, downloaded, inputs: invocation.inputs };
}

/** The requests that changed something on the fake GitHub (what a read-only token must not manage). */
export function writesTo(fake: FakeGitHub): string[] {
  return fake.requests
    .filter((q) => q.method !== 'GET' && q.status < 300)
    .map((q) => `${q.method} ${q.path}`);
}

/** The fixture app `name` as a throwaway repository (see makeRepo), with `extraFiles` in both trees. */
export function appRepo(name: string, extraFiles: Files = {}): TestRepo {
  const app = fixtureApp(name);
  return makeRepo({ ...app.base, ...extraFiles }, app.head);
}

/**
 * A fake GitHub for pull request `pullNumber` of `repo`, whose token may write (comments, check runs) or only read
 * (as a fork's pull request gets).
 */
export function fakeGitHubFor(
  repo: TestRepo,
  pullNumber: number,
  permission: 'read' | 'write',
): Promise<FakeGitHub> {
  return startFakeGitHub({
    token: TOKEN,
    pullNumber,
    headSha: repo.headSha,
    baseSha: repo.baseSha,
    pullRequestsPermission: permission,
    checksPermission: permission,
  });
}

/** A test's fake GitHubs for pull request `pullNumber` of `repo` (see fakeGitHubFor), closed at its end. */
export function fakes(repo: TestRepo, pullNumber: number) {
  const all: FakeGitHub[] = [];
  return {
    async open(permission: 'read' | 'write'): Promise<FakeGitHub> {
      const f = await fakeGitHubFor(repo, pullNumber, permission);
      all.push(f);
      return f;
    },
    async close(): Promise<void> {
      for (const f of all) await f.close();
    },
  };
}

/** Builds the repository, runs the action on it, collects what a test checks, and removes everything. */
export async function runExample(options: ExampleOptions): Promise<ExampleResult> {
  const fake = await startFakeGitHub({ token: TOKEN });
  const repo = appRepo(options.app, options.extraFiles);
  try {
    const invocation =
      typeof options.invocation === 'function' ? options.invocation(repo) : options.invocation;
    const event = options.event;
    return await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      ...('pullNumber' in event
        ? pullRequestStep(repo, event.pullNumber)
        : {
            event: event.payload(repo),
            eventName: event.name,
            pullNumber: undefined,
            baseSha: repo.baseSha,
            headSha: repo.headSha,
          }),
      fake,
      timeoutMs: options.timeoutMs,
    });
  } finally {
    await fake.close();
    // A gate that hangs is killed by runAction and leaves its servers behind: end them before the directory goes.
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
}

/** The comparisons of the scenarios that request one path. */
export function comparisonsOf(report: Report, path: string): MetricComparison[] {
  const names = new Set(report.settings.scenarios.filter((s) => s.path === path).map((s) => s.name));
  return (report.decision?.comparisons ?? []).filter((c) => names.has(c.scenario));
}

/**
 * The metrics of `comparisons` but the server's CPU per request: that one joins only when the load generator set
 * the pace, which the host decides. req/s and p99 always; p50 is shown, never tested.
 */
export function testedMetrics(comparisons: readonly MetricComparison[]): string[] {
  return comparisons.map((c) => c.metric).filter((m) => m !== 'cpu');
}

/** The comparisons a report's family counts: the metrics', the failed requests' and the leak tests'. */
export function familySize(report: Report): number {
  const d = report.decision;
  return (d?.comparisons.length ?? 0) + (d?.errors.length ?? 0) + (d?.leaks?.length ?? 0);
}

export interface RegressionExpectation {
  /** The path the head makes slower. */
  path: string;
  /** Paths the head leaves alone: none of their comparisons may be a regression. */
  unchanged?: string[];
  /** Head's req/s at most this fraction of base's (the fixture's regression is at least this large). */
  atMost: number;
  /** false: there is no pull request, so the report is looked for in the job summary instead of a comment. */
  comment?: false;
}

/**
 * What every example's test checks: the step failed with verdict `regression`, req/s of `path` is a regression
 * (and as large as the fixture makes it), the unchanged paths are not, one sticky comment (or, without a pull
 * request, the job summary) whose table flags `path`, the fake GitHub saw only valid requests, and nothing was
 * left running. Reports the numbers.
 */
/**
 * The default turns (`slice: auto`): each scenario's turn length chosen from the first pair within 50 ms–1 s, the
 * settings record the shortest, and every round of a scenario took at most the turns its plan gave it, side by side.
 */
export function assertAutoTurns(report: Report): void {
  const plan = report.plan;
  assert.ok(plan, 'the report carries its measurement plan');
  assert.equal(plan.processes.mode, 'blocks');
  const turns = new Map(plan.scenarios.map((s) => [s.name, s]));
  for (const s of plan.scenarios) assert.ok(s.turnSec >= 0.05 && s.turnSec <= 1, JSON.stringify(s));
  assert.equal(report.settings.sliceSec, Math.min(...plan.scenarios.map((s) => s.turnSec)));
  // At most the turns the plan gave: a pair whose turns cost more than planned gets fewer of them (turn-fit.ts).
  for (const round of report.rounds) {
    const planned = turns.get(round.scenario)!.turns;
    const taken = round.measurement.slices ?? 0;
    assert.ok(taken >= 1 && taken <= planned, `${taken} of ${planned} turns: ${JSON.stringify(round)}`);
  }
}

/**
 * A server on a fixed port, run side by side: the port moved to one of each side's own (perf-gate's port preload),
 * so base and head took turns, each block of 2 pairs from one process per side (4 blocks, each started before its
 * first pair), and no note says the gate fell back to whole rounds.
 */
export function assertMovedPort(result: ExampleResult, port: number): void {
  const { report } = result;
  assert.equal(report.settings.port, port);
  assert.equal(report.settings.restartEvery, 2);
  assertAutoTurns(report);
  // One process per side and block of 2 pairs; a pair measured again at a block start gets new processes again.
  assert.ok((report.diagnostics?.base?.processes ?? 0) >= 4, JSON.stringify(report.diagnostics?.base));
  assert.ok((report.diagnostics?.head?.processes ?? 0) >= 4, JSON.stringify(report.diagnostics?.head));
  assert.ok(!report.notes.some((note) => note.kind === 'port-not-moved'), JSON.stringify(report.notes));
}

export function assertRegression(
  t: TestContext,
  result: ExampleResult,
  expected: RegressionExpectation,
): void {
  const { run, report } = result;
  const rps = comparisonsOf(report, expected.path).find((c) => c.metric === 'rps');
  const pairs = report.sequential?.pairs;
  t.diagnostic(
    `${expected.path}: base ${rps?.base.toFixed(0)} req/s, head ${rps?.head.toFixed(0)} req/s (${rps === undefined ? '?' : (rps.change * 100).toFixed(1)}%), verdict ${run.outputs.verdict}; ${pairs} pairs (stopped by ${report.sequential?.stoppedBy}); gate wall ${report.timing.wallSec.toFixed(1)} s (prepare ${report.timing.prepareSec.toFixed(1)} s, measure ${report.timing.measureSec.toFixed(1)} s), action ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  const starts = report.rounds.map((r) => Date.parse(r.startedAt)).sort((a, b) => a - b);
  const gaps = starts
    .slice(1)
    .map((at, i) => (at - starts[i]!) / 1000)
    .sort((a, b) => a - b);
  t.diagnostic(
    `one measured load (warm-up, round, snapshots) takes ${gaps[Math.floor(gaps.length / 2)]?.toFixed(2)} s start to start (median); ${report.sequential?.disturbedPairs} pairs disturbed and measured again; stdout:\n${run.stdout
      .split('\n')
      .filter((line) => /^(pair \d|install |build |\S+ took)/.test(line))
      .join('\n')}`,
  );
  for (const path of expected.unchanged ?? []) {
    const other = comparisonsOf(report, path).find((c) => c.metric === 'rps');
    t.diagnostic(
      `${path}: base ${other?.base?.toFixed(0)} req/s, head ${other?.head?.toFixed(0)} req/s, ${other?.verdict}${other?.carryOver ? ` (${other.carryOver.pairs} pairs right after ${other.carryOver.after} left out)` : ''}`,
    );
  }
  const output = `${run.stdout}\n${run.stderr}`;
  assert.equal(run.code, 1, `the step should fail on the regression:\n${output}`);
  assert.equal(run.outputs.verdict, 'regression', output);
  assert.equal(report.verdict, 'regression');
  assert.ok(rps, `no req/s comparison of ${expected.path}: ${JSON.stringify(report.decision)}`);
  assert.equal(rps.verdict, 'regression', JSON.stringify(rps));
  assert.ok(
    rps.head <= expected.atMost * rps.base,
    `head ${rps.head.toFixed(0)} req/s should be at most ${expected.atMost} × base ${rps.base.toFixed(0)}`,
  );
  for (const path of expected.unchanged ?? []) {
    // A path whose code did not change may still be called a regression: a few pairs from one pair of server
    // processes can lean a few percent one way (bench/NOTEBOOK.md §11–12), and a path measured right after
    // the changed one in the same processes pays some of head's garbage from it (GET /health after GET /seed/v1 in
    // the node:http example: −10% to −25%). What must never happen is the changed path's slowdown itself showing up
    // on it (scenarios mixed up between rounds, shards or the comment): its change stays under half the changed
    // path's, on the log scale.
    const comparisons = comparisonsOf(report, path);
    assert.ok(comparisons.length > 0, `${path} was not compared`);
    const own = comparisons.find((c) => c.metric === 'rps')!;
    // Measured right after the changed path in half of its pairs, it may be left without an estimate (one pair a
    // block, src/decide/carry-over.ts): then it is open, and shows nothing of the changed path's slowdown.
    if (own.carryOver && !Number.isFinite(own.change ?? Number.NaN)) {
      assert.equal(own.verdict, 'inconclusive');
      continue;
    }
    assert.ok(
      Math.abs(Math.log1p(own.change)) < 0.5 * Math.abs(Math.log1p(rps.change)),
      `${path} is unchanged on head, yet changed ${(own.change * 100).toFixed(1)}% (${expected.path}: ${(rps.change * 100).toFixed(1)}%)`,
    );
  }
  let body: string;
  if (expected.comment === false) {
    // No pull request, no comment: the job summary carries the report.
    assert.deepEqual(result.comments, [], 'no comment without a pull request');
    body = result.summary;
  } else {
    assert.equal(result.comments.length, 1, 'one sticky comment');
    body = result.comments[0]!.body;
  }
  assert.match(body, /^### 🔴 perf-gate: regression$/m);
  const headline = body.split('\n').find((line) => line.startsWith('**'));
  assert.ok(
    headline?.includes(`GET ${expected.path} `),
    `the headline names GET ${expected.path}: ${headline}`,
  );
  const row = body.split('\n').find((line) => line.startsWith(`| GET ${expected.path} | req/s |`));
  assert.ok(row, `no req/s row of GET ${expected.path} in the report:\n${body}`);
  assert.match(row, /🔴 regression \|$/);
  assert.deepEqual(result.violations, []);
  assert.deepEqual(result.leftover, [], 'processes left running after the action exited');
}
