/**
 * `npm test` (`all`) and `npm run test:e2e` (`e2e`): the test files in two groups, one after the other. The first is
 * test/e2e/*.test.ts, which assert mechanics that no host noise moves (a 2× to 100× change, what was posted, which
 * processes ran), several files at a time, in the order of their names; with `all`, the unit files run beside them,
 * two at a time. The second is test/e2e/alone/*.test.ts, which assert what shared CPUs could move (an
 * event loop's delay, a latency percentile, what a profile names first), one at a time with nothing of ours beside
 * them. Further arguments are handed to every run of `node --test` (a reporter, a name pattern).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A folder's test files. `node --test` runs the files it is given sorted by name (it ignored a longest-first order). */
const files = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(dir, name));

/** How many end-to-end files of the first group run at once. */
const MECHANICS_AT_ONCE = 4;

const [which = 'e2e', ...extra] = process.argv.slice(2);
if (which !== 'e2e' && which !== 'all') throw new Error(`run-suite: e2e or all, not ${which}`);

/** One run of `node --test`; resolves true when every test passed. */
function nodeTest(concurrency: number, group: string[]): Promise<boolean> {
  const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...extra, ...group], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

const started = Date.now();
const first = await Promise.all([
  nodeTest(MECHANICS_AT_ONCE, files('test/e2e')),
  ...(which === 'all' ? [nodeTest(2, ['test/unit/**/*.test.ts'])] : []),
]);
const between = Date.now();
const alone = await nodeTest(1, files('test/e2e/alone'));
const sec = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
console.log(`run-suite: first group ${sec(between - started)}, second ${sec(Date.now() - between)}`);
process.exitCode = first.every(Boolean) && alone ? 0 : 1;
