import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { killTree, processTree } from '../../../src/io/proc.ts';

/** A node process leading its own group (as our servers do) that writes a line per SIGTERM and exits soon after. */
const COUNTER = `
const fs = require('node:fs');
process.on('SIGTERM', () => {
  fs.appendFileSync(process.argv[1], 'SIGTERM\\n');
  setTimeout(() => process.exit(0), 300);
});
fs.writeFileSync(process.argv[1], '');
setInterval(() => {}, 1000);
`;

test('killTree signals each process of the tree once: a second SIGTERM would meet a handler already gone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-proc-'));
  try {
    const file = join(dir, 'signals.txt');
    const child = spawn(process.execPath, ['-e', COUNTER, file], { detached: true, stdio: 'ignore' });
    const pid = child.pid!;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Wait until its handler is in place (it writes the file after adding it).
    for (let i = 0; i < 200; i++) {
      try {
        readFileSync(file);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    assert.deepEqual(processTree(pid), [pid]);
    await killTree(pid, 2000);
    await exited;
    assert.equal(
      readFileSync(file, 'utf8'),
      'SIGTERM\n',
      'one SIGTERM, not one for the group and one for the pid',
    );
    assert.deepEqual(processTree(pid), [], 'gone');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('killTree signals no process of another user: the pid of a child that exited, reused by someone else (issue 50)', async () => {
  // Only root can start a process as another user (CI and the project's machines run as root).
  assert.equal(
    process.getuid?.(),
    0,
    'this test starts a process as another user: run the unit tests as root',
  );
  // The pid killTree is given now leads a group of another user's process, as after a reuse.
  const other = spawn('sleep', ['30'], { uid: 65534, gid: 65534, detached: true, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => other.once('exit', () => resolve()));
  try {
    await killTree(other.pid!, 200);
    const ended = await Promise.race([exited.then(() => true), sleep(500).then(() => false)]);
    assert.equal(ended, false, `signalled: ${other.signalCode}`);
  } finally {
    other.kill('SIGKILL');
    await exited;
  }
});
