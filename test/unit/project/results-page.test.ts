/**
 * bench/RESULTS.md is the current page and bench/NOTEBOOK.md the notebook it cites: the page stays short, and every
 * numbered section cited there, in src/, docs/, test/, bench/'s scripts, the README, action.yml and the example
 * workflows is a heading of the notebook (the page has no numbered sections of its own).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'data' ? [] : filesUnder(path, ends);
    return ends.test(name) ? [relative(ROOT, join(ROOT, path))] : [];
  });
}

/** The notebook's section numbers, from its headings `## N. …`. */
const sections = new Set([...read('bench/NOTEBOOK.md').matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));

/** Every section number a text cites: `§N`, and both ends and the inside of a range `§N–M`. */
function cited(text: string): number[] {
  return [...text.matchAll(/§\s?(\d+)(?:[–-](\d+))?/g)].flatMap((m) => {
    const [from, to] = [Number(m[1]), Number(m[2] ?? m[1])];
    return Array.from({ length: Math.max(1, to - from + 1) }, (_, i) => from + i);
  });
}

test('the notebook numbers its sections from 1 with none missing', () => {
  assert.ok(sections.size >= 46, `only ${sections.size} sections`);
  for (let n = 1; n <= sections.size; n++) assert.ok(sections.has(n), `no "## ${n}." in bench/NOTEBOOK.md`);
});

test('bench/RESULTS.md is a page of at most 350 lines that cites the notebook', () => {
  const page = read('bench/RESULTS.md');
  const lines = page.split('\n').length;
  assert.ok(lines <= 350, `bench/RESULTS.md has ${lines} lines`);
  assert.doesNotMatch(page, /^## \d+\. /m, 'the current page is by topic, not numbered sections');
  const cites = [...page.matchAll(/NOTEBOOK §\s?\d+/g)];
  assert.ok(cites.length >= 20, `bench/RESULTS.md cites the notebook ${cites.length} times`);
  const missing = cited(page).filter((n) => !sections.has(n));
  assert.deepEqual(missing, [], 'sections bench/RESULTS.md cites that bench/NOTEBOOK.md does not have');
});

test('every numbered section cited in the code, docs, tests and bench scripts is in the notebook', () => {
  const files = [
    ...filesUnder('src', /\.ts$/),
    ...filesUnder('docs', /\.md$/),
    ...filesUnder('test', /\.ts$/),
    ...filesUnder('bench', /\.(ts|cjs)$/),
    ...filesUnder('example-workflows', /\.ya?ml$/),
    'README.md',
    'action.yml',
  ];
  let seen = 0;
  const wrong: string[] = [];
  for (const file of files) {
    const text = read(file);
    // The current page has no numbered sections: a numbered one is the notebook's.
    if (/RESULTS(\.md)?\]?(\([^)]*\))?\s*§/.test(text)) wrong.push(`${file}: a section of bench/RESULTS.md`);
    for (const n of cited(text)) {
      seen++;
      if (!sections.has(n)) wrong.push(`${file}: section ${n}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(seen >= 40, `only ${seen} citations found`);
});
