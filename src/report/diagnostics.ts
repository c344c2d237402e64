/**
 * The diagnostics as a Markdown section: a base/head table and a sentence on whatever stands out (a blocked event
 * loop, a leak). Pure. Only checked numbers reach the Markdown; the one caller-supplied text is escaped.
 */

import type { DiagnosticsSummary, PairedTest, RssTrend, SideDiagnostics } from '../model/diagnostics.ts';
import { escapeMarkdown } from './escape.ts';
import { htmlText, pText } from './format.ts';

export interface DiagnosticsSectionOptions {
  /** Heading level; default 3; 0: no heading (the section sits in a <details> of its own). */
  headingLevel?: number;
  /** Where the raw JSON lines are, e.g. 'the perf-gate artifact'; mentioned when given. */
  artifacts?: string;
  /**
   * The windows were pairs in turns: base and head took turns within each, so each side was loaded about half of
   * its window; default: whole rounds, loaded throughout.
   */
  inTurns?: boolean;
}

/** Milliseconds: 180 ms, 12 ms, 2.1 ms, 0.05 ms. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms >= 10) return `${Math.round(ms)} ms`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** Megabytes: 412 MB, 61.3 MB. */
export function formatMb(mb: number): string {
  if (!Number.isFinite(mb)) return 'n/a';
  return mb >= 100 ? `${Math.round(mb)} MB` : `${mb.toFixed(1)} MB`;
}

/** A signed slope: +12 MB/round, −0.3 MB/s, ±0 MB/round. */
export function formatTrend(trend: RssTrend): string {
  const unit = trend.unit === 'round' ? 'MB/round' : 'MB/s';
  const value = Math.abs(trend.slopeMb);
  const text = value >= 10 ? value.toFixed(0) : value.toFixed(1);
  if (Number(text) === 0) return `±0 ${unit}`;
  return `${trend.slopeMb > 0 ? '+' : '−'}${text} ${unit}`;
}

function rate(trend: RssTrend): string {
  const value = Math.abs(trend.slopeMb);
  const text = value >= 10 ? value.toFixed(0) : value.toFixed(1);
  return trend.unit === 'round' ? `${text} MB per round` : `${text} MB/s`;
}

/** "over 8 rounds" / "within 7 of 8 rounds". */
function extent(trend: RssTrend): string {
  return trend.mode === 'across-rounds'
    ? `over ${trend.points} rounds`
    : `within ${trend.growing} of ${trend.of} rounds`;
}

function missing(side: 'base' | 'head'): string {
  return `No data from the ${side} server: none of its processes accepted TCP connections with perf-gate's preload loaded (not a Node.js server, or its start command replaces \`NODE_OPTIONS\`).`;
}

/** What stands behind a call: "(paired test over 28 pairs, p = 0.003)". */
function tested(test: PairedTest, direction: 'head' | 'base'): string {
  const p = direction === 'head' ? test.pHeadHigher : test.pBaseHigher;
  const units = `${test.units} ${test.unit === 'pair' ? 'pairs' : 'process pairs'}`;
  return `(${direction} higher in a paired test over ${units}, ${pText(p, test.level)})`;
}

/**
 * The sentences worth reading, most important first; [] when nothing stands out. A call is worded only where its
 * paired test stands behind it (src/diagnostics/summary.ts); the numbers are in the table either way.
 */
export function describeDiagnostics(summary: DiagnosticsSummary): string[] {
  const { base, head, comparison } = summary;
  const sentences: string[] = [];
  const b = base?.eventLoopDelayMs;
  const h = head?.eventLoopDelayMs;
  const loop = comparison.eventLoopTest;
  if (b !== undefined && h !== undefined && loop !== undefined) {
    if (comparison.eventLoop === 'blocked-on-head')
      sentences.push(
        `**Event loop blocked on head**: p99 delay ${formatMs(h.p99)}, base ${formatMs(b.p99)} ${tested(loop, 'head')}.`,
      );
    if (comparison.eventLoop === 'unblocked-on-head')
      sentences.push(
        `Event loop no longer blocked on head: p99 delay ${formatMs(h.p99)}, base ${formatMs(b.p99)} ${tested(loop, 'base')}.`,
      );
  }
  const ht = head?.rssTrend;
  const bt = base?.rssTrend;
  const memory = comparison.memoryTest;
  if (ht !== undefined && bt !== undefined && memory !== undefined) {
    if (comparison.leak === 'head')
      sentences.push(
        `**head's RSS grew ${rate(ht)} ${extent(ht)}, base's ${formatTrend(bt)}** ${tested(memory, 'head')}: a memory leak?`,
      );
    if (comparison.leak === 'base')
      sentences.push(
        `base's RSS grew ${rate(bt)} ${extent(bt)}, head's ${formatTrend(ht)} ${tested(memory, 'base')}: a memory leak fixed?`,
      );
  }
  return sentences;
}

