/**
 * How long a gate takes to call a very slow head, through a built CLI (dist/cli.js): `listener`, the restify service
 * of test/fixtures/restify whose head re-attaches a listener on every request (head 100× slower and more), or
 * `demo`, the bundled demo (head about 2× slower); every input at its default. Prints one line per gate: wall,
 * measuring time, pairs, the looks taken, the verdict and req/s' change and interval. Run it under the load lock;
 * for a busy core, start `yes > /dev/null &` beside it.
 *
 *   flock /tmp/pg-load.lock npx node bench/slow-head.ts <dist dir> listener|demo [gates=1]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Report } from '../src/model/report.ts';

const [distArg, which = 'listener', gatesArg = '1'] = process.argv.slice(2);
if (!distArg || !['listener', 'demo'].includes(which)) {
  process.stderr.write('usage: bench/slow-head.ts <dist dir> listener|demo [gates]\n');
  process.exit(2);
}
const cli = resolve(distArg, 'cli.js');
const fixture = new URL('../test/fixtures/restify/', import.meta.url).pathname;

function git(dir: string, args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd: dir,
    stdio: 'ignore',
  });
}

/** A repository whose main is the fixture's base and whose work tree is its head. */
function listenerRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-slowhead-'));
  const copy = (side: 'base' | 'head'): void => {
    mkdirSync(join(dir, 'lib'), { recursive: true });
    for (const file of ['index.js', 'lib/util.js'])
      writeFileSync(join(dir, file), readFileSync(join(fixture, side, file)));
  };
  writeFileSync(join(dir, 'package.json'), readFileSync(join(fixture, 'package.json')));
  writeFileSync(join(dir, 'package-lock.json'), readFileSync(join(fixture, 'package-lock.json')));
  writeFileSync(join(dir, '.gitignore'), readFileSync(join(fixture, 'gitignore')));
  git(dir, ['init', '-q', '-b', 'main']);
  copy('base');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'base']);
  git(dir, ['checkout', '-q', '-b', 'leak']);
  copy('head');
  git(dir, ['commit', '-qam', 'head']);
  return dir;
}

function gate(): void {
  const started = Date.now();
  const dir = which === 'listener' ? listenerRepo() : undefined;
  const args =
    which === 'listener'
      ? [
          cli,
          'compare',
          '--base',
          'main',
          '--start',
          'node index.js',
          '--paths',
          '/seed/v1',
          '--flamegraphs',
          'off',
        ]
      : [cli, 'demo'];
  const run = spawnSync(process.execPath, args, {
    cwd: dir ?? process.cwd(),
    encoding: 'utf8',
    timeout: 900_000,
  });
  const wall = (Date.now() - started) / 1000;
  const path = /report: (\S+report\.json)/.exec(run.stderr)?.[1];
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (!path) {
    process.stdout.write(`${which}: no report (exit ${run.status})\n${run.stderr.slice(-2000)}\n`);
    return;
  }
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  const rps = report.decision?.comparisons.find((c) => c.metric === 'rps');
  const seq = report.sequential;
  const pct = (x: number | undefined): string =>
    x === undefined || !Number.isFinite(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`;
  process.stdout.write(
    `${which}: ${report.verdict} wall ${report.timing.wallSec.toFixed(0)} s (process ${wall.toFixed(0)} s), ` +
      `measuring ${report.timing.measureSec.toFixed(0)} s, pairs ${seq?.pairs} (looked at ${seq?.looked.join(',')}; ` +
      `stopped by ${seq?.stoppedBy}; measured again ${seq?.disturbedPairs}, kept disturbed ${seq?.keptDisturbedPairs}), ` +
      `req/s ${pct(rps?.change)} (${pct(rps?.ci[0])} … ${pct(rps?.ci[1])}), ${rps?.units ?? 0} units\n`,
  );
}

for (let i = 0; i < Number(gatesArg); i++) gate();
