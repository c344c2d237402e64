import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getOctokit } from '@actions/github';
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  loadGitHubSpec,
  startFakeGitHub,
} from '../../support/fake-github/index.ts';

const TOKEN = 'ghs_fake_token';
const owner = 'octo-org';
const repo = 'octo-repo';

/** Octokit's RequestError, narrowed without depending on @octokit/request-error directly. */
interface HttpError {
  status: number;
  response: { headers: Record<string, string | undefined>; data: unknown };
}

async function httpError(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(
      typeof e === 'object' && e !== null && 'status' in e && 'response' in e && e.response,
      `expected an HTTP error with a response, got ${String(e)}`,
    );
    return e as HttpError;
  }
  assert.fail('expected the request to fail');
}

/** Sends a request without Octokit's compile-time parameter checks: for deliberately invalid requests. */
function untyped(octokit: ReturnType<typeof getOctokit>, route: string, params: Record<string, unknown>) {
  return octokit.request(route, params);
}

function withFake(options: FakeGitHubOptions = {}) {
  const ctx = {} as { fake: FakeGitHub; octokit: ReturnType<typeof getOctokit> };
  before(async () => {
    ctx.fake = await startFakeGitHub({ token: TOKEN, owner, repo, ...options });
    ctx.octokit = getOctokit(TOKEN, { baseUrl: ctx.fake.url });
  });
  after(() => ctx.fake.close());
  return ctx;
}

test('the OpenAPI description loads once per process and quickly', () => {
  const first = loadGitHubSpec();
  const second = loadGitHubSpec();
  assert.ok(first.routeCount > 500, `only ${first.routeCount} routes`);
  assert.equal(second.loadMs, first.loadMs, 'second call must reuse the cached spec');
  assert.ok(first.loadMs < 5000, `loading took ${first.loadMs} ms`);
});

