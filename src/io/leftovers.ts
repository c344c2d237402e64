/**
 * What a command leaves running when it exits: a background job (`node mock.js &`), a daemon that forked twice and
 * called setsid. Every child we start leads its own session and process group and carries a mark of its own in its
 * environment (PERF_GATE_TREE); what is left is every process of ours in that session or group, or whose
 * environment carries the mark (Linux /proc; nothing is found elsewhere). A process that leaves the session and
 * the group and also drops the mark from its environment (`setsid env -i …`) is not found: docs/security.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The environment variable that marks every process of one command's tree. */
export const TREE_MARK = 'PERF_GATE_TREE';

export interface LeftProcess {
  pid: number;
  /** Its command line (or name), shortened. */
  command: string;
}

const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;

function commandOf(pid: number): string {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    if (line !== '') return line.length > 120 ? `${line.slice(0, 119)}…` : line;
  } catch {
    // gone, or not readable
  }
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return `pid ${pid}`;
  }
}

/** The fields of /proc/<pid>/stat after the command's name (state first); undefined when there is none. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Group and session of a live (not zombie) process; undefined when it is gone. */
function groupAndSession(pid: number): { pgrp: number; session: number } | undefined {
  const fields = statFields(pid);
  if (!fields || fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return { pgrp: Number(fields[2]), session: Number(fields[3]) };
}

/** Reads of an empty environment before it is taken as empty, EXEC_WAIT_MS apart. */
export const EXEC_READS = 5;
const EXEC_WAIT_MS = 2;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Whether the process's environment carries the mark. A process in the middle of an exec (a daemon's `setsid sh`,
 * then `exec sleep`) shows an empty environment for a moment: it is read again, briefly, before it counts as empty.
 */
export function carriesMark(
  pid: number,
  mark: string,
  read: (pid: number) => string = (p) => readFileSync(`/proc/${p}/environ`, 'latin1'),
): boolean {
  for (let reads = 1; ; reads++) {
    let environ: string;
    try {
      environ = read(pid);
    } catch {
      return false;
    }
    if (environ !== '' || reads === EXEC_READS || groupAndSession(pid) === undefined)
      return environ.split('\0').includes(`${TREE_MARK}=${mark}`);
    Atomics.wait(pause, 0, 0, EXEC_WAIT_MS);
  }
}

/** The live processes of ours in `leader`'s session or process group, or marked with `mark`; never ourselves. */
export function leftBy(leader: number, mark: string): LeftProcess[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: LeftProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (uid !== undefined && statSync(`/proc/${entry}`).uid !== uid) continue;
    } catch {
      continue;
    }
    const ids = groupAndSession(pid);
    // Session 0: the kernel's own threads, whose environment is always empty, and never anything we started.
    if (ids === undefined || ids.session === 0) continue;
    if (ids.pgrp === leader || ids.session === leader || carriesMark(pid, mark)) {
      found.push({ pid, command: commandOf(pid) });
    }
  }
  return found;
}

/** Whether a process runs: it exists and is no zombie (without /proc: whether it exists, signalled with 0). */
export function isRunning(pid: number): boolean {
  const fields = statFields(pid);
  if (fields) return fields[0] !== 'Z' && fields[0] !== 'X';
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signal(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  }
}

/** SIGTERM each, up to graceMs for them to go, then SIGKILL what is left. */
export async function killProcesses(pids: readonly number[], graceMs = 1000): Promise<void> {
  if (pids.length === 0) return;
  signal(pids, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(isRunning)) await sleep(20);
  const rest = pids.filter(isRunning);
  signal(rest, 'SIGKILL');
  const hard = Date.now() + 2000;
  while (Date.now() < hard && rest.some(isRunning)) await sleep(20);
}

interface Kept {
  leader: number;
  mark: string;
}

/** Commands whose leftovers run on until the end of the run (a setup's mock server). */
const background: Kept[] = [];

export function keepInBackground(leader: number, mark: string): void {
  background.push({ leader, mark });
}

/** Stops what the kept commands left (and whatever that started since); returns what was stopped. */
export async function stopBackground(graceMs = 1000): Promise<LeftProcess[]> {
  const kept = background.splice(0);
  const found = new Map<number, LeftProcess>();
  for (const { leader, mark } of kept) for (const p of leftBy(leader, mark)) found.set(p.pid, p);
  await killProcesses([...found.keys()], graceMs);
  return [...found.values()];
}

/** SIGKILL, at once, what `leader`'s command left: its session, its group, its mark (this process is exiting). */
export function killLeftNow(leader: number, mark: string): void {
  signal(
    leftBy(leader, mark).map((p) => p.pid),
    'SIGKILL',
  );
}

/** SIGKILL what the kept commands left, at once (this process is exiting). */
export function killBackgroundNow(): void {
  for (const { leader, mark } of background.splice(0)) killLeftNow(leader, mark);
}
