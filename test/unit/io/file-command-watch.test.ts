/**
 * The file-command guard's watchdog (src/io/file-command-watch.ts): when perf-gate is killed with SIGKILL before it
 * put the runner's file commands back, the watchdog does, before the step's output closes (which is when the
 * runner reads them: it waits for the output, up to 5 s, after the process exits). Its environment is not empty,
 * which scans for leftovers would read again and again.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { startWatchdog, WATCHDOG_ENV } from '../../../src/io/file-command-watch.ts';
import { carriesMark, EXEC_READS } from '../../../src/io/leftovers.ts';

const GUARD = pathToFileURL(join(import.meta.dirname, '../../../src/io/file-commands.ts')).href;

interface Killed {
  env: string;
  output: string;
  /** From the SIGKILL to the step's output closing, ms. */
  closedMs: number;
}

/** A perf-gate stand-in: guards the files, lets "the pull request" write to GITHUB_ENV, then dies by SIGKILL. */
async function killedRun(restoreFirst: boolean): Promise<Killed> {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-watch-'));
  try {
    const env = { GITHUB_ENV: join(dir, 'set_env'), GITHUB_OUTPUT: join(dir, 'set_output') };
    writeFileSync(env.GITHUB_ENV, 'KEPT=1\n');
    writeFileSync(env.GITHUB_OUTPUT, '');
    const script = `
      import { appendFileSync } from 'node:fs';
      import { FileCommandGuard } from ${JSON.stringify(GUARD)};
      const guard = new FileCommandGuard(process.env, true);
      appendFileSync(process.env.GITHUB_ENV, 'NODE_OPTIONS=--require /tmp/evil.js\\n');
      appendFileSync(process.env.GITHUB_OUTPUT, 'verdict=pass\\n');
      if (${restoreFirst}) {
        guard.restore();
        appendFileSync(process.env.GITHUB_OUTPUT, 'verdict=regression\\n');
      }
      console.log('killing');
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let killedAt = 0;
    child.stdout.on('data', () => {
      killedAt ||= Date.now();
    });
    await new Promise((resolve) => child.on('close', resolve));
    return {
      env: readFileSync(env.GITHUB_ENV, 'utf8'),
      output: readFileSync(env.GITHUB_OUTPUT, 'utf8'),
      closedMs: Date.now() - killedAt,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('SIGKILL before the restore: the watchdog puts the files back before the step’s output closes', async () => {
  const killed = await killedRun(false);
  assert.equal(killed.env, 'KEPT=1\n', 'the pull request’s line is gone from GITHUB_ENV');
  assert.equal(killed.output, '', 'and from GITHUB_OUTPUT');
  assert.ok(
    killed.closedMs < 5000,
    `the output closed ${killed.closedMs} ms after the kill: within the runner’s 5 s`,
  );
});

test('SIGKILL after the restore: the watchdog was released and leaves perf-gate’s own writes', async () => {
  const killed = await killedRun(true);
  assert.equal(killed.env, 'KEPT=1\n');
  assert.equal(killed.output, 'verdict=regression\n');
});

test('the watchdog’s environment holds one harmless variable: a scan for leftovers reads it once, never waits on it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-watch-env-'));
  // A file that was not there: nothing to put back (released below in any case).
  const watchdog = startWatchdog([
    { name: 'GITHUB_OUTPUT', path: join(dir, 'set_output'), file: undefined, other: false },
  ]);
  try {
    assert.ok(watchdog.pid);
    const environ = () => readFileSync(`/proc/${watchdog.pid}/environ`, 'latin1');
    // Started with an environment of its own: wait until the exec has given it one.
    for (const until = Date.now() + 5000; environ() === '' && Date.now() < until; ) await sleep(10);
    assert.deepEqual(
      environ().split('\0').filter(Boolean),
      Object.entries(WATCHDOG_ENV).map(([k, v]) => `${k}=${v}`),
    );
    let reads = 0;
    const counted = (pid: number) => {
      reads++;
      return readFileSync(`/proc/${pid}/environ`, 'latin1');
    };
    assert.equal(carriesMark(watchdog.pid, 'any', counted), false);
    assert.equal(reads, 1, `read ${reads} times (up to ${EXEC_READS} for an environment that reads empty)`);
  } finally {
    watchdog.release();
    rmSync(dir, { recursive: true, force: true });
  }
});
