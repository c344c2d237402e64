/**
 * The diagnostics as a Markdown section: a base/head table and a sentence on whatever stands out (a blocked event
 * loop, a leak). Pure. Only checked numbers reach the Markdown; the one caller-supplied text is escaped.
 */

import type { DiagnosticsSummary, RssTrend, SideDiagnostics } from '../model/diagnostics.ts';
import { escapeMarkdown } from './escape.ts';

export interface DiagnosticsSectionOptions {
  /** Heading level; default 3. */
  headingLevel?: number;
  /** Where the raw JSON lines are, e.g. 'the perf-gate artifact'; mentioned when given. */
  artifacts?: string;
  /**
   * The windows were sliced pairs: base and head took turns within each, so each side was loaded about half of
   * its window; default: whole rounds, loaded throughout.
   */
  sliced?: boolean;
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

/** The sentences worth reading, most important first; [] when nothing stands out. */
export function describeDiagnostics(summary: DiagnosticsSummary): string[] {
  const { base, head, comparison } = summary;
  const sentences: string[] = [];
  const b = base?.eventLoopDelayMs;
  const h = head?.eventLoopDelayMs;
  if (b !== undefined && h !== undefined) {
    switch (comparison.eventLoop) {
      case 'blocked-on-head':
        sentences.push(
          `**Event loop blocked on head**: p99 delay ${formatMs(h.p99)}, base ${formatMs(b.p99)}.`,
        );
        break;
      case 'unblocked-on-head':
        sentences.push(
          `Event loop no longer blocked on head: p99 delay ${formatMs(h.p99)}, base ${formatMs(b.p99)}.`,
        );
        break;
      case 'blocked-on-both':
        sentences.push(
          `Event loop blocked on both sides (not new in this pull request): p99 delay ${formatMs(h.p99)} on head, ${formatMs(b.p99)} on base.`,
        );
        break;
      default:
        break;
    }
  } else if (h !== undefined && base === undefined && h.p99 >= summary.blockedMs) {
    sentences.push(
      `Event loop blocked on head: p99 delay ${formatMs(h.p99)} (no data from base to compare).`,
    );
  }
  const ht = head?.rssTrend;
  const bt = base?.rssTrend;
  switch (comparison.leak) {
    case 'head':
      if (ht !== undefined)
        sentences.push(
          `**head's RSS grew ${rate(ht)} ${extent(ht)}: a memory leak?**${bt === undefined ? '' : ` (base: ${formatTrend(bt)})`}`,
        );
      break;
    case 'both':
      if (ht !== undefined && bt !== undefined)
        sentences.push(
          `RSS grew on both sides (head ${rate(ht)}, base ${rate(bt)}): a memory leak that is not new in this pull request?`,
        );
      break;
    case 'base':
      if (bt !== undefined)
        sentences.push(`base's RSS grew ${rate(bt)} ${extent(bt)} and head's does not: a memory leak fixed?`);
      break;
    case undefined:
      if (head?.leak && ht !== undefined)
        sentences.push(
          `head's RSS grew ${rate(ht)} ${extent(ht)}: a memory leak? (no data from base to compare)`,
        );
      break;
    default:
      break;
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
  const level = Math.min(6, Math.max(1, options.headingLevel ?? 3));
  const lines = [`${'#'.repeat(level)} Event loop and memory`, ''];
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
  const windows = options.sliced
    ? `${base?.windows ?? 0} base and ${head?.windows ?? 0} head pairs (base and head took turns every fraction of a second, so each side was loaded about half of each pair: its CPU, utilization and delay percentiles read lower than under constant load; compare the two columns)`
    : `${base?.windows ?? 0} base and ${head?.windows ?? 0} head rounds`;
  const where = options.artifacts ? ` Raw samples: ${escapeMarkdown(options.artifacts)}.` : '';
  notes.push(
    `Measured inside the server process by perf-gate's preload over ${windows}: event-loop delay is how late a 10 ms timer fired (median over ${options.sliced ? 'pairs' : 'rounds'} of each percentile), CPU is in cores (1 = one core busy throughout).${where}`,
  );
  lines.push(...notes.map((n) => `<sub>${n}</sub>`));
  return lines.join('\n');
}
