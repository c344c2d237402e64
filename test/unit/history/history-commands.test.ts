/**
 * Each commit of a history gate starts as its own config file says (src/history/commands.ts): a release tagged
 * before main changed its `start`, `port` and `setup` starts as it did then; the thresholds stay main's.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { sideCommands } from '../../../src/config/base-config.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { ownCommands } from '../../../src/history/commands.ts';

const RELEASE_FILE = `start: node server.js
port: 8080
setup: node seed.js
env: { TOKEN: "\${OLD_TOKEN}" }
scenarios:
  - path: /orders
    threshold: 50%
`;
const MAIN_FILE = `start: node dist/main.js
threshold: 3%
scenarios:
  - path: /orders
`;

/** A repository with the release's file in its first commit, main's in its second; and the two commits. */
function repository(): { root: string; release: string; main: string } {
  const root = mkdtempSync(join(tmpdir(), 'perf-gate-history-commands-'));
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(root, 'perf-gate.yml'), RELEASE_FILE);
  git('add', '-A');
  git('commit', '-q', '-m', 'v1');
  const release = git('rev-parse', 'HEAD');
  writeFileSync(join(root, 'perf-gate.yml'), MAIN_FILE);
  git('commit', '-q', '-am', 'main');
  return { root, release, main: git('rev-parse', 'HEAD') };
}

describe('history gates: each commit starts as its own config file says', () => {
  const repo = repository();
  after(() => rmSync(repo.root, { recursive: true, force: true }));
  const config = parseConfig((name) => (name === 'config' ? 'perf-gate.yml' : ''), {
    outputDir: '/tmp/pg-out',
    readFile: () => MAIN_FILE,
  });

  test('main against the release: the release starts with its own start, port, setup and env; main with its own', async () => {
    const own = await ownCommands(config, repo.root, { base: repo.release }, { OLD_TOKEN: 's3cret' });
    const base = sideCommands(own, 'base');
    assert.equal(base.start, 'node server.js');
    assert.equal(base.port, 8080);
    assert.equal(base.setup, 'node seed.js');
    assert.deepEqual(base.env, { TOKEN: 's3cret' });
    assert.ok(own.secrets.includes('s3cret'), 'a value from the step is masked');
    assert.equal(sideCommands(own, 'head').start, 'node dist/main.js');
    // The policy is main's: its threshold, not the release's file's.
    assert.equal(own.threshold, 0.03);
    assert.equal(own.scenarios[0]?.threshold, undefined);
  });

  test('a release against the one before: both sides take their own commit’s commands', async () => {
    const own = await ownCommands(
      config,
      repo.root,
      { base: repo.main, head: repo.release },
      { OLD_TOKEN: 's3cret' },
    );
    assert.equal(sideCommands(own, 'head').start, 'node server.js');
    assert.equal(sideCommands(own, 'head').port, 8080);
    assert.equal(sideCommands(own, 'base').start, 'node dist/main.js');
    assert.equal(sideCommands(own, 'base').port, undefined);
  });
});
