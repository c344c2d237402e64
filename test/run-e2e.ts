/**
 * `npm run test:e2e`: the end-to-end files in two groups, one after the other. test/e2e/*.test.ts assert mechanics
 * that no host noise moves (a 2× to 100× change, what was posted, which processes ran), so they run three files at a
 * time; test/e2e/alone/*.test.ts assert what shared CPUs could move (an event loop's delay, a latency percentile,
 * what a profile names first, an engine's interval), so they run one at a time with nothing of ours beside them.
 * Arguments are handed to both runs of `node --test` (a reporter, a name pattern).
 */
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const groups: [concurrency: number, files: string][] = [
  [3, 'test/e2e/*.test.ts'],
  [1, 'test/e2e/alone/*.test.ts'],
];
let failed = false;
for (const [concurrency, files] of groups) {
  const run = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...extra, files], {
    stdio: 'inherit',
  });
  failed ||= run.status !== 0;
}
process.exitCode = failed ? 1 : 0;
