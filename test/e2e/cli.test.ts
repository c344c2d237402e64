/** The local CLI (dist/cli.js) as a user runs it in a git repository. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { CLI } from '../support/action.ts';
import { makeRepo, processesUnder, serverSource, type TestRepo } from '../support/repo.ts';

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
    '1s',
    '--warmup',
    '0s',
    // A process pair of its own for the one pair, so no priming before it.
    '--restart-every',
    '1',
  );
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stdout, /both base and head fail GET \/nope \(base: \d+ × 404; head: \d+ × 404\)/);
  assert.match(result.stderr, /pair 1:/);
  assert.doesNotMatch(result.stderr, /pair 2:/);
  assert.deepEqual(processesUnder(r.dir), []);
});