describe('issue comments', () => {
  const ctx = withFake();

  test('create, list with pagination, get, update, delete', async () => {
    const { fake, octokit } = ctx;
    for (let i = 0; i < 35; i++) {
      const { status, data } = await octokit.rest.issues.createComment({
        owner,
        repo,
        issue_number: 1,
        body: `comment ${i}`,
      });
      assert.equal(status, 201);
      assert.equal(data.body, `comment ${i}`);
      assert.equal(data.user?.login, 'github-actions[bot]');
      assert.equal(data.user?.type, 'Bot');
      assert.match(
        data.html_url,
        new RegExp(`^https://github\\.com/${owner}/${repo}/pull/1#issuecomment-${data.id}$`),
      );
      assert.match(data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    assert.equal(fake.comments.get(1)?.length, 35);

    const firstPage = await octokit.rest.issues.listComments({ owner, repo, issue_number: 1, per_page: 30 });
    assert.equal(firstPage.data.length, 30);
    assert.match(firstPage.headers.link ?? '', /[?&]page=2[^>]*>; rel="next"/);
    assert.match(firstPage.headers.link ?? '', /[?&]page=2[^>]*>; rel="last"/);

    const all = await octokit.paginate(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: 1,
      per_page: 30,
    });
    assert.equal(all.length, 35);
    assert.deepEqual(
      all.map((c) => c.body),
      Array.from({ length: 35 }, (_, i) => `comment ${i}`),
    );
    const listCalls = fake.requests.filter((r) => r.operationId === 'issues/list-comments');
    assert.deepEqual(
      listCalls.map((r) => r.query.get('page')),
      [null, null, '2'],
    );

    const target = all[34]!;
    const updated = await octokit.rest.issues.updateComment({
      owner,
      repo,
      comment_id: target.id,
      body: 'edited',
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.data.id, target.id);
    assert.equal(updated.data.body, 'edited');
    const fetched = await octokit.rest.issues.getComment({ owner, repo, comment_id: target.id });
    assert.equal(fetched.data.body, 'edited');
    assert.equal(fake.comments.get(1)?.[34]?.body, 'edited');

    const deleted = await octokit.rest.issues.deleteComment({ owner, repo, comment_id: target.id });
    assert.equal(deleted.status, 204);
    assert.equal(fake.comments.get(1)?.length, 34);
    const gone = await httpError(octokit.rest.issues.getComment({ owner, repo, comment_id: target.id }));
    assert.equal(gone.status, 404);

    assert.deepEqual(fake.violations, [], 'all of these are real endpoints used correctly');
    const last = fake.requests.at(-1)!;
    assert.equal(last.operationId, 'issues/get-comment');
    assert.equal(last.status, 404);
  });

  test('seeded comments are listed with their author', async () => {
    const { fake, octokit } = ctx;
    const seeded = fake.addComment(7, 'hello from a human', { login: 'octocat', type: 'User' });
    const { data } = await octokit.rest.issues.listComments({ owner, repo, issue_number: 7 });
    assert.deepEqual(
      data.map((c) => [c.id, c.body, c.user?.login, c.user?.type]),
      [[seeded.id, 'hello from a human', 'octocat', 'User']],
    );
    assert.equal(seeded.html_url, `https://github.com/${owner}/${repo}/issues/7#issuecomment-${seeded.id}`);
  });

  test('a comment body over 65536 characters answers 422 like GitHub, at 65536 it is accepted', async () => {
    const { fake, octokit } = ctx;
    const before = fake.violations.length;
    const err = await httpError(
      octokit.rest.issues.createComment({ owner, repo, issue_number: 2, body: 'x'.repeat(65537) }),
    );
    assert.equal(err.status, 422);
    assert.deepEqual((err.response.data as { errors: unknown }).errors, [
      {
        resource: 'IssueComment',
        code: 'custom',
        field: 'body',
        message: 'body is too long (maximum is 65536 characters)',
      },
    ]);
    const ok = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: 2,
      body: 'x'.repeat(65536),
    });
    assert.equal(ok.status, 201);
    const id = ok.data.id;
    const tooLongEdit = await httpError(
      octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body: 'y'.repeat(70000) }),
    );
    assert.equal(tooLongEdit.status, 422);
    assert.equal(fake.violations.length, before, 'the limit is GitHub behaviour, not a violation');
  });
});

