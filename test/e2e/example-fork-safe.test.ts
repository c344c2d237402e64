/**
 * example-workflows/fork-safe/measure.yml and report.yml, for real, chained as GitHub chains them for a pull
 * request from a fork. The app is test/fixtures/apps/node-http (its head serialises the seed data per request).
 *
 * 1. measure.yml's job: a fork's pull_request event, the read-only token GitHub gives a fork (the fake GitHub
 *    answers 403 to any write), `comment: off`. The step fails on the regression, posts nothing, writes
 *    report.json; the upload-artifact step (its `if:` evaluated: it must run after the failed step) stores it.
 * 2. report.yml's job: a `workflow_run` event naming the measuring run and the head commit, with no pull request
 *    listed (as for forks), a token that may write, a workspace with nothing checked out: download-artifact
 *    (emulated, from the run the event names) puts report.json where `results` says, and `mode: report` posts the
 *    sticky comment and the check run on the pull request's head, failing on the regression.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-fork-safe.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  appRepo,
  assertRegression,
  comparisonsOf,
  fakes,
  pullRequestStep,
  runReportJob,
  runStep,
  TIMING_OVERRIDES,
  TOKEN,
  testedMetrics,
  uploadReport,
  workflowRunEvent,
  writesTo,
} from '../support/example.ts';
import { killProcessesUnder } from '../support/repo.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

const PR = 57;
/** The measuring workflow's run, and the reporting workflow's own. */
const MEASURING_RUN = 4242;
const REPORTING_RUN = 4243;

test('fork-safe/measure.yml then fork-safe/report.yml: measured with a read-only token, published by workflow_run', {
  timeout: 240_000,
}, async (t) => {
  const measureWorkflow = readWorkflow('fork-safe/measure.yml');
  const reportWorkflow = readWorkflow('fork-safe/report.yml');
  assert.deepEqual(measureWorkflow.events, ['pull_request']);
  assert.deepEqual(reportWorkflow.events, ['workflow_run']);
  const measure = perfGateJob(measureWorkflow);
  const publish = perfGateJob(reportWorkflow);
  assert.deepEqual(measure.permissions, { contents: 'read' });

  const repo = appRepo('node-http');
  const f = fakes(repo, PR);
  try {
    // 1. The measuring half, as a fork's pull request runs it.
    const readOnly = await f.open('read');
    const invocation = actionInvocation(measure, { token: TOKEN }, TIMING_OVERRIDES);
    assert.deepEqual(invocation.inputs, {
      start: 'node index.js',
      paths: '/seed/v1',
      comment: 'off',
      ...TIMING_OVERRIDES,
    });
    const measured = await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      ...pullRequestStep(repo, PR, true),
      fake: readOnly,
      timeoutMs: 150_000,
      runId: MEASURING_RUN,
    });
    // The step fails on the regression; with no comment, the job summary carries the report.
    assertRegression(t, measured, { path: '/seed/v1', atMost: 0.5, comment: false });
    assert.deepEqual(writesTo(readOnly), [], 'the measuring half posts nothing');
    assert.equal(readOnly.checkRuns.length, 0);
    assert.equal(readOnly.comments.size, 0);
    assert.equal(measured.run.outputs['comment-url'], '');
    assert.deepEqual(measured.report.pullRequest, {
      number: PR,
      headSha: repo.headSha,
      baseSha: repo.baseSha,
    });

    // Its upload-artifact step runs although the step before failed, and stores report.json.
    const artifact = uploadReport(measure, measured.run.outputs, {
      context: { token: TOKEN },
      failed: true,
      workspace: repo.workspace,
      runId: String(MEASURING_RUN),
    });
    assert.deepEqual(Object.keys(artifact.files), ['report.json']);

    // 2. The reporting half: a workflow_run event for the measuring run, which failed; no pull request listed.
    // Its workspace: nothing checked out, only what the steps before perf-gate put there.
    const github = await f.open('write');
    const published = await runReportJob({
      job: publish,
      repo,
      artifacts: [artifact],
      fake: github,
      eventName: 'workflow_run',
      event: workflowRunEvent(repo, MEASURING_RUN, 'failure'),
      pullNumber: PR,
      runId: String(REPORTING_RUN),
    });
    assert.deepEqual(published.downloaded, [
      join(published.workspace, 'perf-gate-results', 'perf-gate-report', 'report.json'),
    ]);
    assert.deepEqual(published.inputs, {
      mode: 'report',
      results: 'perf-gate-results',
      'check-name': 'perf-gate',
    });
    t.diagnostic(`report.yml's step took ${(published.run.durationMs / 1000).toFixed(1)} s`);
    assertRegression(t, published, { path: '/seed/v1', atMost: 0.5 });
    // It verified that the pull request named in the (untrusted) report has the measured head.
    assert.ok(github.requests.some((q) => q.operationId === 'pulls/get' && q.path.endsWith(`/pulls/${PR}`)));
    assert.equal(published.comments[0]!.html_url, published.run.outputs['comment-url']);
    assert.match(
      published.comments[0]!.body,
      new RegExp(`\\(https://github\\.com/octo-org/octo-repo/actions/runs/${MEASURING_RUN}\\)`),
    );
    assert.equal(github.checkRuns.length, 1, 'one check run');
    const check = github.checkRuns[0]!;
    assert.equal(check.name, 'perf-gate');
    assert.equal(check.head_sha, repo.headSha, 'on the pull request head');
    assert.equal(check.status, 'completed');
    assert.equal(check.conclusion, 'failure');
    assert.match(String(check.output.title), /slower on GET \/seed\/v1/);
    // Decided again from the same rounds: the same decision as the measuring run's.
    assert.deepEqual(published.report.decision, measured.report.decision);
    assert.deepEqual(testedMetrics(comparisonsOf(published.report, '/seed/v1')), ['rps', 'p99', 'alloc']);
    assert.ok(published.run.durationMs < 30_000, `mode: report took ${published.run.durationMs} ms`);
    // The measuring run is recorded, and is the one the workflow_run event names.
    assert.deepEqual(measured.report.run, { id: String(MEASURING_RUN), attempt: 1 });
    // Nothing of the pull request's came into the reporting job.
    assert.deepEqual(readdirSync(published.workspace), ['perf-gate-results']);
  } finally {
    await f.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
