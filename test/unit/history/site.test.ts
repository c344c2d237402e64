/** Where a history run is (src/history/site.ts): read once from the runner's environment, never guessed. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileUrl, siteOf } from '../../../src/history/site.ts';
import type { Config } from '../../../src/model/config.ts';

const config = { historyBranch: 'perf-gate/history' } as Config;

test('the server, repository, branch, run and temporary directory come from the environment', () => {
  const site = siteOf(config, {
    GITHUB_SERVER_URL: 'https://ghe.example.com/',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_RUN_ID: '42',
    RUNNER_TEMP: '/tmp/runner',
  });
  assert.deepEqual(site, {
    server: 'https://ghe.example.com',
    repository: 'octo-org/octo-repo',
    branch: 'perf-gate/history',
    ref: 'main',
    run: 'https://ghe.example.com/octo-org/octo-repo/actions/runs/42',
    tempDir: '/tmp/runner',
  });
  assert.equal(
    fileUrl(site, 'raw', 'a.svg'),
    'https://ghe.example.com/octo-org/octo-repo/raw/perf-gate/history/a.svg',
  );
});

test('a tag or pull request ref is no branch; github.com and no run by default', () => {
  const site = siteOf(config, { GITHUB_REPOSITORY: 'o/r', GITHUB_REF: 'refs/tags/v1' });
  assert.equal(site.ref, '');
  assert.equal(site.server, 'https://github.com');
  assert.equal(site.run, undefined);
  assert.equal(site.tempDir, undefined);
});

test('without GITHUB_REPOSITORY it refuses, saying where it runs, instead of linking to a placeholder', () => {
  assert.throws(() => siteOf(config, {}), /`mode: history` needs GITHUB_REPOSITORY/);
  assert.throws(() => siteOf(config, { GITHUB_REPOSITORY: 'no-slash' }), /GITHUB_REPOSITORY/);
});
