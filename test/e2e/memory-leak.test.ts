/**
 * A head that keeps an 8 KiB record per request in a module-level list, gated for real: the leak test says head kept
 * memory that base did not, the step fails, and the comment says head leaks; profiled afterwards (1 s a side), the
 * kept profile (objects still alive at each window's end) names the function that keeps it, in the Next line and in
 * report.json, and keeps both sides' kept.heapprofile. A leak no shared CPU hides, as the first group's tests assert;
 * how small a leak the gate and the kept profile find is measured in bench/ (bench/RESULTS.md, memory).
 *
 * Under the shared lock: flock /tmp/perf-gate-load.lock npx node --test test/e2e/memory-leak.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SUITE_CONNECTIONS } from '../support/example.ts';
import { leadOf, memoryGate } from '../support/memory-gate.ts';

test('an 8 KiB record kept per request: a leak regression, in MB kept after so many requests, where it is kept', {
  timeout: 300_000,
}, async (t) => {
  // 0.25 s rounds on the suite's connections, not the memory gates' 1 s: at 0.25 s, beside the suite's gates, head's
  // blocks served a few hundred requests, and a kilobyte kept a request did not stand out of the heap's noise (p =
  // 0.082, 2026-12-06); eight kilobytes do (bench/SUITE.md). A profile of 1 s a side: at 8 KiB a request head's
  // windows held 1,700–3,300 kept samples beside three spinning processes.
  const { run, report, comment, leftover, violations } = await memoryGate('hoards', 42, {
    duration: '0.25s',
    connections: SUITE_CONNECTIONS,
    flamegraphs: '1s',
  });
  const found = report.decision?.leaks?.[0];
  t.diagnostic(
    `leak: head − base ${found?.change.toFixed(1)} bytes a request [${found?.ci.map((x) => x.toFixed(1)).join(', ')}] against ${found?.threshold.toFixed(1)}, ${found?.verdict}`,
  );
  assert.equal(run.code, 1, run.stdout);
  assert.equal(run.outputs.verdict, 'regression');
  assert.match(run.outputs.memory ?? '', /leak/);
  const leak = report.decision!.leaks![0]!;
  assert.equal(leak.verdict, 'regression');
  assert.equal(leak.units, 4, 'one unit a block of 2 pairs');
  assert.match(
    leadOf(comment),
    /leaks memory\*?\*?: head kept [\d.]+ [KM]B more after [\d,.]+ (M )?requests/,
  );
  const kept = report.profile?.kept;
  // Its log's lines on profiling: why there is no kept profile, should a run ever have none (one did, 2026-12-06).
  const profiling = run.stdout.split('\n').filter((l) => /profil|heap|alloc|kept/i.test(l));
  assert.ok(kept, `a kept profile was taken\n${profiling.join('\n')}`);
  const { functions: top, named, ...weighed } = kept.evidence;
  // Before the assertion, so that a failure shows what the kept profile weighed.
  t.diagnostic(JSON.stringify({ ...weighed, named: named.length, functions: top.slice(0, 3) }));
  assert.equal(kept.more[0]?.fn, 'remember');
  assert.equal(kept.more[0]?.file, 'server.js');
  assert.match(
    comment,
    /Look for what head keeps from each request[^.]*: head keeps more in `remember` in `server\.js:\d+`/,
  );
  for (const side of ['base', 'head'])
    assert.ok(
      report.profile!.files.some((f) => f.endsWith(`${side}/kept.heapprofile`)),
      side,
    );
  t.diagnostic(comment.split('\n').find((l) => l.startsWith('**Next:**')) ?? '');
  assert.deepEqual(leftover, []);
  assert.deepEqual(violations, []);
});
