/**
 * What a design catches, said in more than one page, says the same on each: the README's and docs/replicas.md's
 * figures of 1, 4 and 8 runners against the table of docs/how-it-decides.md (bench/replicas.ts, RESULTS §42), and the
 * README's share of unchanged pull requests that end "no change" against the operating characteristic's table.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const replicas = read('docs/replicas.md');
const decides = read('docs/how-it-decides.md');

/** The quiet hour's figure of `runners` at no spread in how-it-decides' table of many runners. */
function decidesQuiet(runners: number): string {
  const row = decides.split('\n').find((l) => new RegExp(`^ {2}\\| ${runners} \\| `).test(l));
  assert.ok(row, `how-it-decides.md has a row for ${runners} runners`);
  return row.split('|')[2]!.trim().split(' / ')[0]!.replace('%', '');
}

test('1, 4 and 8 runners catch the same in the README, docs/replicas.md and docs/how-it-decides.md', () => {
  for (const runners of [1, 4, 8]) {
    const figure = decidesQuiet(runners);
    const row = replicas.split('\n').find((l) => l.startsWith(`| ${runners} runner`));
    assert.ok(row?.includes(`| ${figure}% |`), `docs/replicas.md: ${runners} runners at ${figure}%: ${row}`);
    if (runners > 1) assert.match(readme, new RegExp(`${runners} ≈${figure.replace('.', '\\.')}%`));
  }
});

test('the README says what most unchanged pull requests see, as the operating characteristic does', () => {
  const rows = decides.split('\n').filter((l) => /^\| (1\.5|3)% \| /.test(l));
  const noChange = rows.map((l) => l.split('|')[8]!.trim());
  assert.deepEqual(noChange, ['100%', '90%']);
  assert.match(readme, /"no change" in 90–100% of gates on a quiet runner \(1\.5–3%/);
});
