/**
 * Runs a test suite N times in a row while another process keeps one core busy, and stops at the first failure: the
 * evidence that a suite does not flake under load (docs/development.md). Prints one line a run and a summary.
 *
 *   npx node bench/repeat-suite.ts unit 20
 *   npx node bench/repeat-suite.ts e2e 3
 */
import { spawn, spawnSync } from 'node:child_process';

const [suite = 'unit', times = '20'] = process.argv.slice(2);
if (suite !== 'unit' && suite !== 'e2e') throw new Error(`suite must be unit or e2e, not ${suite}`);
const runs = Number(times);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a whole number ≥ 1, not ${times}`);

// The busy core: a spinning Node process of its own, killed whatever happens.
const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stopHog = (): void => {
  hog.kill('SIGKILL');
};
process.on('exit', stopHog);

const seconds: number[] = [];
let failed = 0;
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '-s', `test:${suite}`], {
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  const took = (Date.now() - started) / 1000;
  seconds.push(took);
  const counts = /^ℹ pass (\d+)\nℹ fail (\d+)/m.exec(result.stdout);
  console.log(
    `run ${run}: exit ${result.status}, ${counts ? `${counts[1]} passed, ${counts[2]} failed` : 'no counts'}, ${took.toFixed(0)} s`,
  );
  if (result.status !== 0) {
    failed++;
    // The runner's closing section: each failing test with its location and error (the cause, not just a name).
    const section = result.stdout.indexOf('✖ failing tests:');
    console.log(result.stdout.slice(section).split('\n').slice(0, 200).join('\n'));
    break;
  }
}
stopHog();
const sorted = [...seconds].sort((a, b) => a - b);
console.log(
  `${suite}: ${seconds.length - failed} of ${runs} runs in a row passed with a core kept busy; ` +
    `${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)} s a run`,
);
process.exitCode = failed === 0 ? 0 : 1;
