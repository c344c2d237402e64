/**
 * The words of the allocation profile and of the kept profile: each one's section in the comment (what allocates,
 * or keeps, more or less per request on head, then the functions that allocate or keep most, as data) and the phrase
 * the Next line points with. Function names and paths come from the servers' profiles: escaped, as the CPU
 * profile's are. Pure.
 */
import type { AllocationEvidence, AllocationUnit, HeapMeasure } from '../model/profile.ts';
import type { AllocationSite, AllocationSummary } from '../model/report.ts';
import { code, codeCell } from './escape.ts';
import { formatBytes, formatCount, formatShare, htmlText } from './format.ts';
import { PROFILE_ARTIFACTS } from './gate-text.ts';
import { callerSubject, evidenceSentence, fileLineCell, hotSubject, pCell } from './profile.ts';

/** The words that differ between the allocation profile and the kept profile. */
const WORDS = {
  allocated: {
    more: 'Allocates more on head',
    less: 'Allocates less on head',
    verb: 'allocates',
    done: 'allocated',
    bytes: 'Bytes allocated per request',
    column: 'bytes/request',
    perRequest: 'per request',
    title: '### Where the memory went (allocation profile)',
    file: 'allocation.heapprofile',
  },
  kept: {
    more: 'Keeps more on head',
    less: 'Keeps less on head',
    verb: 'keeps',
    done: 'kept',
    bytes: 'Bytes per request allocated in a window and still alive after a full collection at its end',
    column: 'bytes kept/request',
    perRequest: 'kept per request',
    title: '### What the heap kept (kept profile)',
    file: 'kept.heapprofile',
  },
} as const;

/** A signed change of bytes per request: +16.0 KB, −312 B. */
function bytesChange(bytes: number): string {
  return `${bytes > 0 ? '+' : bytes < 0 ? '−' : '±'}${formatBytes(Math.abs(bytes))}`;
}

/** A named unit's change: +16.0 KB (120 B → 16.1 KB). */
function changeText(u: AllocationUnit): string {
  return `${bytesChange(u.deltaBytes)} (${formatBytes(u.baseBytes)} → ${formatBytes(u.headBytes)})`;
}

/** The section's first sentence: what allocates (keeps) more or less on head, or why nothing is named. */
export function allocationSentence(e: AllocationEvidence, measure: HeapMeasure = 'allocated'): string {
  const w = WORDS[measure];
  return evidenceSentence(e, {
    tooFew: 'Too few windows of load to test a change',
    nothingOf: 'change of memory',
    changed: `the bytes it ${w.verb} per request`,
    more: w.more,
    less: w.less,
    lessAfterMore: 'Less',
    figure: w.bytes,
    delta: (u) => u.deltaBytes,
    change: changeText,
  });
}

/** The functions that allocate (keep) most, both sides, with the change and its p (marked when named). */
function functionsTable(e: AllocationEvidence, measure: HeapMeasure): string[] {
  if (e.functions.length === 0) return [];
  const column = WORDS[measure].column;
  const out = [
    `| function | file:line | base ${column} | head ${column} | change | p |`,
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const u of e.functions) {
    out.push(
      `| ${codeCell(u.name)} | ${fileLineCell(u)} | ${formatBytes(u.baseBytes)} | ${formatBytes(u.headBytes)} | ${bytesChange(u.deltaBytes)} | ${pCell(u, e)} |`,
    );
  }
  return [...out, ''];
}

/** How the profile was taken, and what it does not see. */
function howNote(e: AllocationEvidence, measure: HeapMeasure): string {
  const level = formatShare(e.level);
  const how =
    measure === 'kept'
      ? `in ${e.pairs} pairs of its ${e.windowSec} s windows, each ended by a full collection: ${formatCount(e.base.samples)} samples of objects still alive and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.samples)} and ${formatCount(e.head.requests)} on head. Bytes a function allocated itself (not in what it called) in a window and still alive at the window's end, per request, averaged over the windows: what a leak keeps, where it was allocated, not who holds it; what a request keeps only until a later one lets it go counts too, on both sides alike`
      : `in the same ${e.pairs} pairs of ${e.windowSec} s windows, objects already collected included: ${formatCount(e.base.samples)} samples and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.samples)} and ${formatCount(e.head.requests)} on head. Bytes a function allocated itself (not in what it called) per request, averaged over the windows`;
  return `<sub>${htmlText(
    `V8's sampling heap profiler in each server while it was profiled with 0x, ${how}; memory outside V8's heap (Buffers' contents, native addons) is not seen. Named as the CPU profile names: beyond its spread between the pairs (held at ${level} over the ${e.tested} tested, Holm), by at least 1% of base's bytes per request. Both sides' ${WORDS[measure].file} (Chrome DevTools, Memory tab, Load) are in ${PROFILE_ARTIFACTS}.`,
  )}</sub>`;
}

/**
 * The section: what is named (or why nothing is), each side's bytes per request, the functions that allocate (keep)
 * most.
 */
export function allocationSection(a: AllocationSummary, measure: HeapMeasure = 'allocated'): string {
  const e = a.evidence;
  return [
    WORDS[measure].title,
    '',
    allocationSentence(e, measure),
    '',
    `Bytes ${WORDS[measure].done} per request while profiled, base ${formatBytes(e.base.bytes)} and head ${formatBytes(e.head.bytes)} in all:`,
    '',
    ...functionsTable(e, measure),
    howNote(e, measure),
  ].join('\n');
}

/**
 * What allocates (keeps) more, for the Next line: "`buildPayload` in `server.js:5` (120 B → 16.1 KB per request)"; a
 * dependency's with its version; Node's own code through the program's frame that called it.
 */
export function allocationSubject(site: AllocationSite, measure: HeapMeasure = 'allocated'): string {
  const change = `${formatBytes(site.baseBytes)} → ${formatBytes(site.headBytes)} ${WORDS[measure].perRequest}`;
  const subject = `${hotSubject(site)}${site.version === undefined ? '' : `, version ${code(site.version)}`}`;
  if (site.caller) return `${callerSubject(site.caller)}, through ${subject} (${change})`;
  return `${subject} (${change})`;
}
