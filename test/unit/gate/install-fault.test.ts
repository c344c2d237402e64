/** The output shown under a failed install or build keeps its cause. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { failureExcerpt } from '../../../src/gate/trees.ts';

const npmOutOfSync = readFileSync(
  new URL('../../fixtures/faults/npm-ci-out-of-sync.txt', import.meta.url),
  'utf8',
);

test('`npm ci` with a lockfile out of sync: the cause stays in front of 90 lines of usage', () => {
  assert.ok(npmOutOfSync.split('\n').length > 80, 'the fixture is longer than the excerpt');
  const excerpt = failureExcerpt(npmOutOfSync);
  const lines = excerpt.split('\n');
  assert.equal(lines.length, 40);
  assert.equal(lines[0], 'npm error code EUSAGE');
  assert.match(excerpt, /package\.json and package-lock\.json or npm-shrinkwrap\.json are in sync/);
  assert.match(excerpt, /Missing: dep@1\.0\.0 from lock file/);
  assert.match(excerpt, /^… \(\d+ more lines\)$/m);
  assert.match(lines.at(-1)!, /A complete log of this run can be found in/);
});

test('short output, or output without an error line, is the last lines as before', () => {
  assert.equal(failureExcerpt('a\nb\nerror: c\n'), 'a\nb\nerror: c');
  const long = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
  assert.equal(failureExcerpt(long), Array.from({ length: 40 }, (_, i) => `line ${i + 60}`).join('\n'));
});

test('an error line within the last lines is not repeated', () => {
  const text = [...Array.from({ length: 70 }, (_, i) => `step ${i}`), 'Error: boom', 'at x'].join('\n');
  const excerpt = failureExcerpt(text);
  assert.equal(excerpt.split('\n').length, 40);
  assert.equal(excerpt.match(/Error: boom/g)?.length, 1);
  assert.ok(!excerpt.includes('more lines'));
});

test('tsc: the first errors and the summary', () => {
  const text = [
    'src/a.ts(1,1): error TS2322: Type "string" is not assignable to type "number".',
    ...Array.from({ length: 80 }, (_, i) => `src/b${i}.ts(2,2): error TS2345: bad argument`),
    'Found 81 errors in 81 files.',
  ].join('\n');
  const excerpt = failureExcerpt(text);
  assert.match(excerpt.split('\n')[0]!, /src\/a\.ts\(1,1\): error TS2322/);
  assert.match(excerpt, /Found 81 errors in 81 files\.$/);
});
