/**
 * `npm test` (`all`), `npm run test:e2e` (`e2e`) and `npm run test:unit` (`unit`): the test files in groups. `unit`
 * runs the unit files alone. Otherwise the first group is test/e2e/*.test.ts, which assert mechanics that no host
 * noise moves (a 2× to 100× change, what was posted, which processes ran), several files at a time, in the order of
 * their names; with `all`, the unit files run beside them. The second is test/e2e/alone/*.test.ts, which assert what
 * shared CPUs could move (an event loop's delay, a latency percentile, what a profile names first), one at a time
 * with nothing of ours beside them. Further arguments are handed to every run of `node --test` (a reporter, a name
 * pattern).
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
/** How many unit folders run at once, beside the first group or alone. */
const UNIT_LANES = 2;

const [which = 'e2e', ...extra] = process.argv.slice(2);
if (which !== 'e2e' && which !== 'all' && which !== 'unit')
  throw new Error(`run-suite: e2e, all or unit, not ${which}`);

/** One run of `node --test` with `flags`; resolves true when every test passed. */
function nodeTest(flags: string[], group: string[]): Promise<boolean> {
  const child = spawn(process.execPath, ['--test', ...flags, ...extra, ...group], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

/**
 * The unit files, a process per folder of test/unit (a stage of src/): its files share the process
 * (`--test-isolation=none`), which loads their part of src/ once, not once a file (bench/SUITE.md). Folders run
 * UNIT_LANES at a time, those of most files first. Not all in one process: that failed five tests and then hung.
 */
async function unitFolders(): Promise<boolean> {
  const folders = readdirSync('test/unit', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => files(join('test/unit', entry.name)))
    .filter((group) => group.length > 0)
    .sort((a, b) => b.length - a.length);
  const lane = async (): Promise<boolean> => {
    let passed = true;
    for (let group = folders.shift(); group; group = folders.shift())
      passed = (await nodeTest(['--test-isolation=none'], group)) && passed;
    return passed;
  };
  const lanes = await Promise.all(Array.from({ length: UNIT_LANES }, lane));
  return lanes.every(Boolean);
}

const sec = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const started = Date.now();
if (which === 'unit') {
  process.exitCode = (await unitFolders()) ? 0 : 1;
} else {
  // When each half of the first group ended: the later one is the group's critical path.
  const ended = (run: Promise<boolean>) => run.then((passed) => ({ passed, at: Date.now() - started }));
  const first = await Promise.all([
    ended(nodeTest([`--test-concurrency=${MECHANICS_AT_ONCE}`], files('test/e2e'))),
    ...(which === 'all' ? [ended(unitFolders())] : []),
  ]);
  const between = Date.now();
  const alone = await nodeTest(['--test-concurrency=1'], files('test/e2e/alone'));
  const halves = first.length > 1 ? ` (end to end ${sec(first[0]!.at)}, unit ${sec(first[1]!.at)})` : '';
  console.log(
    `run-suite: first group ${sec(between - started)}${halves}, second ${sec(Date.now() - between)}`,
  );
  process.exitCode = first.every((half) => half.passed) && alone ? 0 : 1;
}
