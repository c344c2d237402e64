/**
 * A process that keeps one core busy, as another tenant of a runner would: the suite's busy core (bench/) and faults'
 * busy machine. It watches its parent and exits once orphaned, so that a test runner killed mid-file (no `after`
 * hook runs then) leaves no core spinning behind it.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Spins; every ten million turns (a few milliseconds) checks that its parent is still the process that started it,
 * whose pid it is given: read in the child, it could already be init's if the parent died first.
 */
const SPIN =
  'const parent = Number(process.argv[1]); for (let i = 1; ; i++) if (i % 1e7 === 0 && process.ppid !== parent) process.exit();';

export function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', SPIN, String(process.pid)], { stdio: 'ignore' });
}
