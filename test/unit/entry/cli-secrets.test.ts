/**
 * `perf-gate compare` inside a workflow masks what the config file took from the step's environment, as the
 * action does: the runner is told first (`::add-mask::`), and the report it prints and writes holds `***` where a
 * server printed the secret. A repository whose server prints its token and exits, so nothing is measured.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { maskCommands } from '../../../src/entry/commands.ts';
import { commitRepo } from '../../support/repo.ts';

const CLI = fileURLToPath(new URL('../../../src/entry/cli.ts', import.meta.url));
const SECRET = 'tok_91c2e7a4f05b3d68';

const CONFIG = `start: node -e "console.log('token ' + process.env.API_TOKEN); process.exit(3)"
scenarios:
  - path: /orders
    headers:
      authorization: Bearer \${API_TOKEN}
`;

test('each line of each secret is one mask command', () => {
  assert.equal(maskCommands(['abc', 'one\ntwo\n']), '::add-mask::abc\n::add-mask::one\n::add-mask::two\n');
  assert.equal(maskCommands([]), '');
});

test('compare in a workflow masks the secret before anything else and prints the report without it', () => {
  const repo = commitRepo('perf-gate-cli-secret-', { 'perf-gate.yml': CONFIG });
  const out = join(repo.root, '..', `${repo.root.split('/').at(-1)}-out`);
  try {
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'compare',
        '--config',
        'perf-gate.yml',
        '--install',
        'skip',
        '--base',
        'main',
        '--output-dir',
        out,
      ],
      {
        cwd: repo.root,
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, GITHUB_ACTIONS: 'true', API_TOKEN: SECRET },
      },
    );
    assert.ok(
      r.stdout.startsWith(`::add-mask::${SECRET}\n`),
      `stdout starts with the mask:\n${r.stdout.slice(0, 300)}`,
    );
    assert.ok(!r.stdout.slice(`::add-mask::${SECRET}\n`.length).includes(SECRET), r.stdout);
    const report = readFileSync(join(out, 'report.json'), 'utf8');
    assert.ok(!report.includes(SECRET), 'report.json holds the token');
    assert.match(report, /token \*\*\*/);
  } finally {
    rmSync(repo.root, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});