function cells(side: SideDiagnostics | undefined, pick: (s: SideDiagnostics) => string | undefined): string {
  if (side === undefined) return 'n/a';
  return pick(side) ?? 'n/a';
}

/** The section; '' when neither side has data (e.g. the server is not Node.js: nothing to say every time). */
export function renderDiagnosticsSection(
  summary: DiagnosticsSummary,
  options: DiagnosticsSectionOptions = {},
): string {
  const { base, head } = summary;
  if (base === undefined && head === undefined) return '';
  const level = Math.min(6, Math.max(0, options.headingLevel ?? 3));
  const lines = level === 0 ? [] : [`${'#'.repeat(level)} Event loop and memory`, ''];
  const sentences = describeDiagnostics(summary);
  if (sentences.length > 0) lines.push(sentences.join(' '), '');
  const row = (name: string, pick: (s: SideDiagnostics) => string | undefined): string =>
    `| ${name} | ${cells(base, pick)} | ${cells(head, pick)} |`;
  lines.push(
    '| | base | head |',
    '|:--|--:|--:|',
    row('event-loop delay p50', (s) => (s.eventLoopDelayMs ? formatMs(s.eventLoopDelayMs.p50) : undefined)),
    row('event-loop delay p99', (s) => (s.eventLoopDelayMs ? formatMs(s.eventLoopDelayMs.p99) : undefined)),
    row('event-loop delay max', (s) => (s.eventLoopDelayMs ? formatMs(s.eventLoopDelayMs.max) : undefined)),
    row('CPU', (s) => `${s.cpuCores.toFixed(2)} cores`),
    row('peak RSS', (s) => formatMb(s.peakRssMb)),
    row('peak heap', (s) => formatMb(s.peakHeapMb)),
  );
  if (base?.rssTrend !== undefined || head?.rssTrend !== undefined)
    lines.push(row('RSS trend', (s) => (s.rssTrend ? formatTrend(s.rssTrend) : undefined)));
  lines.push('');
  const notes: string[] = [];
  if (base === undefined) notes.push(missing('base'));
  if (head === undefined) notes.push(missing('head'));
  const windows = options.inTurns
    ? `${base?.windows ?? 0} base and ${head?.windows ?? 0} head pairs (base and head took turns every fraction of a second, so each side was loaded about half of each pair: its CPU, utilization and delay percentiles read lower than under constant load; compare the two columns)`
    : `${base?.windows ?? 0} base and ${head?.windows ?? 0} head rounds`;
  const where = options.artifacts ? ` Raw samples: ${escapeMarkdown(options.artifacts)}.` : '';
  notes.push(
    `Measured inside the server process by perf-gate's preload over ${windows}: event-loop delay is how late a 10 ms timer fired (median over ${options.inTurns ? 'pairs' : 'rounds'} of each percentile), CPU is in cores (1 = one core busy throughout).${where}`,
    `A blocked event loop or a leak is named only where a paired test finds it (p99 delay pair by pair; RSS growth process against process, or pair by pair), one-sided at ${summary.comparison.eventLoopTest?.level ?? summary.comparison.memoryTest?.level ?? 0.01}: where base and head run the same code, each is named wrongly in at most that share of gates. Otherwise the numbers stand without a verdict.`,
  );
  lines.push(...notes.map((n) => `<sub>${htmlText(n)}</sub>`));
  return lines.join('\n');
}
