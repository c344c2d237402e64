/**
 * Runs a test suite N times in a row while another process keeps one core busy, and stops at the first failure: the
 * evidence that a suite does not flake under load, and how long it takes (docs/development.md, bench/SUITE.md).
 * `test` is `npm test` phase by phase (typecheck, lint, then the test files: the unit files beside the first group of
 * end-to-end files, then the second, test/run-suite.ts), each timed, with each test file's time (bench/file-times.ts)
 * appended to bench/data/suite-times/<start>-<suite>-run<N>.txt. Prints one line a run and a summary.
 *
 *   npx node bench/repeat-suite.ts unit 20
 *   npx node bench/repeat-suite.ts e2e 3
 *   flock /tmp/perf-gate-load.lock npx node bench/repeat-suite.ts test 3
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { busyCore } from '../test/support/busy-core.ts';

const [suite = 'unit', times = '20'] = process.argv.slice(2);
if (suite !== 'unit' && suite !== 'e2e' && suite !== 'test')
  throw new Error(`suite must be unit, e2e or test, not ${suite}`);
const runs = Number(times);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a whole number ≥ 1, not ${times}`);
const phases = suite === 'test' ? ['typecheck', 'lint', 'test:files'] : [`test:${suite}`];
const timesDir = join('bench', 'data', 'suite-times');
const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '');
// Each test file's time, from the runs of `node --test` test/run-suite.ts makes (it hands them the reporters).
const FILE_TIMES = [
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./bench/file-times.ts',
  // A file, not /dev/null: the runner fsyncs each destination at its end, which /dev/null refuses (EINVAL).
  `--test-reporter-destination=${join(tmpdir(), 'perf-gate-file-times.out')}`,
];

// The busy core (test/support/busy-core.ts): killed when this process exits, and gone by itself if it is killed.
const hog = busyCore();
const stopHog = (): void => {
  hog.kill('SIGKILL');
};
process.on('exit', stopHog);

/** The runner's closing counts, summed over every run of `node --test` in `stdout`. */
function counts(stdout: string): Record<'pass' | 'fail' | 'skipped' | 'todo', number> {
  const sum = (word: string) =>
    [...stdout.matchAll(new RegExp(`^ℹ ${word} (\\d+)$`, 'gm'))].reduce((s, m) => s + Number(m[1]), 0);
  return { pass: sum('pass'), fail: sum('fail'), skipped: sum('skipped'), todo: sum('todo') };
}

const seconds: number[] = [];
let failed = 0;
for (let run = 1; run <= runs && failed === 0; run++) {
  const started = Date.now();
  const said: string[] = [];
  for (const phase of phases) {
    const at = Date.now();
    const load = loadavg()[0]!.toFixed(1);
    mkdirSync(timesDir, { recursive: true });
    const fileTimes = join(timesDir, `${stamp}-${suite}-run${run}.txt`);
    const result = spawnSync(
      'npm',
      ['run', '-s', phase, ...(/^test:(e2e|files)$/.test(phase) ? ['--', ...FILE_TIMES] : [])],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 2 ** 20,
        env: { ...process.env, FILE_TIMES: fileTimes },
      },
    );
    const c = counts(result.stdout);
    const groups = /^run-suite: (.*)$/m.exec(result.stdout)?.[1];
    said.push(
      `${phase} ${((Date.now() - at) / 1000).toFixed(0)} s (exit ${result.status}${c.pass + c.fail > 0 ? `, ${c.pass} passed, ${c.fail} failed, ${c.skipped} skipped, ${c.todo} todo` : ''}${groups ? `; ${groups}` : ''}; load ${load}, after ${loadavg()[0]!.toFixed(1)})`,
    );
    if (result.status !== 0) {
      failed++;
      // The runner's closing section: each failing test with its location and error (the cause, not just a name).
      const section = result.stdout.indexOf('✖ failing tests:');
      console.log(
        `${result.stdout.slice(section).split('\n').slice(0, 200).join('\n')}\n${result.stderr.slice(-3000)}`,
      );
      break;
    }
  }
  const took = (Date.now() - started) / 1000;
  seconds.push(took);
  console.log(`run ${run}: ${took.toFixed(0)} s: ${said.join('; ')}`);
}
stopHog();
const sorted = [...seconds].sort((a, b) => a - b);
console.log(
  `${suite}: ${seconds.length - failed} of ${runs} runs in a row passed with a core kept busy; ` +
    `${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)} s a run`,
);
process.exitCode = failed === 0 ? 0 : 1;
