/**
 * CPU affinity of processes pinned with taskset, widened again once the pin no longer serves: 0x turns the V8 log
 * into its files after the load, and on the server's one CPU the two sides' 0x would take turns.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The CPUs this process may run on, as a taskset list (`0-1`); undefined where /proc does not say. */
export function ownCpus(status = '/proc/self/status'): string | undefined {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(status, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Lets each process, all its threads, run on `cpus`; a process gone meanwhile, or no taskset, is left as it is. */
export function repin(pids: readonly number[], cpus: string): void {
  for (const pid of pids)
    spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore', timeout: 2000 });
}
