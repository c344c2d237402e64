/**
 * The allocation preload: a small dependency-free CommonJS script that perf-gate loads (`--require`) into each
 * server it profiles with 0x after measuring, never into a measured one. It opens an in-process `node:inspector`
 * session and runs V8's sampling heap profiler, counting objects the collector has already freed too
 * (`includeObjectsCollectedByMajorGC`/`…MinorGC`, Node 20 and later; older releases keep live objects only), so the
 * profile says where the bytes of allocation per request are allocated, not only where the survivors are.
 *
 * Kept windows: a token with KEPT_MARK opens a window that measures what is kept instead. The profiler then runs
 * without those flags (a sampled object leaves the profile when it is collected), and the window's end forces a full
 * collection before the profile is taken, so the profile holds the objects allocated in the window that are still
 * alive: what a leak keeps, where it was allocated.
 *
 * Why in-process and inside the CPU-profiled server: the profile is then taken over exactly the CPU profile's
 * windows of load, with no third start of each server and no inspector port opened to the network.
 *
 * Windows: perf-gate writes a token into `<PERF_GATE_ALLOCATION>.ctl` at each edge of a side's windows of load (after
 * its warm-up and after each window). The script stats that file every CONTROL_MS; on a new token it stops the
 * profiler (if it runs), appends one JSON line `{ v, pid, seq, profile }` (the profile of the window since the
 * previous token, null before the first) to the file PERF_GATE_ALLOCATION names, and starts it again. perf-gate
 * waits for each answer before it loads the next window, so each window's profile holds that window alone.
 *
 * Only the process started with it: the script deletes PERF_GATE_ALLOCATION from its own environment at once, so
 * cluster workers and child processes neither profile nor answer. Everything is inside try/catch and the timer is
 * unref()'d; nothing happens in a worker thread or when the variable is unset.
 */
import { CONTROL_SOURCE } from './control-source.ts';
import { CONTROL_MS, CONTROL_SUFFIX } from './preload.ts';

/** The environment variable naming the file the allocation preload appends its profiles to. */
export const ALLOCATION_ENV = 'PERF_GATE_ALLOCATION';

/** File name of the written allocation preload; the CPU profile counts frames of it as instrumentation. */
export const ALLOCATION_PRELOAD_FILE = 'perf-gate-allocation.cjs';

/** A token that ends with it stops the profiler without starting it again (the last edge). */
export const LAST_MARK = '#last';

/** A token that holds it opens a kept window: only the objects still alive at its end are counted. */
export const KEPT_MARK = '#kept';

/**
 * Bytes between two samples on average: half V8's default, for more samples in short windows; one stack walk per
 * 16 KiB allocated costs a server little.
 */
export const SAMPLING_INTERVAL_BYTES = 16_384;

/**
 * The interval in kept windows: a quarter, because what a leak keeps is a small part of what is allocated (at 16 KiB,
 * 64 bytes kept a request came to some 5 samples a window, and to too few to name in one gated run: bench/NOTEBOOK.md
 * §52); the walks it adds are paid only after a leak, by both sides alike.
 */
export const KEPT_SAMPLING_INTERVAL_BYTES = 4096;

/** The preload itself. Plain ES2015 CommonJS; inspector.Session (8) answers post() at once in-process. */
export const ALLOCATION_PRELOAD_SOURCE = `'use strict';
// perf-gate allocation preload: V8's sampling heap profiler, window by window, while perf-gate profiles the server.
// Written by perf-gate (src/diagnostics/alloc-preload.ts); safe to delete. It does nothing unless
// ${ALLOCATION_ENV} names an output file.
(function perfGateAllocation() {
  var outFile = process.env.${ALLOCATION_ENV};
  if (typeof outFile !== 'string' || outFile === '') return;
  try { delete process.env.${ALLOCATION_ENV}; } catch (error) { return; }
  var fs, inspector, threads;
  try {
    fs = require('fs');
    inspector = require('inspector');
    threads = require('worker_threads');
  } catch (error) {
    return;
  }
  if (!threads.isMainThread || typeof inspector.Session !== 'function') return;
  var controlFile = outFile + ${JSON.stringify(CONTROL_SUFFIX)};
  var session = null, sampling = false, keeping = false;

  function post(method, params) {
    var out = { error: null, result: null };
    session.post(method, params, function (error, result) { out.error = error; out.result = result; });
    return out;
  }

  function edge(seq) {
    var line = { v: 1, pid: process.pid, seq: seq, kept: keeping, profile: null, error: null };
    try {
      if (session === null) {
        session = new inspector.Session();
        session.connect();
      }
      if (sampling) {
        sampling = false;
        // A kept window: what died in it leaves the profile before it is taken.
        if (keeping) post('HeapProfiler.collectGarbage', {});
        var stopped = post('HeapProfiler.stopSampling', {});
        if (stopped.result && stopped.result.profile) line.profile = stopped.result.profile;
        else line.error = String(stopped.error && stopped.error.message).slice(0, 200);
      }
      if (seq.slice(-${LAST_MARK.length}) !== ${JSON.stringify(LAST_MARK)}) {
        keeping = seq.indexOf(${JSON.stringify(KEPT_MARK)}) >= 0;
        var started = post('HeapProfiler.startSampling', {
          samplingInterval: keeping ? ${KEPT_SAMPLING_INTERVAL_BYTES} : ${SAMPLING_INTERVAL_BYTES},
          includeObjectsCollectedByMajorGC: !keeping,
          includeObjectsCollectedByMinorGC: !keeping,
        });
        sampling = started.error === null;
        if (!sampling) line.error = String(started.error && started.error.message).slice(0, 200);
      }
    } catch (error) {
      line.error = String(error && error.message).slice(0, 200);
    }
    fs.appendFileSync(outFile, JSON.stringify(line) + '\\n');
  }

${CONTROL_SOURCE}
  function tick() {
    try {
      var token = readControl();
      if (token !== '') edge(token);
    } catch (error) { /* try again next tick */ }
  }

  try {
    var timer = setInterval(tick, ${CONTROL_MS});
    if (timer && typeof timer.unref === 'function') timer.unref();
  } catch (error) { /* no profile */ }
})();
`;
