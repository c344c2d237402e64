/** The local CLI (dist/cli.js) as a user runs it in a git repository. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { CLI } from '../support/action.ts';
import { git, makeRepo, processesUnder, serverSource, type TestRepo } from '../support/repo.ts';

const repos: TestRepo[] = [];
after(() => {
  for (const r of repos) r.cleanup();
});

function cli(cwd: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('an unknown flag is an error that names it', () => {
  const result = cli(process.cwd(), 'compare', '--start', 'node x.js', '--thresold', '5%');
  assert.equal(result.code, 2);
  assert.match(result.stderr, /unknown argument `--thresold`/);
});

test('a bad input value names the input and the accepted form', () => {
  const result = cli(process.cwd(), 'compare', '--start', 'node x.js', '--threshold', 'five');
  assert.equal(result.code, 2);
  assert.match(result.stderr, /input `threshold`: `five` is not a percentage/);
});

test('compare in a repository whose path fails on both sides stops after the first pair with a clear error', () => {
  const r = makeRepo({ 'server.js': serverSource({ workUs: 0, status: 404 }) }, { 'README.md': 'docs\n' });
  repos.push(r);
  const result = cli(
    r.workspace,
    'compare',
    '--base',
    'main',
    '--start',
    'node server.js',
    '--paths',
    '/nope',
    '--rounds',
    '8',
    '--duration',
    '0.25s',
    '--warmup',
    '0s',
    // A process pair of its own for the one pair, primed briefly.
    '--restart-every',
    '1',
    '--prime',
    '0.25s',
  );
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stdout, /both base and head fail GET \/nope \(base: \d+ × 404; head: \d+ × 404\)/);
  assert.match(result.stderr, /pair 1:/);
  assert.doesNotMatch(result.stderr, /pair 2:/);
  assert.deepEqual(processesUnder(r.dir), []);
});

/** Every file of `dir` but git's object store, with its bytes' hash; symbolic links by their target. */
function snapshotOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const name = relative(dir, path);
      // The object store grows (the work tree's snapshot commit, the fetched base): that is git's, not the checkout.
      if (['.git/objects', '.git/logs', '.git/FETCH_HEAD', '.git/shallow', '.git/packed-refs'].includes(name))
        continue;
      if (entry.isSymbolicLink()) files.set(name, `-> ${readlinkSync(path)}`);
      else if (entry.isDirectory()) walk(path);
      else files.set(name, createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

test('compare measures the work tree in a worktree of its own: the checkout stays byte-identical, node_modules included', {
  timeout: 180_000,
}, () => {
  const lock = `${JSON.stringify(
    {
      name: 'shop',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'shop', version: '1.0.0', dependencies: { dep: 'file:./dep' } },
        dep: { version: '1.0.0' },
        'node_modules/dep': { resolved: 'dep', link: true },
      },
    },
    null,
    2,
  )}\n`;
  const r = makeRepo(
    {
      'server.js': serverSource({ workUs: 0 }),
      'package.json':
        '{ "name": "shop", "version": "1.0.0", "private": true, "dependencies": { "dep": "file:./dep" } }\n',
      'package-lock.json': lock,
      'dep/package.json': '{ "name": "dep", "version": "1.0.0" }\n',
      'dep/index.js': 'module.exports = 1;\n',
      '.gitignore': 'node_modules/\ndist/\n',
    },
    {},
  );
  repos.push(r);
  const ws = r.workspace;
  // What the user has that git does not: an install (npm ci in the checkout would wipe it) and a build.
  mkdirSync(join(ws, 'node_modules/dep'), { recursive: true });
  writeFileSync(join(ws, 'node_modules/dep/index.js'), 'module.exports = "the user\'s own";\n');
  symlinkSync('../dep', join(ws, 'node_modules/linked'));
  mkdirSync(join(ws, 'dist'));
  writeFileSync(join(ws, 'dist/server.js'), '// built by the user\n');
  // Uncommitted: head now answers 404 and needs an untracked module; an untracked config file whose setup and
  // teardown would change the checkout if they ran there.
  writeFileSync(
    join(ws, 'server.js'),
    serverSource({ workUs: 0, status: 404, crash: "require('./extra.js');" }),
  );
  writeFileSync(join(ws, 'extra.js'), 'module.exports = {};\n');
  writeFileSync(
    join(ws, 'perf-gate.yml'),
    [
      'start: node server.js',
      'setup: touch setup-ran',
      'teardown: rm -rf node_modules dist',
      'scenarios:',
      '  - path: /x',
      '',
    ].join('\n'),
  );
  const status = git(ws, 'status', '--porcelain');
  const before = snapshotOf(ws);
  const result = spawnSync(
    process.execPath,
    [
      CLI,
      'compare',
      '--base',
      'main',
      '--config',
      'perf-gate.yml',
      '--rounds',
      '8',
      '--duration',
      '0.25s',
      '--prime',
      '0.5s',
      '--warmup',
      '0s',
      // Blocks of 2 pairs per process pair: 4 blocks, the units of the decision (one block alone decides nothing).
      '--restart-every',
      '2',
      '--flamegraphs',
      'off',
    ],
    {
      cwd: ws,
      encoding: 'utf8',
      timeout: 170_000,
      env: {
        ...process.env,
        npm_config_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
      },
    },
  );
  const output = `${result.stdout}\n${result.stderr}`;
  // Head answers 404 where base answers 200: a regression by failed requests, which no host noise can move.
  assert.equal(result.status, 1, output);
  assert.match(
    result.stdout,
    /`feature \(work tree\)` breaks GET \/x\*\*: [\d,]+ of [\d,]+ requests failed \(answers 404; base: 0\)/,
  );
  assert.match(
    result.stderr,
    /head is HEAD with your uncommitted changes to 3 files \(extra\.js, perf-gate\.yml, server\.js\), checked out in a worktree of its own at \S+: your checkout is not touched/,
  );
  const report = JSON.parse(readFileSync(/report: (\S+)/.exec(result.stderr)![1]!, 'utf8')) as {
    head: { sha: string; label: string };
  };
  assert.equal(report.head.label, 'feature (work tree)');
  assert.notEqual(report.head.sha, r.headSha, 'a commit of the work tree, not HEAD');
  assert.equal(git(ws, 'rev-parse', `${report.head.sha}^`), r.headSha, 'on top of HEAD');

  assert.deepEqual(
    snapshotOf(ws),
    before,
    'every file of the checkout as it was, node_modules and dist included',
  );
  assert.equal(git(ws, 'status', '--porcelain'), status);
  assert.equal(
    git(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)?.length,
    1,
    'no worktree left',
  );
  assert.deepEqual(processesUnder(r.dir), []);
});
