/**
 * Each side's memory over the gate (src/report/memory-chart.ts): drawn only after a leak or an allocation
 * regression, the heap kept and the allocation per request as each side's line per pair, in words that name each
 * line by where it runs; a scenario's name stays out of the Mermaid block, and the Next line names the chart's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Round } from '../../../src/model/measure.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { escapeMarkdown } from '../../../src/report/escape.ts';
import { memoryCharts } from '../../../src/report/memory-chart.ts';
import { memoryNext } from '../../../src/report/memory-text.ts';
import { gateReport, type ShardSpec } from '../../support/reports.ts';

const flat = (alloc: Record<string, number>, head = 0): NonNullable<ShardSpec['memory']> => ({
  bytes: 24_000,
  alloc,
  keeps: { base: 0, head },
});

/** The Mermaid block's `line [...]` rows, as numbers. */
function lines(chart: readonly string[]): number[][] {
  return chart
    .filter((l) => l.startsWith('  line ['))
    .map((l) => l.slice('  line ['.length, -1).split(', ').map(Number));
}

test('no memory regression, no memory chart (and no section in the comment)', () => {
  const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 10, seed: 24, memory: flat({}) });
  assert.equal(report.verdict, 'no-change');
  assert.deepEqual(memoryCharts(report.decision!, report.rounds, escapeMarkdown), []);
  assert.ok(!renderMarkdown(report).includes('Memory: each side over the gate'));
});

test('a leak: each side the heap it kept after each pair, in MB, head red and above base blue', () => {
  const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 10, seed: 23, memory: flat({}, 400) });
  const chart = memoryCharts(report.decision!, report.rounds, escapeMarkdown);
  assert.ok(chart.includes('  title "heap kept after each pair, each side (MB)"'), chart.join('\n'));
  const [head, base] = lines(chart);
  assert.equal(head?.length, 10);
  assert.equal(base?.length, 10);
  // Each side's reading of a pair is its last (the most requests served), in MB to two decimals.
  const last = report.rounds
    .filter((r) => r.pair === 9 && r.side === 'head')
    .sort((a, b) => b.measurement.memory!.served - a.measurement.memory!.served)[0]!;
  assert.equal(head!.at(-1), Math.round((last.measurement.memory!.retainedBytes! / 1024 / 1024) * 100) / 100);
  assert.ok(
    head!.every((h, i) => h > base![i]!),
    'head kept more in every pair',
  );
  assert.match(chart.join('\n'), /at the last pair: head \(red\) [\d.]+ MB, base \(blue\) [\d.]+ MB\./);
  assert.ok(
    renderMarkdown(report).includes('<details open><summary>Memory: each side over the gate</summary>'),
    'unfolded in the comment',
  );
});

test('allocation regressed: the scenario that regressed most, each side per pair, its name escaped outside the chart', () => {
  const hostile = '/json<img src=x>*';
  const report = gateReport({
    paths: { [hostile]: 1, '/other': 1 },
    pairs: 10,
    seed: 22,
    memory: flat({ [hostile]: 1.6 }),
  });
  const decision = report.decision!;
  const regressed = decision.comparisons.filter((c) => c.metric === 'alloc' && c.verdict === 'regression');
  assert.deepEqual(
    regressed.map((c) => c.scenario),
    [`GET ${hostile}`],
  );
  const chart = memoryCharts(decision, report.rounds, escapeMarkdown);
  const text = chart.join('\n');
  assert.ok(text.includes(`Allocation per request in ${escapeMarkdown(`GET ${hostile}`)}, each pair`), text);
  const block = text.slice(text.indexOf('```mermaid'));
  assert.ok(!block.includes('json') && !block.includes('<'), block);
  assert.ok(chart.includes('  title "allocation per request, each side per pair (KB)"'));
  const [head, base] = lines(chart);
  // 24,000 bytes a request on base (23.4 KB), 1.6 times that on head, within the fake's noise.
  for (const b of base!) assert.ok(Math.abs(b - 23.44) < 0.3, `base ${b}`);
  for (const h of head!) assert.ok(Math.abs(h - 37.5) < 0.5, `head ${h}`);

  // Were /other's allocation a larger regression, its lines would be drawn instead (base's and head's alike).
  const other = decision.comparisons.find((c) => c.scenario === 'GET /other' && c.metric === 'alloc')!;
  const larger = { ...other, verdict: 'regression' as const, change: 0.9 };
  const swapped = { ...decision, comparisons: [...decision.comparisons, larger] };
  assert.match(memoryCharts(swapped, report.rounds, escapeMarkdown).join('\n'), /in GET \/other, each pair/);
  // The Next line points at the same scenario as the chart.
  assert.match(memoryNext(swapped), /^Look at what GET \/other allocates per request/);
  assert.match(memoryNext(decision), /^Look at what GET \/json/);
});

test('a pair without a reading repeats the one before it (the first one found, at the start)', () => {
  const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 6, seed: 23, memory: flat({}, 400) });
  const strip = (r: Round): Round => {
    const { retainedBytes: _, ...memory } = r.measurement.memory!;
    return { ...r, measurement: { ...r.measurement, memory } };
  };
  const rounds = report.rounds.map((r) => (r.pair === 0 || r.pair === 3 ? strip(r) : r));
  const [head] = lines(memoryCharts(report.decision!, rounds, escapeMarkdown));
  assert.equal(head?.length, 6);
  assert.equal(head![0], head![1]);
  assert.equal(head![3], head![2]);
});
