/**
 * The built action (dist/index.js) run as a runner runs it, on throwaway git repositories with real servers,
 * against a loopback GitHub API that rejects anything that is not a real endpoint.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MARKER } from '../../src/publish/github.ts';
import { readReport, runAction, UNREACHABLE_THRESHOLDS, workflowCommands } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';

/** Short fixed gates served by one pair of server processes (one block, primed once): these tests are about mechanics. */
const FAST = { rounds: '8', duration: '1s', warmup: '0.25s', 'restart-every': '8' };

describe('perf-gate action, end to end', () => {
  let fake: FakeGitHub;
  const repos: TestRepo[] = [];
  const repo = (...args: Parameters<typeof makeRepo>): TestRepo => {
    const r = makeRepo(...args);
    repos.push(r);
    return r;
  };

  before(async () => {
    fake = await startFakeGitHub({ token: 'ghs_testtoken' });
  });
  after(async () => {
    await fake.close();
    for (const r of repos) r.cleanup();
  });

  test('a 2x slower head fails the step with verdict regression and one comment; a re-run updates that comment', async () => {
    const r = repo(
      { 'server.js': serverSource({ workUs: 150 }) },
      { 'server.js': serverSource({ workUs: 300 }) },
    );
    const inputs = { start: 'node server.js', paths: '/work', ...FAST };
    const first = await runAction({
      workspace: r.workspace,
      inputs,
      event: pullRequestEvent(r, 7),
      apiUrl: fake.url,
    });
    assert.equal(first.code, 1, first.stdout);
    assert.equal(first.outputs.verdict, 'regression');
    assert.ok(first.durationMs < 180_000, `took ${first.durationMs} ms`);
    assert.match(
      workflowCommands(first.stdout, 'error').join('\n'),
      /^perf-gate: head is \d+(\.\d)?(%|×) slower on GET \/work/,
    );
    const comments = fake.comments.get(7) ?? [];
    assert.equal(comments.length, 1);
    assert.ok(comments[0]!.body.startsWith(MARKER));
    assert.match(comments[0]!.body, /perf-gate: regression/);
    assert.match(comments[0]!.body, /\| GET \/work \| req\/s \|/);
    assert.equal(first.outputs['comment-url'], comments[0]!.html_url);
    assert.match(first.summary, /head is .* slower on GET \/work/);

    const report = readReport(first);
    assert.equal(report.rounds.length, 16);
    assert.deepEqual(
      report.rounds.filter((x) => x.pair < 2).map((x) => x.side),
      ['base', 'head', 'head', 'base'],
    );
    const rps = report.decision!.comparisons.find((c) => c.metric === 'rps')!;
    assert.ok(rps.change < -0.2 && rps.change > -0.7, `req/s change ${rps.change}`);
    assert.equal(rps.verdict, 'regression');
    assert.equal(report.base.sha, r.baseSha, 'the base commit was fetched into the shallow checkout');
    for (const round of report.rounds)
      assert.ok(round.measurement.latencyMs.p50 > 0 && round.measurement.latencyMs.p50 < 50);
    // The default: within each pair the sides took turns in 250 ms slices, 1 s of load each.
    assert.equal(report.settings.sliceSec, 0.25);
    for (const round of report.rounds) assert.equal(round.measurement.slices, 4);
    assert.match(first.summary, /taking turns ABBA in slices of 0\.25 s/);

    const second = await runAction({
      workspace: r.workspace,
      inputs,
      event: pullRequestEvent(r, 7),
      apiUrl: fake.url,
    });
    assert.equal(second.code, 1);
    assert.equal(fake.comments.get(7)?.length, 1, 'still one comment');
    assert.equal(second.outputs['comment-url'], first.outputs['comment-url']);
    assert.ok(
      fake.requests.some(
        (q) => q.method === 'PATCH' && q.operationId === 'issues/update-comment' && q.status === 200,
      ),
    );
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });

  test('a docs-only head on a fixed-port server: whole rounds, a fresh process each, no change', async () => {
    const port = String(20_000 + (process.pid % 20_000));
    const server = serverSource({ workUs: 100, fixedPort: Number(port) });
    const r = repo(
      { 'server.js': server, 'README.md': '# shop\n' },
      { 'README.md': '# shop\n\nNow with docs.\n' },
    );
    const run = await runAction({
      workspace: r.workspace,
      inputs: { start: 'node server.js', paths: '/work', port, ...FAST, ...UNREACHABLE_THRESHOLDS },
      event: pullRequestEvent(r, 8),
      apiUrl: fake.url,
    });
    assert.equal(run.code, 0, run.stdout);
    assert.ok(
      ['no-change', 'inconclusive'].includes(run.outputs.verdict ?? ''),
      `verdict ${run.outputs.verdict}`,
    );
    const report = readReport(run);
    assert.equal(report.rounds.length, 16);
    assert.equal(report.settings.port, Number(port));
    // A fixed port cannot serve base and head side by side: whole rounds, a fresh process each.
    assert.equal(report.settings.sliceSec, 0);
    for (const round of report.rounds) assert.equal(round.measurement.slices, undefined);
    assert.equal(fake.comments.get(8)?.length, 1);
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });

  test('a head whose server crashes at start ends with an error that names the command and shows its output', async () => {
    const r = repo(
      { 'server.js': serverSource({ workUs: 0 }) },
      {
        'server.js': serverSource({ workUs: 0, crash: "throw new Error('boom: DATABASE_URL is not set');" }),
      },
    );
    const run = await runAction({
      workspace: r.workspace,
      inputs: { start: 'node server.js', paths: '/', ...FAST },
      event: pullRequestEvent(r, 9),
      apiUrl: fake.url,
    });
    assert.equal(run.code, 1);
    assert.match(
      workflowCommands(run.stdout, 'error').join('\n'),
      /^perf-gate: the head server `node server\.js` exited with code 1 before it answered GET \//,
    );
    assert.match(run.stdout, /boom: DATABASE_URL is not set/);
    assert.equal(run.outputs.verdict, 'inconclusive');
    const comment = fake.comments.get(9)?.[0];
    assert.ok(comment, 'the failure is reported on the pull request too');
    assert.match(comment.body, /boom: DATABASE_URL is not set/);
    assert.deepEqual(processesUnder(r.dir), []);
  });

  test('a base that fails to build ends neutral with a warning, not a red X', async () => {
    const r = repo(
      {
        'server.js': serverSource({ workUs: 0 }),
        'build.js': "console.error('tsc: 3 errors'); process.exit(2);",
      },
      { 'build.js': "console.log('built');" },
    );
    const run = await runAction({
      workspace: r.workspace,
      inputs: { start: 'node server.js', build: 'node build.js', ...FAST },
      event: pullRequestEvent(r, 10),
      apiUrl: fake.url,
    });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      workflowCommands(run.stdout, 'warning').join('\n'),
      /perf-gate: inconclusive: build of base \(`node build\.js`\) failed with exit code 2/,
    );
    assert.match(run.stdout, /tsc: 3 errors/);
    assert.deepEqual(processesUnder(r.dir), []);
  });

  test('a read-only token (fork pull request) gives a warning naming the permission, and the verdict stands', async () => {
    const readOnly = await startFakeGitHub({ token: 'ghs_testtoken', pullRequestsPermission: 'read' });
    try {
      const r = repo(
        { 'server.js': serverSource({ workUs: 100 }) },
        { 'server.js': serverSource({ workUs: 400 }) },
      );
      const run = await runAction({
        workspace: r.workspace,
        inputs: { start: 'node server.js', paths: '/work', ...FAST },
        event: pullRequestEvent(r, 11, true),
        apiUrl: readOnly.url,
      });
      assert.equal(run.outputs.verdict, 'regression');
      assert.equal(run.code, 1);
      assert.match(
        workflowCommands(run.stdout, 'warning').join('\n'),
        /could not post the PR comment: the token lacks the `pull-requests: write` permission \(pull requests from forks/,
      );
      assert.equal(run.outputs['comment-url'], '');
      assert.equal(readOnly.comments.get(11)?.length ?? 0, 0);
      assert.deepEqual(readOnly.violations, []);
      assert.ok(run.stdout.includes('::add-mask::ghs_testtoken'), 'the token is registered as a secret');
      assert.ok(
        !run.stdout.replace('::add-mask::ghs_testtoken', '').includes('ghs_testtoken'),
        'the token is never printed',
      );
    } finally {
      await readOnly.close();
    }
  });
});
