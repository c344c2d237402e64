/** Putting the runner's file commands back as they were recorded (io/file-commands.ts), in perf-gate or its watchdog. */

/** What a path was: a regular file (which one, its mode, its bytes), or nothing that perf-gate restores. */
export interface Recorded {
  name: string;
  path: string;
  /** undefined: no regular file there. */
  file: { dev: number; ino: number; mode: number; content: Buffer } | undefined;
  /** Something other than a regular file was there (never the runner's): left alone. */
  other: boolean;
}

/**
 * Puts back every recorded file that changed (removes what is at its path, a link itself and not its target, and
 * writes the recorded bytes anew with O_EXCL|O_NOFOLLOW); returns the names of those that had changed. Self-contained
 * (only `fs` and its arguments): the watchdog (file-command-watch.ts) runs its source in a process of its own.
 */
export function restoreRecorded(recorded: readonly Recorded[], fs: typeof import('node:fs')): string[] {
  const { constants: c } = fs;
  const stat = (path: string) => {
    try {
      return fs.lstatSync(path);
    } catch {
      return undefined;
    }
  };
  const bytes = (path: string) => {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path, c.O_RDONLY | c.O_NOFOLLOW);
      return fs.readFileSync(fd);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  };
  const changed: string[] = [];
  for (const { name, path, file, other } of recorded) {
    if (other) continue;
    const now = stat(path);
    if (
      file === undefined
        ? now === undefined
        : now?.isFile() && now.dev === file.dev && now.ino === file.ino && bytes(path)?.equals(file.content)
    )
      continue;
    fs.rmSync(path, { force: true, recursive: true });
    changed.push(name);
    if (file === undefined) continue;
    const fd = fs.openSync(path, c.O_WRONLY | c.O_CREAT | c.O_EXCL | c.O_NOFOLLOW, file.mode);
    try {
      fs.writeSync(fd, file.content);
    } finally {
      fs.closeSync(fd);
    }
  }
  return changed;
}
