/**
 * The diagnostics preload: a small dependency-free CommonJS script that perf-gate loads into the user's server
 * through `NODE_OPTIONS=--require …` (see install.ts) and that measures, from inside the process, what Clinic
 * Doctor looks at: event-loop delay, CPU time, RSS and heap.
 *
 * Which process reports. NODE_OPTIONS is inherited by every Node.js process the start command runs (npm, yarn,
 * tsx and their children), so the script loads into all of them, and stays silent in every process that does not
 * serve TCP. A process becomes a reporter when either
 *   - it accepts a TCP connection (the `net.server.socket` diagnostics channel, a public API present in Node 18:
 *     no monkey-patching; it also fires in cluster workers, which hold no listening handle of their own), or
 *   - at one of its 100 ms ticks it holds a listening TCP handle (`process.getActiveResourcesInfo()` lists a
 *     `TCPServerWrap`), which covers a server nobody has connected to yet.
 * Pipes and Unix sockets do not count (tsx, for example, runs an IPC server on one in its wrapper process).
 * perf-gate's readiness probe connects before any measurement, so the server process has reported by then.
 *
 * What it writes. One JSON line (DiagnosticsSnapshot) per event, appended to the file named by
 * PERF_GATE_DIAGNOSTICS: `listening` when the process becomes a reporter, `snapshot` when asked, `SIGTERM` /
 * `SIGINT` when signalled, `exit` when it exits. Every line covers the window since the previous line of the same
 * process and starts a new one (the delay histogram, CPU and peaks are reset), so a `snapshot` right before load
 * and another right after it give exactly the measured window.
 *
 * How a snapshot is asked for: a control file, `<PERF_GATE_DIAGNOSTICS>.ctl`, which every reporter stats every
 * CONTROL_MS; when it holds a token the process has not answered yet, it writes a `snapshot` line carrying the
 * token in `seq`. Not a signal: SIGUSR1 starts Node's inspector; SIGUSR2 is Node's default `--report-on-signal`
 * and `--heapsnapshot-signal` choice and nodemon's restart signal; and a signal must reach exactly the right pid
 * (not the npm wrapper or the shell, whose default action for SIGUSR2 is to die), and kills the server whenever the
 * preload did not load (a start command that replaces NODE_OPTIONS). A file nobody reads harms nobody.
 *
 * Not changing the app: everything runs inside try/catch (a throwing diagnostics-channel subscriber would become
 * an uncaught exception); the timers are unref()'d and so is the histogram's own timer, so nothing keeps the
 * process alive; no 'uncaughtException' listener; no prototype patched; nothing at all happens in a worker
 * thread, in a process that never serves TCP, or when PERF_GATE_DIAGNOSTICS is unset. Signal handlers are added
 * only once the process reports, with prependListener so they run first; the handler writes its line, then
 * removes itself before the app's handlers run (so code that counts listeners, like the signal-exit package, sees
 * exactly what it would see without us), and when no other listener is left re-raises the signal, which now has
 * its default action: a server without SIGTERM handlers still dies by SIGTERM, one with handlers keeps their
 * semantics. The one difference left: a process whose event loop is blocked when SIGTERM arrives dies when the
 * loop yields rather than at once (perf-gate SIGKILLs after a grace period either way).
 *
 * Delays: monitorEventLoopDelay records the full interval between two runs of its 10 ms timer, in nanoseconds;
 * the script subtracts the resolution, so an idle loop reads ~0 ms, not ~10 ms (as @fastify/under-pressure does).
 */

import { CONTROL_SOURCE } from './control-source.ts';
import { COLLECT_MARK, HEAP_SOURCE } from './heap-source.ts';

