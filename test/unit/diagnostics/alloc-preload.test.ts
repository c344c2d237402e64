/**
 * The allocation preload in a real Node.js process, driven by the gate's probe: each edge answers with the window's
 * sampling heap profile (objects already collected included), the function that allocated is in it, the process's
 * environment no longer names the output (so its children do not profile), and after the last edge nothing samples.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import vm from 'node:vm';
import {
  ALLOCATION_ENV,
  ALLOCATION_PRELOAD_FILE,
  ALLOCATION_PRELOAD_SOURCE,
} from '../../../src/diagnostics/alloc-preload.ts';
import { controlFile } from '../../../src/diagnostics/install.ts';
import { AllocationProbe } from '../../../src/profile/allocation-probe.ts';
import { allocationProfile, readHeapProfile } from '../../../src/profile/heap-profile.ts';

const dir = mkdtempSync(join(tmpdir(), 'perf-gate-alloc-unit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the preload parses as a script', () => {
  assert.doesNotThrow(() => new vm.Script(ALLOCATION_PRELOAD_SOURCE, { filename: ALLOCATION_PRELOAD_FILE }));
});

test('a real process answers each edge with its window, objects already collected included', async () => {
  const preload = join(dir, ALLOCATION_PRELOAD_FILE);
  writeFileSync(preload, ALLOCATION_PRELOAD_SOURCE);
  const script = join(dir, 'churn.js');
  // 16 KiB of garbage every millisecond in a named function, a line on stdout every 50 of them; the environment as
  // the app sees it on the first line.
  writeFileSync(
    script,
    `console.log(JSON.stringify(process.env.${ALLOCATION_ENV} ?? null));
function churn() { return new Array(2048).fill(1.5); }
let kept = null;
let calls = 0;
setInterval(() => { kept = churn(); if (++calls % 50 === 0) console.log('churned'); }, 1);
setTimeout(() => process.exit(0), 20000);
`,
  );
  const outFile = join(dir, 'answers.jsonl');
  const child = spawn(process.execPath, ['--require', preload, script], {
    env: { ...process.env, [ALLOCATION_ENV]: outFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  const churned = () => stdout.split('\n').filter((l) => l === 'churned').length * 50;
  // The window holds a count of allocations, not a span of time: a busy machine slows the timer, not the test.
  const churnFor = async (calls: number) => {
    const until = churned() + calls;
    while (churned() < until) await sleep(10);
  };
  try {
    const probe = new AllocationProbe(outFile);
    await sleep(200);
    await probe.edge('warmup');
    await churnFor(200);
    await probe.edge('w0');
    await probe.edge('w1', true);
    assert.equal(probe.answering, true);
    assert.equal(probe.profiles.get('warmup'), null, 'nothing sampled before the first edge');
    const w0 = readHeapProfile(probe.profiles.get('w0'));
    assert.ok(w0 !== undefined, 'the window is a well-formed profile');
    const churn = allocationProfile(w0, [dir]).functions.find((f) => f.fn === 'churn');
    assert.ok(churn !== undefined, 'the function that allocated is named');
    assert.equal(churn.file, 'churn.js');
    // At least 200 arrays of 16 KiB, nearly all collected already: far more than the one array kept alive.
    assert.ok(churn.self > 1_000_000, `${churn.self} bytes`);
    assert.equal(stdout.split('\n')[0], 'null', 'the app no longer sees the variable');
  } finally {
    child.kill('SIGKILL');
  }
});

test('a preload that never answers is asked nothing more', async () => {
  const probe = new AllocationProbe(join(dir, 'nobody.jsonl'), 50);
  await probe.edge('warmup');
  assert.equal(probe.answering, false);
  await probe.edge('w0');
  assert.match(readFileSync(controlFile(probe.outFile), 'utf8'), /^warmup#/, 'no second token written');
});
