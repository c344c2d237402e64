/**
 * example-workflows/rerun.yml, for real: its job's `if:` as the runner evaluates it, and its script run with bash,
 * curl and jq as the runner runs it, against the fake GitHub (an `issue_comment` event on a pull request). A comment
 * of someone without write permission (read, triage) re-runs nothing and writes nothing; a maintainer's re-runs the
 * gate's run of exactly the head the pull request has, and only when that run began before the comment (a head pushed
 * after it is measured by its own run). Nothing is measured here: the re-run is GitHub's, of a `pull_request` run
 * that example-fork-safe and the other example tests run for real.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { startFakeGitHub } from '../support/fake-github/index.ts';
import type { FakeGitHub } from '../support/fake-github/types.ts';
import { conditionHolds, readWorkflow, runScript } from '../support/workflow.ts';

const TOKEN = 'ghs_rerun';
const PR = 31;
const HEAD = 'a1'.repeat(20);
const OLD_HEAD = 'b2'.repeat(20);
/** The gate's runs: one of an older head, then one of the head, both finished (the head's failed: a regression). */
const RUN_OF_HEAD = 9_000_000_002;
const RUN_OF_OLD_HEAD = 9_000_000_001;
const HEAD_RUN_AT = '2026-12-05T07:00:00Z';

const workflow = readWorkflow('rerun.yml');
const job = workflow.otherJobs[0]!;
const fakes: FakeGitHub[] = [];
after(() => Promise.all(fakes.map((f) => f.close())));

/** The event of a comment on pull request PR (or on an issue), as GitHub sends it. */
function commentEvent(login: string, body = '/perf-gate rerun', at = '2026-12-05T07:30:00Z', onPull = true) {
  return {
    action: 'created',
    issue: {
      number: PR,
      ...(onPull
        ? { pull_request: { url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${PR}` } }
        : {}),
    },
    comment: { id: 77, body, user: { login, type: 'User' }, created_at: at },
  };
}

async function fake(): Promise<FakeGitHub> {
  const f = await startFakeGitHub({
    token: TOKEN,
    pullNumber: PR,
    headSha: HEAD,
    roles: { maintainer: 'maintain', admin: 'admin', writer: 'write', triager: 'triage', mallory: 'read' },
  });
  const run = {
    workflow: '.github/workflows/perf.yml',
    event: 'pull_request',
    status: 'completed',
    attempt: 1,
  };
  f.workflowRuns.push(
    {
      ...run,
      id: RUN_OF_OLD_HEAD,
      headSha: OLD_HEAD,
      conclusion: 'success',
      createdAt: '2026-12-05T06:00:00Z',
    },
    { ...run, id: RUN_OF_HEAD, headSha: HEAD, conclusion: 'failure', createdAt: HEAD_RUN_AT },
  );
  fakes.push(f);
  return f;
}

async function rerun(f: FakeGitHub, event: Record<string, unknown>) {
  const r = await runScript(
    job.steps[0]!,
    { token: TOKEN, event },
    {
      apiUrl: f.url,
      repository: 'octo-org/octo-repo',
      where: 'rerun.yml',
    },
  );
  assert.deepEqual(f.violations, [], 'every request is one GitHub describes');
  return r;
}

/** Requests that change something on GitHub. */
const writes = (f: FakeGitHub): string[] =>
  f.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('rerun.yml: /perf-gate rerun from a pull request comment', () => {
  test('the workflow: a comment event, one job that checks out and runs nothing of the pull request', () => {
    assert.deepEqual(workflow.events, ['issue_comment']);
    assert.deepEqual(workflow.jobs, [], 'no perf-gate step: the gate runs in its own pull_request run');
    assert.deepEqual(job.permissions, { actions: 'write', 'pull-requests': 'read' });
    assert.deepEqual(
      job.steps.map((s) => s.uses),
      [undefined],
      'one script, no action',
    );
  });

  test('runs for the command on a pull request, and for no other comment', () => {
    const runsFor = (event: Record<string, unknown>): boolean =>
      conditionHolds(job.if, { token: TOKEN, event }, { failed: false }, 'rerun.yml');
    assert.ok(runsFor(commentEvent('maintainer')));
    assert.ok(runsFor(commentEvent('maintainer', '/perf-gate rerun\nthe runner was busy')));
    assert.ok(!runsFor(commentEvent('maintainer', 'looks good, /perf-gate rerun later?')));
    // On an issue `github.event.issue.pull_request` is absent, which the harness refuses to read (GitHub reads null).
    assert.throws(
      () => runsFor(commentEvent('maintainer', '/perf-gate rerun', undefined, false)),
      /issue\.pull_request/,
    );
  });

  test('a commenter without write permission is refused: nothing re-run, nothing written', async () => {
    for (const login of ['mallory', 'triager', 'someone-else']) {
      const f = await fake();
      const r = await rerun(f, commentEvent(login));
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(
        r.stdout,
        new RegExp(`^::error::/perf-gate rerun: refused: @${login} has (read|none) permission`, 'm'),
      );
      assert.match(r.summary, new RegExp(`@${login}: refused`));
      assert.deepEqual(f.reruns, []);
      assert.deepEqual(writes(f), []);
      // Asked only who the commenter is: not even the pull request was read.
      assert.deepEqual(
        f.requests.map((q) => q.operationId),
        ['repos/get-collaborator-permission-level'],
      );
    }
  });

  test('a commenter with write permission re-runs the gate’s run of exactly the head the pull request has', async () => {
    for (const login of ['maintainer', 'writer', 'admin']) {
      const f = await fake();
      const r = await rerun(f, commentEvent(login));
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.deepEqual(f.reruns, [RUN_OF_HEAD], `${login}: the run of ${HEAD}, not of ${OLD_HEAD}`);
      assert.deepEqual(writes(f), [`POST /repos/octo-org/octo-repo/actions/runs/${RUN_OF_HEAD}/rerun`]);
      assert.match(
        r.summary,
        new RegExp(`Re-running the gate of ${HEAD} for @${login} \\(run ${RUN_OF_HEAD}\\)`),
      );
      const listed = f.requests.find((q) => q.operationId === 'actions/list-workflow-runs')!;
      assert.equal(listed.query.get('head_sha'), HEAD);
      assert.equal(listed.query.get('event'), 'pull_request');
    }
  });

  test('a head pushed after the comment is not re-run: its own run measures it', async () => {
    const f = await fake();
    const r = await rerun(f, commentEvent('maintainer', '/perf-gate rerun', '2026-12-05T06:59:00Z'));
    assert.equal(r.code, 1);
    assert.match(r.stdout, new RegExp(`the head moved to ${HEAD} after the comment`));
    assert.deepEqual(f.reruns, []);
    assert.deepEqual(writes(f), []);
  });

  test('a head whose run is still measuring is left to it; a head without a run yet is refused', async () => {
    const busy = await fake();
    busy.workflowRuns[1]!.status = 'in_progress';
    const r = await rerun(busy, commentEvent('maintainer'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.summary, /still measuring/);
    assert.deepEqual(writes(busy), []);

    const none = await fake();
    none.workflowRuns.splice(1, 1);
    const n = await rerun(none, commentEvent('maintainer'));
    assert.equal(n.code, 1);
    assert.match(n.stdout, new RegExp(`no run of perf\\.yml measured ${HEAD} yet`));
    assert.deepEqual(writes(none), []);
  });
});
