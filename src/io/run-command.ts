/**
 * A command run to its end (install, build, a setup hook, git, 0x's install): its output, exit and what it left
 * running, killed with its tree when it overruns or when the caller gives up on it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LeftProcess } from './leftovers.ts';
import { Child, type Exit, type StartOptions } from './proc.ts';
import type { Tail } from './tail.ts';

export interface RunResult extends Exit {
  timedOut: boolean;
  /** Stopped because `signal` was aborted (its tree killed, as on a time-out). */
  aborted?: boolean;
  output: Tail;
  stdout: string;
  durationMs: number;
  /** What the command left running when it exited: stopped then, or (leftovers: 'keep') at stopBackground. */
  left: LeftProcess[];
}

/** How long output may take to close after the command exited, before what holds it open is left to it. */
const CLOSE_GRACE_MS = 300;

/**
 * Runs a command until it exits (or until timeoutMs, when its tree is killed). It counts as finished when the
 * command itself exits, not when everything that inherited its output has closed it: a background job
 * (`node mock.js &`) does not turn a success into a time-out. What it left running is stopped at once, or with
 * `leftovers: 'keep'` left to run until stopBackground (a setup's mock server).
 */
export async function runCommand(
  command: string,
  options: StartOptions & { timeoutMs: number; leftovers?: 'kill' | 'keep'; signal?: AbortSignal },
): Promise<RunResult> {
  const started = Date.now();
  let stdout = '';
  const child = new Child(command, {
    ...options,
    onStdout: (chunk) => {
      stdout += chunk;
      options.onStdout?.(chunk);
    },
  });
  const cancel = new AbortController();
  const timer = sleep(options.timeoutMs, 'timeout' as const, { signal: cancel.signal, ref: false }).catch(
    () => 'cancelled' as const,
  );
  // Its listener goes when the race is over (cancel), so that a signal shared by many commands does not gather them.
  const stopped = new Promise<'aborted'>((resolve) => {
    if (options.signal?.aborted) resolve('aborted');
    options.signal?.addEventListener('abort', () => resolve('aborted'), {
      once: true,
      signal: cancel.signal,
    });
  });
  const outcome = await Promise.race([child.ended, timer, stopped]);
  cancel.abort();
  if (outcome === 'cancelled')
    throw new Error('unreachable: the timeout was cancelled before the race ended');
  if (outcome === 'timeout' || outcome === 'aborted') {
    const left = child.leftovers();
    const exit = await child.stop(1000);
    const how = outcome === 'timeout' ? { timedOut: true } : { timedOut: false, aborted: true };
    return { ...exit, ...how, output: child.output, stdout, durationMs: Date.now() - started, left };
  }
  // The output the command wrote before it exited is still in the pipes: read it, unless something holds them.
  await Promise.race([child.exited, sleep(CLOSE_GRACE_MS, undefined, { ref: false })]);
  const result = {
    ...outcome,
    timedOut: false,
    output: child.output,
    stdout,
    durationMs: Date.now() - started,
  };
  const left = child.leftovers();
  if (options.leftovers === 'keep' && left.length > 0) child.release();
  else await child.stop(500);
  return { ...result, left };
}
