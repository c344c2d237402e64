/**
 * What a design catches and costs is said from one table (bench/figures.ts writes bench/data/figures.json and the
 * marked tables): docs/how-it-decides.md, bench/RESULTS.md and docs/replicas.md print it as written, and the README,
 * action.yml and docs/inputs.md quote its cells.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { type Cell, cellOf, markedBlock, percent, WRITTEN } from '../../../bench/figures-table.ts';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const cells: Cell[] = JSON.parse(read('bench/data/figures.json')).cells;
const one = (threshold: number, noise: number) => cellOf(cells, '1 runner', threshold, noise);

/** The figure a page quotes after `before` (a percentage), else a failure naming the page. */
function quoted(page: string, before: RegExp): string {
  const match = read(page).match(new RegExp(`${before.source}([\\d.]+%)`));
  assert.ok(match, `${page} says ${before.source}…`);
  return match[1]!;
}

describe('one table of what a design catches and costs', () => {
  test('the pages that print it print it as bench/data/figures.json has it', () => {
    for (const { page, lines } of WRITTEN)
      assert.equal(markedBlock(read(page), []).current, `${lines(cells).join('\n')}\n`, page);
  });

  test('every design, threshold and noise has its cell, with figures in range', () => {
    assert.equal(cells.length, 4 * 2 * 3);
    for (const c of cells) {
      assert.ok(c.caught80 > 0 && c.caught80 <= 0.16, JSON.stringify(c));
      assert.ok(c.noChange >= 0 && c.noChange + c.falseAlarm <= 1, JSON.stringify(c));
      assert.ok(c.wallMin > 0 && c.runnerMin >= c.wallMin, JSON.stringify(c));
    }
  });

  test('the README quotes one runner at the defaults and more runners at `threshold: 1%`', () => {
    assert.equal(quoted('README.md', /one runner catches a /), percent(one(0.02, 0.03).caught80));
    assert.equal(quoted('README.md', /"no change" on /), percent(one(0.02, 0.03).noChange, 0));
    assert.equal(quoted('README.md', /unchanged pull requests \(/), percent(one(0.02, 0.015).noChange, 0));
    for (const runners of [4, 8])
      assert.equal(
        quoted('README.md', new RegExp(`, ${runners} ≈`)),
        percent(cellOf(cells, `${runners} runners`, 0.01, 0.03).caught80),
      );
  });

  test('docs/replicas.md says what one runner sees at `threshold: 1%` as the table does', () => {
    assert.equal(
      quoted('docs/replicas.md', /at 3% noise per pair about /),
      percent(one(0.01, 0.03).caught80),
    );
    assert.equal(quoted('docs/replicas.md', /at 6% about /), percent(one(0.01, 0.06).caught80));
  });

  test('the replicas example says what its four runners buy at `threshold: 1%`, as the table does', () => {
    const page = 'example-workflows/replicas.yml';
    assert.equal(quoted(page, /runners catch /), percent(cellOf(cells, '4 runners', 0.01, 0.03).caught80));
    assert.equal(quoted(page, /where one catches /), percent(one(0.01, 0.03).caught80));
  });

  test('action.yml and docs/inputs.md quote the same cells for `threshold`', () => {
    for (const page of ['action.yml', 'docs/inputs.md']) {
      assert.equal(quoted(page, /one runner catches a /), percent(one(0.02, 0.03).caught80), page);
      assert.equal(
        quoted(page, /`threshold: 1%` and 4 runners catch /),
        percent(cellOf(cells, '4 runners', 0.01, 0.03).caught80),
        page,
      );
    }
  });
});
