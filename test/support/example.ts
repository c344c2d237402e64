/**
 * Runs an example workflow for real: a fixture app (test/fixtures/apps/<name>/: `base/` is the whole base tree,
 * `head/` the files the pull request changes) becomes a throwaway repository, and the built action runs on it with
 * the inputs and env of the example's perf-gate step (test/support/workflow.ts), against the fake GitHub.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../src/report.ts';
import type { MetricComparison } from '../../src/verdict.ts';
import { type ActionRun, networkEnv, runAction } from './action.ts';
import { type FakeComment, startFakeGitHub } from './fake-github.ts';
import { type Files, makeRepo, processesUnder, pullRequestEvent, type TestRepo } from './repo.ts';
import type { ActionInvocation } from './workflow.ts';

export const APPS_DIR = fileURLToPath(new URL('../fixtures/apps/', import.meta.url));

const TOKEN = 'ghs_testtoken';

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

export interface ExampleResult {
  run: ActionRun;
  report: Report;
  /** The comments on the pull request, in creation order (every comment posted, on a push). */
  comments: FakeComment[];
  violations: string[];
  /** The job summary the action wrote. */
  summary: string;
  /** Processes still running under the test's directory when the action had exited (killed afterwards). */
  leftover: string[];
  changedFiles: string[];
  /** The throwaway repository's base and head commits. */
  baseSha: string;
  headSha: string;
}

/** Builds the repository, runs the action on it, collects what a test checks, and removes everything. */
export async function runExample(options: ExampleOptions): Promise<ExampleResult> {
  const app = fixtureApp(options.app);
  const fake = await startFakeGitHub({ token: TOKEN });
  const repo = makeRepo({ ...app.base, ...options.extraFiles }, app.head);
  try {
    const invocation =
      typeof options.invocation === 'function' ? options.invocation(repo) : options.invocation;
    const event = options.event;
    const run = await runAction({
      workspace: repo.workspace,
      inputs: invocation.inputs,
      ...('pullNumber' in event
        ? { event: pullRequestEvent(repo, event.pullNumber) }
        : { event: event.payload(repo), eventName: event.name }),
      apiUrl: fake.url,
      token: TOKEN,
      env: { ...networkEnv(), ...invocation.env },
      timeoutMs: options.timeoutMs,
    });
    const leftover = processesUnder(repo.dir);
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
        'pullNumber' in event
          ? [...(fake.comments.get(event.pullNumber) ?? [])]
          : [...fake.comments.values()].flat(),
      summary: run.summary,
      violations: [...fake.violations],
      leftover,
      changedFiles: report.changedFiles,
      baseSha: repo.baseSha,
      headSha: repo.headSha,
    };
  } finally {
    await fake.close();
    // A gate that hangs is killed by runAction and leaves its servers behind: end them before the directory goes.
    for (const found of processesUnder(repo.dir)) {
      try {
        process.kill(Number(found.slice(0, found.indexOf(':'))), 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    repo.cleanup();
  }
}

/** The comparisons of the scenarios that request one path. */
export function comparisonsOf(report: Report, path: string): MetricComparison[] {
  const names = new Set(report.settings.scenarios.filter((s) => s.path === path).map((s) => s.name));
  return (report.decision?.comparisons ?? []).filter((c) => names.has(c.scenario));
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
      `${path}: base ${other?.base.toFixed(0)} req/s, head ${other?.head.toFixed(0)} req/s, ${other?.verdict}`,
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
    const flagged = comparisonsOf(report, path).filter((c) => c.verdict === 'regression');
    assert.deepEqual(flagged, [], `${path} is unchanged on head, yet flagged`);
    assert.ok(comparisonsOf(report, path).length > 0, `${path} was not compared`);
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
  const row = body.split('\n').find((line) => line.startsWith(`| GET ${expected.path} | req/s |`));
  assert.ok(row, `no req/s row of GET ${expected.path} in the report:\n${body}`);
  assert.match(row, /🔴 regression \|$/);
  assert.deepEqual(result.violations, []);
  assert.deepEqual(result.leftover, [], 'processes left running after the action exited');
}
