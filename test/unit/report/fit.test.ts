/**
 * Issue 23, finding 3: GitHub's limits are bytes. The comment, the check run's summary and the job summary are
 * trimmed by UTF-8 bytes, only between lines and sections, never inside a surrogate pair, and always keep the
 * verdict, the headline and the comparison table, also when a failed shard's "Last output" comes first.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import {
  CHECK_SUMMARY_BYTES,
  COMMENT_LIMIT,
  fitComment,
  JOB_SUMMARY_BYTES,
  prefixWithin,
  utf8Bytes,
} from '../../../src/report/fit.ts';
import { asFile, gateReport, mergeAsMeasured } from '../../support/reports.ts';

const POINTER = 'The whole report is in the job summary.';
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The comparison table's lines (those that start with `| scenario | metric |` and follow it). */
function comparisonTable(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| scenario | metric |'));
  if (start < 0) return [];
  let end = start;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  return lines.slice(start, end);
}

/**
 * A report under 65,535 characters and over 65,535 bytes (→, …, −, emoji): three scenarios with as many pairs as
 * keep it near 50,000 characters, and a note of arrows (1 character, 3 bytes each) that takes it to the limit.
 */
function bigReport(): string {
  const paths = { '/catalogue/items': 1, '/catalogue/search?q=x': 0.97, '/orders/🧾/recent': 1.01 };
  const render = (pairs: number, notes: string[] = []) =>
    renderMarkdown(
      gateReport({
        paths,
        pairs,
        seed: 9,
        notes: notes.map((message) => ({ kind: 'teardown-failed' as const, message })),
      }),
    );
  let pairs = 8;
  while (pairs < 400 && render(pairs + 8).length < 50_000) pairs += 8;
  // The renderer may show a note more than once: fit the arrows to what it makes of them.
  let arrows = CHECK_SUMMARY_BYTES - render(pairs).length - 100;
  let markdown = render(pairs, [`the arrows of a long note ${'→'.repeat(arrows)}`]);
  for (let i = 0; i < 5 && markdown.length > CHECK_SUMMARY_BYTES; i++) {
    arrows -= markdown.length - CHECK_SUMMARY_BYTES + 10;
    markdown = render(pairs, [`the arrows of a long note ${'→'.repeat(arrows)}`]);
  }
  return markdown;
}

describe('utf8Bytes and prefixWithin', () => {
  test('count what Buffer.byteLength counts; a prefix never splits a code point', () => {
    for (const text of ['', 'abc', 'é', '→', '😀', 'a😀b', '\ud83d', 'x\ude00y', '−0.6% … +2.1%']) {
      assert.equal(utf8Bytes(text), bytes(text), JSON.stringify(text));
    }
    const text = 'ab😀😀c';
    for (let limit = 0; limit <= bytes(text); limit++) {
      const prefix = prefixWithin(text, limit);
      assert.ok(bytes(prefix) <= limit);
      assert.ok(prefix.isWellFormed(), `limit ${limit}`);
      assert.ok(text.startsWith(prefix));
    }
  });
});

