/**
 * `npm run test:e2e`: the end-to-end files in two groups, one after the other. test/e2e/*.test.ts assert mechanics
 * that no host noise moves (a 2× to 100× change, what was posted, which processes ran), so they run three files at a
 * time, the longest first (bench/SUITE.md) so that none starts last; test/e2e/alone/*.test.ts assert what shared
 * CPUs could move (an event loop's delay, a latency percentile, what a profile names first, an engine's interval),
 * so they run one at a time with nothing of ours beside them. Arguments are handed to both runs of `node --test`
 * (a reporter, a name pattern).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The longest files of the first group, longest first; the rest follow by name. */
const LONGEST = [
  'example-history',
  'example-replicas',
  'faults',
  'example-express-postgres',
  'example-restify-fixed-port',
  'scenarios',
];
const rank = (file: string): number => {
  const at = LONGEST.indexOf(file.replace(/\.test\.ts$/, ''));
  return at < 0 ? LONGEST.length : at;
};
const files = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => join(dir, name));

const extra = process.argv.slice(2);
const groups: [concurrency: number, files: string[]][] = [
  [3, files('test/e2e')],
  [1, files('test/e2e/alone')],
];
let failed = false;
for (const [concurrency, group] of groups) {
  const run = spawnSync(
    process.execPath,
    ['--test', `--test-concurrency=${concurrency}`, ...extra, ...group],
    {
      stdio: 'inherit',
    },
  );
  failed ||= run.status !== 0;
}
process.exitCode = failed ? 1 : 0;
