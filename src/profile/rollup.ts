/**
 * A profile's busy samples counted by function, by file and by package, self and total: self where the sample's
 * innermost frame is, total once per sample for every function, file or package anywhere on its stack. A cost
 * spread over many small functions of one dependency adds up in its package. Pure.
 */
import type { CostLevel, ProfileFrame } from '../model/profile.ts';
import type { Profile } from './ticks.ts';

/** The package a file of the profile belongs to (see UnitCost.package). */
export function packageOf(frame: Pick<ProfileFrame, 'file' | 'fn' | 'pseudo'>): string {
  if (frame.file === '') return frame.fn;
  if (frame.file.startsWith('node:')) return 'node:';
  // The innermost node_modules/<name> (pnpm nests them), scoped names whole.
  const found = [...frame.file.replace(/\\/g, '/').matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  return found.length === 0 ? '' : found[found.length - 1]![1]!;
}

/** A unit's key in the counts: its level and identity. */
export function unitKey(level: CostLevel, id: string): string {
  return `${level}\u0000${id}`;
}

export interface Counts {
  self: number;
  total: number;
}

/** The frame a unit is described by (its first sighting), for each key. */
export type Described = Map<string, ProfileFrame>;

/**
 * Self and total samples of every function (keyed by `idOf(frame.key)`, so that both sides share keys), file and
 * package of the profile. `described` collects a frame for each key seen.
 */
export function rollUp(
  profile: Profile,
  idOf: (key: string) => string,
  described?: Described,
): Map<string, Counts> {
  const counts = new Map<string, Counts>();
  const count = (key: string, field: keyof Counts, n: number): void => {
    let c = counts.get(key);
    if (c === undefined) {
      c = { self: 0, total: 0 };
      counts.set(key, c);
    }
    c[field] += n;
  };
  for (const stack of profile.stacks) {
    const keys = stack.frames.map((frame) => {
      const units = [
        unitKey('function', idOf(frame.key)),
        unitKey('file', frame.file === '' ? frame.fn : frame.file),
        unitKey('package', packageOf(frame)),
      ];
      if (described !== undefined)
        for (const key of units) if (!described.has(key)) described.set(key, frame);
      return units;
    });
    for (const key of new Set(keys.flat())) count(key, 'total', stack.count);
    for (const key of keys[keys.length - 1] ?? []) count(key, 'self', stack.count);
  }
  return counts;
}
