/**
 * Issue 33, item 3, end to end: the built action publishes prepared report.json files (`mode: report`, which
 * measures nothing and takes a second or two) to the loopback GitHub, as a team's workflow would meet them:
 * - a regression on a pull request labelled `perf-gate:accept` passes the step and the check run, and the comment
 *   says who added the label;
 * - `comment: change` posts nothing for an unchanged pull request, the full report for a regression, and then,
 *   when the regression is gone, turns the comment into one line that keeps the earlier runs;
 * - two gates of one job with a `name` each keep a comment and a check run each;
 * - every output is set, in one place.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Report } from '../../src/model/report.ts';
import { reportHeadline } from '../../src/report/headline.ts';
import { type ActionRun, runAction } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { pullRequestEvent } from '../support/repo.ts';
import { BASE_SHA, gateReport, PR_HEAD_SHA, writeResults } from '../support/reports.ts';

const TOKEN = 'ghs_controls_e2e';
const PR = 12;
const commits = { baseSha: BASE_SHA, headSha: PR_HEAD_SHA };

/** A report of pull request PR: head 20% slower on /seed/v1 (a regression), or unchanged. */
function reportOf(kind: 'regression' | 'unchanged'): Report {
  const report = gateReport({
    paths: kind === 'regression' ? { '/seed/v1': 0.8, '/health': 1 } : { '/health': 1 },
  });
  report.pullRequest = { number: PR, headSha: PR_HEAD_SHA, baseSha: BASE_SHA };
  return report;
}

