/**
 * The V8 tick log with each sample's time. 0x's ticks.json keeps the stacks but drops when each was taken; the
 * log it preprocesses (`node --prof-process --preprocess`, kept as `isolate-<addr>-<pid>-<tid>-v8.log.json` in
 * its output directory) has both: `code` (the code entries a stack points into, as in ticks.json) and `ticks`,
 * each `{ tm, vm, s }`: the time in µs since V8's logger started, the VM state, and the stack as pairs of
 * (code index, offset), innermost first, -1 where V8 could not resolve it. Read the way 0x reads it, so that a
 * stack here is the stack of ticks.json. Pure but for the two that read 0x's output directory.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type RawFrame, type RawTicks, readTicks } from './ticks.ts';

/** Samples root first (as ticks.json) and, index for index, when each was taken (ms on the log's clock). */
export interface TimedTicks {
  ticks: RawTicks;
  timesMs: number[];
}

/** The preprocessed log of the main thread's isolate in 0x's output directory; undefined when there is none. */
export function v8LogFile(dir: string): string | undefined {
  return mainThreadLog(dir, '.json');
}

/**
 * The main thread's raw V8 log in 0x's output directory: its size and its samples (`tick,` lines), to say why 0x
 * wrote none; undefined when there is none.
 */
export function rawLogFacts(dir: string): { bytes: number; ticks: number } | undefined {
  const log = mainThreadLog(dir, '');
  if (log === undefined) return undefined;
  const text = readFileSync(log, 'latin1');
  return { bytes: text.length, ticks: text.match(/^tick,/gm)?.length ?? 0 };
}

/** The log (`suffix` '': raw, '.json': preprocessed) of the main thread's isolate, the largest when several. */
function mainThreadLog(dir: string, suffix: '' | '.json'): string | undefined {
  const pattern =
    suffix === ''
      ? /^isolate-0x[0-9a-f]+-(\d+)-(\d+)-v8\.log$/
      : /^isolate-0x[0-9a-f]+-(\d+)-(\d+)-v8\.log\.json$/;
  const logs = readdirSync(dir)
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((f) => f.match !== null);
  // Worker threads log to files of their own: the main thread's has its thread id equal to the process id.
  const main = logs.filter((f) => f.match![1] === f.match![2]);
  const pick = (main.length > 0 ? main : logs)
    .map((f) => ({ path: join(dir, f.name), size: statSync(join(dir, f.name)).size }))
    .sort((a, b) => b.size - a.size)[0];
  return pick?.path;
}

/** Checks the shape of a parsed preprocessed log. Throws an Error saying what is wrong. */
export function readV8Log(data: unknown): TimedTicks {
  const log = data as { code?: unknown; ticks?: unknown };
  if (typeof data !== 'object' || data === null || !Array.isArray(log.code) || !Array.isArray(log.ticks))
    throw new Error('the V8 log is not an object with `code` and `ticks` arrays');
  const code = log.code as unknown[];
  const stacks: unknown[][] = [];
  const timesMs: number[] = [];
  for (const [index, tick] of (log.ticks as unknown[]).entries()) {
    const { tm, s } = (tick ?? {}) as { tm?: unknown; s?: unknown };
    if (typeof tm !== 'number' || !Array.isArray(s))
      throw new Error(`the V8 log's tick ${index} has no time (tm) or stack (s)`);
    const frames: unknown[] = [];
    // Innermost first, as pairs (code, offset): root first as in ticks.json, unresolved entries left out.
    for (let i = (s.length - 1) & ~1; i >= 0; i -= 2) {
      const entry = code[s[i] as number];
      if (entry !== undefined && entry !== null) frames.push(entry as RawFrame);
    }
    stacks.push(frames);
    timesMs.push(tm / 1000);
  }
  return { ticks: readTicks(stacks), timesMs };
}
