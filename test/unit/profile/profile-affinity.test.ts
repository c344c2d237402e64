/**
 * A pinned profile is pinned only while it is loaded: once the load is over, 0x (here a fake that records its CPUs
 * and those of the child it starts to process the log, as 0x starts `node --prof-process`) runs on every CPU the
 * gate has, so that base's and head's 0x do not take turns on the server's one CPU.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ownCpus } from '../../../src/io/affinity.ts';
import { finishProfiled, startProfiled } from '../../../src/profile/profiled-server.ts';

const FAKE_0X = `'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const args = process.argv.slice(2);
const out = args[args.indexOf('--output-dir') + 1];
const cpus = () => /Cpus_allowed_list:\\s*(\\S+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1];
fs.writeFileSync(out + '/while-loaded', cpus());
const argv = args.slice(args.indexOf('--') + 1);
const server = spawn(argv[0], argv.slice(1), { stdio: 'inherit' });
process.on('SIGINT', () => {});
server.on('exit', () => {
  fs.writeFileSync(out + '/processing', cpus());
  const child = spawnSync(process.execPath, ['-e', "process.stdout.write(/Cpus_allowed_list:\\\\s*(\\\\S+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1])"]);
  fs.writeFileSync(out + '/processing-child', child.stdout);
  fs.writeFileSync(out + '/flamegraph.html', '<html></html>');
  fs.writeFileSync(out + '/ticks.json', '[[1, 2]]');
  process.exit(0);
});
`;

const SERVER = `require('node:http').createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');\n`;

describe('a pinned profile after its load', () => {
  before(() => {
    // What pinning needs: util-linux's taskset, /proc, and a CPU for the server apart from the load generator's.
    assert.ok(existsSync('/usr/bin/taskset'), 'no /usr/bin/taskset: `apt-get install -y util-linux`');
    assert.ok(ownCpus() !== undefined, 'no /proc/self/status with Cpus_allowed_list: this test needs Linux');
    assert.ok(availableParallelism() >= 2, 'this test needs 2 CPUs or more');
  });
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-affinity-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('0x is pinned to the server CPU while loaded, and processes its log on every CPU we have', async () => {
    writeFileSync(join(dir, 'fake-0x.cjs'), FAKE_0X);
    writeFileSync(join(dir, 'server.js'), SERVER);
    const outDir = join(dir, 'out');
    const profiled = await startProfiled({
      side: 'base',
      cwd: dir,
      start: 'node server.js',
      port: undefined,
      readyPath: '/',
      outDir,
      zeroxBin: join(dir, 'fake-0x.cjs'),
      readyTimeoutMs: 15_000,
      cpus: '0',
      inlining: true,
    });
    await finishProfiled(profiled);
    const read = (name: string): string => readFileSync(join(outDir, name), 'utf8');
    assert.equal(read('while-loaded'), '0');
    assert.equal(read('processing'), ownCpus());
    assert.equal(read('processing-child'), ownCpus());
  });
});
