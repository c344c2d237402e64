/**
 * Where a hot unit of Node's own modules was called from: on the stacks whose innermost frame is in the unit, the
 * first frame outward that is not Node's (the app's own code, or a dependency's), the one under the most samples.
 * A reader fixes their own line, not `node:internal/…`. Pure.
 */
import type { ProfileFrame, UnitCost } from '../model/profile.ts';
import { packageOf } from './rollup.ts';
import type { Profile } from './ticks.ts';

type Unit = Pick<UnitCost, 'level' | 'name' | 'file' | 'line' | 'package' | 'pseudo'>;

function inUnit(frame: ProfileFrame, u: Unit): boolean {
  if (u.level === 'package') return packageOf(frame) === u.name;
  if (u.level === 'file') return frame.file === u.file;
  return frame.fn === u.name && frame.file === u.file && frame.line === u.line;
}

/** The first frame outward from the innermost that is code of the program and not Node's own. */
function firstOutside(frames: readonly ProfileFrame[]): ProfileFrame | undefined {
  for (let i = frames.length - 2; i >= 0; i--) {
    const f = frames[i]!;
    if (!f.pseudo && f.file !== '' && packageOf(f) !== 'node:') return f;
  }
  return undefined;
}

/** The caller a unit of Node's own modules is named with; undefined for any other unit or when none is seen. */
export function callerOf(profile: Profile, unit: Unit): ProfileFrame | undefined {
  if (unit.pseudo || unit.package !== 'node:') return undefined;
  const weight = new Map<string, { frame: ProfileFrame; count: number }>();
  for (const stack of profile.stacks) {
    const inner = stack.frames[stack.frames.length - 1];
    if (inner === undefined || !inUnit(inner, unit)) continue;
    const frame = firstOutside(stack.frames);
    if (frame === undefined) continue;
    const key = `${frame.fn}\u0000${frame.file}\u0000${frame.line}`;
    const seen = weight.get(key) ?? { frame, count: 0 };
    seen.count += stack.count;
    weight.set(key, seen);
  }
  return [...weight.values()].sort((a, b) => b.count - a.count)[0]?.frame;
}
