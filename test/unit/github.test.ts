/**
 * src/io/github.ts against the loopback fake of GitHub's REST API (test/support/fake-github.ts), which rejects
 * any request that GitHub's OpenAPI description does not allow: the sticky comment is created once, updated in
 * place, found beyond the first page, and not confused with a human's copy.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { getOctokit } from '@actions/github';
import {
  createCheckRun,
  findSticky,
  httpStatus,
  MARKER,
  type Octokit,
  pullHead,
  upsertComment,
} from '../../src/publish/github.ts';
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../support/fake-github.ts';

const TOKEN = 'ghs_perf_gate_test_token';
const owner = 'octo-org';
const repo = 'octo-repo';
const issueNumber = 7;
const target = { owner, repo, issueNumber };
const HUMAN = { login: 'octocat', type: 'User' };

const running: FakeGitHub[] = [];

async function setup(options: FakeGitHubOptions = {}): Promise<{ fake: FakeGitHub; octokit: Octokit }> {
  const fake = await startFakeGitHub({ token: TOKEN, owner, repo, pullNumber: issueNumber, ...options });
  running.push(fake);
  return { fake, octokit: getOctokit(TOKEN, { baseUrl: fake.url }) };
}

afterEach(async () => {
  const fakes = running.splice(0);
  // Close first: a failed assertion must not leave a server that keeps the test process alive.
  await Promise.all(fakes.map((fake) => fake.close()));
  for (const fake of fakes) {
    assert.deepEqual(fake.violations, [], 'every request perf-gate sent must be valid for GitHub');
  }
});

function commentsOf(fake: FakeGitHub) {
  return fake.comments.get(issueNumber) ?? [];
}

describe('upsertComment', () => {
  test('creates one comment that starts with the marker', async () => {
    const { fake, octokit } = await setup();
    const result = await upsertComment(octokit, target, '### perf-gate: no change');
    assert.equal(result.action, 'created');
    const comments = commentsOf(fake);
    assert.equal(comments.length, 1);
    assert.equal(comments[0]!.body, `${MARKER}\n### perf-gate: no change`);
    assert.ok(comments[0]!.body.startsWith(MARKER));
    assert.equal(result.url, comments[0]!.html_url);
    assert.match(
      result.url,
      new RegExp(`^https://github\\.com/${owner}/${repo}/pull/${issueNumber}#issuecomment-\\d+$`),
    );
    assert.deepEqual(
      fake.requests.map((r) => r.operationId),
      ['issues/list-comments', 'issues/create-comment'],
    );
  });

  test('a second call updates the same comment in place', async () => {
    const { fake, octokit } = await setup();
    const first = await upsertComment(octokit, target, 'first run');
    const second = await upsertComment(octokit, target, 'second run');
    assert.equal(second.action, 'updated');
    assert.equal(second.url, first.url);
    const comments = commentsOf(fake);
    assert.equal(comments.length, 1);
    assert.equal(comments[0]!.body, `${MARKER}\nsecond run`);
    assert.equal(fake.requests.filter((r) => r.operationId === 'issues/create-comment').length, 1);
    assert.equal(fake.requests.filter((r) => r.operationId === 'issues/update-comment').length, 1);
  });

  test('finds its comment beyond the first page of 100', async () => {
    const { fake, octokit } = await setup();
    for (let i = 0; i < 120; i++) {
      fake.addComment(
        issueNumber,
        `review comment ${i}`,
        i % 3 === 0 ? HUMAN : { login: 'some-bot[bot]', type: 'Bot' },
      );
    }
    const ours = fake.addComment(issueNumber, `${MARKER}\nprevious run`);
    fake.addComment(issueNumber, 'a later comment', HUMAN);
    const result = await upsertComment(octokit, target, 'this run');
    assert.equal(result.action, 'updated');
    assert.equal(result.url, ours.html_url);
    const comments = commentsOf(fake);
    assert.equal(comments.length, 122, 'no new comment');
    assert.equal(comments[120]!.body, `${MARKER}\nthis run`);
    const pages = fake.requests.filter((r) => r.operationId === 'issues/list-comments');
    assert.equal(pages.length, 2, 'both pages were read');
    assert.equal(pages[0]!.query.get('per_page'), '100');
    assert.equal(pages[1]!.query.get('page'), '2');
  });

  test('a human’s comment that starts with the marker loses to the bot’s', async () => {
    const { fake, octokit } = await setup();
    const forged = fake.addComment(issueNumber, `${MARKER}\nI can write the marker too`, HUMAN);
    const ours = fake.addComment(issueNumber, `${MARKER}\nprevious run`);
    const result = await upsertComment(octokit, target, 'this run');
    assert.equal(result.action, 'updated');
    assert.equal(result.url, ours.html_url);
    assert.equal(forged.body, `${MARKER}\nI can write the marker too`, 'the human’s comment is untouched');
    assert.equal(ours.body, `${MARKER}\nthis run`);
  });

  test('comments that mention the marker later, or quote it, are not ours', async () => {
    const { fake, octokit } = await setup();
    fake.addComment(issueNumber, `> ${MARKER}\n> quoted report`);
    fake.addComment(issueNumber, `see ${MARKER}`);
    const result = await upsertComment(octokit, target, 'this run');
    assert.equal(result.action, 'created');
    assert.equal(commentsOf(fake).length, 3);
  });

  test('a read-only token: the error carries httpStatus 403 and nothing is written', async () => {
    const { fake, octokit } = await setup({ pullRequestsPermission: 'read' });
    const error = await upsertComment(octokit, target, 'this run').then(
      () => assert.fail('expected a 403'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof Error);
    assert.equal(httpStatus(error), 403);
    assert.equal(commentsOf(fake).length, 0);
  });

  test('a read-only token with an existing comment: the update is refused with 403', async () => {
    const { fake, octokit } = await setup({ pullRequestsPermission: 'read' });
    const ours = fake.addComment(issueNumber, `${MARKER}\nprevious run`);
    const error = await upsertComment(octokit, target, 'this run').then(
      () => assert.fail('expected a 403'),
      (e: unknown) => e,
    );
    assert.equal(httpStatus(error), 403);
    assert.equal(ours.body, `${MARKER}\nprevious run`);
  });
});

describe('createCheckRun', () => {
  const request = {
    owner,
    repo,
    name: 'perf',
    headSha: 'd'.repeat(40),
    conclusion: 'failure' as const,
    title: 'head is 2× slower',
    summary: '### perf-gate: regression',
  };

  test('creates one completed check run with conclusion, title and summary on the given sha', async () => {
    const { fake, octokit } = await setup();
    const url = await createCheckRun(octokit, request);
    assert.equal(fake.checkRuns.length, 1);
    const run = fake.checkRuns[0]!;
    assert.equal(run.name, 'perf');
    assert.equal(run.head_sha, 'd'.repeat(40));
    assert.equal(run.status, 'completed');
    assert.equal(run.conclusion, 'failure');
    assert.deepEqual(run.output, { title: 'head is 2× slower', summary: '### perf-gate: regression' });
    assert.ok(run.completed_at);
    assert.match(url, /\/runs\/\d+$/);
  });

  test('retried on a server error; a read-only token fails with 403 and creates nothing', async () => {
    const { fake, octokit } = await setup();
    fake.addFault({ method: 'POST', path: /check-runs$/, status: 502 });
    await createCheckRun(octokit, request, { baseDelayMs: 1 });
    assert.equal(fake.checkRuns.length, 1);
    const readOnly = await setup({ checksPermission: 'read' });
    await assert.rejects(createCheckRun(readOnly.octokit, request), (e: unknown) => httpStatus(e) === 403);
    assert.equal(readOnly.fake.checkRuns.length, 0);
  });
});

describe('pullHead', () => {
  test('the pull request’s number and head sha; 404 for another number', async () => {
    const { octokit } = await setup({ headSha: 'e'.repeat(40) });
    assert.deepEqual(await pullHead(octokit, { owner, repo, number: issueNumber }), {
      number: issueNumber,
      headSha: 'e'.repeat(40),
    });
    await assert.rejects(
      pullHead(octokit, { owner, repo, number: 8 }),
      (e: unknown) => httpStatus(e) === 404,
    );
  });
});

describe('findSticky', () => {
  test('the bot’s marked comment wins wherever it is; otherwise the first marked one', () => {
    const human = { id: 1, body: `${MARKER}\nhuman`, user: { type: 'User' } };
    const bot = { id: 2, body: `${MARKER}\nbot`, user: { type: 'Bot' } };
    const other = { id: 3, body: 'unrelated', user: { type: 'Bot' } };
    assert.equal(findSticky([human, other, bot])?.id, 2);
    assert.equal(findSticky([bot, human])?.id, 2);
    assert.equal(findSticky([other, human])?.id, 1);
    assert.equal(findSticky([other])?.id, undefined);
    assert.equal(findSticky([]), undefined);
  });

  test('comments without a body or a user are skipped safely', () => {
    assert.equal(findSticky([{ id: 1, body: null }, { id: 2 }, { id: 3, body: MARKER, user: null }])?.id, 3);
  });
});

describe('httpStatus', () => {
  test('reads a numeric status, and nothing else', () => {
    assert.equal(httpStatus({ status: 404 }), 404);
    assert.equal(httpStatus({ status: '404' }), undefined);
    assert.equal(httpStatus(new Error('network down')), undefined);
    assert.equal(httpStatus(null), undefined);
    assert.equal(httpStatus('403'), undefined);
  });
});