describe('requests that are not real GitHub endpoints', () => {
  const ctx = withFake();

  test('an invented path is 404 and a violation', async () => {
    const { fake, octokit } = ctx;
    const err = await httpError(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/commentz', {
        owner,
        repo,
        issue_number: 1,
      }),
    );
    assert.equal(err.status, 404);
    assert.equal((err.response.data as { message: string }).message, 'Not Found');
    assert.equal(fake.violations.length, 1);
    assert.match(fake.violations[0]!, /GET \/repos\/octo-org\/octo-repo\/issues\/1\/commentz: no such path/);
    assert.equal(fake.requests.at(-1)?.operationId, undefined);
    assert.equal(fake.requests.at(-1)?.status, 404);
  });

  test('a wrong method on a real path is 404 and a violation', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    const err = await httpError(
      octokit.request('PUT /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: 1,
        body: 'hi',
      }),
    );
    assert.equal(err.status, 404);
    assert.equal(fake.violations.length, 1);
    assert.match(fake.violations[0]!, /has no PUT operation \(it has GET, POST\)/);
  });

  test('a non-integer path parameter is 404 and a violation', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    const err = await httpError(
      untyped(octokit, 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner,
        repo,
        comment_id: 'latest',
        body: 'x',
      }),
    );
    assert.equal(err.status, 404);
    assert.deepEqual(fake.violations, [
      'PATCH /repos/octo-org/octo-repo/issues/comments/latest (issues/update-comment): path parameter comment_id: "latest" is not an integer',
    ]);
  });

  test('literal path segments win over parameters', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    await octokit.request('GET /repos/{owner}/{repo}/issues/comments', { owner, repo });
    await octokit.rest.checks.listForRef({ owner, repo, ref: 'abc123' });
    await octokit.rest.repos.get({ owner, repo });
    assert.deepEqual(
      fake.requests.slice(-3).map((r) => [r.operationId, r.status]),
      [
        ['issues/list-comments-for-repo', 200],
        ['checks/list-for-ref', 200],
        ['repos/get', 200],
      ],
    );
    assert.deepEqual(fake.violations, []);
  });

  test('a query parameter the operation does not declare is a violation', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    const err = await httpError(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: 1,
        sort: 'created',
      }),
    );
    assert.equal(err.status, 422);
    assert.equal(fake.violations.length, 1);
    assert.match(fake.violations[0]!, /query parameter "sort" is not declared by issues\/list-comments/);
  });

  test('a POST comment without body, or with a wrongly typed or unknown field, is a violation', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    const missing = await httpError(
      untyped(octokit, 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: 1,
      }),
    );
    assert.equal(missing.status, 422);
    const wrongType = await httpError(
      untyped(octokit, 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: 1,
        body: 42,
      }),
    );
    assert.equal(wrongType.status, 422);
    assert.deepEqual(fake.violations, [
      'POST /repos/octo-org/octo-repo/issues/1/comments (issues/create-comment): request body: body is required but missing',
      'POST /repos/octo-org/octo-repo/issues/1/comments (issues/create-comment): request body: body is integer 42 but must be string',
    ]);
    assert.equal(fake.comments.get(1), undefined, 'nothing was created');
  });

  test('additionalProperties: false rejects unknown keys', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    // dependabot/update-alert declares additionalProperties: false.
    const err = await httpError(
      octokit.request('PATCH /repos/{owner}/{repo}/dependabot/alerts/{alert_number}', {
        owner,
        repo,
        alert_number: 1,
        state: 'open',
        colour: 'red',
      }),
    );
    assert.equal(err.status, 422);
    assert.equal(fake.violations.length, 1);
    assert.match(fake.violations[0]!, /colour is not a permitted key/);
  });

  test('invalid JSON, missing or wrong token, and another repository are violations', async () => {
    const { fake } = ctx;
    fake.violations.length = 0;
    const commentsUrl = `${fake.url}/repos/${owner}/${repo}/issues/1/comments`;
    const auth = { authorization: `token ${TOKEN}`, 'content-type': 'application/json' };
    const badJson = await fetch(commentsUrl, { method: 'POST', headers: auth, body: '{"body": ' });
    assert.equal(badJson.status, 400);
    assert.equal(((await badJson.json()) as { message: string }).message, 'Problems parsing JSON');
    const anonymous = await fetch(commentsUrl);
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
    const wrong = await fetch(commentsUrl, { headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.status, 401);
    await wrong.body?.cancel();
    const otherRepo = await fetch(`${fake.url}/repos/someone/else/issues/1/comments`, { headers: auth });
    assert.equal(otherRepo.status, 404);
    await otherRepo.body?.cancel();
    assert.equal(fake.violations.length, 4);
    assert.match(fake.violations[0]!, /not valid JSON/);
    assert.match(fake.violations[1]!, /missing or malformed Authorization/);
    assert.match(fake.violations[2]!, /wrong token/);
    assert.match(fake.violations[3]!, /repository someone\/else is not octo-org\/octo-repo/);
  });

  test('any other valid endpoint answers 200 {} and is recorded', async () => {
    const { fake, octokit } = ctx;
    fake.violations.length = 0;
    const { status, data } = await octokit.rest.issues.addLabels({
      owner,
      repo,
      issue_number: 1,
      labels: ['perf'],
    });
    assert.equal(status, 200);
    assert.deepEqual(data, {});
    const last = fake.requests.at(-1)!;
    assert.equal(last.operationId, 'issues/add-labels');
    assert.deepEqual(last.body, { labels: ['perf'] });
    assert.deepEqual(fake.violations, []);
  });
});

