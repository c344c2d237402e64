/**
 * The profile in the PR comment: what the side-by-side profile names (only with evidence, and only when the gate
 * found a change to explain), then its figures as data: CPU time per request by package, by file and by function.
 * Pure.
 */

import type { ProfileEvidence, UnitCost } from '../model/profile.ts';
import type { HotFunction, ProfileSummary } from '../model/report.ts';
import { code, codeCell, escapeMarkdown } from './escape.ts';
import { formatCount, formatP, formatShare, htmlText } from './format.ts';
import { PROFILE_ARTIFACTS } from './gate-text.ts';

export interface ProfileSectionOptions {
  /** Rows of each table of figures; default 8. */
  rows?: number;
  /** Where the flame graphs are, e.g. 'the `perf-gate` artifact'; mentioned when given. */
  artifacts?: string;
  /** Heading level; default 3; 0: no heading. */
  headingLevel?: number;
}

/** A share of busy time as a percentage: 61%, 0.3%, <0.1%. */
export function formatBusyShare(share: number): string {
  const p = share * 100;
  if (p === 0) return '0%';
  if (p < 0.1) return '<0.1%';
  if (p >= 10) return `${p.toFixed(0)}%`;
  return `${p.toFixed(1)}%`;
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

/** A package as words: a dependency by its name, else what it is. */
function packageLabel(name: string): string {
  if (name === '') return "the app's own files";
  if (name === 'node:') return 'Node.js (`node:` modules)';
  if (name.startsWith('(')) return escapeMarkdown(name);
  return code(name);
}

/** Whether a unit lives in a dependency (node_modules/<name>). */
function inDependency(u: Pick<UnitCost, 'package' | 'pseudo'>): boolean {
  return !u.pseudo && u.package !== '' && u.package !== 'node:';
}

/**
 * A unit as words: `slowPath` in lib/util.js:2; `step` of the package `fmtkit`, in node_modules/fmtkit/a.js:3; the
 * file lib/util.js; the package `fmtkit`.
 */
export function unitText(
  u: Pick<UnitCost, 'level' | 'name' | 'file' | 'line' | 'package' | 'pseudo'>,
): string {
  if (u.pseudo) return escapeMarkdown(u.name);
  if (u.level === 'package') return `the package ${packageLabel(u.name)}`;
  const of = inDependency(u) ? ` of the package ${code(u.package)},` : '';
  if (u.level === 'file') return `the file ${code(u.file)}${of.replace(/,$/, '')}`;
  const at = u.file === '' ? '' : ` in ${escapeMarkdown(u.line > 0 ? `${u.file}:${u.line}` : u.file)}`;
  return `${code(u.name)}${of}${at}`;
}

/** A change in words: +6.80 µs (13.0 µs → 19.8 µs). */
function changeText(u: UnitCost): string {
  return `${formatUsChange(u.deltaUs)} (${formatUs(u.baseSelfUs)} → ${formatUs(u.headSelfUs)})`;
}

/** A profile's own words for its first sentence (CPU time per request, or bytes allocated per request). */
export interface SentenceWords<U> {
  /** Why no change is tested with fewer than 3 pairs of windows. */
  tooFew: string;
  /** What the gate found no change of: 'change', 'change of memory'. */
  nothingOf: string;
  /** What a unit changed: 'its CPU time per request'. */
  changed: string;
  /** The heads of the lists: more ('Hotter on head'), less alone ('Cooler on head'), less after more ('Cooler'). */
  more: string;
  less: string;
  lessAfterMore: string;
  /** The figure, in the closing brackets: 'CPU time per request'. */
  figure: string;
  /** A unit's change (its sign puts it in a list), and the change in words. */
  delta: (u: U) => number;
  change: (u: U) => string;
}

/** A profile's first sentence: what is named, more and less on head, or why nothing is. */
export function evidenceSentence<U extends Parameters<typeof unitText>[0]>(
  e: { pairs: number; explain: boolean; named: readonly U[] },
  w: SentenceWords<U>,
): string {
  const data = 'the figures below are data, not a claim.';
  if (e.pairs < 3) return `${w.tooFew}: ${data}`;
  if (!e.explain) return `The gate found no ${w.nothingOf} to explain, so no function is named: ${data}`;
  const more = e.named.filter((u) => w.delta(u) > 0);
  const less = e.named.filter((u) => w.delta(u) < 0);
  if (more.length === 0 && less.length === 0)
    return `No function, file or package changed ${w.changed} beyond its spread between the ${e.pairs} pairs of windows: ${data}`;
  const list = (units: U[]): string =>
    units
      .slice(0, 3)
      .map((u) => `${unitText(u)} ${w.change(u)}`)
      .join('; ');
  const parts = [];
  if (more.length > 0) parts.push(`**${w.more}**: ${list(more)}.`);
  if (less.length > 0) parts.push(`${more.length > 0 ? w.lessAfterMore : `**${w.less}**`}: ${list(less)}.`);
  return `${parts.join(' ')} (${w.figure}, each beyond its spread between the ${e.pairs} pairs of windows.)`;
}

/** The section's first sentence: what is named, or why nothing is. */
export function namedSentence(e: ProfileEvidence): string {
  return evidenceSentence(e, {
    tooFew: 'The samples could not be split into windows of load, so no change is tested',
    nothingOf: 'change',
    changed: 'its CPU time per request',
    more: 'Hotter on head',
    less: 'Cooler on head',
    lessAfterMore: 'Cooler',
    figure: 'CPU time per request',
    delta: (u) => u.deltaUs,
    change: changeText,
  });
}

/** What pCell reads of a unit: which it is, and its p. */
type TestedUnit = Pick<UnitCost, 'level' | 'name' | 'file' | 'line' | 'p'>;

/**
 * The p of a unit for a table: '' when not tested, with a mark when it is named (the CPU profile's and the
 * allocation profile's alike).
 */
export function pCell(
  u: TestedUnit,
  e: { named: readonly TestedUnit[]; level: number; tested: number },
): string {
  if (u.p === undefined) return '';
  const same = (n: TestedUnit): boolean =>
    n.level === u.level && n.name === u.name && n.file === u.file && n.line === u.line;
  const named = e.named.some(same) ? ' **named**' : '';
  return `${formatP(u.p, e.level / Math.max(1, e.tested))}${named}`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** The named units as a table: what, where, both sides' CPU time per request, the change and its p. */
function namedTable(e: ProfileEvidence): string[] {
  if (e.named.length === 0) return [];
  const out = [
    '| named | level | base µs/request | head µs/request | change | p |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const u of e.named) {
    const what =
      u.level === 'function' && u.file !== ''
        ? `${codeCell(u.name)} ${codeCell(`${u.file}:${u.line}`)}`
        : unitCell(u);
    const cells = [formatUs(u.baseSelfUs), formatUs(u.headSelfUs), formatUsChange(u.deltaUs), pCell(u, e)];
    out.push(row([what, u.level, ...cells]));
  }
  return [...out, ''];
}

/** A function's `file:line` cell (the file alone without a line; '' without a file). */
export function fileLineCell(u: Pick<UnitCost, 'file' | 'line'>): string {
  return u.file === '' ? '' : codeCell(u.line > 0 ? `${u.file}:${u.line}` : u.file);
}

/** A unit in a table cell. */
function unitCell(u: UnitCost): string {
  if (u.pseudo) return escapeMarkdown(u.name);
  if (u.level === 'package') return packageLabel(u.name);
  return codeCell(u.level === 'file' ? u.file : u.name);
}

/** The figures of one level: self and total CPU time per request on both sides, the change of self and its p. */
function figures(e: ProfileEvidence, level: 'package' | 'file' | 'function', rows: number): string[] {
  const units = { package: e.packages, file: e.files, function: e.functions }[level].slice(0, rows);
  if (units.length === 0) return [];
  const where = level === 'function' ? ' | file:line' : '';
  const out = [
    `| ${level}${where} | self, base | self, head | change | p | total, base | total, head |`,
    `| --- |${level === 'function' ? ' --- |' : ''} ---: | ---: | ---: | ---: | ---: | ---: |`,
  ];
  for (const u of units) {
    const at = level === 'function' ? [fileLineCell(u)] : [];
    const self = [formatUs(u.baseSelfUs), formatUs(u.headSelfUs), formatUsChange(u.deltaUs), pCell(u, e)];
    out.push(row([unitCell(u), ...at, ...self, formatUs(u.baseTotalUs), formatUs(u.headTotalUs)]));
  }
  return [...out, ''];
}

/** The note under the section: how it was profiled and what it takes to be named. */
function howNote(e: ProfileEvidence, options: ProfileSectionOptions): string {
  const artifacts =
    options.artifacts === undefined
      ? ''
      : ` Flame graphs of both sides, and differential ones coloured by change, are in ${options.artifacts}.`;
  const level = formatShare(e.level);
  return `<sub>${htmlText(
    `Profiled with 0x after measuring: base and head side by side, loaded in turns (base, head, head, base, …) in ${e.pairs} pairs of ${e.windowSec} s windows: ${formatCount(e.base.busy)} busy CPU samples and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.busy)} and ${formatCount(e.head.requests)} on head. CPU time per request: each window's CPU time of the server's main thread, shared out by its samples, divided by the requests it served, averaged over the windows (self: in the function, file or package itself; total: with what it called). Something is named only when the gate found a change to explain and its change differs from 0 beyond its own spread between the pairs of windows (a paired t test, held at ${level} over the ${e.tested} tested together by Holm's method) by at least 1% of base's CPU time per request; a function stands for its file, or for its package if a dependency, when it carries half of the change there.${artifacts}`,
  )}</sub>`;
}

/** The section: a heading, what is named (or why nothing is), the named table, the figures, and how. */
export function renderProfileEvidence(e: ProfileEvidence, options: ProfileSectionOptions = {}): string {
  const depth = Math.max(0, Math.min(6, options.headingLevel ?? 3));
  const out = depth === 0 ? [] : [`${'#'.repeat(depth)} Where the time went (CPU profile)`, ''];
  if (e.base.busy === 0 || e.head.busy === 0) {
    out.push(
      `The ${e.base.busy === 0 ? 'base' : 'head'} profile has no busy samples, so there is nothing to compare.`,
    );
    return out.join('\n');
  }
  const rows = Math.max(1, Math.min(20, options.rows ?? 8));
  out.push(namedSentence(e), '', ...namedTable(e));
  out.push(
    `CPU time per request, base ${formatUs(e.base.busyUs)} and head ${formatUs(e.head.busyUs)} in all:`,
    '',
  );
  out.push(...figures(e, 'package', rows), ...figures(e, 'file', rows), ...figures(e, 'function', rows));
  out.push(howNote(e, options));
  return out.join('\n');
}

/** A hot unit's change per request, or its shares where the report has no per-request figures. */
function hotChange(h: HotFunction): string {
  if (h.baseUsPerRequest !== undefined && h.headUsPerRequest !== undefined)
    return `${formatUsChange(h.headUsPerRequest - h.baseUsPerRequest)} (${formatUs(h.baseUsPerRequest)} → ${formatUs(h.headUsPerRequest)})`;
  return `${formatBusyShare(h.baseSelf)} → ${formatBusyShare(h.headSelf)} of busy time`;
}

/** Where a hot unit is, as code: `lib/util.js:9`, `lib/util.js`, `node_modules/fmtkit`. */
function hotWhere(h: Pick<HotFunction, 'unit' | 'file' | 'line'>): string {
  return h.unit === undefined || h.unit === 'function' ? `${h.file}:${h.line}` : h.file;
}

/**
 * The frame of the program that called a hot unit of Node's own: `handler` in `lib/util.js:19`, or a dependency's
 * as its package (`the package `restify` (`emit` in `node_modules/restify/lib/server.js:80`)`).
 */
export function callerSubject(caller: NonNullable<HotFunction['caller']>): string {
  const at = `${code(caller.fn)} in ${code(`${caller.file}:${caller.line}`)}`;
  return caller.package === '' ? at : `the package ${code(caller.package)} (${at})`;
}

/** The dependency a file is in (its innermost `node_modules/<name>`, scoped names whole); undefined: none. */
function dependencyOf(file: string): string | undefined {
  const found = [...file.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  return found.at(-1)?.[1];
}

/**
 * What a hot unit is, in words: `serialise` in `index.js:12`; a dependency's function with its package first
 * (`step` of the package `fmtkit`, in `node_modules/fmtkit/a.js:3`); the file `lib/a.js`; the package `fmtkit`.
 */
export function hotSubject(h: Pick<HotFunction, 'unit' | 'fn' | 'file' | 'line'>): string {
  if (h.unit === 'package') return `the package ${code(h.fn)}`;
  if (h.unit === 'file') return `the file ${code(h.file)}`;
  const dependency = dependencyOf(h.file);
  const of = dependency === undefined ? '' : ` of the package ${code(dependency)}, in`;
  return `${code(h.fn)}${of || ' in'} ${code(hotWhere(h))}`;
}

/** A hot unit named in the line under the table: `fn` `file:line`, or the file, or `package` (package). */
function hotName(h: HotFunction): string {
  if (h.unit === 'package') return `${code(h.fn)} (package)`;
  if (h.unit === 'file') return code(h.file);
  return `${code(h.fn)} ${code(hotWhere(h))}`;
}

/** The line under the table: the three units named hotter, with where they are; '' when none is. */
export function hotterLine(hotter: readonly HotFunction[]): string {
  if (hotter.length === 0) return '';
  const per = hotter.some((h) => h.baseUsPerRequest !== undefined);
  const top = hotter
    .slice(0, 3)
    .map((h) => `${hotName(h)} ${hotChange(h)}`)
    .join(', ');
  return `**Hotter on head** (${per ? 'CPU time per request' : 'share of busy CPU time'}, beyond its spread): ${top}.`;
}

/**
 * The profile section from what was named hotter alone, for a report read back from a file (`mode: report`) or
 * merged from shards: names and files come from untrusted text, so they are escaped here.
 */
export function renderHotterSection(hotter: readonly HotFunction[]): string {
  const out = ['### Where the time went (CPU profile)', ''];
  if (hotter.length === 0) {
    out.push('Nothing of the pull request is named hotter on head.');
    return out.join('\n');
  }
  const per = hotter.every((h) => h.baseUsPerRequest !== undefined && h.headUsPerRequest !== undefined);
  const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
  out.push(
    per ? '| named | where | base µs/request | head µs/request |' : '| named | where | base % | head % |',
    '| --- | --- | ---: | ---: |',
  );
  for (const h of hotter) {
    const [b, hd] = per
      ? [formatUs(h.baseUsPerRequest!), formatUs(h.headUsPerRequest!)]
      : [pct(h.baseSelf), pct(h.headSelf)];
    out.push(`| ${codeCell(h.fn)} | ${codeCell(hotWhere(h))} | ${b} | ${hd} |`);
  }
  out.push(
    '',
    per
      ? '<sub>CPU time spent in it per request served, profiled with 0x after measuring.</sub>'
      : '<sub>Share of busy CPU samples spent in it, profiled with 0x after measuring.</sub>',
  );
  return out.join('\n');
}

/**
 * The report's profile section: written from the evidence where the report has it (a gate's own run), else from
 * what was named hotter (a report read back from report.json, whose text is not trusted, or several shards').
 */
export function profileSection(profile: ProfileSummary): string {
  if (profile.evidence) return renderProfileEvidence(profile.evidence, { artifacts: PROFILE_ARTIFACTS });
  return renderHotterSection(profile.hotter);
}