describe('fitComment measures bytes', () => {
  const markdown = bigReport();

  test('a report under the limit in characters but over it in bytes is trimmed to the limit in bytes', () => {
    assert.ok(markdown.length <= CHECK_SUMMARY_BYTES, `${markdown.length} characters`);
    assert.ok(bytes(markdown) > CHECK_SUMMARY_BYTES, `${bytes(markdown)} bytes`);
    const fitted = fitComment(markdown, CHECK_SUMMARY_BYTES, POINTER, 'a check run summary');
    assert.ok(bytes(fitted) <= CHECK_SUMMARY_BYTES, `${bytes(fitted)} bytes`);
    assert.deepEqual(comparisonTable(fitted), comparisonTable(markdown));
    assert.match(fitted, /…trimmed: the report is longer than a check run summary may be\. The whole report/);
    assert.ok(!fitted.includes('the arrows of a long note'), 'the note went, line by line, from the end');
  });

  test('cuts between lines only: every line kept is a line of the report, and no surrogate is split', () => {
    for (const limit of [COMMENT_LIMIT, 40_000, 9_000, 2_000, 700]) {
      const fitted = fitComment(markdown, limit, POINTER);
      assert.ok(bytes(fitted) <= limit, `${bytes(fitted)} > ${limit}`);
      assert.ok(fitted.isWellFormed());
      const original = new Set(markdown.split('\n'));
      const lines = fitted.trimEnd().split('\n');
      for (const line of lines.slice(0, -1)) assert.ok(original.has(line), `${limit}: ${line.slice(0, 80)}`);
      assert.ok(lines.at(-1)!.endsWith(POINTER));
      // A section is dropped whole or kept whole.
      assert.equal(
        (fitted.match(/<details[\s>]/g) ?? []).length,
        (fitted.match(/<\/details>/g) ?? []).length,
      );
    }
  });

  test('the verdict, the headline and the whole comparison table survive every limit they fit in', () => {
    const table = comparisonTable(markdown);
    const head = markdown.split('\n').slice(0, 3);
    for (const limit of [20_000, 5_000, 3_000]) {
      const fitted = fitComment(markdown, limit, POINTER);
      assert.deepEqual(fitted.split('\n').slice(0, 3), head);
      assert.deepEqual(comparisonTable(fitted), table, `${limit}`);
    }
  });

  test('a report within the limit is returned unchanged', () => {
    const small = renderMarkdown(gateReport({ paths: { '/a': 1 } }));
    assert.equal(fitComment(small, bytes(small), POINTER), small);
    assert.equal(fitComment(markdown, JOB_SUMMARY_BYTES, POINTER), markdown);
  });
});

describe('a merged report whose failed shard’s “Last output” comes first', () => {
  function merged(): Report {
    const output = Array.from(
      { length: 400 },
      (_, i) => `npm ERR! line ${i} of the failed shard’s output 😀`,
    );
    const shards = [
      gateReport({
        paths: { '/d': 1 },
        shard: { index: 1, count: 2 },
        error: {
          code: 'server-start',
          message: 'head did not start',
          side: 'head',
          output: output.join('\n'),
          neutral: false,
        },
      }),
      gateReport({ paths: { '/a': 0.8, '/b': 1 }, pairs: 60, seed: 3, shard: { index: 2, count: 2 } }),
    ];
    return mergeAsMeasured(shards.map((r, i) => asFile(r, `shard-${i + 1}/report.json`)));
  }

  test('keeps its comparison table when trimmed (before: the whole table was cut away)', () => {
    const markdown = renderMarkdown(merged());
    const table = comparisonTable(markdown);
    assert.ok(table.length > 2, 'the merged report has a table');
    assert.ok(markdown.indexOf('Last output') < markdown.indexOf('| scenario | metric |'));
    const limit = Math.floor(bytes(markdown) / 2);
    const fitted = fitComment(markdown, limit, POINTER);
    assert.ok(bytes(fitted) <= limit);
    assert.deepEqual(comparisonTable(fitted), table);
    assert.match(fitted, /\[!CAUTION\]/);
  });
});

describe('the job summary (1 MiB, what the step already wrote included)', () => {
  test('is trimmed to what is left of 1 MiB, keeps its table, and says where the whole report is', async () => {
    const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-summary-'));
    const path = join(dir, 'step_summary');
    const earlier = `${'x'.repeat(1000)}\n`.repeat(1000); // 1,001,000 bytes another action of this step wrote
    writeFileSync(path, earlier);
    process.env.GITHUB_STEP_SUMMARY = path;
    try {
      const { writeJobSummary } = await import('../../../src/entry/publish-report.ts');
      const markdown = bigReport();
      assert.equal(await writeJobSummary(markdown), false, 'not whole');
      const written = readFileSync(path, 'utf8');
      assert.ok(bytes(written) <= JOB_SUMMARY_BYTES, `${bytes(written)} bytes`);
      const ours = written.slice(earlier.length);
      assert.deepEqual(comparisonTable(ours), comparisonTable(markdown));
      assert.match(
        ours,
        /…trimmed: the report is longer than a job summary may be\. The whole report is in report\.json/,
      );
    } finally {
      delete process.env.GITHUB_STEP_SUMMARY;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
