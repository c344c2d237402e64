/**
 * Child processes that never outlive us: every process is started in its own process group, its whole tree
 * (found through /proc, so that daemons which leave the group are caught too) is killed on stop, on timeout
 * and when this process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const live = new Set<ChildProcess>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const child of live) if (child.pid !== undefined) killTreeNow(child.pid, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const child of live) if (child.pid !== undefined) killTreeNow(child.pid, 'SIGKILL');
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
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

/**
 * Signals the process group of `pid` (our children lead their own), then each member of the tree that has left
 * that group. Each process gets the signal once: a second SIGTERM that lands after a handler has run and removed
 * itself meets the default action and kills the process in the middle of its handler's work.
 */
function killTreeNow(pid: number, signal: NodeJS.Signals): number[] {
  const processes = liveProcesses();
  const tree = processTree(pid, processes);
  const group = new Map(processes.map((p) => [p.pid, p.pgid]));
  let groupSignalled = false;
  try {
    process.kill(-pid, signal); // the whole process group
    groupSignalled = true;
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

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** SIGTERM the tree, wait up to graceMs for it to go, then SIGKILL whatever is left. */
export async function killTree(pid: number, graceMs = 3000): Promise<void> {
  const tree = killTreeNow(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(alive)) await sleep(25);
  const rest = tree.filter(alive);
  if (rest.length === 0) return;
  killTreeNow(pid, 'SIGKILL');
  for (const member of rest) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  const hardDeadline = Date.now() + 2000;
  while (Date.now() < hardDeadline && rest.some(alive)) await sleep(25);
}

/** Keeps the last `limit` characters of a stream of text. */
export class Tail {
  private text = '';
  private readonly limit: number;
  constructor(limit = 16_384) {
    this.limit = limit;
  }
  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > 2 * this.limit) this.text = this.text.slice(-this.limit);
  }
  toString(): string {
    return this.text.length > this.limit ? this.text.slice(-this.limit) : this.text;
  }
  lastLines(count: number): string {
    const lines = this.toString().trimEnd().split('\n');
    return lines.slice(-count).join('\n');
  }
}

export interface StartOptions {
  cwd: string;
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

/** A long-running child (a server, a profiler) started in its own process group. */
export class Child {
  readonly pid: number;
  readonly output = new Tail();
  readonly exited: Promise<Exit>;
  private exitInfo: Exit | undefined;
  private readonly process: ChildProcess;

  constructor(command: string, options: StartOptions) {
    installExitHooks();
    const child =
      options.args === undefined
        ? spawn(command, { cwd: options.cwd, env: options.env, shell: true, detached: true, stdio: 'pipe' })
        : spawn(command, [...options.args], {
            cwd: options.cwd,
            env: options.env,
            detached: true,
            stdio: 'pipe',
          });
    this.process = child;
    live.add(child);
    if (!options.keepStdin) child.stdin?.end();
    const onData = (data: Buffer): void => {
      const text = data.toString('utf8');
      this.output.push(text);
      options.onOutput?.(text);
    };
    child.stdout?.on('data', (data: Buffer) => {
      onData(data);
      options.onStdout?.(data.toString('utf8'));
    });
    child.stderr?.on('data', onData);
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
  }

  /** Writes to the child's stdin (see keepStdin). */
  write(text: string): void {
    this.process.stdin?.write(text);
  }

  /** undefined while the process runs. */
  get exit(): Exit | undefined {
    return this.exitInfo;
  }

  /** Kills the whole tree (also after the direct child has exited: its descendants may live on). */
  async stop(graceMs = 3000): Promise<Exit> {
    if (this.pid > 0) await killTree(this.pid, graceMs);
    const exit = await Promise.race([this.exited, sleep(5000, undefined, { ref: false })]);
    live.delete(this.process);
    return exit ?? { code: null, signal: 'SIGKILL' };
  }
}

export interface RunResult extends Exit {
  timedOut: boolean;
  output: Tail;
  stdout: string;
  durationMs: number;
}

/** Runs a command to completion (or until timeoutMs, when its tree is killed). */
export async function runCommand(
  command: string,
  options: StartOptions & { timeoutMs: number },
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
  const outcome = await Promise.race([child.exited, timer]);
  cancel.abort();
  if (outcome === 'cancelled')
    throw new Error('unreachable: the timeout was cancelled before the race ended');
  if (outcome === 'timeout') {
    const exit = await child.stop(1000);
    return { ...exit, timedOut: true, output: child.output, stdout, durationMs: Date.now() - started };
  }
  // The direct child is done; make sure nothing it started lingers.
  await child.stop(500);
  return { ...outcome, timedOut: false, output: child.output, stdout, durationMs: Date.now() - started };
}

/** Kills every child of ours that is still alive, with its tree. */
export async function killAll(): Promise<number> {
  const children = [...live];
  for (const child of children) if (child.pid !== undefined) await killTree(child.pid, 1000);
  for (const child of children) live.delete(child);
  return children.length;
}

/** Number of children of ours still alive (for tests and the final log line). */
export function liveChildren(): number {
  return live.size;
}

/**
 * What the pull request's code must not get: tokens, and the runner's file commands (GITHUB_OUTPUT, GITHUB_ENV,
 * GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY: writing to them would set our outputs, the job's environment or
 * its summary) and the artifact/cache services' URLs.
 */
const HIDDEN_ENV =
  /^(GITHUB_TOKEN|GH_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_RUNTIME_URL|ACTIONS_RESULTS_URL|ACTIONS_CACHE_URL|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL|GITHUB_OUTPUT|GITHUB_ENV|GITHUB_PATH|GITHUB_STATE|GITHUB_STEP_SUMMARY)$/;

/** Environment for user commands: ours minus every credential the runner gives us. */
export function safeEnv(
  extra: Record<string, string> = {},
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    if (/^INPUT_/i.test(name)) continue;
    if (HIDDEN_ENV.test(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}