describe('controls, end to end', { timeout: 300_000 }, () => {
  let dir: string;
  const fakes: FakeGitHub[] = [];
  let runs = 0;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-controls-'));
  });
  after(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const fake = async (options: Parameters<typeof startFakeGitHub>[0] = {}): Promise<FakeGitHub> => {
    const f = await startFakeGitHub({
      token: TOKEN,
      pullNumber: PR,
      headSha: PR_HEAD_SHA,
      roles: { alice: 'maintain' },
      ...options,
    });
    fakes.push(f);
    return f;
  };

  /** Publishes `report` with `inputs`, as the step of a job on pull request PR. */
  const publish = async (
    github: FakeGitHub,
    report: Report,
    inputs: Record<string, string>,
    event: Record<string, unknown> = pullRequestEvent(commits, PR),
  ): Promise<ActionRun> => {
    const at = join(dir, `run-${++runs}`);
    // Measured in this workflow run, with the threshold this job decides with (`mode: report` refuses others).
    const measured = { ...report, run: { id: String(1000 + runs), attempt: 1 } };
    const results = writeResults(join(at, 'perf-gate-results'), { 'perf-gate': measured });
    mkdirSync(join(at, 'workspace'));
    return runAction({
      workspace: join(at, 'workspace'),
      inputs: { mode: 'report', results, threshold: `${report.settings.threshold * 100}%`, ...inputs },
      event,
      apiUrl: github.url,
      token: TOKEN,
      env: { GITHUB_JOB: 'perf', GITHUB_RUN_ID: String(1000 + runs) },
    });
  };

  test('the accept label: the regression passes, the check run succeeds, the comment says who accepted it', async () => {
    const github = await fake();
    github.addLabel('perf-gate:accept', { login: 'alice', type: 'User' });
    const report = reportOf('regression');
    const run = await publish(github, report, { 'check-name': 'perf-gate' });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(run.outputs.verdict, 'regression', 'the verdict stays what was measured');
    assert.equal(run.outputs.accepted, 'true', 'and `accepted` says it was accepted');
    assert.match(
      run.stdout,
      /the regression of ddddddd was accepted by alice with the label perf-gate:accept: the step passes/,
    );
    const [check] = github.checkRuns;
    assert.equal(check?.name, 'perf-gate');
    assert.equal(check?.conclusion, 'success');
    assert.match(String(check?.output.title), /^accepted: head is/);
    const [comment] = github.comments.get(PR) ?? [];
    assert.ok(comment, 'one comment');
    assert.match(comment.body, /^### 🟠 perf-gate: regression, accepted$/m);
    assert.match(
      comment.body,
      /^> Accepted by `alice` with the label `perf-gate:accept` for commit `ddddddd`\. The slowdown is intended, so the check passes\.$/m,
    );
    // Every output, set once.
    assert.deepEqual(
      {
        headline: run.outputs.headline,
        'base-sha': run.outputs['base-sha'],
        'head-sha': run.outputs['head-sha'],
        'comment-url': run.outputs['comment-url'],
        'check-run-url': run.outputs['check-run-url'],
      },
      {
        headline: reportHeadline(report),
        'base-sha': report.base.sha,
        'head-sha': report.head.sha,
        'comment-url': comment.html_url,
        'check-run-url': `https://github.com/octo-org/octo-repo/runs/${check!.id}`,
      },
    );
    assert.match(run.outputs.change ?? '', /^-(19|20|21)\.\d%$/);
    assert.deepEqual(github.violations, []);

    // Without the label, the same report fails the step and the check run.
    const plain = await fake();
    const failing = await publish(plain, report, { 'check-name': 'perf-gate' });
    assert.equal(failing.code, 1);
    assert.equal(failing.outputs.accepted, 'false');
    assert.equal(plain.checkRuns[0]?.conclusion, 'failure');
    assert.match(plain.comments.get(PR)![0]!.body, /^### 🔴 perf-gate: regression$/m);
  });

  test('a line of the description accepts with `accept-in-description: true`, not by default', async () => {
    const github = await fake({ pullBody: 'Cache totals.\n\nperf-gate:accept correct totals first\n' });
    const run = await publish(github, reportOf('regression'), { 'accept-in-description': 'true' });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.outputs.accepted, 'true');
    assert.match(
      github.comments.get(PR)![0]!.body,
      /^> Accepted by `octocat` in the pull request's description \(`perf-gate:accept`\) for commit `ddddddd`: “correct totals first”/m,
    );
    const strict = await fake({ pullBody: 'perf-gate:accept correct totals first' });
    const refused = await publish(strict, reportOf('regression'), {});
    assert.equal(refused.code, 1);
  });

  test('comment: change — nothing for no change; the report on a regression; then one line with the history', async () => {
    const github = await fake();
    const quiet = await publish(github, reportOf('unchanged'), { comment: 'change' });
    assert.equal(quiet.code, 0, quiet.stdout);
    assert.equal(github.comments.get(PR), undefined, 'no comment for an unchanged pull request');
    assert.equal(quiet.outputs['comment-url'], '');
    assert.match(quiet.summary, /perf-gate: no change/, 'the job summary has the report all the same');

    const loud = await publish(github, reportOf('regression'), { comment: 'change' });
    assert.equal(loud.code, 1);
    assert.equal(github.comments.get(PR)?.length, 1);
    assert.match(github.comments.get(PR)![0]!.body, /^### 🔴 perf-gate: regression$/m);

    const fixed = await publish(github, reportOf('unchanged'), { comment: 'change' });
    assert.equal(fixed.code, 0);
    const body = github.comments.get(PR)![0]!.body;
    assert.equal(github.comments.get(PR)?.length, 1, 'the same comment, updated');
    assert.equal(fixed.outputs['comment-url'], loud.outputs['comment-url']);
    assert.match(body, /^### ⚪ perf-gate: no change$/m);
    assert.match(
      body,
      /The whole report is in \[the job summary\]\(https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/\d+\)\./,
    );
    assert.doesNotMatch(body, /\| scenario \|/, 'one line, not the report');
    assert.match(body, /<summary>Earlier runs on this pull request \(1\)<\/summary>/);
    assert.match(
      body,
      new RegExp(`\\| \`${PR_HEAD_SHA.slice(0, 7)}\` \\| 🔴 regression \\| -\\d+\\.\\d% \\|`),
    );
    assert.deepEqual(github.violations, []);
  });

  test('a re-run keeps the earlier runs: each run adds a row, newest first', async () => {
    const github = await fake();
    for (const kind of ['regression', 'unchanged', 'regression'] as const)
      await publish(github, reportOf(kind), {});
    const body = github.comments.get(PR)![0]!.body;
    assert.equal(github.comments.get(PR)?.length, 1);
    assert.match(body, /<summary>Earlier runs on this pull request \(2\)<\/summary>/);
    const rows = body.split('\n').filter((line) => line.startsWith(`| \`${PR_HEAD_SHA.slice(0, 7)}\``));
    assert.deepEqual(
      rows.map((row) => row.split(' | ')[1]),
      ['⚪ no change', '🔴 regression'],
    );
  });

  test('name: two gates of one job keep a comment and a check run each', async () => {
    const github = await fake();
    for (const name of ['api', 'worker']) {
      const run = await publish(github, reportOf('regression'), { name, 'check-name': 'perf-gate' });
      assert.equal(run.code, 1);
    }
    // Published again: each gate updates its own comment.
    await publish(github, reportOf('unchanged'), { name: 'api', 'check-name': 'perf-gate' });
    const comments = github.comments.get(PR) ?? [];
    assert.equal(comments.length, 2);
    assert.match(comments[0]!.body, /^### ⚪ perf-gate \(api\): no change$/m);
    assert.match(comments[1]!.body, /^### 🔴 perf-gate \(worker\): regression$/m);
    assert.deepEqual(
      github.checkRuns.map((c) => `${c.name}: ${c.conclusion}`),
      ['perf-gate (api): failure', 'perf-gate (worker): failure', 'perf-gate (api): success'],
    );
    assert.deepEqual(github.violations, []);
  });
});
