/** The profile comparison as a Markdown section of the PR comment. Pure. */

import type { ProfileView, ProfileViewRow } from '../model/profile.ts';
import type { HotFunction } from '../model/report.ts';
import { code, codeCell, escapeMarkdown } from './escape.ts';
import { formatCount } from './format.ts';

export interface ProfileViewOptions {
  /** Rows in the table; default 6 (at most 8 are shown). */
  limit?: number;
  /** Smallest change of self share worth a row, 0…1; default 0.005 (half a percentage point). */
  minDelta?: number;
  /** Smallest |z| (ProfileViewRow.z) worth a row; default 3. */
  minZ?: number;
  /** Seconds of load each side was profiled under. */
  durationSec?: number;
  /** Where the flame graphs are, e.g. 'the `perf-gate` artifact'; mentioned when given. */
  artifacts?: string;
  /** Heading level; default 3. */
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

/** The function as words: `slowPath` in lib/util.js:2. */
function named(row: ProfileViewRow): string {
  if (row.pseudo) return escapeMarkdown(row.fn);
  return row.at === '' ? code(row.fn) : `${code(row.fn)} in ${escapeMarkdown(row.at)}`;
}

/** The rows worth naming: a change of self share both large enough and beyond sampling noise. */
function noteworthy(rows: readonly ProfileViewRow[], options: ProfileViewOptions): ProfileViewRow[] {
  const minDelta = options.minDelta ?? 0.005;
  const minZ = options.minZ ?? 3;
  return rows.filter((row) => Math.abs(row.deltaSelf) >= minDelta && Math.abs(row.z) >= minZ);
}

/** One sentence on the largest change, e.g. "`onAfter` in lib/util.js:12 went from 0.3% to 61% of busy time on head." */
export function topChangeSentence(view: ProfileView, options: ProfileViewOptions = {}): string {
  const top = noteworthy(view.grown, options)[0];
  if (top !== undefined) {
    const inclusive =
      !top.pseudo && top.headTotal - top.headSelf >= 0.01
        ? ` (${formatShare(top.headTotal)} with what it calls)`
        : '';
    return `${named(top)} went from ${formatShare(top.baseSelf)} to ${formatShare(top.headSelf)} of busy time on head${inclusive}.`;
  }
  const drop = noteworthy(view.shrunk, options)[0];
  const none = `No function's share of busy time grew by ${formatPoints(options.minDelta ?? 0.005).replace(/^\+/, '')} or more on head`;
  if (drop !== undefined)
    return `${none}; ${named(drop)} went down from ${formatShare(drop.baseSelf)} to ${formatShare(drop.headSelf)}.`;
  return `${none}.`;
}

/** The rows that grew most, or (when none grew beyond noise) shrank most, as a table; [] when none. */
function changeTable(view: ProfileView, options: ProfileViewOptions): string[] {
  const limit = Math.max(1, Math.min(8, options.limit ?? 6));
  // Shares add up to 100%: when one function grows every other one's share shrinks, so shrunk rows are shown
  // only when nothing grew (they are all in the diff, and in the base-shaped differential flame graph).
  const grown = noteworthy(view.grown, options).slice(0, limit);
  const rows = grown.length > 0 ? grown : noteworthy(view.shrunk, options).slice(0, limit);
  if (rows.length === 0) return [];
  const out = ['| function | file:line | base % | head % | change |', '| --- | --- | ---: | ---: | ---: |'];
  for (const row of rows) {
    const fn = row.pseudo ? escapeMarkdown(row.fn) : codeCell(row.fn);
    out.push(
      `| ${fn} | ${row.at === '' ? '' : codeCell(row.at)} | ${formatShare(row.baseSelf)} | ${formatShare(row.headSelf)} | ${formatPoints(row.deltaSelf)} |`,
    );
  }
  out.push('');
  return out;
}

/**
 * The section: a heading, one sentence in words, and a short table of the functions whose share of busy CPU
 * samples (self time) changed most.
 */
export function renderProfileView(view: ProfileView, options: ProfileViewOptions = {}): string {
  const level = '#'.repeat(Math.max(1, Math.min(6, options.headingLevel ?? 3)));
  const out = [`${level} Where the time went (CPU profile)`, ''];
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
      : ` Flame graphs of both sides, and differential ones coloured by change, are in ${escapeMarkdown(options.artifacts)}.`;
  out.push(
    `<sub>Profiled with 0x after measuring, under the same load${duration}: ${formatCount(view.base.busy)} busy CPU samples on base, ${formatCount(view.head.busy)} on head (idle and start-up left out). Percentages are the share of busy samples spent in the function itself.${artifacts}</sub>`,
  );
  return out.join('\n');
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
  const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
  out.push('| function | file:line | base % | head % |', '| --- | --- | ---: | ---: |');
  for (const h of hotter) {
    out.push(
      `| ${codeCell(h.fn)} | ${codeCell(`${h.file}:${h.line}`)} | ${pct(h.baseSelf)} | ${pct(h.headSelf)} |`,
    );
  }
  out.push(
    '',
    '<sub>Share of busy CPU samples spent in the function itself, profiled with 0x after measuring.</sub>',
  );
  return out.join('\n');
}
