/**
 * Issue 41, item 5: docs/security.md names a test for every line; each test file it names exists, so the page
 * cannot point at a test that is gone.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const page = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');

test('every test file docs/security.md names exists', () => {
  const named = new Set<string>();
  for (const m of page.matchAll(/`(?:test\/(unit|e2e)\/)?([\w-]+\.test\.ts)`/g)) {
    const folder = m[1] ?? (page.slice(Math.max(0, m.index - 4), m.index).includes('e2e') ? 'e2e' : 'unit');
    named.add(`test/${folder}/${m[2]}`);
  }
  assert.ok(named.size >= 15, `${named.size} named`);
  for (const path of named) assert.ok(existsSync(new URL(`../../${path}`, import.meta.url)), path);
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
