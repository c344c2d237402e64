/** The profile comparison as a Markdown section of the PR comment. Pure. */

import type { DiffRow, ProfileDiff } from '../model/profile.ts';
import { changeZ } from '../profile/diff.ts';
import { relativeFile } from '../profile/ticks.ts';
import { code, escapeMarkdown } from './render.ts';

export interface ProfileSectionOptions {
  /** Rows in the table; default 6 (at most 8 are shown). */
  limit?: number;
  /** Smallest change of self share worth a row, 0…1; default 0.005 (half a percentage point). */
  minDelta?: number;
  /** Smallest |z| (see changeZ) worth a row; default 3. */
  minZ?: number;
  /** Tree roots still to strip from paths (rows from buildProfile with `roots` are relative already). */
  roots?: readonly string[];
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

function where(row: DiffRow, roots: readonly string[]): string {
  if (row.file === '') return '';
  const file = relativeFile(row.file, roots);
  return row.line > 0 ? `${file}:${row.line}` : file;
}

/** Inline code that is also safe inside a table cell (a `|` would end the cell even within backticks). */
function cell(text: string): string {
  return code(text).replace(/\|/g, '\\|');
}

/** The function as words: `slowPath` in lib/util.js:2. */
function named(row: DiffRow, roots: readonly string[]): string {
  const at = where(row, roots);
  if (row.pseudo) return escapeMarkdown(row.fn);
  return at === '' ? code(row.fn) : `${code(row.fn)} in ${escapeMarkdown(at)}`;
}

function noteworthy(row: DiffRow, diff: ProfileDiff, minDelta: number, minZ: number): boolean {
  return Math.abs(row.deltaSelf) >= minDelta && Math.abs(changeZ(row, diff)) >= minZ;
}

/** One sentence on the largest change, e.g. "`onAfter` in lib/util.js:12 went from 0.3% to 61% of busy time on head." */
export function describeTopChange(diff: ProfileDiff, options: ProfileSectionOptions = {}): string {
  const roots = options.roots ?? [];
  const minDelta = options.minDelta ?? 0.005;
  const minZ = options.minZ ?? 3;
  const top = diff.grown.find((r) => noteworthy(r, diff, minDelta, minZ));
  if (top !== undefined) {
    const inclusive =
      !top.pseudo && top.headTotal - top.headSelf >= 0.01
        ? ` (${formatShare(top.headTotal)} with what it calls)`
        : '';
    return `${named(top, roots)} went from ${formatShare(top.baseSelf)} to ${formatShare(top.headSelf)} of busy time on head${inclusive}.`;
  }
  const drop = diff.shrunk.find((r) => noteworthy(r, diff, minDelta, minZ));
  const none = `No function's share of busy time grew by ${formatPoints(minDelta).replace(/^\+/, '')} or more on head`;
  if (drop !== undefined)
    return `${none}; ${named(drop, roots)} went down from ${formatShare(drop.baseSelf)} to ${formatShare(drop.headSelf)}.`;
  return `${none}.`;
}

/**
 * The section: a heading, one sentence in words, and a short table of the functions whose share of busy CPU
 * samples (self time) grew most (those that shrank most when none grew beyond noise).
 */
export function renderProfileSection(diff: ProfileDiff, options: ProfileSectionOptions = {}): string {
  const roots = options.roots ?? [];
  const limit = Math.max(1, Math.min(8, options.limit ?? 6));
  const minDelta = options.minDelta ?? 0.005;
  const minZ = options.minZ ?? 3;
  const level = '#'.repeat(Math.max(1, Math.min(6, options.headingLevel ?? 3)));
  const out = [`${level} Where the time went (CPU profile)`, ''];
  if (diff.base.busy === 0 || diff.head.busy === 0) {
    const empty = diff.base.busy === 0 ? 'base' : 'head';
    out.push(`The ${empty} profile has no busy samples, so there is nothing to compare.`);
    return out.join('\n');
  }
  out.push(describeTopChange(diff, options), '');
  // Shares add up to 100%: when one function grows every other one's share shrinks, so shrunk rows are shown
  // only when nothing grew (they are all in the diff, and in the base-shaped differential flame graph).
  const grown = diff.grown.filter((r) => noteworthy(r, diff, minDelta, minZ)).slice(0, limit);
  const rows =
    grown.length > 0 ? grown : diff.shrunk.filter((r) => noteworthy(r, diff, minDelta, minZ)).slice(0, limit);
  if (rows.length > 0) {
    out.push('| function | file:line | base % | head % | change |', '| --- | --- | ---: | ---: | ---: |');
    for (const row of rows) {
      const at = where(row, roots);
      const fn = row.pseudo ? escapeMarkdown(row.fn) : cell(row.fn);
      out.push(
        `| ${fn} | ${at === '' ? '' : cell(at)} | ${formatShare(row.baseSelf)} | ${formatShare(row.headSelf)} | ${formatPoints(row.deltaSelf)} |`,
      );
    }
    out.push('');
  }
  const duration = options.durationSec === undefined ? '' : ` for ${options.durationSec} s`;
  const artifacts =
    options.artifacts === undefined
      ? ''
      : ` Flame graphs of both sides, and differential ones coloured by change, are in ${escapeMarkdown(options.artifacts)}.`;
  out.push(
    `<sub>Profiled with 0x after measuring, under the same load${duration}: ${diff.base.busy.toLocaleString('en-US')} busy CPU samples on base, ${diff.head.busy.toLocaleString('en-US')} on head (idle and start-up left out). Percentages are the share of busy samples spent in the function itself.${artifacts}</sub>`,
  );
  return out.join('\n');
}
