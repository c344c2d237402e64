/** The comment survives a flaky API: 5xx retried with back-off, rate limits waited out, a deleted comment replaced. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { getOctokit } from '@actions/github';
import { MARKER, retryDelay, upsertComment, withRetry } from '../../src/publish/github.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github.ts';

let fake: FakeGitHub;
before(async () => {
  fake = await startFakeGitHub({ token: 'ghs_t' });
});
after(async () => {
  await fake.close();
});

const octokit = () => getOctokit('ghs_t', { baseUrl: fake.url });
const target = (issueNumber: number) => ({ owner: 'octo-org', repo: 'octo-repo', issueNumber });

function recorder(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

test('500 and 502 are retried with exponential back-off, then the comment is made', async () => {
  fake.addFault({ method: 'POST', path: /\/issues\/21\/comments$/, status: 502, times: 1 });
  fake.addFault({ method: 'POST', path: /\/issues\/21\/comments$/, status: 500, times: 1 });
  const { waits, sleep } = recorder();
  const result = await upsertComment(octokit(), target(21), 'report', { sleep, baseDelayMs: 1000 });
  assert.equal(result.action, 'created');
  assert.deepEqual(waits, [1000, 2000]);
  assert.equal(fake.comments.get(21)?.length, 1);
  assert.deepEqual(fake.violations, []);
});

test('a rate-limit reply waits as retry-after says', async () => {
  fake.addFault({
    method: 'GET',
    path: /\/issues\/22\/comments$/,
    status: 429,
    headers: { 'retry-after': '3' },
    times: 1,
  });
  const { waits, sleep } = recorder();
  await upsertComment(octokit(), target(22), 'report', { sleep });
  assert.deepEqual(waits, [3000]);
});

test('403 with no requests left waits until x-ratelimit-reset; a 403 for a missing permission is not retried', async () => {
  const now = 1_700_000_000_000;
  const limited = {
    status: 403,
    response: { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 5) } },
  };
  assert.equal(retryDelay(limited, 0, 1000, now), 6000);
  const forbidden = {
    status: 403,
    response: { headers: { 'x-accepted-github-permissions': 'pull_requests=write' } },
  };
  assert.equal(retryDelay(forbidden, 0, 1000, now), undefined);
  assert.equal(retryDelay({ status: 404 }, 0, 1000, now), undefined);
  assert.equal(retryDelay(new Error('socket hang up'), 0, 1000, now), undefined);
});

test('retries stop at the budget and rethrow the last error', async () => {
  const { waits, sleep } = recorder();
  let calls = 0;
  await assert.rejects(
    withRetry(
      async () => {
        calls++;
        throw Object.assign(new Error('bad gateway'), { status: 502 });
      },
      { sleep, baseDelayMs: 1000, budgetMs: 5000 },
    ),
    /bad gateway/,
  );
  assert.deepEqual(waits, [1000, 2000]);
  assert.equal(calls, 3);
});

test('a comment deleted between listing and updating is made again', async () => {
  const first = await upsertComment(octokit(), target(23), 'one');
  assert.equal(first.action, 'created');
  fake.addFault({ method: 'PATCH', path: /\/issues\/comments\/\d+$/, status: 404, times: 1 });
  const second = await upsertComment(octokit(), target(23), 'two');
  assert.equal(second.action, 'created');
  const bodies = (fake.comments.get(23) ?? []).map((c) => c.body);
  assert.ok(bodies.includes(`${MARKER}\ntwo`));
  assert.deepEqual(fake.violations, []);
});
