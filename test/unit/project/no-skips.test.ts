/**
 * Nothing in the suite skips (issue 53, item 2): a test that needs a tool gets it from the project's set-up or fails
 * saying how to get it. No test file may skip or mark a test to do, by option or by call; .ci/run also fails when a
 * run reports one.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Every .ts file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// node:test's ways to skip: the option (`{ skip }`, `skip: …`), `t.skip()`, `test.skip()`, and the same for todo.
const WORDS = ['skip', 'todo'];
const FORMS = WORDS.flatMap((w) => [`\\{\\s*${w}\\b`, `\\b${w}\\s*:`, `\\.${w}\\(`]);
const SKIPPING = new RegExp(FORMS.join('|'));

test('no test file skips a test or leaves one to do', () => {
  const self = fileURLToPath(import.meta.url);
  const found = sources(join(ROOT, 'test'))
    .filter((file) => file !== self)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          SKIPPING.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
  assert.deepEqual(found, []);
});

test('the pattern finds each form', () => {
  const [skip, todo] = WORDS as [string, string];
  for (const line of [
    `test('x', { ${skip} }, () => {})`,
    `test('x', { ${skip}: 'why' }, () => {})`,
    `return t.${skip}('why')`,
    `describe.${skip}('x', () => {})`,
    `test('x', { ${todo}: true })`,
    `t.${todo}('later')`,
  ])
    assert.match(line, SKIPPING, line);
  assert.doesNotMatch("install: 'skip'", SKIPPING);
});
