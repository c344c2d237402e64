/**
 * src/publish/github.ts against the loopback fake of GitHub's REST API (test/support/fake-github/), which rejects
 * any request that GitHub's OpenAPI description does not allow: the sticky comment is created once, updated in
 * place, found beyond the first page, and not confused with a human's copy (test/unit/publish/sticky.test.ts has the rest).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  commentBody,
  createCheckRun,
  findSticky,
  gateKey,
  httpStatus,
  MARKER,
  type Octokit,
  pullHead,
  upsertComment,
} from '../../../src/publish/github.ts';
import { ACTIONS_BOT } from '../../../src/publish/identity.ts';
import { type FakeGitHub, type FakeGitHubOptions, fakesPerTest } from '../../support/fake-github/index.ts';
import { testClient } from '../../support/github-client.ts';

const TOKEN = 'ghs_perf_gate_test_token';
const owner = 'octo-org';
const repo = 'octo-repo';
const issueNumber = 7;
const target = { owner, repo, issueNumber };
const HUMAN = { login: 'octocat', type: 'User' };
const KEY = gateKey({ job: 'perf', workingDirectory: '.', configFile: undefined });
const OPTIONS = { key: KEY };
/** The report part of a comment's body (after the marker and the gate's key). */
const reportOf = (body: string) => body.split('\n').slice(2).join('\n');

const fakeWith = fakesPerTest({ token: TOKEN, owner, repo, pullNumber: issueNumber });

async function setup(options: FakeGitHubOptions = {}): Promise<{ fake: FakeGitHub; octokit: Octokit }> {
  const fake = await fakeWith(options);
  return { fake, octokit: testClient(TOKEN, fake.url) };
}

function commentsOf(fake: FakeGitHub) {
  return fake.comments.get(issueNumber) ?? [];
}

describe('upsertComment', () => {
  test('creates one comment that starts with the marker', async () => {
    const { fake, octokit } = await setup();
    const result = await upsertComment(octokit, target, '### perf-gate: no change', OPTIONS);
    assert.equal(result.action, 'created');
    const comments = commentsOf(fake);
    assert.equal(comments.length, 1);
    assert.ok(comments[0]!.body.startsWith(`${MARKER}\n[//]: # "perf-gate:gate ${KEY} `));
    assert.ok(!/<!--/.test(comments[0]!.body.slice(MARKER.length)), 'one HTML comment: the marker');
    assert.equal(reportOf(comments[0]!.body), '### perf-gate: no change');
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
    const first = await upsertComment(octokit, target, 'first run', OPTIONS);
    const second = await upsertComment(octokit, target, 'second run', OPTIONS);
    assert.equal(second.action, 'updated');
    assert.equal(second.url, first.url);
    const comments = commentsOf(fake);
    assert.equal(comments.length, 1);
    assert.equal(reportOf(comments[0]!.body), 'second run');
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
    const result = await upsertComment(octokit, target, 'this run', OPTIONS);
    assert.equal(result.action, 'updated');
    assert.equal(result.url, ours.html_url);
    const comments = commentsOf(fake);
    assert.equal(comments.length, 122, 'no new comment');
    assert.equal(reportOf(comments[120]!.body), 'this run');
    const pages = fake.requests.filter((r) => r.operationId === 'issues/list-comments');
    assert.equal(pages.length, 2, 'both pages were read');
    assert.equal(pages[0]!.query.get('per_page'), '100');
    assert.equal(pages[1]!.query.get('page'), '2');
  });

  test('a human’s comment that starts with the marker loses to the bot’s', async () => {
    const { fake, octokit } = await setup();
    const forged = fake.addComment(issueNumber, `${MARKER}\nI can write the marker too`, HUMAN);
    const ours = fake.addComment(issueNumber, `${MARKER}\nprevious run`);
    const result = await upsertComment(octokit, target, 'this run', OPTIONS);
    assert.equal(result.action, 'updated');
    assert.equal(result.url, ours.html_url);
    assert.equal(forged.body, `${MARKER}\nI can write the marker too`, 'the human’s comment is untouched');
    assert.equal(reportOf(ours.body), 'this run');
  });

  test('comments that mention the marker later, or quote it, are not ours', async () => {
    const { fake, octokit } = await setup();
    fake.addComment(issueNumber, `> ${MARKER}\n> quoted report`);
    fake.addComment(issueNumber, `see ${MARKER}`);
    const result = await upsertComment(octokit, target, 'this run', OPTIONS);
    assert.equal(result.action, 'created');
    assert.equal(commentsOf(fake).length, 3);
  });

  test('a read-only token: the error carries httpStatus 403 and nothing is written', async () => {
    const { fake, octokit } = await setup({ pullRequestsPermission: 'read' });
    const error = await upsertComment(octokit, target, 'this run', OPTIONS).then(
      () => assert.fail('expected a 403'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof Error);
    assert.equal(httpStatus(error), 403);
    assert.equal(commentsOf(fake).length, 0);
  });

  test('a read-only token with an existing comment: the update is refused, and so is a new one (403)', async () => {
    const { fake, octokit } = await setup({ pullRequestsPermission: 'read' });
    const ours = fake.addComment(issueNumber, `${MARKER}\nprevious run`);
    const error = await upsertComment(octokit, target, 'this run', OPTIONS).then(
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
    await createCheckRun(octokit, request);
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
  const BOT = { login: 'github-actions[bot]', type: 'Bot' };
  test('the token’s marked comment wins wherever it is; a human’s marked comment never does', () => {
    const human = { id: 1, body: commentBody('human', KEY), user: { login: 'octocat', type: 'User' } };
    const bot = { id: 2, body: commentBody('bot', KEY), user: BOT };
    const other = { id: 3, body: 'unrelated', user: BOT };
    assert.equal(findSticky([human, other, bot], ACTIONS_BOT, KEY)?.id, 2);
    assert.equal(findSticky([bot, human], ACTIONS_BOT, KEY)?.id, 2);
    assert.equal(findSticky([other, human], ACTIONS_BOT, KEY)?.id, undefined);
    assert.equal(findSticky([other], ACTIONS_BOT, KEY)?.id, undefined);
    assert.equal(findSticky([], ACTIONS_BOT, KEY), undefined);
  });

  test('comments without a body or a user are skipped safely', () => {
    const none = [{ id: 1, body: null }, { id: 2 }, { id: 3, body: MARKER, user: null }];
    assert.equal(findSticky(none, ACTIONS_BOT, KEY), undefined);
    assert.equal(findSticky([...none, { id: 4, body: MARKER, user: BOT }], ACTIONS_BOT, KEY)?.id, 4);
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
