/**
 * The history branch (src/history/branch-store.ts) against a local bare repository playing GitHub: the first run creates
 * the branch, later runs append on its tip and replace its one commit, and runs that push at the same moment keep
 * every line (the one refused writes again on the new tip). Also: the workspace's repository is never touched, and a token goes to git only in
 * its environment.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { historyBranchProblem } from '../../../src/config/history-inputs.ts';
import { type HistoryFiles, type HistoryRemote, HistoryStore } from '../../../src/history/branch-store.ts';

const FILE = 'history/2026-11.jsonl';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** Appends `line` to the month file, keeping what the branch holds. */
function appending(line: string) {
  return (current: HistoryFiles): Map<string, string> =>
    new Map([[FILE, `${current.files.get(FILE) ?? ''}${line}\n`]]);
}

/** A barrier for `count` parties: each waits until all have arrived. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    arrived++;
    if (arrived === count) release();
    return all;
  };
}

describe('the history branch', () => {
  let dir: string;
  let remote: HistoryRemote;
  const stores: HistoryStore[] = [];
  const open = async (): Promise<HistoryStore> => {
    const store = await HistoryStore.open(remote, dir);
    stores.push(store);
    return store;
  };
  const linesOnOrigin = (): string[] =>
    git(join(dir, 'origin.git'), 'show', `perf-gate-history:${FILE}`).split('\n');

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-history-test-'));
    mkdirSync(join(dir, 'origin.git'));
    git(join(dir, 'origin.git'), 'init', '--bare', '-q', '-b', 'main');
    remote = {
      url: `file://${join(dir, 'origin.git')}`,
      branch: 'perf-gate-history',
      token: 'ghs_notsentanywhere',
      serverUrl: 'https://github.com',
    };
  });
  after(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('reads nothing before the branch exists, then creates it with a root commit', async () => {
    const store = await open();
    assert.deepEqual(await store.read(), { tip: undefined, files: new Map() });
    const { commit, attempts } = await store.append(appending('{"n":1}'), 'first');
    assert.equal(attempts, 1);
    assert.equal(git(join(dir, 'origin.git'), 'rev-parse', 'perf-gate-history'), commit);
    assert.equal(git(join(dir, 'origin.git'), 'rev-list', '--count', 'perf-gate-history'), '1');
    assert.equal(
      git(join(dir, 'origin.git'), 'log', '-1', '--format=%an <%ae>', 'perf-gate-history'),
      'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>',
    );
  });

  test('a later run appends on the tip, keeps the files it does not write, and leaves the branch one commit', async () => {
    const store = await open();
    await store.append(
      (current) => new Map([...appending('{"n":2}')(current), ['index.html', '<p>page</p>\n']]),
      'second',
    );
    await (await open()).append(appending('{"n":3}'), 'third');
    assert.deepEqual(linesOnOrigin(), ['{"n":1}', '{"n":2}', '{"n":3}']);
    assert.equal(git(join(dir, 'origin.git'), 'show', 'perf-gate-history:index.html'), '<p>page</p>');
    const read = await (await open()).read();
    assert.deepEqual([...read.files.keys()], [FILE], 'read() returns the history files only');
    assert.equal(git(join(dir, 'origin.git'), 'rev-list', '--count', 'perf-gate-history'), '1');
  });

  test('two runs pushing at the same moment keep both lines: the refused one writes again on the new tip', async () => {
    const both = barrier(2);
    const retried: number[] = [];
    const [a, b] = await Promise.all(
      ['{"n":"a"}', '{"n":"b"}'].map(async (line) =>
        (await open()).append(appending(line), line, {
          // Both have committed on the same tip before either pushes.
          beforePush: (attempt) => (attempt === 1 ? both() : undefined),
          onRetry: (attempt) => retried.push(attempt),
          sleep: async () => {},
        }),
      ),
    );
    assert.deepEqual([a!.attempts, b!.attempts].sort(), [1, 2], 'one pushed first, the other once more');
    assert.deepEqual(retried, [1]);
    const lines = linesOnOrigin();
    assert.deepEqual(lines.slice(0, 3), ['{"n":1}', '{"n":2}', '{"n":3}']);
    assert.deepEqual(lines.slice(3).sort(), ['{"n":"a"}', '{"n":"b"}']);
  });

  test('five runs at once, without lining them up: every line is kept, in the branch’s one commit', {
    timeout: 120_000,
  }, async () => {
    const before = linesOnOrigin().length;
    const lines = [1, 2, 3, 4, 5].map((i) => `{"c":${i}}`);
    await Promise.all(
      // With the real random back-off: that is what spreads runs that keep colliding.
      lines.map(async (line) => (await open()).append(appending(line), line)),
    );
    const after = linesOnOrigin();
    assert.equal(after.length, before + 5);
    assert.deepEqual(after.slice(before).sort(), lines.sort());
    assert.equal(git(join(dir, 'origin.git'), 'rev-list', '--count', 'perf-gate-history'), '1', 'one commit');
  });

  test('the token is in no file of the store, nor of the origin', async () => {
    const store = await open();
    await store.append(appending('{"n":"t"}'), 'token');
    const basic = Buffer.from(`x-access-token:${remote.token}`).toString('base64');
    for (const where of [store.dir, join(dir, 'origin.git')]) {
      const grep = spawnSync('grep', ['-rlF', '-e', remote.token, '-e', basic, where], { encoding: 'utf8' });
      assert.equal(grep.status, 1, `grep found it in: ${grep.stdout}`);
    }
  });

  test('a push the remote refuses for want of access fails at once, naming contents: write', async () => {
    const hooks = join(dir, 'origin.git', 'hooks');
    const hook = join(hooks, 'pre-receive');
    execFileSync('sh', [
      '-c',
      `printf '#!/bin/sh\\necho "remote: Permission denied" >&2\\nexit 1\\n' > ${hook} && chmod +x ${hook}`,
    ]);
    try {
      const store = await open();
      await assert.rejects(
        store.append(appending('{"n":"x"}'), 'refused', { sleep: async () => {} }),
        (error: Error) => {
          assert.match(error.message, /contents: write/);
          return true;
        },
      );
    } finally {
      rmSync(hook);
    }
  });

  test('a hook planted in the store never runs: not on fetch, not on push (the token is in git’s environment)', async () => {
    const store = await open();
    const marker = join(dir, 'hook-ran');
    mkdirSync(join(store.dir, 'hooks'), { recursive: true });
    for (const name of ['pre-push', 'reference-transaction', 'post-update', 'push-to-checkout']) {
      const hook = join(store.dir, 'hooks', name);
      writeFileSync(hook, `#!/bin/sh\nenv >> ${marker}\nexit 0\n`);
      chmodSync(hook, 0o755);
    }
    await store.append(appending('{"n":"hook"}'), 'hooked');
    assert.equal(existsSync(marker), false, 'no hook ran');
    assert.deepEqual(readdirSync(join(store.dir, 'hooks')).sort(), [
      'post-update',
      'pre-push',
      'push-to-checkout',
      'reference-transaction',
    ]);
  });

  test('a store has no hooks of the machine’s templates', async () => {
    const store = await open();
    assert.equal(existsSync(join(store.dir, 'hooks')), false);
  });

  test('a branch whose tip is not perf-gate’s history (`main`) is refused before anything is pushed, and stays as it was', async () => {
    const work = join(dir, 'main-work');
    git(dir, 'clone', '-q', join(dir, 'origin.git'), work);
    git(work, 'checkout', '-q', '-B', 'main');
    writeFileSync(join(work, 'index.js'), 'module.exports = 1;\n');
    git(work, '-c', 'user.name=dev', '-c', 'user.email=dev@example.invalid', 'add', '-A');
    git(work, '-c', 'user.name=dev', '-c', 'user.email=dev@example.invalid', 'commit', '-q', '-m', 'app');
    git(work, 'push', '-q', 'origin', 'main');
    const tip = git(join(dir, 'origin.git'), 'rev-parse', 'main');
    for (const branch of ['main']) {
      const store = await HistoryStore.open({ ...remote, branch }, dir);
      stores.push(store);
      await assert.rejects(store.read(), /`main` is not a perf-gate history branch/);
      await assert.rejects(
        store.append(appending('{"n":"m"}'), 'replace', { sleep: async () => {} }),
        /not a perf-gate history branch/,
      );
    }
    assert.equal(git(join(dir, 'origin.git'), 'rev-parse', 'main'), tip, 'main is untouched');
  });
});

describe('history-branch is never the default branch nor the branch measured', () => {
  test('refused with the input named and a fix; another branch is fine', () => {
    assert.match(
      historyBranchProblem('main', { defaultBranch: 'main', ref: 'main' }) ?? '',
      /^input `history-branch`: `main` is the default branch.*history-branch: perf-gate-history/,
    );
    assert.match(
      historyBranchProblem('release/1.x', { defaultBranch: 'main', ref: 'release/1.x' }) ?? '',
      /`release\/1\.x` is the branch measured/,
    );
    assert.equal(
      historyBranchProblem('perf-gate-history', { defaultBranch: 'main', ref: 'main' }),
      undefined,
    );
  });
});
