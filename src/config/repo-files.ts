/**
 * Reading the config file and its body files from the head tree, which the pull request wrote: a path given
 * relative to the repository may not lead out of it, through `..` or through a symbolic link (a link to
 * `/proc/self/environ` or to the runner's files would otherwise be read, and quoted in an error message).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Larger than any config or body file; a bound on what is read into memory. */
const FILE_MAX_BYTES = 64 * 1024 * 1024;

/** Thrown for a path that leads out of the repository (`code` EOUTSIDE). */
export class OutsideRepositoryError extends Error {
  readonly code = 'EOUTSIDE';
  constructor(how: string) {
    super(`it leads out of the repository${how}`);
    this.name = 'OutsideRepositoryError';
  }
}

export function isOutsideRepository(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EOUTSIDE';
}

function escapes(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/**
 * A reader of files of the tree at `root`, as utf-8. A relative path must stay inside `root`, also once symbolic
 * links are resolved; an absolute path (only the workflow writes one, in the `config` input) is read as it is.
 * Throws OutsideRepositoryError, or the file system's error (ENOENT …).
 */
export function repoFileReader(root: string): (path: string) => string {
  return (path) => {
    const full = resolve(root, path);
    if (!isAbsolute(path)) {
      if (escapes(resolve(root), full)) throw new OutsideRepositoryError(' (through `..`)');
      const real = realpathSync(full);
      if (escapes(realpathSync(root), real)) throw new OutsideRepositoryError(' (through a symbolic link)');
    }
    const stat = statSync(full);
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    if (stat.size > FILE_MAX_BYTES) throw new Error(`${path} is larger than ${FILE_MAX_BYTES} bytes`);
    return readFileSync(full, 'utf8');
  };
}
