/**
 * Child processes that never outlive us: every process is started in its own process group, its whole tree
 * (found through /proc, so that daemons which leave the group are caught too) is killed on stop, on timeout
 * and when this process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { scrub } from './env.ts';
import {
  isRunning,
  keepInBackground,
  killBackgroundNow,
  killLeftNow,
  killProcesses,
  type LeftProcess,
  leftBy,
  stopBackground,
  TREE_MARK,
} from './leftovers.ts';
import { Tail } from './tail.ts';

export { safeEnv, scrub } from './env.ts';
export { type LeftProcess, stopBackground } from './leftovers.ts';
export { Tail } from './tail.ts';

const live = new Set<ChildProcess>();
/**
 * Every child not yet stopped (by stop(), or by runCommand once it exited), with its mark: what it left is found by
 * session, group and mark when the run is cancelled, exactly as stop() finds it, also after the child itself exited.
 */
const unstopped = new Map<number, string>();
let exitHooksInstalled = false;
/** What a signal does; undefined: kill every tree at once and exit (the action replaces it, see handleSignals). */
let signalHandler: ((signal: NodeJS.Signals) => void) | undefined;

/**
 * Kills every child's tree and what it left (its session, its group, its mark), and everything kept in the
 * background, at once, with SIGKILL: the cancellation path finds what the normal path (stop) finds.
 */
export function killAllNow(): void {
  for (const child of live) if (child.pid !== undefined) killTreeNow(child.pid, 'SIGKILL');
  for (const [pid, mark] of unstopped) killLeftNow(pid, mark);
  killBackgroundNow();
}

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => killAllNow());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (signalHandler) {
        signalHandler(signal);
        return;
      }
      killAllNow();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

/** Routes SIGINT, SIGTERM and SIGHUP (each time one comes) to `handler` instead of killing and exiting at once. */
export function handleSignals(handler: (signal: NodeJS.Signals) => void): void {
  signalHandler = handler;
  installExitHooks();
}

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Process group. */
  pgid: number;
  /** The command name (/proc/<pid>/comm, at most 15 characters). */
  comm: string;
}

/** Every live (not zombie) process on the machine, from Linux's /proc; empty elsewhere. */
export function liveProcesses(): ProcessEntry[] {
  const processes: ProcessEntry[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return processes;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') continue;
      processes.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        pgid: Number(fields[2]),
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return processes;
}

/** The pid and every live descendant of it, from `processes` (default: the machine's now). */
export function processTree(pid: number, processes: readonly ProcessEntry[] = liveProcesses()): number[] {
  const known = new Set(processes.map((p) => p.pid));
  const children = new Map<number, number[]>();
  for (const { pid: child, ppid: parent } of processes) {
    const list = children.get(parent) ?? [];
    list.push(child);
    children.set(parent, list);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current !== pid || known.has(pid)) tree.push(current);
    for (const child of children.get(current) ?? []) queue.push(child);
  }
  return tree;
}

const ownUid = typeof process.getuid === 'function' ? process.getuid() : undefined;
/** Whether this machine has Linux's /proc to ask a process's user. */
const procReadable = (() => {
  try {
    readFileSync('/proc/self/status');
    return true;
  } catch {
    return false;
  }
})();

/**
 * Whether `pid` is a process of our user (the real uid of /proc/<pid>/status): a pid of a child that exited can be
 * reused by another user's process, which is not ours to signal. Without /proc nothing can be told: true.
 */
function ours(pid: number): boolean {
  if (ownUid === undefined || !procReadable) return true;
  try {
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return uid !== undefined && Number(uid) === ownUid;
  } catch {
    return false; // gone
  }
}

/**
 * Signals the process group of `pid` (our children lead their own), then each member of the tree that has left
 * that group; only processes of our user (a group with anyone else's in it is signalled member by member). Each
 * process gets the signal once: a second SIGTERM that lands after a handler has run and removed itself meets the
 * default action and kills the process in the middle of its handler's work. Returns the processes signalled.
 */
function killTreeNow(pid: number, signal: NodeJS.Signals): number[] {
  const processes = liveProcesses();
  const tree = processTree(pid, processes).filter(ours);
  const group = new Map(processes.map((p) => [p.pid, p.pgid]));
  const groupOurs = processes.filter((p) => p.pgid === pid).every((p) => ours(p.pid));
  let groupSignalled = false;
  try {
    if (groupOurs) {
      process.kill(-pid, signal); // the whole process group
      groupSignalled = true;
    }
  } catch {
    // No such group (already gone, or the process does not lead one).
  }
  for (const member of tree) {
    if (groupSignalled && group.get(member) === pid) continue;
    try {
      process.kill(member, signal);
    } catch {
      // Gone already.
    }
  }
  return tree;
}

/** SIGTERM the tree, wait up to graceMs for it to go, then SIGKILL whatever is left (of our user's). */
export async function killTree(pid: number, graceMs = 3000): Promise<void> {
  const tree = killTreeNow(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(isRunning)) await sleep(25);
  const rest = tree.filter(isRunning);
  if (rest.length === 0) return;
  killTreeNow(pid, 'SIGKILL');
  for (const member of rest.filter(ours)) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  const hardDeadline = Date.now() + 2000;
  while (Date.now() < hardDeadline && rest.some(isRunning)) await sleep(25);
}

