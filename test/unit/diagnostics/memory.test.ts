/** src/diagnostics/memory.ts: a round's memory from the lines its window's end answered, summed over processes. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryOf, requestsIn } from '../../../src/diagnostics/memory.ts';
import type { DiagnosticsSnapshot, HeapWindow } from '../../../src/diagnostics/preload.ts';

function line(pid: number, heap: HeapWindow | undefined, rss = 50e6): DiagnosticsSnapshot {
  return {
    v: 1,
    pid,
    ppid: 1,
    reason: 'snapshot',
    seq: 'w-end#collect#1',
    at: 2000,
    startedAt: 1000,
    elapsedMs: 1000,
    uptimeMs: 5000,
    ports: [3000],
    eventLoopDelayMs: { p50: 0, p99: 0, max: 0, mean: 0, count: 0 },
    eventLoopUtilization: null,
    cpu: { userMs: 1, systemMs: 1 },
    rss: { peak: rss, last: rss },
    heapUsed: { peak: 1, last: 1 },
    memory: [],
    ...(heap ? { heap } : {}),
    node: 'v24.0.0',
  };
}

const heap = (allocated: number, requests: number, retained: number | null = 7e6): HeapWindow => ({
  allocated,
  exact: false,
  gcMs: 2,
  gcs: 3,
  retained,
  requests,
});

test('two cluster workers: their bytes, requests, pauses, heap kept and RSS add up', () => {
  const memory = memoryOf([line(1, heap(4e6, 200)), line(2, heap(6e6, 300), 40e6)], 900);
  assert.deepEqual(memory, {
    requests: 500,
    allocatedBytes: 1e7,
    exact: false,
    gcMs: 4,
    retainedBytes: 14e6,
    rssBytes: 90e6,
    served: 900,
  });
  assert.equal(requestsIn([line(1, heap(1, 200)), line(2, undefined)]), 200);
});

test('none where a process could not tell its allocation (an old preload, an old Node.js) or no process answered', () => {
  assert.equal(memoryOf([], 0), undefined);
  assert.equal(memoryOf([line(1, undefined)], 0), undefined);
  assert.equal(memoryOf([line(1, heap(1, 1)), line(2, { ...heap(1, 1), allocated: null })], 0), undefined);
});

test('no heap kept where a process took no full collection', () => {
  const memory = memoryOf([line(1, heap(4e6, 200)), line(2, heap(6e6, 300, null))], 500);
  assert.equal(memory?.retainedBytes, undefined);
  assert.equal(memory?.allocatedBytes, 1e7);
});
