/**
 * The runner's file commands of this step (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY):
 * the runner reads them when the step ends, and whatever is in them sets the step's outputs, the job's environment
 * and path, and its summary. Their paths are hidden from the pull request's code, but they lie in a known directory
 * (RUNNER_TEMP/_runner_file_commands) and the code runs as the same user. So what each is (its lstat: a file, which
 * one, its mode) and holds is recorded before any of its commands runs, and put back once every process it started
 * has stopped, before perf-gate writes its own: a file swapped for another, or for a symbolic link (GITHUB_OUTPUT
 * pointing at GITHUB_PATH), is removed and made again without following links. Only once: what the files hold after
 * that is perf-gate's own writing (its outputs, a cancelled run's too).
 */
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readFileSync,
  rmSync,
  type Stats,
  writeSync,
} from 'node:fs';

export const FILE_COMMANDS = [
  'GITHUB_OUTPUT',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
] as const;

/** What a path was: a regular file (which one, its mode, its bytes), or nothing that perf-gate restores. */
interface Recorded {
  name: string;
  path: string;
  /** undefined: no regular file there. */
  file: { dev: number; ino: number; mode: number; content: Buffer } | undefined;
  /** Something other than a regular file was there (never the runner's): left alone. */
  other: boolean;
}

function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** The bytes of the regular file at `path`, never through a symbolic link; undefined when it is not one. */
function readNoFollow(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function record(name: string, path: string): Recorded {
  const stat = lstatOf(path);
  const content = stat?.isFile() ? readNoFollow(path) : undefined;
  if (!stat?.isFile() || content === undefined)
    return { name, path, file: undefined, other: stat !== undefined };
  const file = { dev: stat.dev, ino: stat.ino, mode: stat.mode & 0o7777, content };
  return { name, path, file, other: false };
}

/** Whether `path` is still the recorded file, holding the recorded bytes. */
function unchanged(recorded: Recorded): boolean {
  const stat = lstatOf(recorded.path);
  const { file } = recorded;
  if (file === undefined) return stat === undefined;
  if (!stat?.isFile() || stat.dev !== file.dev || stat.ino !== file.ino) return false;
  const now = readNoFollow(recorded.path);
  return now?.equals(file.content) === true;
}

/** Removes what is at `path` (a link itself, not its target) and writes the recorded file anew. */
function putBack({ path, file }: Recorded): void {
  rmSync(path, { force: true, recursive: true });
  if (file === undefined) return;
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    file.mode,
  );
  try {
    writeSync(fd, file.content);
  } finally {
    closeSync(fd);
  }
}

export class FileCommandGuard {
  private readonly recorded: Recorded[];
  private restored = false;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.recorded = [];
    for (const name of FILE_COMMANDS) {
      const path = env[name];
      if (path) this.recorded.push(record(name, path));
    }
  }

  /**
   * Puts back what each file was and held when the guard was made; returns the names of those that had changed. The
   * first call only: later ones find perf-gate's own writes and leave them.
   */
  restore(): string[] {
    const changed: string[] = [];
    if (this.restored) return changed;
    this.restored = true;
    for (const recorded of this.recorded) {
      if (recorded.other || unchanged(recorded)) continue;
      putBack(recorded);
      changed.push(recorded.name);
    }
    return changed;
  }
}
