/**
 * Issue 41, item 4: two workflows whose jobs are both named `perf` shared one sticky comment, each overwriting the
 * other's report. The key now holds the workflow's file (GITHUB_WORKFLOW_REF without its ref).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { gateKey, upsertComment, workflowOf } from '../../../src/publish/github.ts';
import { startFakeGitHub } from '../../support/fake-github/index.ts';
import { testClient } from '../../support/github-client.ts';

const TOKEN = 'ghs_sticky_workflow';
const fakes: { close(): Promise<void> }[] = [];
after(async () => {
  for (const fake of fakes) await fake.close();
});

test('two workflows with a job `perf` each keep a comment; one workflow keeps its own across refs', async () => {
  const parts = { job: 'perf', workingDirectory: '.', configFile: undefined };
  const perf = workflowOf('octo-org/octo-repo/.github/workflows/perf.yml@refs/pull/7/merge');
  const nightly = workflowOf('octo-org/octo-repo/.github/workflows/nightly.yml@refs/heads/main');
  assert.equal(perf, 'octo-org/octo-repo/.github/workflows/perf.yml');
  assert.equal(
    gateKey({ ...parts, workflow: perf }),
    gateKey({
      ...parts,
      workflow: workflowOf('octo-org/octo-repo/.github/workflows/perf.yml@refs/pull/8/merge'),
    }),
  );
  const [a, b] = [gateKey({ ...parts, workflow: perf }), gateKey({ ...parts, workflow: nightly })];
  assert.notEqual(a, b);
  assert.equal(
    gateKey({ ...parts, workflow: undefined }),
    gateKey(parts),
    'outside a workflow: the key it had',
  );

  const fake = await startFakeGitHub({ token: TOKEN, pullNumber: 7 });
  fakes.push(fake);
  const octokit = testClient(TOKEN, fake.url);
  const target = { owner: 'octo-org', repo: 'octo-repo', issueNumber: 7 };
  const quick = { sleep: async () => {}, onRetry: () => {} };
  await upsertComment(octokit, target, 'perf 1', { ...quick, key: a });
  await upsertComment(octokit, target, 'nightly 1', { ...quick, key: b });
  await upsertComment(octokit, target, 'perf 2', { ...quick, key: a });
  assert.deepEqual(
    (fake.comments.get(7) ?? []).map((c) => c.body.split('\n').at(-1)),
    ['perf 2', 'nightly 1'],
  );
  assert.deepEqual(fake.violations, []);
});
