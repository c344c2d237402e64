/**
 * The profile comparison in the PR comment: the functions whose CPU time per request changed most, both ways
 * (or, where the requests served are unknown, whose share of busy time did), and the one line of what got hotter.
 * Pure.
 */

import type { ProfileView, ProfileViewRow } from '../model/profile.ts';
import type { HotFunction } from '../model/report.ts';
import { code, codeCell, escapeMarkdown } from './escape.ts';
import { formatCount, htmlText } from './format.ts';

export interface ProfileViewOptions {
  /** Rows in each direction; default 6 (at most 8 are shown). */
  limit?: number;
  /**
   * Smallest change worth a row: a share of base's CPU time per request (or, per share, of busy time), 0…1;
   * default 0.005 (half a percent).
   */
  minDelta?: number;
  /** Smallest |z| (ProfileViewRow.z) worth a row; default 3. */
  minZ?: number;
  /** Seconds of load each side was profiled under. */
  durationSec?: number;
  /** Where the flame graphs are, e.g. 'the `perf-gate` artifact'; mentioned when given. */
  artifacts?: string;
  /** Heading level; default 3; 0: no heading. */
  headingLevel?: number;
}

/** A share of busy time as a percentage: 61%, 0.3%, <0.1%. */
export function formatShare(share: number): string {
  const p = share * 100;
  if (p === 0) return '0%';
  if (p < 0.1) return '<0.1%';
  if (p >= 10) return `${p.toFixed(0)}%`;
  return `${p.toFixed(1)}%`;
}

/** A change of share in percentage points: +60.7 pts, −1.2 pts. */
export function formatPoints(delta: number): string {
  const points = delta * 100;
  const text = Math.abs(points) >= 10 ? Math.abs(points).toFixed(0) : Math.abs(points).toFixed(1);
  if (text === '0.0' || text === '0') return '±0 pts';
  return `${points > 0 ? '+' : '−'}${text} pts`;
}

/** CPU time per request: 38 µs, 4.2 µs, 0.35 µs. */
export function formatUs(us: number): string {
  if (!Number.isFinite(us)) return 'n/a';
  const abs = Math.abs(us);
  return `${abs >= 100 ? abs.toFixed(0) : abs >= 10 ? abs.toFixed(1) : abs.toFixed(2)} µs`;
}

/** A signed change of CPU time per request: +38 µs, −1.20 µs. */
export function formatUsChange(us: number): string {
  return `${us > 0 ? '+' : us < 0 ? '−' : '±'}${formatUs(us)}`;
}

/** Whether the view's rows are per request (the requests served are known on both sides). */
function perRequest(view: ProfileView): boolean {
  return Number.isFinite(view.base.requests) && Number.isFinite(view.head.requests);
}

/** The function as words: `slowPath` in lib/util.js:2. */
function named(row: ProfileViewRow): string {
  if (row.pseudo) return escapeMarkdown(row.fn);
  return row.at === '' ? code(row.fn) : `${code(row.fn)} in ${escapeMarkdown(row.at)}`;
}

/** base's CPU time per request, µs (all busy samples). */
function baseBusyUs(view: ProfileView): number {
  return (view.base.busy * 1000) / view.base.requests;
}

/** The rows worth naming: a change both large enough and beyond sampling noise. */
function noteworthy(
  rows: readonly ProfileViewRow[],
  view: ProfileView,
  options: ProfileViewOptions,
): ProfileViewRow[] {
  const minDelta = options.minDelta ?? 0.005;
  const minZ = options.minZ ?? 3;
  const size = (row: ProfileViewRow): number =>
    perRequest(view) ? Math.abs(row.deltaUs) / baseBusyUs(view) : Math.abs(row.deltaSelf);
  return rows.filter((row) => size(row) >= minDelta && Math.abs(row.z) >= minZ);
}

/** The view's rows that grew, or shrank, beyond noise and by enough to name (the section's own rule). */
export function noteworthyRows(
  view: ProfileView,
  direction: 'grown' | 'shrunk',
  options: ProfileViewOptions = {},
): ProfileViewRow[] {
  return noteworthy(view[direction], view, options);
}

/** One sentence on the largest change, per request where the requests are known. */
export function topChangeSentence(view: ProfileView, options: ProfileViewOptions = {}): string {
  const top = noteworthy(view.grown, view, options)[0];
  const drop = noteworthy(view.shrunk, view, options)[0];
  if (perRequest(view)) {
    if (top !== undefined)
      return `${named(top)} takes ${formatUsChange(top.deltaUs)} of CPU per request on head (${formatUs(top.baseUs)} → ${formatUs(top.headUs)}).`;
    const none = 'No function takes noticeably more CPU per request on head';
    return drop === undefined
      ? `${none}.`
      : `${none}; ${named(drop)} takes ${formatUsChange(drop.deltaUs)} (${formatUs(drop.baseUs)} → ${formatUs(drop.headUs)}).`;
  }
  if (top !== undefined)
    return `${named(top)} went from ${formatShare(top.baseSelf)} to ${formatShare(top.headSelf)} of busy time on head.`;
  const none = `No function's share of busy time grew by ${formatPoints(options.minDelta ?? 0.005).replace(/^\+/, '')} or more on head`;
  return drop === undefined
    ? `${none}.`
    : `${none}; ${named(drop)} went down from ${formatShare(drop.baseSelf)} to ${formatShare(drop.headSelf)}.`;
}