/** The environment variable naming the file the preload appends its JSON lines to. */
export const DIAGNOSTICS_ENV = 'PERF_GATE_DIAGNOSTICS';
/** Suffix of the control file beside the output file: writing a new token into it asks for a snapshot. */
export const CONTROL_SUFFIX = '.ctl';
/** Resolution of the event-loop delay histogram, in milliseconds (subtracted from every reading). */
export const RESOLUTION_MS = 10;
/** How often the preload samples memory, in milliseconds. */
export const TICK_MS = 100;
/**
 * How often it looks at the control file: a snapshot waits for this, twice per side and measured window. A stat
 * this often costs a server next to nothing and saves each window most of its wait (bench/NOTEBOOK.md §34).
 */
export const CONTROL_MS = 5;
/** Spacing of the memory series inside one window, in milliseconds (doubled whenever the series fills up). */
export const SERIES_MS = 250;
/** Most points a window's memory series holds. */
export const SERIES_MAX = 240;

export type SnapshotReason = 'listening' | 'snapshot' | 'SIGTERM' | 'SIGINT' | 'exit';

/** One JSON line written by the preload: the window since the previous line of the same process. */
export interface DiagnosticsSnapshot {
  v: 1;
  pid: number;
  ppid: number;
  reason: SnapshotReason;
  /** The control token this line answers (reason 'snapshot'); null otherwise. */
  seq: string | null;
  /** Epoch milliseconds when the line was written (end of the window). */
  at: number;
  /** Epoch milliseconds when the window began. */
  startedAt: number;
  elapsedMs: number;
  /** Milliseconds since the process started. */
  uptimeMs: number;
  /** TCP ports the process was seen serving. */
  ports: number[];
  /** How late the histogram's timer fired, resolution subtracted; zeros when it never fired (count 0). */
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number; count: number };
  /** Share of the window the event loop was busy, 0…1; null where unavailable. */
  eventLoopUtilization: number | null;
  /** CPU time of the process during the window. */
  cpu: { userMs: number; systemMs: number };
  /** Bytes. */
  rss: { peak: number; last: number };
  /** Bytes. */
  heapUsed: { peak: number; last: number };
  /** [ms since startedAt, rss bytes, heapUsed bytes], every SERIES_MS or so. */
  memory: [number, number, number][];
  /** V8's heap in the window (heap-source.ts); absent in lines of an earlier preload. */
  heap?: HeapWindow;
  node: string;
}

/** What a window did on V8's heap (heap-source.ts); null where this Node.js cannot tell. */
export interface HeapWindow {
  /** Bytes allocated on V8's heap. */
  allocated: number | null;
  /** Whether `allocated` came from V8's own allocation counter (else from the collections' profile). */
  exact: boolean;
  /** Milliseconds the collections paused the process, and how many there were. */
  gcMs: number | null;
  gcs: number | null;
  /** Heap used after a full collection at the window's end (only when the token asked for it). */
  retained: number | null;
  /** HTTP requests the process began (null before any counting: a line of the window it became a reporter in). */
  requests: number | null;
}

/**
 * The preload itself. Plain ES2020 CommonJS with no dependencies; APIs used and the Node version that brought
 * them: monitorEventLoopDelay (11.10), histogram.count (17.4), performance.eventLoopUtilization (14.10),
 * process.getActiveResourcesInfo (17.3), diagnostics_channel + net.server.socket (15.1/16; subscribe(name) from
 * 18.7, channel(name).subscribe before), statSync throwIfNoEntry (14.17), worker_threads.isMainThread (10.5).
 */
