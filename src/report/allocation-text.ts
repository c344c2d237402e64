/**
 * The words of the allocation profile: its section in the comment (what allocates more or less per request on
 * head, then the functions that allocate most, as data) and the phrase the Next line points with. Function names and
 * paths come from the servers' profiles: escaped, as the CPU profile's are. Pure.
 */
import type { AllocationEvidence, AllocationUnit } from '../model/profile.ts';
import type { AllocationSite, AllocationSummary } from '../model/report.ts';
import { code, codeCell } from './escape.ts';
import { formatBytes, formatCount, formatShare, htmlText } from './format.ts';
import { PROFILE_ARTIFACTS } from './gate-text.ts';
import { callerSubject, evidenceSentence, fileLineCell, hotSubject, pCell } from './profile.ts';

/** A signed change of bytes per request: +16.0 KB, −312 B. */
function bytesChange(bytes: number): string {
  return `${bytes > 0 ? '+' : bytes < 0 ? '−' : '±'}${formatBytes(Math.abs(bytes))}`;
}

/** A named unit's change: +16.0 KB (120 B → 16.1 KB). */
function changeText(u: AllocationUnit): string {
  return `${bytesChange(u.deltaBytes)} (${formatBytes(u.baseBytes)} → ${formatBytes(u.headBytes)})`;
}

/** The section's first sentence: what allocates more or less on head, or why nothing is named. */
export function allocationSentence(e: AllocationEvidence): string {
  return evidenceSentence(e, {
    tooFew: 'Too few windows of load to test a change',
    nothingOf: 'change of memory',
    changed: 'the bytes it allocates per request',
    more: 'Allocates more on head',
    less: 'Allocates less on head',
    lessAfterMore: 'Less',
    figure: 'Bytes allocated per request',
    delta: (u) => u.deltaBytes,
    change: changeText,
  });
}

/** The functions that allocate most, both sides, with the change and its p (marked when named). */
function functionsTable(e: AllocationEvidence): string[] {
  if (e.functions.length === 0) return [];
  const out = [
    '| function | file:line | base bytes/request | head bytes/request | change | p |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const u of e.functions) {
    out.push(
      `| ${codeCell(u.name)} | ${fileLineCell(u)} | ${formatBytes(u.baseBytes)} | ${formatBytes(u.headBytes)} | ${bytesChange(u.deltaBytes)} | ${pCell(u, e)} |`,
    );
  }
  return [...out, ''];
}

/** How the allocation profile was taken, and what it does not see. */
function howNote(e: AllocationEvidence): string {
  const level = formatShare(e.level);
  return `<sub>${htmlText(
    `V8's sampling heap profiler in each server while it was profiled with 0x, in the same ${e.pairs} pairs of ${e.windowSec} s windows, objects already collected included: ${formatCount(e.base.samples)} samples and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.samples)} and ${formatCount(e.head.requests)} on head. Bytes a function allocated itself (not in what it called) per request, averaged over the windows; memory outside V8's heap (Buffers' contents, native addons) is not seen. Named as the CPU profile names: beyond its spread between the pairs (held at ${level} over the ${e.tested} tested, Holm), by at least 1% of base's bytes per request. Both sides' allocation.heapprofile (Chrome DevTools, Memory tab, Load) are in ${PROFILE_ARTIFACTS}.`,
  )}</sub>`;
}

/** The section: what is named (or why nothing is), each side's bytes per request, the functions that allocate most. */
export function allocationSection(a: AllocationSummary): string {
  const e = a.evidence;
  const out = ['### Where the memory went (allocation profile)', '', allocationSentence(e), ''];
  out.push(
    `Bytes allocated per request while profiled, base ${formatBytes(e.base.bytes)} and head ${formatBytes(e.head.bytes)} in all:`,
    '',
    ...functionsTable(e),
    howNote(e),
  );
  return out.join('\n');
}

/**
 * What allocates more, for the Next line: "`buildPayload` in `server.js:5` (120 B → 16.1 KB per request)"; a
 * dependency's with its version; Node's own code through the program's frame that called it.
 */
export function allocationSubject(site: AllocationSite): string {
  const change = `${formatBytes(site.baseBytes)} → ${formatBytes(site.headBytes)} per request`;
  const subject = `${hotSubject(site)}${site.version === undefined ? '' : `, version ${code(site.version)}`}`;
  if (site.caller) return `${callerSubject(site.caller)}, through ${subject} (${change})`;
  return `${subject} (${change})`;
}
