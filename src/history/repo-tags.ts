/**
 * What `mode: history` reads of the workspace's repository before anything in it runs: the tags reachable from a
 * commit (the release candidates), whether the checkout is shallow, the origin's URL; and what it records of the
 * runner and of perf-gate itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { git } from '../io/git.ts';
import type { Tag } from '../model/history.ts';

/** Every tag whose commit is reachable from `commit` (annotated tags peeled to their commit). */
export async function tagsReachableFrom(root: string, commit: string): Promise<Tag[]> {
  const out = await git(root, [
    'for-each-ref',
    `--merged=${commit}`,
    '--format=%(refname) %(objectname) %(*objectname)',
    'refs/tags',
  ]);
  return out
    .split('\n')
    .filter((line) => line.startsWith('refs/tags/'))
    .map((line) => {
      const [ref, object, peeled] = line.split(' ');
      return { name: ref!.slice('refs/tags/'.length), commit: peeled || object! };
    });
}

/** Whether the checkout has only part of the history (actions/checkout's default depth of 1). */
export async function isShallow(root: string): Promise<boolean> {
  return (await git(root, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
}

/** The URL of the `origin` remote, as actions/checkout set it. */
export async function originUrl(root: string): Promise<string> {
  return (await git(root, ['remote', 'get-url', 'origin'])).trim();
}

/** What a history line records of the runner. */
export function runnerFacts(): { cpu: string; cpus: number; node: string } {
  return { cpu: (cpus()[0]?.model ?? 'unknown').trim(), cpus: availableParallelism(), node: process.version };
}

/** perf-gate's version: from the package.json above this file (dist/ or src/io/ of the action's checkout). */
export function perfGateVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'perf-gate' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // Not ours, or unreadable: look further up.
    }
  }
  return 'unknown';
}
