/**
 * Check runs, the fork-safe two-workflow pattern and merged shards, end to end: the built action against the
 * loopback GitHub (every request checked against GitHub's OpenAPI description).
 *
 * Nothing here needs a measurement. The measuring half of the fork pattern runs as a gate whose head server fails
 * at start (a fork's read-only token, `comment: off`, `check-name` set): what it must not post and what it must
 * write do not depend on what was measured. The reporting half and the merging of shards publish prepared
 * report.json files (test/support/reports.ts: seeded rounds of 10 pairs, head 2× slower on /work/a and /work/b,
 * decided as the gate decides) with `mode: report`, which measures nothing and takes a second or two. A real gate's
 * report.json goes the same way in example-fork-safe.test.ts and example-sharded.test.ts, and a gate's own check run
 * is in action.test.ts.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { reportText } from '../../src/io/report-json.ts';
import type { Report } from '../../src/model/report.ts';
import { MARKER } from '../../src/publish/github.ts';
import { type ActionRun, runAction, workflowCommands } from '../support/action.ts';
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';
import { gateReport } from '../support/reports.ts';

const TOKEN = 'ghs_testtoken';
const PR = 7;

function workflowRunEvent(headSha: string): Record<string, unknown> {
  return {
    action: 'completed',
    workflow_run: {
      id: 4242,
      name: 'perf (measure)',
      event: 'pull_request',
      status: 'completed',
      conclusion: 'failure',
      head_sha: headSha,
      html_url: 'https://github.com/octo-org/octo-repo/actions/runs/4242',
      // Pull requests from forks are not listed here.
      pull_requests: [],
    },
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

function writes(fake: FakeGitHub): string[] {
  return fake.requests
    .filter((q) => q.method !== 'GET' && q.status < 300)
    .map((q) => `${q.method} ${q.path}`);
}

describe('check runs, fork-safe reporting and merged shards, end to end', () => {
  let r: TestRepo;
  const fakes: FakeGitHub[] = [];
  let measuringFake: FakeGitHub;
  let measured: ActionRun;
  /** report.json of the measuring half (its head failed, so it measured nothing). */
  let measuredReport: string;
  /** Prepared report.json files: head 2× slower on /work/a, and on /work/b. */
  let shardA: string;
  let shardB: string;

  const fake = async (options: FakeGitHubOptions = {}): Promise<FakeGitHub> => {
    const f = await startFakeGitHub({
      token: TOKEN,
      pullNumber: PR,
      headSha: r.headSha,
      baseSha: r.baseSha,
      ...options,
    });
    fakes.push(f);
    return f;
  };
  const results = (name: string, files: Record<string, string>): string => {
    const dir = join(r.dir, name);
    for (const [sub, from] of Object.entries(files)) {
      mkdirSync(join(dir, sub), { recursive: true });
      copyFileSync(from, join(dir, sub, 'report.json'));
    }
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const report = (
    inputs: Record<string, string>,
    event: Record<string, unknown>,
    eventName: string,
    apiUrl: string,
  ): Promise<ActionRun> =>
    runAction({
      workspace: r.workspace,
      inputs: { mode: 'report', ...inputs },
      event,
      eventName,
      apiUrl,
      timeoutMs: 60_000,
    });
  /** A prepared report of pull request PR at the repository's commits, as its measuring run would write it. */
  const prepared = (path: string, seed: number): string => {
    const file = join(r.dir, `prepared-${seed}.json`);
    const made = gateReport({ paths: { [path]: 0.5 }, pairs: 10, seed });
    made.base = { sha: r.baseSha, label: 'main' };
    made.head = { sha: r.headSha, label: 'feature' };
    made.pullRequest = { number: PR, headSha: r.headSha, baseSha: r.baseSha };
    // Measured with action.yml's default threshold, with which `mode: report` decides (it refuses another), in
    // the measuring run the workflow_run event names.
    made.settings.threshold = 0.02;
    made.run = { id: '4242', attempt: 1 };
    // As report.json holds it (a p-value nearer 0 than TINY is 0, as t's can be).
    writeFileSync(file, reportText(made));
    return file;
  };

  before(async () => {
    r = makeRepo(
      { 'server.js': serverSource({ workUs: 0 }) },
      { 'server.js': "console.error('fatal: config/production.json is missing'); process.exit(3);\n" },
    );
    measuringFake = await fake({ pullRequestsPermission: 'read', checksPermission: 'read' });
    // The measuring half of the fork pattern: a fork's pull request, its read-only token, no comment.
    measured = await runAction({
      workspace: r.workspace,
      inputs: {
        start: 'node server.js',
        paths: '/work/a',
        comment: 'off',
        'check-name': 'perf',
        'output-dir': join(r.dir, 'out-a'),
        flamegraphs: 'off',
      },
      event: pullRequestEvent(r, PR, true),
      apiUrl: measuringFake.url,
    });
    measuredReport = join(r.dir, 'out-a', 'report.json');
    shardA = prepared('/work/a', 1);
    shardB = prepared('/work/b', 2);
  });

  after(async () => {
    for (const f of fakes) await f.close();
    r?.cleanup();
  });

  test('the measuring half on a fork: read-only token, comment off; the check run’s 403 warns naming the two-workflow pattern, the verdict stands, report.json is written', () => {
    assert.equal(measured.code, 1, measured.stdout);
    assert.equal(measured.outputs.verdict, 'inconclusive');
    assert.equal(measured.outputs['comment-url'], '');
    assert.equal(measured.outputs.report, measuredReport);
    const warnings = workflowCommands(measured.stdout, 'warning').join('\n');
    assert.match(
      warnings,
      /could not create the check run `perf`: the token lacks the `checks: write` permission/,
    );
    assert.match(warnings, /forks get a read-only token .*two-workflow pattern/);
    assert.match(warnings, /The verdict stands: inconclusive\.$/m);
    assert.match(
      workflowCommands(measured.stdout, 'error').join('\n'),
      /^perf-gate: the head server `node server\.js` exited with code 3/,
    );
    assert.deepEqual(writes(measuringFake), [], 'nothing was posted');
    assert.equal(measuringFake.checkRuns.length, 0);
    assert.equal(measuringFake.comments.size, 0);
    assert.ok(
      !measuringFake.requests.some((q) => q.operationId === 'issues/list-comments'),
      'comment: false does not even look for the comment',
    );
    const written = JSON.parse(readFileSync(measuredReport, 'utf8')) as Report;
    assert.equal(written.verdict, 'inconclusive');
    assert.match(written.error?.message ?? '', /exited with code 3/);
    assert.deepEqual(written.pullRequest, { number: PR, headSha: r.headSha, baseSha: r.baseSha });
    assert.deepEqual(measuringFake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });

  test('the reporting half (workflow_run): verifies the pull request, posts the comment and the check run, fails on the regression', async () => {
    const github = await fake();
    const dir = results('fork-results', { 'perf-gate-report': shardA });
    const run = await report(
      { results: dir, 'check-name': 'perf' },
      workflowRunEvent(r.headSha),
      'workflow_run',
      github.url,
    );
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'regression');
    assert.ok(run.durationMs < 30_000, `report mode took ${run.durationMs} ms`);
    const comments = github.comments.get(PR) ?? [];
    assert.equal(comments.length, 1);
    assert.ok(comments[0]!.body.startsWith(MARKER));
    assert.match(comments[0]!.body, /perf-gate: regression/);
    assert.match(comments[0]!.body, /\| GET \/work\/a \| req\/s \|/);
    assert.match(comments[0]!.body, /\(https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/4242\)/);
    assert.equal(run.outputs['comment-url'], comments[0]!.html_url);
    assert.equal(github.checkRuns.length, 1);
    assert.equal(github.checkRuns[0]!.head_sha, r.headSha);
    assert.equal(github.checkRuns[0]!.conclusion, 'failure');
    assert.equal(github.checkRuns[0]!.details_url, 'https://github.com/octo-org/octo-repo/actions/runs/4242');
    assert.ok(github.requests.some((q) => q.operationId === 'pulls/get' && q.path.endsWith(`/pulls/${PR}`)));
    assert.match(
      run.summary,
      /^\*\*#7 \(`feature`\) makes GET \/work\/a [\d.]+(×|%) slower than `main`\*\*/m,
    );
    // Decided again from the same rounds: the same verdicts and p-values as the report's own decision (made by
    // test/support/reports.ts as the gate decides; the whole decision of a real gate is compared so in
    // example-fork-safe.test.ts).
    const verdicts = (report: Report) =>
      report.decision?.comparisons.map((c) => [c.scenario, c.metric, c.verdict, c.p, c.pAdjusted]);
    const original = JSON.parse(readFileSync(shardA, 'utf8')) as Report;
    const republished = JSON.parse(readFileSync(run.outputs.report!, 'utf8')) as Report;
    assert.equal(republished.verdict, original.verdict);
    assert.deepEqual(verdicts(republished), verdicts(original));
    assert.deepEqual(github.violations, []);
  });

  test('a forged report naming another pull request (whose head differs) is refused: nothing posted', async () => {
    const other = await fake({ pullNumber: 8, headSha: 'f'.repeat(40) });
    const forged = JSON.parse(readFileSync(shardA, 'utf8')) as Report;
    forged.pullRequest = { number: 8, headSha: r.headSha, baseSha: r.baseSha };
    const file = join(r.dir, 'forged.json');
    writeFileSync(file, JSON.stringify(forged));
    const run = await report(
      { results: results('forged-results', { x: file }), 'check-name': 'perf' },
      workflowRunEvent(r.headSha),
      'workflow_run',
      other.url,
    );
    assert.equal(run.code, 1);
    assert.match(
      workflowCommands(run.stdout, 'error').join('\n'),
      /^perf-gate: refusing to post the report: pull request #8's head is fffffff, not the \w{7} the report measured/,
    );
    assert.deepEqual(writes(other), []);
    assert.equal(other.checkRuns.length, 0);
    assert.equal(other.comments.size, 0);
    assert.deepEqual(other.violations, []);

    // And a report of another commit than the triggering run's: refused before asking the API.
    const stale = await fake();
    const run2 = await report(
      { results: results('stale-results', { x: shardA }) },
      workflowRunEvent('a'.repeat(40)),
      'workflow_run',
      stale.url,
    );
    assert.equal(run2.code, 1);
    assert.match(run2.stdout, /the workflow run that triggered this one ran on aaaaaaa/);
    assert.deepEqual(stale.requests, []);
  });

  test('two shard reports merge into one comment with one verdict, Holm across both shards', async () => {
    const github = await fake();
    const dir = results('shards', { 'perf-gate-1': shardA, 'perf-gate-2': shardB });
    const run = await report({ results: dir }, pullRequestEvent(r, PR), 'pull_request', github.url);
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'regression');
    const comments = github.comments.get(PR) ?? [];
    assert.equal(comments.length, 1);
    const body = comments[0]!.body;
    assert.match(body, /\| GET \/work\/a \| req\/s \|/);
    assert.match(body, /\| GET \/work\/b \| req\/s \|/);
    assert.match(body, /2 shards of 10, 10 pairs/);
    assert.match(body, /p-values adjusted over 6 comparisons \(across all shards\)/);
    const merged = JSON.parse(readFileSync(run.outputs.report!, 'utf8')) as Report;
    assert.equal(merged.decision?.comparisons.length, 4, 'req/s and p99 of each path');
    assert.equal(merged.decision?.errors.length, 2, 'and the failed requests of each');
    assert.deepEqual(
      merged.settings.scenarios.map((s) => s.path),
      ['/work/a', '/work/b'],
    );
    assert.deepEqual(
      merged.shards?.map((s) => s.source),
      ['perf-gate-1/report.json', 'perf-gate-2/report.json'],
    );
    assert.deepEqual(github.violations, []);
  });

  test('mode report: a 403 on the check run warns naming `checks: write`; the comment is posted and the verdict stands', async () => {
    const github = await fake({ checksPermission: 'read' });
    const run = await report(
      { results: results('readonly-checks', { s: shardB }), 'check-name': 'perf' },
      pullRequestEvent(r, PR),
      'pull_request',
      github.url,
    );
    assert.equal(run.code, 1);
    assert.equal(run.outputs.verdict, 'regression');
    assert.match(workflowCommands(run.stdout, 'warning').join('\n'), /lacks the `checks: write` permission/);
    assert.equal(github.comments.get(PR)?.length, 1);
    assert.equal(github.checkRuns.length, 0);
    assert.deepEqual(github.violations, []);
  });

  test('mode report without reports, or with a file that is not a report, fails naming `results`', async () => {
    const github = await fake();
    const empty = results('empty', {});
    const none = await report({ results: empty }, pullRequestEvent(r, PR), 'pull_request', github.url);
    assert.equal(none.code, 1);
    assert.match(
      workflowCommands(none.stdout, 'error').join('\n'),
      /^perf-gate: input `results`: no report\.json inside/,
    );
    const junk = join(r.dir, 'junk.json');
    writeFileSync(junk, '{"tool":"perf-gate","version":3,"rounds":"<script>"}');
    const bad = await report(
      { results: results('junk', { j: junk }) },
      pullRequestEvent(r, PR),
      'pull_request',
      github.url,
    );
    assert.equal(bad.code, 1);
    assert.match(
      workflowCommands(bad.stdout, 'error').join('\n'),
      /^perf-gate: input `results`: j\/report\.json is not a perf-gate report: /,
    );
    assert.equal(bad.outputs.verdict, 'inconclusive');
    assert.deepEqual(github.requests, []);
  });
});