describe('read-only token (pull request from a fork)', () => {
  const ctx = withFake({ pullRequestsPermission: 'read', checksPermission: 'read' });

  test('comment writes answer 403 with x-accepted-github-permissions; reads still work', async () => {
    const { fake, octokit } = ctx;
    const err = await httpError(
      octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'hi' }),
    );
    assert.equal(err.status, 403);
    assert.equal(err.response.headers['x-accepted-github-permissions'], 'issues=write; pull_requests=write');
    assert.equal(
      (err.response.data as { message: string }).message,
      'Resource not accessible by integration',
    );
    assert.equal((err.response.data as { status: string }).status, '403');

    const seeded = fake.addComment(1, 'old');
    const edit = await httpError(
      octokit.rest.issues.updateComment({ owner, repo, comment_id: seeded.id, body: 'new' }),
    );
    assert.equal(edit.status, 403);
    assert.equal(fake.comments.get(1)?.[0]?.body, 'old');

    const list = await octokit.rest.issues.listComments({ owner, repo, issue_number: 1 });
    assert.equal(list.data.length, 1);
    assert.deepEqual(fake.violations, [], '403 is an expected outcome, not a violation');
  });

  test('check-run writes answer 403 with checks=write', async () => {
    const { fake, octokit } = ctx;
    const err = await httpError(
      octokit.rest.checks.create({ owner, repo, name: 'perf-gate', head_sha: 'abc' }),
    );
    assert.equal(err.status, 403);
    assert.equal(err.response.headers['x-accepted-github-permissions'], 'checks=write');
    assert.equal(fake.checkRuns.length, 0);
    assert.deepEqual(fake.violations, []);
  });
});

describe('faults', () => {
  const ctx = withFake();

  test('a 502 fault answers once, then the request succeeds', async () => {
    const { fake, octokit } = ctx;
    fake.addFault({ method: 'POST', path: /\/issues\/\d+\/comments$/, status: 502 });
    const err = await httpError(
      octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'a' }),
    );
    assert.equal(err.status, 502);
    const ok = await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'a' });
    assert.equal(ok.status, 201);
    assert.deepEqual(
      fake.requests.map((r) => [r.operationId, r.status]),
      [
        ['issues/create-comment', 502],
        ['issues/create-comment', 201],
      ],
    );
    assert.equal(fake.comments.get(1)?.length, 1);
    assert.deepEqual(fake.violations, []);
  });

  test('a rate-limit fault carries its headers and body, `times` times, only on matching requests', async () => {
    const { fake, octokit } = ctx;
    const reset = String(Math.floor(Date.now() / 1000) + 60);
    fake.addFault({
      method: 'get',
      path: /\/comments$/,
      status: 403,
      times: 2,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      body: { message: 'API rate limit exceeded for installation ID 1.' },
    });
    await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'not faulted: POST' });
    for (let i = 0; i < 2; i++) {
      const err = await httpError(octokit.rest.issues.listComments({ owner, repo, issue_number: 1 }));
      assert.equal(err.status, 403);
      assert.equal(err.response.headers['x-ratelimit-remaining'], '0');
      assert.equal(err.response.headers['x-ratelimit-reset'], reset);
      assert.deepEqual(err.response.data, { message: 'API rate limit exceeded for installation ID 1.' });
    }
    const ok = await octokit.rest.issues.listComments({ owner, repo, issue_number: 1 });
    assert.equal(ok.data.length, 2);
  });

  test('faults do not mask invalid requests', async () => {
    const { fake, octokit } = ctx;
    fake.addFault({ status: 429, headers: { 'retry-after': '1' } });
    const invalid = await httpError(
      untyped(octokit, 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: 1,
      }),
    );
    assert.equal(invalid.status, 422);
    assert.equal(fake.violations.length, 1);
    const limited = await httpError(octokit.rest.repos.get({ owner, repo }));
    assert.equal(limited.status, 429);
    assert.equal(limited.response.headers['retry-after'], '1');
  });
});

