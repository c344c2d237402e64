/**
 * The file-command guard's watchdog: a process of its own that holds the recorded files and puts them back when
 * perf-gate dies before it did (a SIGKILL, the OOM killer), so that the protection does not depend on perf-gate
 * living to its end. It shares perf-gate's stdout: the runner waits (up to 5 s) for the step's output to close
 * before it reads the file commands, and the watchdog closes its copy only once it has put them back or perf-gate
 * released it. The records travel through its stdin (a socket pair, which /proc cannot open); perf-gate's death is
 * the end of that input. A process of the same user can still find and kill the watchdog first (docs/security.md).
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { type Recorded, restoreRecorded } from './file-command-restore.ts';

export interface FileCommandWatchdog {
  /** The watchdog's process (undefined if it could not be started). */
  readonly pid: number | undefined;
  /** perf-gate put the files back itself: the watchdog leaves them and exits. */
  release(): void;
}

/**
 * The watchdog's whole environment: one variable of no consequence, not none. An environment that reads empty is
 * what an exec in progress shows, and every scan for leftovers (leftovers.ts) would read it again for some 8 ms.
 */
export const WATCHDOG_ENV = { PERF_GATE_WATCHDOG: '1' };

/** The watchdog's program: reads the records, then waits for `done` (released) or the end of its input (died). */
function watch(restore: typeof restoreRecorded): void {
  const chunks: Buffer[] = [];
  const released = () => Buffer.concat(chunks).toString('utf8').split('\n').includes('done');
  process.stdin.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    if (released()) process.exit(0);
  });
  process.stdin.on('end', () => {
    try {
      const [line] = Buffer.concat(chunks).toString('utf8').split('\n');
      const records = JSON.parse(line ?? '') as (Omit<Recorded, 'file'> & {
        file?: { dev: number; ino: number; mode: number; content: string };
      })[];
      const recorded = records.map((r) => ({
        ...r,
        file: r.file ? { ...r.file, content: Buffer.from(r.file.content, 'base64') } : undefined,
      }));
      restore(recorded, process.getBuiltinModule('node:fs'));
    } finally {
      process.exit(0);
    }
  });
}

/** The watchdog's source for `node -e`: the two self-contained functions, called. */
export function watchdogSource(): string {
  return `const restore = ${restoreRecorded.toString()};\n(${watch.toString()})(restore);\n`;
}

/** Starts the watchdog over `recorded` (its own session: a signal to perf-gate's group does not reach it). */
export function startWatchdog(recorded: readonly Recorded[]): FileCommandWatchdog {
  const child = spawn(process.execPath, ['-e', watchdogSource()], {
    stdio: ['pipe', 'inherit', 'ignore'],
    detached: true,
    // Nowhere in the trees: it holds no directory of the run's.
    cwd: '/',
    env: WATCHDOG_ENV,
  });
  const input = child.stdin as Socket;
  const records = recorded.map((r) => ({
    ...r,
    file: r.file ? { ...r.file, content: r.file.content.toString('base64') } : undefined,
  }));
  input.on('error', () => {});
  input.write(`${JSON.stringify(records)}\n`);
  input.unref();
  child.unref();
  return {
    pid: child.pid,
    release() {
      input.end('done\n');
    },
  };
}
