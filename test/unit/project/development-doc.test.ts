/**
 * docs/development.md's table of src/ folders against the tree: every folder of src/ has a row and no row names a
 * folder that is gone, in the order of the stages the shape test holds (a folder imports only those above it), and
 * every file a row names is there.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { STAGES } from '../../support/stages.ts';

const root = new URL('../../../', import.meta.url);
const doc = readFileSync(new URL('docs/development.md', root), 'utf8');
const section = doc.slice(
  doc.indexOf('## How the code is laid out'),
  doc.indexOf('\n## ', doc.indexOf('## How the code')),
);

/** The table's rows: the folders of the first cell (`model/`), the code spans of the second. */
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const [first = '', second = ''] = line.slice(2).split(' | ');
    const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    return { folders: spans(first).map((f) => f.replace(/\/$/, '')), named: spans(second) };
  });

test('the folder table lists every folder of src/, none that is gone, in the stages’ order', () => {
  const tree = readdirSync(new URL('src/', root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const listed = rows.flatMap((row) => row.folders);
  assert.deepEqual([...listed].sort(), tree);
  assert.deepEqual(listed, [...STAGES]);
});

test('every source file the folder table names is in src/', () => {
  const missing = rows.flatMap(({ folders, named }) =>
    named
      .filter((name) => /^[\w/.-]+\.ts$/.test(name))
      .filter((name) =>
        name.includes('/')
          ? !existsSync(new URL(`src/${name}`, root))
          : !folders.some((folder) => existsSync(new URL(`src/${folder}/${name}`, root))),
      )
      .map((name) => `${folders.join(', ')}: ${name}`),
  );
  assert.deepEqual(missing, []);
});