describe('pull request and check runs', () => {
  const changedFiles = Array.from({ length: 45 }, (_, i) => ({
    filename: `src/file-${i}.ts`,
    status: 'modified',
    patch: '@@ -1 +1,2 @@\n-old\n+new\n+more',
  }));
  const headSha = '0123456789abcdef0123456789abcdef01234567';
  const ctx = withFake({ pullNumber: 12, changedFiles, headSha });

  test('pulls.get and paginated pulls.listFiles', async () => {
    const { fake, octokit } = ctx;
    const pr = await octokit.rest.pulls.get({ owner, repo, pull_number: 12 });
    assert.equal(pr.data.number, 12);
    assert.equal(pr.data.head.sha, headSha);
    assert.equal(pr.data.changed_files, 45);
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: 12,
      per_page: 20,
    });
    assert.equal(files.length, 45);
    assert.equal(files[44]?.filename, 'src/file-44.ts');
    assert.equal(files[0]?.additions, 2);
    assert.equal(files[0]?.deletions, 1);
    assert.equal(fake.requests.filter((r) => r.operationId === 'pulls/list-files').length, 3);
    const missing = await httpError(octokit.rest.pulls.get({ owner, repo, pull_number: 13 }));
    assert.equal(missing.status, 404);
    assert.deepEqual(fake.violations, []);
  });

  test('check runs: create, update, list; required fields are enforced', async () => {
    const { fake, octokit } = ctx;
    const created = await octokit.rest.checks.create({
      owner,
      repo,
      name: 'perf-gate',
      head_sha: headSha,
      status: 'in_progress',
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.status, 'in_progress');
    assert.equal(created.data.conclusion, null);

    const updated = await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: created.data.id,
      conclusion: 'success',
      output: { title: 'No regression', summary: 'p50 +0.3%' },
    });
    assert.equal(updated.data.status, 'completed');
    assert.equal(updated.data.conclusion, 'success');
    assert.equal(updated.data.output.title, 'No regression');
    assert.equal(fake.checkRuns[0]?.conclusion, 'success');

    const listed = await octokit.rest.checks.listForRef({ owner, repo, ref: headSha });
    assert.equal(listed.data.total_count, 1);
    assert.equal(listed.data.check_runs[0]?.id, created.data.id);
    assert.deepEqual(fake.violations, []);

    const noSha = await httpError(
      untyped(octokit, 'POST /repos/{owner}/{repo}/check-runs', { owner, repo, name: 'x' }),
    );
    assert.equal(noSha.status, 422);
    const noName = await httpError(
      untyped(octokit, 'POST /repos/{owner}/{repo}/check-runs', { owner, repo, head_sha: headSha }),
    );
    assert.equal(noName.status, 422);
    const noSummary = await httpError(
      untyped(octokit, 'POST /repos/{owner}/{repo}/check-runs', {
        owner,
        repo,
        name: 'x',
        head_sha: headSha,
        output: { title: 't' },
      }),
    );
    assert.equal(noSummary.status, 422);
    const completedWithoutConclusion = await httpError(
      octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        owner,
        repo,
        check_run_id: created.data.id,
        status: 'completed',
      }),
    );
    assert.equal(completedWithoutConclusion.status, 422);
    assert.equal(fake.violations.length, 4);
    assert.match(fake.violations[0]!, /\(checks\/create\): request body: head_sha is required but missing$/);
    assert.match(fake.violations[1]!, /\(checks\/create\): request body: name is required but missing$/);
    assert.match(fake.violations[2]!, /output\.summary is required but missing$/);
    assert.match(fake.violations[3]!, /\(checks\/update\): .*conclusion is required but missing/);
    assert.equal(fake.checkRuns.length, 1);

    const unknown = await httpError(
      octokit.rest.checks.update({ owner, repo, check_run_id: 1, status: 'queued' }),
    );
    assert.equal(unknown.status, 404);
    assert.equal(fake.violations.length, 4, 'an unknown id is a plain 404');
  });
});
