/** A process run to its end by the tests, its output collected (github-markdown.ts's parser, workflow.ts's scripts, actionlint). */
import { spawn } from 'node:child_process';

export interface ProcessRun {
  /** The exit code; null when a signal ended it (the time-out's too); -1 when it could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` with `args` in `cwd`, `input` on its stdin (then closed; none: no stdin), in `env` (default this process's). */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => resolve({ code: -1, stdout, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (options.input === undefined) return;
    // A process may exit without reading all of its input (`actionlint -version` read none, and the write failed
    // with EPIPE once in 20 runs of the unit suite): its code and output are what is tested.
    child.stdin?.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') resolve({ code: -1, stdout, stderr: error.message });
    });
    child.stdin?.end(options.input);
  });
}
