/**
 * example-workflows/node-http.yml, for real: a plain node:http server (test/fixtures/apps/node-http) whose head
 * serialises the seed data on every request instead of once at start-up. The gate runs with the example's inputs;
 * only timing inputs are overridden (below). GET /seed/v1 must be flagged, GET /health not.
 *
 * Also the plain gate's mechanics, on the rounds it measured: the shallow checkout's base fetched, ABBA order,
 * slices, and the sticky comment updated in place when the report is published again.
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/example-node-http.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MARKER } from '../../src/publish/github.ts';
import { runAction } from '../support/action.ts';
import {
  appRepo,
  assertAutoTurns,
  assertRegression,
  fakeGitHubFor,
  pullRequestStep,
  runStep,
  TIMING_OVERRIDES,
  TOKEN,
} from '../support/example.ts';
import { killProcessesUnder, pullRequestEvent } from '../support/repo.ts';
import { writeResults } from '../support/reports.ts';
import { actionInvocation, perfGateJob, readWorkflow } from '../support/workflow.ts';

const PR = 31;

test('node-http.yml: the head that serialises per request is a regression on GET /seed/v1 only; publishing again updates the comment', {
  timeout: 180_000,
}, async (t) => {
  const workflow = readWorkflow('node-http.yml');
  const job = perfGateJob(workflow);
  assert.deepEqual(job.services, []);
  const invocation = actionInvocation(job, { token: TOKEN }, TIMING_OVERRIDES);
  assert.deepEqual(invocation.inputs, {
    start: 'node index.js',
    paths: '/seed/v1\n/health\n',
    threshold: '5%',
    ...TIMING_OVERRIDES,
  });
  const repo = appRepo('node-http');
  const fake = await fakeGitHubFor(repo, PR, 'write');
  try {
    const result = await runStep({
      workspace: repo.workspace,
      dir: repo.dir,
      invocation,
      ...pullRequestStep(repo, PR),
      fake,
      timeoutMs: 170_000,
    });
    assertRegression(t, result, { path: '/seed/v1', unchanged: ['/health'], atMost: 0.5 });
    const { report, run } = result;
    assert.deepEqual(result.changedFiles, ['index.js']);
    assert.equal(report.base.sha, repo.baseSha, 'the base commit was fetched into the shallow checkout');
    assert.deepEqual(report.pullRequest, { number: PR, headSha: repo.headSha, baseSha: repo.baseSha });
    assert.ok(result.comments[0]!.body.startsWith(MARKER));
    assert.equal(run.outputs['comment-url'], result.comments[0]!.html_url);
    // Every pair of both paths (a pair measured again replaces its first measurement), in ABBA order.
    assert.equal(report.rounds.length, Number(TIMING_OVERRIDES.rounds) * 2 * 2);
    assert.deepEqual(
      report.rounds.filter((x) => x.pair < 2 && x.scenario === 'GET /seed/v1').map((x) => x.side),
      ['base', 'head', 'head', 'base'],
    );
    // Latency in milliseconds, however busy the host: by Little's law a closed loop's mean latency is its connections
    // over its rate, and a median is at most twice a mean; 3× leaves room for the turns' edges. (A bound of 50 ms
    // failed once, a starved round's median above it; a latency in µs would be a thousand times over this one.)
    for (const round of report.rounds) {
      const { rps, latencyMs } = round.measurement;
      const bound = (3 * 1000 * report.settings.connections) / rps;
      assert.ok(latencyMs.p50 > 0 && latencyMs.p50 <= bound, `p50 ${latencyMs.p50} ms at ${rps} req/s`);
    }
    // The default: within each pair the sides took turns of the plan's length on kept connections.
    assertAutoTurns(report);
    assert.match(
      run.summary,
      /base and head taking turns ABBA of [\d.]+ m?s(–[\d.]+ m?s)? on connections kept open/,
    );

    // Published again (`mode: report` on the same report.json, which measures nothing; a re-run of the gate
    // publishes the same way): the sticky comment is updated in place, not posted twice.
    const again = join(repo.dir, 'again');
    const results = writeResults(join(again, 'perf-gate-results'), { 'perf-gate': report });
    mkdirSync(join(again, 'workspace'));
    const second = await runAction({
      workspace: join(again, 'workspace'),
      // The measuring job's threshold: `mode: report` decides with its own and refuses a report that differs.
      inputs: { mode: 'report', results, threshold: '5%' },
      event: pullRequestEvent(repo, PR),
      apiUrl: fake.url,
      token: TOKEN,
    });
    assert.equal(second.code, 1, second.stdout);
    assert.equal(second.outputs.verdict, 'regression');
    assert.equal(fake.comments.get(PR)?.length, 1, 'still one comment');
    assert.equal(second.outputs['comment-url'], run.outputs['comment-url']);
    assert.ok(
      fake.requests.some(
        (q) => q.method === 'PATCH' && q.operationId === 'issues/update-comment' && q.status === 200,
      ),
    );
    assert.deepEqual(fake.violations, []);
  } finally {
    await fake.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
});