export interface StartOptions {
  cwd: string;
  /** The child's environment; whatever is in it, credentials and the runner's file commands are dropped (scrub). */
  env: NodeJS.ProcessEnv;
  /** Called with every chunk of stdout and stderr. */
  onOutput?: (chunk: string) => void;
  /** Called with stdout alone, for commands whose output we parse. */
  onStdout?: (chunk: string) => void;
  /** Keep stdin open for write() (otherwise it is closed at once). */
  keepStdin?: boolean;
  /** argv instead of a shell command line. */
  args?: readonly string[];
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A long-running child (a server, a profiler) started in its own session and process group, its environment
 * scrubbed and marked (TREE_MARK) so that what it leaves running can be found (leftovers.ts).
 */
export class Child {
  readonly pid: number;
  readonly output = new Tail();
  /** When the process has exited and its output has closed (a background job may hold it open: see ended). */
  readonly exited: Promise<Exit>;
  /** When the process itself has exited, whatever still holds its output open. */
  readonly ended: Promise<Exit>;
  /** Settles when writing to its stdin failed (it closed its end: EPIPE); never otherwise. */
  readonly inputFailed: Promise<Error>;
  /** The value of TREE_MARK in the environment of its tree. */
  readonly mark = randomUUID();
  private exitInfo: Exit | undefined;
  private inputError: Error | undefined;
  private forwarding = true;
  private readonly process: ChildProcess;

  constructor(command: string, options: StartOptions) {
    installExitHooks();
    const env = { ...scrub(options.env), [TREE_MARK]: this.mark };
    const child =
      options.args === undefined
        ? spawn(command, { cwd: options.cwd, env, shell: true, detached: true, stdio: 'pipe' })
        : spawn(command, [...options.args], { cwd: options.cwd, env, detached: true, stdio: 'pipe' });
    this.process = child;
    live.add(child);
    this.inputFailed = new Promise<Error>((resolve) => {
      child.stdin?.on('error', (error) => {
        this.inputError = error;
        resolve(error);
      });
    });
    if (!options.keepStdin) child.stdin?.end();
    const onData = (data: Buffer): void => {
      const text = data.toString('utf8');
      this.output.push(text);
      if (this.forwarding) options.onOutput?.(text);
    };
    child.stdout?.on('data', (data: Buffer) => {
      onData(data);
      if (this.forwarding) options.onStdout?.(data.toString('utf8'));
    });
    child.stderr?.on('data', onData);
    this.ended = new Promise<Exit>((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', () => resolve({ code: 127, signal: null }));
    });
    this.exited = new Promise<Exit>((resolve) => {
      child.once('error', (error) => {
        this.output.push(`\n${error.message}\n`);
        this.exitInfo = { code: 127, signal: null };
        live.delete(child);
        resolve(this.exitInfo);
      });
      child.once('close', (code, signal) => {
        this.exitInfo = { code, signal };
        live.delete(child);
        resolve(this.exitInfo);
      });
    });
    this.pid = child.pid ?? -1;
    if (this.pid > 0) unstopped.set(this.pid, this.mark);
  }

  /** Writes to the child's stdin (see keepStdin); false when it can take no more (closed, or a write failed). */
  write(text: string): boolean {
    const stdin = this.process.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable || this.inputError) return false;
    stdin.write(text);
    return true;
  }

  /** What it left running: processes of its session or group, or carrying its mark, other than itself. */
  leftovers(): LeftProcess[] {
    return this.pid > 0 ? leftBy(this.pid, this.mark) : [];
  }

  /**
   * Lets its leftovers run on (they are stopped by stopBackground): its output is no longer passed on (it is still
   * read, so that a writer never blocks) and it no longer counts as a live child.
   */
  release(): void {
    this.forwarding = false;
    keepInBackground(this.pid, this.mark);
    live.delete(this.process);
    unstopped.delete(this.pid);
  }

  /** undefined while the process runs. */
  get exit(): Exit | undefined {
    return this.exitInfo;
  }

  /**
   * Kills the whole tree (also after the direct child has exited: its descendants may live on), and what left it
   * (a daemon in a session of its own, found by its mark).
   */
  async stop(graceMs = 3000): Promise<Exit> {
    if (this.pid > 0) await killTree(this.pid, graceMs);
    await killProcesses(
      this.leftovers().map((p) => p.pid),
      Math.min(graceMs, 1000),
    );
    unstopped.delete(this.pid);
    const exit = await Promise.race([this.exited, sleep(5000, undefined, { ref: false })]);
    live.delete(this.process);
    return exit ?? { code: null, signal: 'SIGKILL' };
  }
}

/**
 * Kills every child of ours that is still alive, with its tree, what every child not yet stopped left (session,
 * group, mark), and what kept commands left running.
 */
export async function killAll(): Promise<number> {
  const children = [...live];
  for (const child of children) if (child.pid !== undefined) await killTree(child.pid, 1000);
  for (const child of children) live.delete(child);
  for (const [pid, mark] of [...unstopped]) {
    await killProcesses(
      leftBy(pid, mark).map((p) => p.pid),
      1000,
    );
    unstopped.delete(pid);
  }
  const background = await stopBackground();
  return children.length + background.length;
}

/** Number of children of ours still alive (for tests and the final log line). */
export function liveChildren(): number {
  return live.size;
}