export const PRELOAD_SOURCE = `'use strict';
// perf-gate diagnostics preload: event-loop delay, CPU, RSS and heap of the process that serves TCP.
// Written by perf-gate (src/diagnostics/preload.ts); safe to delete. It does nothing unless
// ${DIAGNOSTICS_ENV} names an output file.
(function perfGateDiagnostics() {
  var outFile = process.env.${DIAGNOSTICS_ENV};
  if (typeof outFile !== 'string' || outFile === '') return;
  var GUARD = Symbol.for('perf-gate.diagnostics');
  try {
    if (process[GUARD]) return;
    Object.defineProperty(process, GUARD, { value: true, enumerable: false });
  } catch (error) {
    return;
  }
  var fs, perfHooks, threads;
  try {
    fs = require('fs');
    perfHooks = require('perf_hooks');
    threads = require('worker_threads');
  } catch (error) {
    return;
  }
  if (!threads.isMainThread || typeof perfHooks.monitorEventLoopDelay !== 'function') return;

  var RESOLUTION_MS = ${RESOLUTION_MS};
  var TICK_MS = ${TICK_MS};
  var CONTROL_MS = ${CONTROL_MS};
  var SERIES_MAX = ${SERIES_MAX};
  var controlFile = outFile + ${JSON.stringify(CONTROL_SUFFIX)};
  var performance = perfHooks.performance;
  var hasElu = performance && typeof performance.eventLoopUtilization === 'function';

  var reporter = false;
  var histogram = null;
  var ports = [];
  var windowStart = Date.now();
  var cpuBase = process.cpuUsage();
  var eluBase = hasElu ? performance.eventLoopUtilization() : null;
  var rssPeak = 0, rssLast = 0, heapPeak = 0, heapLast = 0;
  var series = [];
  var seriesEvery = ${SERIES_MS};
  var lastSeriesAt = 0;
  var sampledAt = 0;
${HEAP_SOURCE}
${CONTROL_SOURCE}

  function sample(now) {
    var usage = process.memoryUsage();
    rssLast = usage.rss;
    heapLast = usage.heapUsed;
    if (rssLast > rssPeak) rssPeak = rssLast;
    if (heapLast > heapPeak) heapPeak = heapLast;
    if (now - lastSeriesAt >= seriesEvery) {
      lastSeriesAt = now;
      series.push([now - windowStart, rssLast, heapLast]);
      if (series.length >= SERIES_MAX) {
        series = series.filter(function (point, index) { return index % 2 === 0; });
        seriesEvery *= 2;
      }
    }
  }

  function resetWindow(now) {
    windowStart = now;
    cpuBase = process.cpuUsage();
    if (hasElu) eluBase = performance.eventLoopUtilization();
    if (histogram !== null) histogram.reset();
    rssPeak = rssLast;
    heapPeak = heapLast;
    series = [];
    lastSeriesAt = 0;
    sample(now);
    try { heapStart(); } catch (error) { profiler = null; }
  }

  function delayMs(nanoseconds) {
    var ms = nanoseconds / 1e6 - RESOLUTION_MS;
    return ms > 0 && isFinite(ms) ? Math.round(ms * 1000) / 1000 : 0;
  }

  function write(reason, seq) {
    var now = Date.now();
    try { sample(now); } catch (error) { /* keep the previous sample */ }
    var count = histogram === null ? 0 : typeof histogram.count === 'number' ? histogram.count : 1;
    var cpu = process.cpuUsage(cpuBase);
    var elu = null;
    if (hasElu && eluBase !== null) {
      try { elu = performance.eventLoopUtilization(eluBase).utilization; } catch (error) { elu = null; }
    }
    // Last of the window's figures: a full collection here must not count as the window's busy time.
    var heap = null;
    try {
      heap = heapEnd(typeof seq === 'string' && seq.indexOf(${JSON.stringify(COLLECT_MARK)}) !== -1);
    } catch (error) { heap = null; }
    var line = {
      v: 1,
      pid: process.pid,
      ppid: process.ppid,
      reason: reason,
      seq: seq,
      at: now,
      startedAt: windowStart,
      elapsedMs: now - windowStart,
      uptimeMs: Math.round(process.uptime() * 1000),
      ports: ports.slice(),
      eventLoopDelayMs: count > 0 && histogram !== null
        ? {
            p50: delayMs(histogram.percentile(50)),
            p99: delayMs(histogram.percentile(99)),
            max: delayMs(histogram.max),
            mean: delayMs(histogram.mean),
            count: count,
          }
        : { p50: 0, p99: 0, max: 0, mean: 0, count: 0 },
      eventLoopUtilization: typeof elu === 'number' && isFinite(elu) ? Math.round(elu * 10000) / 10000 : null,
      cpu: { userMs: cpu.user / 1000, systemMs: cpu.system / 1000 },
      rss: { peak: rssPeak, last: rssLast },
      heapUsed: { peak: heapPeak, last: heapLast },
      memory: series,
      heap: heap,
      node: process.version,
    };
    fs.appendFileSync(outFile, JSON.stringify(line) + '\\n');
    resetWindow(now);
  }

  function safeWrite(reason, seq) {
    try { write(reason, seq); } catch (error) { /* diagnostics never disturb the app */ }
  }

  function addPort(port) {
    if (typeof port === 'number' && port > 0 && ports.indexOf(port) === -1 && ports.length < 16) ports.push(port);
  }

  function listeningPorts() {
    if (typeof process._getActiveHandles !== 'function') return;
    var handles = process._getActiveHandles();
    for (var i = 0; i < handles.length; i++) {
      var handle = handles[i];
      if (handle && handle.listening === true && typeof handle.address === 'function') {
        var address = handle.address();
        if (address !== null && typeof address === 'object') addPort(address.port);
      }
    }
  }

  function onSignal(signal) {
    var handler = function () {
      // The line first: once the handler is gone, a second signal meets the default action and kills at once.
      safeWrite(signal, null);
      try { process.removeListener(signal, handler); } catch (error) { /* ignore */ }
      try {
        // Nobody else handles it: the default action (death by this signal), as without the preload.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      } catch (error) { /* ignore */ }
    };
    process.prependListener(signal, handler);
  }

  function becomeReporter() {
    if (reporter) return;
    reporter = true;
    try { listeningPorts(); } catch (error) { /* ports stay unknown */ }
    try {
      histogram = perfHooks.monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
    } catch (error) {
      histogram = null;
    }
    try {
      // A token written before this process reported is not addressed to it.
      controlStamp = controlStampNow();
      if (controlStamp !== '') controlToken = controlText();
    } catch (error) { /* no control file yet */ }
    try { countRequests(); } catch (error) { /* no request counts */ }
    try { onSignal('SIGTERM'); } catch (error) { /* ignore */ }
    try { onSignal('SIGINT'); } catch (error) { /* ignore */ }
    try { process.on('exit', function () { safeWrite('exit', null); }); } catch (error) { /* ignore */ }
    safeWrite('listening', null);
  }

  var channel = null;
  var onSocket = function (message) {
    try {
      var port = message && message.socket ? message.socket.localPort : undefined;
      if (typeof port !== 'number') return;
      addPort(port);
      if (reporter) return;
      becomeReporter();
      // Stop listening to every connection; later, not while the channel is publishing.
      var later = setImmediate(function () {
        try {
          var dc = require('diagnostics_channel');
          if (typeof dc.unsubscribe === 'function') dc.unsubscribe('net.server.socket', onSocket);
          else if (channel !== null) channel.unsubscribe(onSocket);
        } catch (error) { /* keep it */ }
      });
      if (later && typeof later.unref === 'function') later.unref();
    } catch (error) { /* ignore */ }
  };
  try {
    var dc = require('diagnostics_channel');
    channel = dc.channel('net.server.socket'); // held strongly: old releases kept channels weakly
    if (typeof dc.subscribe === 'function') dc.subscribe('net.server.socket', onSocket);
    else channel.subscribe(onSocket);
  } catch (error) { /* the tick still finds listening servers */ }

  function tick() {
    try {
      if (!reporter) {
        if (typeof process.getActiveResourcesInfo === 'function' &&
            process.getActiveResourcesInfo().indexOf('TCPServerWrap') !== -1) becomeReporter();
        return;
      }
      var now = Date.now();
      if (now - sampledAt >= TICK_MS) {
        sampledAt = now;
        sample(now);
      }
      var token = readControl();
      if (token !== '') safeWrite('snapshot', token);
    } catch (error) { /* try again next tick */ }
  }

  try {
    var timer = setInterval(tick, CONTROL_MS);
    if (timer && typeof timer.unref === 'function') timer.unref();
  } catch (error) { /* no sampling */ }
})();
`;
