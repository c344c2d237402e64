/**
 * Issue 41, item 4: the documents agree on what the pull request's code can reach. docs/fork-prs.md said its code
 * "never gets the token" while docs/security.md said it can read it; nothing said that GitHub-hosted runners give
 * passwordless sudo; the `headline` output quoted untrusted text without a warning against `${{ }}` in `run:`.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

test('docs/fork-prs.md no longer says the code never gets the token, and points at what it can read', () => {
  const forks = read('docs/fork-prs.md');
  assert.doesNotMatch(forks, /never gets: the token/);
  assert.match(forks, /can still read the\s+token/);
  assert.match(forks, /passwordless `sudo`/);
  assert.match(read('docs/security.md'), /\| The runner's passwordless `sudo` \|/);
});

test('the `headline` output warns against an expression inside `run:`, in action.yml and docs/inputs.md', () => {
  const action = read('action.yml');
  const headline = action.slice(action.indexOf('  headline:'), action.indexOf('  change:'));
  assert.match(headline, /untrusted text.*through `env:`, never as an expression inside the script/);
  assert.match(
    read('docs/inputs.md'),
    /\| `headline` \|.*through `env:`.*never as `\$\{\{ \}\}` inside the script/,
  );
});

test('no example puts an output that quotes untrusted text into a `run:` script', () => {
  const dir = new URL('../../../example-workflows/', import.meta.url);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yml'));
  assert.ok(files.length > 5);
  for (const file of files) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    assert.doesNotMatch(text, /run:.*\$\{\{[^}]*outputs\.(headline|change)/, file);
  }
});
