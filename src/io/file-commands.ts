/**
 * The runner's file commands of this step (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY):
 * the runner reads them when the step ends, and whatever is in them sets the step's outputs, the job's environment
 * and path, and its summary. Their paths are hidden from the pull request's code, but they lie in a known directory
 * (RUNNER_TEMP/_runner_file_commands) and the code runs as the same user. So what each is (its lstat: a file, which
 * one, its mode) and holds is recorded before any of its commands runs, and put back once every process it started
 * has stopped, before perf-gate writes its own: a file swapped for another, or for a symbolic link (GITHUB_OUTPUT
 * pointing at GITHUB_PATH), is removed and made again without following links. Only once: what the files hold after
 * that is perf-gate's own writing (its outputs, a cancelled run's too). Should perf-gate die before it puts them
 * back, a watchdog does (file-command-watch.ts).
 */
import * as fs from 'node:fs';
import { closeSync, constants, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { type Recorded, restoreRecorded } from './file-command-restore.ts';
import { type FileCommandWatchdog, startWatchdog } from './file-command-watch.ts';

export const FILE_COMMANDS = [
  'GITHUB_OUTPUT',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
] as const;

function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function record(name: string, path: string): Recorded {
  const stat = lstatOf(path);
  let content: Buffer | undefined;
  if (stat?.isFile()) {
    let fd: number | undefined;
    try {
      fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
      content = readFileSync(fd);
    } catch {
      content = undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  if (!stat?.isFile() || content === undefined)
    return { name, path, file: undefined, other: stat !== undefined };
  const file = { dev: stat.dev, ino: stat.ino, mode: stat.mode & 0o7777, content };
  return { name, path, file, other: false };
}

export class FileCommandGuard {
  private readonly recorded: Recorded[];
  private restored = false;
  private readonly watchdog: FileCommandWatchdog | undefined;

  /**
   * Records the files `env` names. `watch`: a watchdog process puts them back should perf-gate die before restore()
   * (a SIGKILL, the OOM killer; file-command-watch.ts).
   */
  constructor(env: NodeJS.ProcessEnv = process.env, watch = false) {
    this.recorded = [];
    for (const name of FILE_COMMANDS) {
      const path = env[name];
      if (path) this.recorded.push(record(name, path));
    }
    this.watchdog = watch && this.recorded.length > 0 ? startWatchdog(this.recorded) : undefined;
  }

  /**
   * Puts back what each file was and held when the guard was made; returns the names of those that had changed. The
   * first call only: later ones find perf-gate's own writes and leave them (the watchdog is released first).
   */
  restore(): string[] {
    if (this.restored) return [];
    this.restored = true;
    this.watchdog?.release();
    return restoreRecorded(this.recorded, fs);
  }
}
