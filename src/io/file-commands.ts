/**
 * The runner's file commands of this step (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY):
 * the runner reads them when the step ends, and whatever is in them sets the step's outputs, the job's environment
 * and path, and its summary. Their paths are hidden from the pull request's code, but they lie in a known directory
 * (RUNNER_TEMP/_runner_file_commands) and the code runs as the same user. So their content is recorded before any
 * of its commands runs, and put back once every process it started has stopped, before perf-gate writes its own.
 * Only once: what the files hold after that is perf-gate's own writing (its outputs, a cancelled run's too).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export const FILE_COMMANDS = [
  'GITHUB_OUTPUT',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
] as const;

export class FileCommandGuard {
  /** content: undefined when the file was not there. */
  private readonly recorded: { name: string; path: string; content: Buffer | undefined }[];
  private restored = false;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.recorded = [];
    for (const name of FILE_COMMANDS) {
      const path = env[name];
      if (!path) continue;
      let content: Buffer | undefined;
      try {
        content = readFileSync(path);
      } catch {
        content = undefined;
      }
      this.recorded.push({ name, path, content });
    }
  }

  /**
   * Puts back what each file held when the guard was made; returns the names of those that had changed. The first
   * call only: later ones find perf-gate's own writes and leave them.
   */
  restore(): string[] {
    const changed: string[] = [];
    if (this.restored) return changed;
    this.restored = true;
    for (const { name, path, content } of this.recorded) {
      let now: Buffer | undefined;
      try {
        now = readFileSync(path);
      } catch {
        now = undefined;
      }
      if (now === undefined ? content === undefined : content !== undefined && now.equals(content)) continue;
      if (content === undefined) rmSync(path, { force: true });
      else writeFileSync(path, content);
      changed.push(name);
    }
    return changed;
  }
}
