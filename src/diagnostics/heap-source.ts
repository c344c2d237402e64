/**
 * The preload's memory part (a source fragment PRELOAD_SOURCE includes): per window, the bytes allocated on V8's
 * heap, the garbage collector's pauses, the HTTP requests the process began, and, when the window's end asks for
 * it, the heap used after a full collection (taken after the window's figures, so no measured turn pays for it).
 *
 * Bytes allocated: exact where `v8.getHeapStatistics()` has `total_allocated_bytes` (the releases that took
 * nodejs/node#60573; Node 24.11 has not); elsewhere from `v8.GCProfiler` (Node 18.15, 19.6 and later): the heap used at the window's end minus
 * at its start plus what each collection freed, which counts every object that lived until a collection or the end
 * exactly and misses what V8 allocates and frees inside one collection's bookkeeping (a constant share, the same
 * for base and head). Memory outside V8's heap (Buffers, ArrayBuffers, native addons) is not counted.
 */

/** What a snapshot token carries (after the label) to ask for a full collection once the window's figures are read. */
export const COLLECT_MARK = '#collect';

export const HEAP_SOURCE = `
  var v8 = null, vm = null, fullGc = null, profiler = null;
  try { v8 = require('v8'); vm = require('vm'); } catch (error) { v8 = null; }
  var allocBase = 0, usedBase = 0, requests = 0;

  function heapStats() { return v8 === null ? null : v8.getHeapStatistics(); }

  function heapStart() {
    var stats = heapStats();
    if (stats === null) return;
    allocBase = typeof stats.total_allocated_bytes === 'number' ? stats.total_allocated_bytes : 0;
    usedBase = stats.used_heap_size;
    profiler = null;
    if (typeof v8.GCProfiler === 'function') {
      profiler = new v8.GCProfiler();
      profiler.start();
    }
  }

  function heapEnd(collect) {
    var stats = heapStats();
    var data = profiler === null ? null : profiler.stop();
    profiler = null;
    var out = { allocated: null, exact: false, gcMs: null, gcs: null, retained: null, requests: requests };
    requests = 0;
    if (stats === null) return out;
    var freed = 0, pauseUs = 0, list = data && data.statistics ? data.statistics : [];
    for (var i = 0; i < list.length; i++) {
      var s = list[i];
      freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
      pauseUs += s.cost;
    }
    if (typeof stats.total_allocated_bytes === 'number') {
      out.allocated = stats.total_allocated_bytes - allocBase;
      out.exact = true;
    } else if (data !== null) out.allocated = Math.max(0, stats.used_heap_size - usedBase + freed);
    if (data !== null) { out.gcMs = pauseUs / 1000; out.gcs = list.length; }
    if (collect) {
      if (fullGc === null) {
        v8.setFlagsFromString('--expose-gc');
        fullGc = vm.runInNewContext('gc');
      }
      fullGc();
      out.retained = heapStats().used_heap_size;
    }
    return out;
  }

  var requestChannel = null;
  function countRequests() {
    var dc = require('diagnostics_channel');
    var onRequest = function () { requests++; };
    // Held strongly, as the preload's other channel: old releases kept channels weakly.
    requestChannel = dc.channel('http.server.request.start');
    if (typeof dc.subscribe === 'function') dc.subscribe('http.server.request.start', onRequest);
    else requestChannel.subscribe(onRequest);
  }
`;
