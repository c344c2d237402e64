/**
 * Issue 41, item 5: docs/security.md names a test for every line; each test file it names exists, so the page
 * cannot point at a test that is gone.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const page = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');

/** Every test file under test/, by its path from the repository's root. */
function testFiles(dir: URL, prefix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${prefix}${f}`);
}

test('every test file docs/security.md names exists', () => {
  const all = [
    ...testFiles(new URL('../../unit/', import.meta.url), 'test/unit/'),
    ...testFiles(new URL('../../e2e/', import.meta.url), 'test/e2e/'),
  ];
  const named = new Set<string>();
  for (const m of page.matchAll(/`((?:test\/(?:unit|e2e)\/)?(?:[\w-]+\/)*[\w-]+\.test\.ts)`/g))
    named.add(m[1]!);
  assert.ok(named.size >= 15, `${named.size} named`);
  // A path names that file; a bare name, a file of that name anywhere under test/.
  for (const name of named)
    assert.ok(
      all.some((f) => (name.startsWith('test/') ? f === name : f.endsWith(`/${name}`))),
      `${name} is not a test file`,
    );
});

test('every finding of issue 41 has its line', () => {
  for (const words of [
    'accepted only by a maintainer',
    'neither starts base nor sets the policy',
    'never hands its write token to a hook',
    "history's lines are data",
    'cannot stall the privileged job',
    "CLI's error lines",
    'load generator read without end',
    'passwordless `sudo`',
    'The `headline` output',
    'Events are allowed by a list',
    'O_EXCL|O_NOFOLLOW',
  ])
    assert.ok(page.includes(words), words);
});
