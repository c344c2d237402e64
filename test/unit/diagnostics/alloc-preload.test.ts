/**
 * The allocation preload in a real Node.js process, driven by the gate's probe: each edge answers with the window's
 * sampling heap profile (objects already collected included), the function that allocated is in it, the process's
 * environment no longer names the output (so its children do not profile), and after the last edge nothing samples;
 * a kept window holds what is still alive at its end, not the garbage.
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

/**
 * A real process under the preload: 16 KiB of garbage every millisecond in a named function and, in another, 20
 * small objects kept for good; a line on stdout every 50 of them, and the environment as the app sees it on the
 * first line. `churnFor(n)` waits for n more: the window holds a count of allocations, not a span of time, so a busy
 * machine slows the timer, not the test.
 */
function churning(name: string) {
  const preload = join(dir, ALLOCATION_PRELOAD_FILE);
  writeFileSync(preload, ALLOCATION_PRELOAD_SOURCE);
  const script = join(dir, 'churn.js');
  writeFileSync(
    script,
    `console.log(JSON.stringify(process.env.${ALLOCATION_ENV} ?? null));
function churn() { return new Array(2048).fill(1.5); }
const seen = [];
function remember(i) { for (let k = 0; k < 20; k++) seen.push({ i, k }); }
let kept = null;
let calls = 0;
setInterval(() => { kept = churn(); remember(calls); if (++calls % 50 === 0) console.log('churned'); }, 1);
setTimeout(() => process.exit(0), 20000);
`,
  );
  const outFile = join(dir, `${name}.jsonl`);
  const child = spawn(process.execPath, ['--require', preload, script], {
    env: { ...process.env, [ALLOCATION_ENV]: outFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  const churned = () => stdout.split('\n').filter((l) => l === 'churned').length * 50;
  const churnFor = async (calls: number) => {
    const until = churned() + calls;
    while (churned() < until) await sleep(10);
  };
  return { outFile, child, churnFor, firstLine: () => stdout.split('\n')[0] };
}

/** Bytes the window's profile counts in the function `fn` of churn.js itself. */
function bytesIn(raw: unknown, fn: string): number {
  const window = readHeapProfile(raw);
  assert.ok(window !== undefined, 'the window is a well-formed profile');
  const f = allocationProfile(window, [dir]).functions.find((x) => x.fn === fn);
  if (f !== undefined) assert.equal(f.file, 'churn.js');
  return f?.self ?? 0;
}

test('a real process answers each edge with its window, objects already collected included', async () => {
  const { outFile, child, churnFor, firstLine } = churning('answers');
  try {
    const probe = new AllocationProbe(outFile);
    await sleep(200);
    await probe.edge('warmup');
    await churnFor(200);
    await probe.edge('w0');
    await probe.edge('w1', true);
    assert.equal(probe.answering, true);
    assert.equal(probe.profiles.get('warmup'), null, 'nothing sampled before the first edge');
    // At least 200 arrays of 16 KiB, nearly all collected already: far more than the one array kept alive.
    const churn = bytesIn(probe.profiles.get('w0'), 'churn');
    assert.ok(churn > 1_000_000, `${churn} bytes`);
    assert.equal(firstLine(), 'null', 'the app no longer sees the variable');
  } finally {
    child.kill('SIGKILL');
  }
});

test('a kept window counts what is still alive at its end: what is kept, not the garbage', async () => {
  const { outFile, child, churnFor } = churning('kept');
  try {
    const probe = new AllocationProbe(outFile);
    await sleep(200);
    await probe.edge('warmup', false, true);
    await churnFor(200);
    await probe.edge('w0', false, false);
    await churnFor(200);
    await probe.edge('w1', true);
    assert.equal(probe.answering, true);
    const kept = probe.profiles.get('w0');
    // 200 × 20 small objects kept (each some 20 bytes, and the list's growth): about 100 KB, sampled every 16 KiB.
    const remembered = bytesIn(kept, 'remember');
    assert.ok(remembered > 30_000, `${remembered} bytes kept`);
    // Of 200 arrays of 16 KiB only the last is alive at the window's end.
    const churn = bytesIn(kept, 'churn');
    assert.ok(churn < 200_000, `${churn} bytes of garbage counted`);
    // The next window counts allocation again, collected objects included.
    assert.ok(bytesIn(probe.profiles.get('w1'), 'churn') > 1_000_000);
    const modes = readFileSync(outFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).kept);
    assert.deepEqual(modes, [false, true, false], 'each answer says how its window was measured');
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
