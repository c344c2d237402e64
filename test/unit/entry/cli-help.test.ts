/**
 * `--help` on every command of the CLI, as a terminal runs it (src/entry/cli.ts under this Node): it answers with
 * status 0 and lists only what that command takes; compare lists no flag of mode history's or of the action's own.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { COMPARE_FLAGS } from '../../../src/entry/commands.ts';

const CLI = fileURLToPath(new URL('../../../src/entry/cli.ts', import.meta.url));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The flags a help text lists on its line of flags. */
function listed(text: string): string[] {
  return [...text.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((m) => m[1]!);
}

describe('--help', () => {
  for (const args of [
    ['--help'],
    ['-h'],
    ['help'],
    ['compare', '--help'],
    ['compare', '-h'],
    ['demo', '--help'],
  ]) {
    test(`perf-gate ${args.join(' ')} answers with status 0 and its usage`, () => {
      const r = run(...args);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^Usage:\n/);
      assert.equal(r.stderr, '');
    });
  }

  test('compare --help lists the flags compare takes and none of mode history or of the action alone', () => {
    const text = run('compare', '--help').stdout;
    const flags = new Set(listed(text));
    for (const flag of COMPARE_FLAGS) assert.ok(flags.has(flag), `--${flag} is not listed`);
    for (const flag of [
      'history-branch',
      'release-tags',
      'history-branch',
      'github-token',
      'mode',
      'comment',
    ])
      assert.ok(!flags.has(flag), `--${flag} is listed`);
    assert.doesNotMatch(text, /perf-gate demo/);
  });

  test('a flag of mode history is refused by compare as one it does not use', () => {
    const r = run('compare', '--history-branch', 'h');
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /`--history-branch` is an input of the action that `perf-gate compare` does not use/,
    );
  });

  test('demo --help lists no flag, and demo refuses one', () => {
    assert.deepEqual(listed(run('demo', '--help').stdout), []);
    const r = run('demo', '--base', 'x');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /`perf-gate demo` takes no flags, not `--base`/);
  });
});
