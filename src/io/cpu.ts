/**
 * CPU accounting from /proc, to tell whether another process disturbed a round: the machine's busy time that
 * was not ours (the server tree, the load generator, this process) and the time the hypervisor stole.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ; 100 on every Linux we run on). */
const HZ = 100;

export interface MachineTimes {
  /** Seconds of busy CPU, summed over all CPUs. */
  busy: number;
  steal: number;
  at: number;
}

export function machineTimes(): MachineTimes | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    if (user === undefined || steal === undefined) return undefined;
    return {
      busy: (user + nice! + system! + irq! + softirq!) / HZ,
      steal: steal / HZ,
      at: performance.now() / 1000,
    };
  } catch {
    return undefined;
  }
}

/**
 * Seconds of CPU used so far by a process (user + system, including children it has reaped: a short-lived
 * helper that ends inside the round is counted by its parent), 0 when it is gone.
 */
export function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / HZ;
  } catch {
    return 0;
  }
}

/**
 * Seconds of CPU its threads have run so far, to the nanosecond (/proc/<pid>/task/<tid>/schedstat), where
 * processSeconds counts 10 ms ticks: fine enough for the turns of a fraction of a second that take a side's CPU
 * time per request. Threads that ended are not counted; falls back to processSeconds without schedstat.
 */
export function threadSeconds(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return Number.isFinite(ns) && ns > 0 ? ns / 1e9 : processSeconds(pid);
  } catch {
    return processSeconds(pid);
  }
}

/**
 * Seconds of CPU the process's main thread (the one running JavaScript, the one V8's profiler samples) has run so
 * far, to the nanosecond; undefined where schedstat cannot be read.
 */
export function mainThreadSeconds(pid: number): number | undefined {
  try {
    const ns = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e9 : undefined;
  } catch {
    return undefined;
  }
}

/** The machine's busy time between two readings that was not ours, and the time stolen from it. */
export interface ForeignLoad {
  /** Cores' worth of busy time that was not ours, averaged over the interval. */
  foreignCores: number;
  /** Cores' worth of stolen time. */
  stealCores: number;
}

/** What else ran between two readings, given the CPU seconds our own processes used in between. */
export function foreignLoad(before: MachineTimes, after: MachineTimes, oursSec: number): ForeignLoad {
  const wall = Math.max(1e-3, after.at - before.at);
  return {
    foreignCores: Math.max(0, after.busy - before.busy - oursSec) / wall,
    stealCores: Math.max(0, after.steal - before.steal) / wall,
  };
}
