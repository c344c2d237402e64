/**
 * The comment survives a flaky API: 5xx retried with back-off (the POST after looking for the comment first),
 * rate limits waited out by @octokit/plugin-throttling, reads retried by @octokit/plugin-retry, a deleted comment
 * replaced. What the plugins would get wrong for us is in src/publish/client.ts and test/unit/publish/sticky.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gateKey, MARKER, postRetryDelay, upsertComment } from '../../../src/publish/github.ts';
import { type FakeGitHub, startFakeGitHub } from '../../support/fake-github/index.ts';
import { testClient } from '../../support/github-client.ts';

let fake: FakeGitHub;
before(async () => {
  fake = await startFakeGitHub({ token: 'ghs_t' });
});
after(async () => {
  await fake.close();
});

const log: string[] = [];
const octokit = () => testClient('ghs_t', fake.url, { onRetry: (m) => log.push(m) });
const target = (issueNumber: number) => ({ owner: 'octo-org', repo: 'octo-repo', issueNumber });
const KEY = gateKey({ job: 'perf', workingDirectory: '.', configFile: undefined });

function recorder(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

test('500 and 502 on the POST are retried with exponential back-off, then the comment is made', async () => {
  fake.addFault({ method: 'POST', path: /\/issues\/21\/comments$/, status: 502, times: 1 });
  fake.addFault({ method: 'POST', path: /\/issues\/21\/comments$/, status: 500, times: 1 });
  const { waits, sleep } = recorder();
  const result = await upsertComment(octokit(), target(21), 'report', { key: KEY, sleep, baseDelayMs: 1000 });
  assert.equal(result.action, 'created');
  assert.deepEqual(waits, [1000, 2000]);
  assert.equal(fake.comments.get(21)?.length, 1);
  assert.deepEqual(fake.violations, []);
});

test('a rate-limit reply (429, retry-after) is waited out as it says, by the throttling plugin', async () => {
  log.length = 0;
  fake.addFault({
    method: 'GET',
    path: /\/issues\/22\/comments$/,
    status: 429,
    headers: { 'retry-after': '3' },
    times: 1,
  });
  const result = await upsertComment(octokit(), target(22), 'report', { key: KEY });
  assert.equal(result.action, 'created');
  // The test client's unit is a millisecond: retry-after 3 is 3 ms here, 3 s for real.
  assert.ok(
    log.some((m) =>
      /^GitHub answered 429; trying again in 0\.0 s \(its secondary rate limit, on GET /.test(m),
    ),
    log.join('\n'),
  );
});

test('a server error on a read is retried by plugin-retry, and each retry is logged', async () => {
  log.length = 0;
  fake.addFault({ method: 'GET', path: /\/issues\/24\/comments$/, status: 502, times: 2 });
  const result = await upsertComment(octokit(), target(24), 'report', { key: KEY });
  assert.equal(result.action, 'created');
  assert.deepEqual(
    log.map((m) => m.replace(/ of GET .*\)$/, ')')),
    [
      'GitHub answered 502; trying again in 0.0 s (attempt 2 of 4)',
      'GitHub answered 502; trying again in 0.0 s (attempt 3 of 4)',
    ],
  );
});

test('postRetryDelay: a primary rate limit waits until x-ratelimit-reset; a 403 for a permission is not retried', () => {
  const now = 1_700_000_000_000;
  const limited = {
    status: 403,
    response: { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 5) } },
  };
  assert.equal(postRetryDelay(limited, 0, 1000, now), 6000);
  const secondary = Object.assign(new Error('You have exceeded a secondary rate limit.'), { status: 403 });
  assert.equal(postRetryDelay(secondary, 0, 1000, now), 60_000);
  const forbidden = Object.assign(new Error('Resource not accessible by integration'), {
    status: 403,
    response: { headers: { 'x-accepted-github-permissions': 'pull_requests=write' } },
  });
  assert.equal(postRetryDelay(forbidden, 0, 1000, now), undefined);
  assert.equal(postRetryDelay({ status: 404 }, 0, 1000, now), undefined);
  assert.equal(postRetryDelay({ status: 502 }, 2, 1000, now), 4000);
  assert.equal(postRetryDelay(new Error('socket hang up'), 0, 1000, now), 1000, 'no answer at all');
});

test('retries of the POST stop at the budget and rethrow the last error', async () => {
  fake.addFault({ method: 'POST', path: /\/issues\/25\/comments$/, status: 502, times: 10 });
  const { waits, sleep } = recorder();
  await assert.rejects(
    upsertComment(octokit(), target(25), 'report', { key: KEY, sleep, baseDelayMs: 1000, budgetMs: 5000 }),
    (e: unknown) => (e as { status?: number }).status === 502,
  );
  assert.deepEqual(waits, [1000, 2000]);
});

test('a comment deleted between listing and updating is made again', async () => {
  const first = await upsertComment(octokit(), target(23), 'one', { key: KEY });
  assert.equal(first.action, 'created');
  fake.addFault({ method: 'PATCH', path: /\/issues\/comments\/\d+$/, status: 404, times: 1 });
  const second = await upsertComment(octokit(), target(23), 'two', { key: KEY });
  assert.equal(second.action, 'created');
  const bodies = (fake.comments.get(23) ?? []).map((c) => c.body);
  assert.ok(bodies.some((b) => b.startsWith(MARKER) && b.endsWith('\ntwo')));
  assert.deepEqual(fake.violations, []);
});
