/**
 * References in prose lead somewhere too (Markdown links are checked by readme.test.ts): a section named in quotes
 * "in the README" or in a docs/ file, in the example workflows' comments and in the docs, is a heading there; and no
 * document points to a README table that is not there.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { marked, type Tokens } from 'marked';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path, ends);
    return ends.test(name) ? [relative(ROOT, join(ROOT, path))] : [];
  });
}

const SOURCES = [...filesUnder('example-workflows', /\.ya?ml$/), ...filesUnder('docs', /\.md$/), 'README.md'];

function headings(file: string): string[] {
  return marked
    .lexer(read(file))
    .filter((t): t is Tokens.Heading => t.type === 'heading')
    .map((t) => t.text.replaceAll('`', ''));
}

test('every section named in prose ("X" in the README, "X" in docs/y.md) is a heading of that file', () => {
  let seen = 0;
  for (const file of SOURCES) {
    for (const m of read(file).matchAll(/"([^"\n]+)" in (the README|README\.md|docs\/[a-z-]+\.md)/g)) {
      const target = m[2]!.startsWith('docs/') ? m[2]! : 'README.md';
      assert.ok(existsSync(join(ROOT, target)), `${file}: ${target} does not exist`);
      assert.ok(headings(target).includes(m[1]!), `${file}: no section "${m[1]}" in ${target}`);
      seen++;
    }
  }
  assert.ok(seen >= 2, 'the fork-safe examples name their section');
});

test("no document points to an inputs table of the README's that is not there", () => {
  const inputsTable = marked
    .lexer(read('README.md'))
    .some((t) => t.type === 'table' && /^input/.test((t as Tokens.Table).header[0]?.text ?? ''));
  for (const file of SOURCES) {
    const text = read(file).replace(/\s+/g, ' ');
    if (/README(\.md)?'s (inputs )?table[^.]*\binputs?\b|input[^.]*README(\.md)?'s table/.test(text))
      assert.ok(inputsTable, `${file} points to the README's table of inputs, which it does not have`);
  }
});
