/**
 * Issue 23, findings 1 and 8, against the loopback fake of GitHub (test/support/fake-github/): the sticky comment
 * is only ever one the token wrote itself, one per gate; an edit GitHub refuses makes a new comment; a POST GitHub
 * carried out but answered 502 for is not made twice; a secondary rate limit is waited out and never reported as a
 * missing permission.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { writeFailureWarning } from '../../../src/publish/failure.ts';
import {
  commentBody,
  findSticky,
  gateKey,
  MARKER,
  type Octokit,
  upsertComment,
} from '../../../src/publish/github.ts';
import { ACTIONS_BOT, tokenIdentity } from '../../../src/publish/identity.ts';
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  type FakeUser,
  fakesPerTest,
} from '../../support/fake-github/index.ts';
import { testClient } from '../../support/github-client.ts';

const TOKEN = 'ghs_sticky_test';
const target = { owner: 'octo-org', repo: 'octo-repo', issueNumber: 7 };
const KEY = gateKey({ job: 'perf', workingDirectory: '.', configFile: undefined });
const MALLORY: FakeUser = { login: 'mallory', type: 'User' };
const OTHER_BOT: FakeUser = { login: 'renovate[bot]', type: 'Bot' };
const BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };

const fakeWith = fakesPerTest({ token: TOKEN, pullNumber: 7 });

async function setup(
  options: FakeGitHubOptions = {},
): Promise<{ fake: FakeGitHub; octokit: Octokit; log: string[] }> {
  const fake = await fakeWith(options);
  const log: string[] = [];
  const octokit = testClient(TOKEN, fake.url, { onRetry: (m) => log.push(m) });
  return { fake, octokit, log };
}

const quick = { key: KEY, sleep: async () => {}, onRetry: () => {} };
const comments = (fake: FakeGitHub) => fake.comments.get(7) ?? [];
const posts = (fake: FakeGitHub) =>
  fake.requests.filter((r) => r.operationId === 'issues/create-comment').map((r) => r.status);

describe('only the token’s own comments are updated (finding 1)', () => {
  test('a fork author’s comment that starts with the marker is left alone: a new comment is made', async () => {
    const { fake, octokit } = await setup();
    const forged = fake.addComment(7, `${MARKER}\n### ✅ perf-gate: no change (trust me)`, MALLORY);
    const result = await upsertComment(octokit, target, 'the real report', quick);
    assert.equal(result.action, 'created');
    assert.equal(forged.body, `${MARKER}\n### ✅ perf-gate: no change (trust me)`, 'untouched');
    assert.equal(comments(fake).length, 2);
    assert.equal(comments(fake)[1]!.user.login, 'github-actions[bot]');
  });

  test('another bot’s marked comment is not ours either', async () => {
    const { fake, octokit } = await setup();
    const theirs = fake.addComment(7, `${MARKER}\nfrom another app`, OTHER_BOT);
    const result = await upsertComment(octokit, target, 'the real report', quick);
    assert.equal(result.action, 'created');
    assert.equal(theirs.body, `${MARKER}\nfrom another app`);
  });

  test('our own earlier comment is updated in place, also one from before comments had keys', async () => {
    const { fake, octokit } = await setup();
    fake.addComment(7, `${MARKER}\nforged`, MALLORY);
    const ours = fake.addComment(7, `${MARKER}\nan earlier report`, BOT);
    const result = await upsertComment(octokit, target, 'this run', quick);
    assert.equal(result.action, 'updated');
    assert.equal(result.id, ours.id);
    assert.match(ours.body, /\nthis run$/);
    assert.equal(comments(fake).length, 2);
  });

  test('a person’s token (a PAT): that person’s comments, and no one else’s', async () => {
    const me: FakeUser = { login: 'release-manager', type: 'User' };
    const { fake, octokit } = await setup({ actor: me });
    const identity = await tokenIdentity(octokit);
    assert.equal(identity.login, 'release-manager');
    assert.equal(identity.bot, false);
    fake.addComment(7, `${MARKER}\nforged`, MALLORY);
    const mine = fake.addComment(7, commentBody('before', KEY), me);
    assert.equal((await upsertComment(octokit, target, 'now', quick)).id, mine.id);
  });

  test('who the token is: GraphQL’s viewer; without it, REST; without both, the GITHUB_TOKEN’s bot', async () => {
    const { fake, octokit } = await setup();
    assert.deepEqual(await tokenIdentity(octokit), {
      login: 'github-actions[bot]',
      id: 41898282,
      bot: true,
      source: 'graphql',
    });
    fake.addFault({ method: 'POST', path: /^\/graphql$/, status: 502, times: 10 });
    // GET /user is refused for an installation token (403): taken for the GITHUB_TOKEN.
    assert.deepEqual(await tokenIdentity(octokit), ACTIONS_BOT);
  });

  test('findSticky: a login alone is not enough, a person is never a bot, and each gate has its key', () => {
    const bot = {
      id: 1,
      body: commentBody('x', KEY),
      user: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' },
    };
    const person = {
      id: 2,
      body: commentBody('x', KEY),
      user: { login: 'github-actions[bot]', id: 5, type: 'User' },
    };
    const other = { id: 3, body: commentBody('x', 'a'.repeat(12)), user: bot.user };
    const identity = { login: 'github-actions[bot]', id: 41898282, bot: true, source: 'graphql' as const };
    assert.equal(findSticky([person, other, bot], identity, KEY)?.id, 1);
    assert.equal(findSticky([person], identity, KEY), undefined);
    assert.equal(findSticky([person], ACTIONS_BOT, KEY), undefined);
    assert.equal(findSticky([other], identity, KEY), undefined);
  });

  test('an edit GitHub refuses (403) makes a new comment instead of failing', async () => {
    const { fake, octokit } = await setup();
    const ours = fake.addComment(7, commentBody('before', KEY), BOT);
    fake.addFault({ method: 'PATCH', path: /\/issues\/comments\/\d+$/, status: 403 });
    const result = await upsertComment(octokit, target, 'this run', quick);
    assert.equal(result.action, 'created');
    assert.notEqual(result.id, ours.id);
    assert.equal(comments(fake).length, 2);
  });
});

describe('duplicates and races (finding 8)', () => {
  test('a POST GitHub carried out but answered 502 for is looked for, not made again', async () => {
    const { fake, octokit } = await setup();
    fake.addFault({ method: 'POST', path: /\/issues\/7\/comments$/, status: 502, afterHandling: true });
    const result = await upsertComment(octokit, target, 'the report', quick);
    assert.equal(comments(fake).length, 1, 'one comment, not two');
    assert.equal(result.id, comments(fake)[0]!.id);
    assert.deepEqual(posts(fake), [502], 'posted once');
  });

  test('what plugin-retry gets wrong for us: left to itself, it posts the comment twice', async () => {
    const { fake, octokit } = await setup();
    fake.addFault({ method: 'POST', path: /\/issues\/7\/comments$/, status: 502, afterHandling: true });
    // The plugin's own retry of the POST (upsertComment turns it off for the comment).
    await octokit.rest.issues.createComment({
      owner: 'octo-org',
      repo: 'octo-repo',
      issue_number: 7,
      body: 'x',
    });
    assert.deepEqual(posts(fake), [502, 201]);
    assert.equal(comments(fake).length, 2, 'a duplicate');
  });

  test('a POST that failed without creating anything is made again after looking', async () => {
    const { fake, octokit } = await setup();
    fake.addFault({ method: 'POST', path: /\/issues\/7\/comments$/, status: 500 });
    const log: string[] = [];
    await upsertComment(octokit, target, 'the report', { ...quick, onRetry: (m) => log.push(m) });
    assert.deepEqual(posts(fake), [500, 201]);
    assert.equal(comments(fake).length, 1);
    assert.match(log[0]!, /^GitHub answered 500; trying again in 1\.0 s \(attempt 2 of 5\)$/);
  });

  test('two gates on one pull request keep a comment each', async () => {
    const { fake, octokit } = await setup();
    const api = gateKey({
      job: 'perf',
      workingDirectory: 'services/api',
      configFile: 'services/api/perf-gate.yml',
    });
    const web = gateKey({
      job: 'perf',
      workingDirectory: 'services/web',
      configFile: 'services/web/perf-gate.yml',
    });
    assert.notEqual(api, web);
    await upsertComment(octokit, target, 'api 1', { ...quick, key: api });
    await upsertComment(octokit, target, 'web 1', { ...quick, key: web });
    await upsertComment(octokit, target, 'api 2', { ...quick, key: api });
    await upsertComment(octokit, target, 'web 2', { ...quick, key: web });
    assert.deepEqual(
      comments(fake).map((c) => c.body.split('\n').at(-1)),
      ['api 2', 'web 2'],
    );
  });

  test('the key does not depend on the shard, and a working directory written two ways is one', () => {
    const a = gateKey({ job: 'perf', workingDirectory: './services/api/', configFile: 'services/api/p.yml' });
    const b = gateKey({ job: 'perf', workingDirectory: 'services/api', configFile: 'services/api/p.yml' });
    assert.equal(a, b);
    assert.notEqual(
      a,
      gateKey({ job: 'other', workingDirectory: 'services/api', configFile: 'services/api/p.yml' }),
    );
  });

  test('a secondary rate limit (403 without headers) is waited out, and it is not a missing permission', async () => {
    const { fake, octokit, log } = await setup();
    fake.addFault({
      method: 'GET',
      path: /\/issues\/7\/comments$/,
      status: 403,
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
    });
    const result = await upsertComment(octokit, target, 'the report', quick);
    assert.equal(result.action, 'created');
    assert.ok(
      log.some((m) =>
        /^GitHub answered 403; trying again in 0\.1 s \(its secondary rate limit, on GET /.test(m),
      ),
      log.join('\n'),
    );
  });

  test('a rate limit that outlasts the waits is reported as a rate limit, not as a permission', async () => {
    const { fake, octokit } = await setup();
    fake.addFault({
      method: 'POST',
      path: /\/issues\/7\/comments$/,
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit.' },
      times: 20,
    });
    const error = await upsertComment(octokit, target, 'r', { ...quick, retries: 1 }).then(
      () => assert.fail('expected a failure'),
      (e: unknown) => e,
    );
    const warning = writeFailureWarning(error, {
      what: 'post the PR comment',
      permission: 'pull-requests: write',
      fromFork: false,
      verdict: 'no-change',
    });
    assert.match(warning, /^could not post the PR comment: GitHub's rate limit \(403\) held it back/);
    assert.doesNotMatch(warning, /permission/);
  });

  test('a 403 on creating names the permission; a 403 on anything else does not', async () => {
    const { octokit } = await setup({ pullRequestsPermission: 'read' });
    const error = await upsertComment(octokit, target, 'r', quick).then(
      () => assert.fail('expected a 403'),
      (e: unknown) => e,
    );
    const write = {
      what: 'post the PR comment',
      permission: 'pull-requests: write',
      fromFork: false,
      verdict: 'no-change',
    };
    assert.equal(
      writeFailureWarning(error, write),
      'could not post the PR comment: the token lacks the `pull-requests: write` permission. Add `permissions: { pull-requests: write }` to the job. The verdict stands: no-change.',
    );
    const listing = Object.assign(new Error('Resource not accessible by integration'), {
      status: 403,
      request: { method: 'GET' },
    });
    assert.doesNotMatch(writeFailureWarning(listing, write), /permission/);
  });
});
