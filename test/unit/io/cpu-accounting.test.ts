/** CPU time of a process from /proc: ticks (processSeconds) and, to the nanosecond, its threads' (threadSeconds). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { processSeconds, threadSeconds } from '../../../src/io/cpu.ts';

/** Spins this thread until the process has used `ms` more of CPU (wall time would vary with the host's load). */
function spin(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return;
  }
}

test('threadSeconds follows this process’s own CPU time, finer than ticks', () => {
  const ticksBefore = processSeconds(process.pid);
  const before = threadSeconds(process.pid);
  const usage = process.cpuUsage();
  spin(60);
  const used = process.cpuUsage(usage);
  const counted = threadSeconds(process.pid) - before;
  const ticks = processSeconds(process.pid) - ticksBefore;
  const own = (used.user + used.system) / 1e6;
  // The spin is this thread's; other threads (GC helpers) may add a little. Ticks could be off by 10 ms.
  assert.ok(counted > 0.05 && counted < own + 0.02, `threads ${counted} s, process ${own} s`);
  assert.ok(Math.abs(counted - own) < 0.01, `threads ${counted} s, process ${own} s`);
  // The same clock as the ticks over the spin; not in total, where the ticks also hold what the process's reaped
  // children and ended threads used (the other tests of its folder share the process).
  assert.ok(Math.abs(counted - ticks) < 0.05, `threads ${counted} s, ticks ${ticks} s`);
});

test('a process that is gone counts 0', () => {
  const gone = spawnSync('true').pid!;
  assert.equal(threadSeconds(gone), 0);
  assert.equal(processSeconds(gone), 0);
});
