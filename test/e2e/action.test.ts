/**
 * The built action (dist/index.js) run as a runner runs it, on a throwaway git repository, against a loopback
 * GitHub API that rejects anything that is not a real endpoint.
 *
 * The plain gate on a real regression, with its sticky comment updated in place, is example-node-http.test.ts; what
 * else a gate meets is in faults.test.ts (servers that crash or hang, permissions, events, checkouts); a fixed port
 * in example-restify-fixed-port.test.ts; publishing what others measured in publish.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readReport, runAction, workflowCommands } from '../support/action.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { makeRepo, processesUnder, pullRequestEvent, serverSource, type TestRepo } from '../support/repo.ts';

describe('perf-gate action, end to end', () => {
  let fake: FakeGitHub;
  const repos: TestRepo[] = [];

  before(async () => {
    fake = await startFakeGitHub({ token: 'ghs_testtoken' });
  });
  after(async () => {
    await fake.close();
    for (const r of repos) r.cleanup();
  });

  test('a base that fails to build before anything of head’s ran ends neutral with a warning, not a red X; its check run, on the pull request head, is neutral too', async () => {
    const r = makeRepo(
      {
        'server.js': serverSource({ workUs: 0 }),
        'build.js': "console.error('tsc: 3 errors'); process.exit(2);",
      },
      { 'build.js': "console.log('built');" },
    );
    repos.push(r);
    const run = await runAction({
      workspace: r.workspace,
      // An install of the workflow's own: the trees go one after the other, base first.
      inputs: { start: 'node server.js', build: 'node build.js', install: 'true', 'check-name': 'perf' },
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
    assert.deepEqual(readReport(run).pullRequest, { number: 10, headSha: r.headSha, baseSha: r.baseSha });
    assert.equal(fake.comments.get(10)?.length, 1);
    // The check run: exactly one, on the pull request's head (not GITHUB_SHA), with the gate's conclusion.
    assert.equal(fake.checkRuns.length, 1);
    const check = fake.checkRuns[0]!;
    assert.equal(check.name, 'perf');
    assert.equal(check.head_sha, r.headSha, 'the head of the pull request, not GITHUB_SHA');
    assert.equal(check.status, 'completed');
    assert.equal(check.conclusion, 'neutral');
    assert.match(String(check.output.title), /^inconclusive: build of base \(`node build\.js`\) failed/);
    assert.match(String(check.output.summary), /build of base/);
    assert.deepEqual(fake.violations, []);
    assert.deepEqual(processesUnder(r.dir), []);
  });
});
