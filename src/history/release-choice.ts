/**
 * Which tags are releases, and which release a history run compares against: the newest release tag reachable from
 * the head, and the one before it (so that a new release is measured once against its predecessor). Pure.
 */
import type { Tag } from '../model/history.ts';

export type { Tag } from '../model/history.ts';

/** The `release-tags` default: semantic versions without a pre-release part, with or without a `v`. */
export const DEFAULT_RELEASE_PATTERN = '^v?\\d+\\.\\d+\\.\\d+$';

/**
 * Compares two version-like names part by part, numbers as numbers (`v1.10.0` after `v1.9.2`), other text as text;
 * a name that runs out first is older (`1.2` before `1.2.1`). Negative when `a` is older.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (name: string): string[] => name.match(/\d+|\D+/g) ?? [];
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const numeric = /^\d/.test(x) && /^\d/.test(y);
    if (numeric) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff;
      continue;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** The tags that are releases (their names match `pattern`), newest first. */
export function releasesNewestFirst(tags: readonly Tag[], pattern: RegExp): Tag[] {
  return tags.filter((tag) => pattern.test(tag.name)).sort((a, b) => compareVersions(b.name, a.name));
}

/**
 * The newest release among `tags`, leaving out those on `except`'s commit (two tags on one commit are one release):
 * among the tags reachable from the head, the release a history run compares against; among those reachable from
 * that release, the one before it. Undefined when there is none.
 */
export function newestRelease(tags: readonly Tag[], pattern: RegExp, except?: Tag): Tag | undefined {
  return releasesNewestFirst(tags, pattern).find((tag) => tag.commit !== except?.commit);
}
