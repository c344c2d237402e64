/**
 * What a scan for leftovers (src/io/leftovers.ts `leftBy`) costs beside processes whose environment reads empty, as
 * the file-command watchdog's did, against the same processes with one variable: alternately, twice, 40 scans each
 * (bench/SUITE.md, 2026-12-06).
 *
 *   npx node bench/leftover-scan.ts
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { WATCHDOG_ENV } from '../src/io/file-command-watch.ts';
import { leftBy } from '../src/io/leftovers.ts';

const SCANS = 40;
const IDLE = 4;

/** Mean time of a scan, ms. */
function scan(): number {
  const started = performance.now();
  for (let i = 0; i < SCANS; i++) leftBy(999_999, 'no-such-mark');
  return (performance.now() - started) / SCANS;
}

for (const round of [1, 2]) {
  for (const env of [{}, WATCHDOG_ENV] as Record<string, string>[]) {
    const idle = Array.from({ length: IDLE }, () =>
      spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
        env,
        stdio: 'ignore',
        detached: true,
      }),
    );
    await sleep(500);
    const what = Object.keys(env).length === 0 ? 'an empty environment' : 'one variable';
    console.log(`round ${round}, ${IDLE} idle processes with ${what}: ${scan().toFixed(2)} ms a scan`);
    for (const child of idle) child.kill('SIGKILL');
    await sleep(200);
  }
}
