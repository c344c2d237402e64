/**
 * A round's memory from the lines its window's end answered (one per serving process): the heap figures summed
 * over the processes, or undefined where no process could tell its allocation (not Node.js, an old release, a
 * start command that replaced NODE_OPTIONS). Pure.
 */
import type { RoundMemory } from '../model/measure.ts';
import type { DiagnosticsSnapshot } from './preload.ts';

/** `served`: the requests these processes began before this window's end, this window's included. */
export function memoryOf(lines: readonly DiagnosticsSnapshot[], served: number): RoundMemory | undefined {
  const heaps = lines.map((l) => l.heap);
  if (heaps.length === 0 || heaps.some((h) => h?.allocated == null || h.requests == null)) return undefined;
  const sum = (of: (h: NonNullable<DiagnosticsSnapshot['heap']>) => number | null): number =>
    heaps.reduce((total, h) => total + (of(h!) ?? 0), 0);
  const retained = heaps.every((h) => h!.retained !== null) ? sum((h) => h.retained) : undefined;
  return {
    requests: sum((h) => h.requests),
    allocatedBytes: sum((h) => h.allocated),
    exact: heaps.every((h) => h!.exact),
    gcMs: sum((h) => h.gcMs),
    ...(retained === undefined ? {} : { retainedBytes: retained }),
    rssBytes: lines.reduce((total, l) => total + l.rss.last, 0),
    served,
  };
}

/** The requests the lines' processes began in their windows (what a server has served so far, summed). */
export function requestsIn(lines: readonly DiagnosticsSnapshot[]): number {
  return lines.reduce((total, l) => total + (l.heap?.requests ?? 0), 0);
}
