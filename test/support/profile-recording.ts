/**
 * Side-by-side profiles recorded from real 0x runs (test/fixtures/profile/record.ts), kept small: each side's
 * windows as counts of distinct stacks, the stacks as lists of frames, each frame (`name`, `type`, `kind`: what
 * the parser reads) written once. Everything else a window holds is kept as it was: its requests, its CPU time.
 */
import { readFileSync } from 'node:fs';
import type { Side } from '../../src/model/measure.ts';
import type { ProfileRun } from '../../src/profile/profiled-server.ts';
import type { LoadWindow, SideProfile } from '../../src/profile/side-by-side.ts';
import type { RawFrame, RawTicks } from '../../src/profile/ticks.ts';
import type { Alignment } from '../../src/profile/windows.ts';

export interface RecordedSide {
  root: string;
  alignment: Alignment | undefined;
  windows: LoadWindow[];
  frames: RawFrame[];
  stacks: number[][];
  /** Per window: [stack index, samples] pairs. */
  split: [number, number][][];
}

export interface Recording {
  node: string;
  zerox: string;
  recordedAt: string;
  what: string;
  base: RecordedSide;
  head: RecordedSide;
}

/** One side packed: frames and stacks written once, windows as counts. */
export function packSide(side: SideProfile): RecordedSide {
  const frames: RawFrame[] = [];
  const frameIndex = new Map<string, number>();
  const stacks: number[][] = [];
  const stackIndex = new Map<string, number>();
  const frameOf = ({ name, type, kind }: RawFrame): number => {
    const key = `${type ?? ''}\u0000${kind ?? ''}\u0000${name}`;
    let i = frameIndex.get(key);
    if (i === undefined) {
      i = frames.push({ name, ...(type ? { type } : {}), ...(kind ? { kind } : {}) }) - 1;
      frameIndex.set(key, i);
    }
    return i;
  };
  const split = side.split.map((ticks) => {
    const counts = new Map<number, number>();
    for (const stack of ticks) {
      const ids = stack.map(frameOf);
      const key = ids.join(',');
      let s = stackIndex.get(key);
      if (s === undefined) {
        s = stacks.push(ids) - 1;
        stackIndex.set(key, s);
      }
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    return [...counts];
  });
  return { root: side.run.root, alignment: side.alignment, windows: side.windows, frames, stacks, split };
}

/** A recorded side as the pipeline had it (its run holds only its root: the files are not kept). */
export function unpackSide(side: RecordedSide): SideProfile {
  const split: RawTicks[] = side.split.map((counts) =>
    counts.flatMap(([s, n]) => Array.from({ length: n }, () => side.stacks[s]!.map((f) => side.frames[f]!))),
  );
  const run = { root: side.root, timed: undefined } as unknown as ProfileRun;
  return { run, windows: side.windows, alignment: side.alignment, split };
}

/** A recording of test/fixtures/profile by name (`ab`, `aa`): both sides unpacked, and what it is. */
export function readRecording(name: string): { recording: Recording; sides: Record<Side, SideProfile> } {
  const recording = JSON.parse(
    readFileSync(new URL(`../fixtures/profile/${name}.json`, import.meta.url), 'utf8'),
  ) as Recording;
  return { recording, sides: { base: unpackSide(recording.base), head: unpackSide(recording.head) } };
}