/** The functions that changed most, both ways, as a table; [] when none beyond noise. */
function changeTable(view: ProfileView, options: ProfileViewOptions): string[] {
  const limit = Math.max(1, Math.min(8, options.limit ?? 6));
  const grown = noteworthy(view.grown, view, options).slice(0, limit);
  // Shares add up to 100%: with shares, shrunk rows are shown only when nothing grew. Per request both ways.
  const shrunk =
    perRequest(view) || grown.length === 0 ? noteworthy(view.shrunk, view, options).slice(0, limit) : [];
  const rows = [...grown, ...shrunk];
  if (rows.length === 0) return [];
  const per = perRequest(view);
  const out = per
    ? [
        '| function | file:line | base µs/request | head µs/request | change |',
        '| --- | --- | ---: | ---: | ---: |',
      ]
    : ['| function | file:line | base % | head % | change |', '| --- | --- | ---: | ---: | ---: |'];
  for (const row of rows) {
    const fn = row.pseudo ? escapeMarkdown(row.fn) : codeCell(row.fn);
    const at = row.at === '' ? '' : codeCell(row.at);
    out.push(
      per
        ? `| ${fn} | ${at} | ${formatUs(row.baseUs)} | ${formatUs(row.headUs)} | ${formatUsChange(row.deltaUs)} |`
        : `| ${fn} | ${at} | ${formatShare(row.baseSelf)} | ${formatShare(row.headSelf)} | ${formatPoints(row.deltaSelf)} |`,
    );
  }
  out.push('');
  return out;
}

/**
 * The section: a heading, one sentence in words, and a short table of the functions whose CPU time per request
 * (self time) changed most, both ways.
 */
export function renderProfileView(view: ProfileView, options: ProfileViewOptions = {}): string {
  const depth = Math.max(0, Math.min(6, options.headingLevel ?? 3));
  const out = depth === 0 ? [] : [`${'#'.repeat(depth)} Where the time went (CPU profile)`, ''];
  if (view.base.busy === 0 || view.head.busy === 0) {
    const empty = view.base.busy === 0 ? 'base' : 'head';
    out.push(`The ${empty} profile has no busy samples, so there is nothing to compare.`);
    return out.join('\n');
  }
  out.push(topChangeSentence(view, options), '', ...changeTable(view, options));
  const duration = options.durationSec === undefined ? '' : ` for ${options.durationSec} s`;
  const artifacts =
    options.artifacts === undefined
      ? ''
      : ` Flame graphs of both sides, and differential ones coloured by change, are in ${options.artifacts}.`;
  const served = perRequest(view)
    ? ` and served ${formatCount(view.base.requests)} requests on base, ${formatCount(view.head.requests)} on head. A function's time per request is its own samples × 1 ms ÷ the requests: unlike a share of busy time, it cannot rise only because the rest got faster.`
    : '. Percentages are the share of busy samples spent in the function itself.';
  out.push(
    `<sub>${htmlText(`Profiled with 0x after measuring, under the same load${duration}: ${formatCount(view.base.busy)} busy CPU samples on base, ${formatCount(view.head.busy)} on head (idle and start-up left out)${served}${artifacts}`)}</sub>`,
  );
  return out.join('\n');
}

/** A hot function's change per request, or its shares where the report has no per-request figures. */
function hotChange(h: HotFunction): string {
  if (h.baseUsPerRequest !== undefined && h.headUsPerRequest !== undefined)
    return `${formatUsChange(h.headUsPerRequest - h.baseUsPerRequest)} (${formatUs(h.baseUsPerRequest)} → ${formatUs(h.headUsPerRequest)})`;
  return `${formatShare(h.baseSelf)} → ${formatShare(h.headSelf)} of busy time`;
}

/** The line under the table: the three functions that got hotter, with file:line; '' when none did. */
export function hotterLine(hotter: readonly HotFunction[]): string {
  if (hotter.length === 0) return '';
  const per = hotter.some((h) => h.baseUsPerRequest !== undefined);
  const top = hotter
    .slice(0, 3)
    .map((h) => `${code(h.fn)} ${code(`${h.file}:${h.line}`)} ${hotChange(h)}`)
    .join(', ');
  return `**Hotter on head** (${per ? 'CPU time per request' : 'share of busy CPU time'}): ${top}.`;
}

/**
 * The profile section re-rendered from its numbers, for a report read back from a file (`mode: report`): the
 * Markdown the measuring run wrote is not trusted, so function names and files are escaped here.
 */
export function renderHotterSection(hotter: readonly HotFunction[]): string {
  const out = ['### Where the time went (CPU profile)', ''];
  if (hotter.length === 0) {
    out.push('No function of the pull request got noticeably hotter on head.');
    return out.join('\n');
  }
  const per = hotter.every((h) => h.baseUsPerRequest !== undefined && h.headUsPerRequest !== undefined);
  const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
  out.push(
    per
      ? '| function | file:line | base µs/request | head µs/request |'
      : '| function | file:line | base % | head % |',
    '| --- | --- | ---: | ---: |',
  );
  for (const h of hotter) {
    const [b, hd] = per
      ? [formatUs(h.baseUsPerRequest!), formatUs(h.headUsPerRequest!)]
      : [pct(h.baseSelf), pct(h.headSelf)];
    out.push(`| ${codeCell(h.fn)} | ${codeCell(`${h.file}:${h.line}`)} | ${b} | ${hd} |`);
  }
  out.push(
    '',
    per
      ? '<sub>CPU time spent in the function itself per request served, profiled with 0x after measuring.</sub>'
      : '<sub>Share of busy CPU samples spent in the function itself, profiled with 0x after measuring.</sub>',
  );
  return out.join('\n');
}
