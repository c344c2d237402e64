/**
 * The port preload: a small dependency-free CommonJS script that perf-gate loads into a server on a fixed port
 * (input `port`) through `NODE_OPTIONS=--require …`, beside the diagnostics preload (preload.ts), so that base and
 * head can run side by side and take turns like servers that read PORT. It makes `listen` on the fixed
 * port listen on the port perf-gate hands the server instead, named by PERF_GATE_PORT_MAP: `3000=41234` (several:
 * `3000=41234,3001=41235`).
 *
 * How. It wraps net.Server.prototype.listen, which every Node.js TCP server listens through: node:http, https and
 * http2 servers, and the frameworks on top of them (express, koa, fastify, restify, NestJS). Which port a call asks
 * for is read the way Node's own normalizeArgs reads it: a number or a numeric string as the first argument
 * (`listen(3000)`, `listen('3000', '::1', 511, cb)`), or an options object with `port` (`listen({ port, host })`).
 * Any other port (0 included), a pipe path, a handle, an fd is left alone, and so is the host: `::`, `::1`,
 * `0.0.0.0` and names keep their meaning, only the number changes.
 *
 * Cluster. A worker's listen runs through the same method before it asks the primary for the listening handle, so
 * the primary opens the handed port and the workers share it. The listen with which the primary opens a round-robin
 * handle for its workers (node:internal/cluster) is left alone: it asks for what the worker asked for, and the worker
 * checks that the primary bound exactly that port (a worker that did not load the preload would fail with
 * EADDRINUSE if the primary moved it; left alone, it opens the fixed port, which perf-gate notices).
 *
 * What it cannot reach: a server that is not Node.js (the start command runs a binary), a Node.js process started
 * without the inherited NODE_OPTIONS (or with NODE_OPTIONS replaced), a native listener that bypasses net.Server.
 * perf-gate finds those out (the fixed port opens, the handed one does not: src/io/server.ts) and then measures on
 * the fixed port, one process at a time, in whole rounds.
 *
 * Not changing the app otherwise: the wrapper keeps the method's name and length, calls the original with `this`
 * and the arguments (a copy, with the port changed, when it moves one: an options object the app passed is copied,
 * never written to) and returns what the original returns. Nothing happens when PERF_GATE_PORT_MAP is unset or
 * malformed, nor when the script is loaded twice. Unlike the diagnostics preload it does run in worker threads: a
 * server may listen in one.
 *
 * Its pure parts, parsePortMap and mapListenArgs, are exported from the script (module.exports; nobody reads the
 * exports of a --require'd script) for the unit tests.
 */

/** The environment variable holding the port map: `fixed=handed`, comma-separated. */
export const PORT_MAP_ENV = 'PERF_GATE_PORT_MAP';

/** File name of the written port preload (`.cjs`: CommonJS inside a `"type": "module"` package too). */
export const PORT_PRELOAD_FILE = 'perf-gate-ports.cjs';

/** The value of PERF_GATE_PORT_MAP that moves each fixed port to its handed one. */
export function formatPortMap(moves: ReadonlyMap<number, number>): string {
  return [...moves].map(([from, to]) => `${from}=${to}`).join(',');
}

/**
 * The preload itself. Plain ES2015 CommonJS with no dependencies (Object.assign, Array.isArray,
 * Object.getOwnPropertySymbols); it runs in whatever Node.js the server uses.
 */
export const PORT_PRELOAD_SOURCE = `'use strict';
// perf-gate port preload: listen on the port perf-gate hands this server instead of its fixed one, so that two
// copies of it can run side by side. Written by perf-gate (src/diagnostics/port-preload.ts); safe to delete. It
// does nothing unless ${PORT_MAP_ENV} maps a port, e.g. 3000=41234.
(function perfGatePorts() {
  // A port as Node reads listen's first argument or options.port: an integer 0…65535, or a string of one; else -1.
  function portOf(value) {
    var port = typeof value === 'number' ? value
      : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return port >= 0 && port <= 65535 && Math.floor(port) === port ? port : -1;
  }

  // '3000=41234,3001=41235' → { '3000': 41234, '3001': 41235 }; null when nothing in it is a valid move.
  function parsePortMap(text) {
    if (typeof text !== 'string') return null;
    var map = {};
    var moves = 0;
    var parts = text.split(',');
    for (var i = 0; i < parts.length; i++) {
      var pair = parts[i].split('=');
      if (pair.length !== 2) continue;
      var from = portOf(pair[0]);
      var to = portOf(pair[1]);
      if (from > 0 && to > 0 && from !== to) {
        map[String(from)] = to;
        moves++;
      }
    }
    return moves > 0 ? map : null;
  }

  // The handed port for a port the app asked for; undefined when it is not moved.
  function movedTo(value, map) {
    var port = portOf(value);
    return port > 0 && Object.prototype.hasOwnProperty.call(map, String(port)) ? map[String(port)] : undefined;
  }

  // listen's arguments with a fixed port moved: the same array when nothing moves, a copy otherwise.
  function mapListenArgs(args, map) {
    if (!args || args.length === 0 || map === null) return args;
    var first = args[0];
    var moved;
    if (typeof first === 'number' || typeof first === 'string') {
      var to = movedTo(first, map);
      if (to === undefined) return args;
      moved = to;
    } else if (Array.isArray(first)) {
      // Node's own already-normalized [options, callback] form.
      var inner = mapListenArgs(first.slice(0, 1), map);
      if (inner[0] === first[0]) return args;
      var copy = first.slice();
      copy[0] = inner[0];
      var symbols = Object.getOwnPropertySymbols(first);
      for (var s = 0; s < symbols.length; s++) copy[symbols[s]] = first[symbols[s]];
      moved = copy;
    } else if (first !== null && typeof first === 'object') {
      // A handle or an fd listens where it already is; a path without a port is a pipe.
      if (first._handle || first.handle || typeof first.fd === 'number') return args;
      var port = movedTo(first.port, map);
      if (port === undefined) return args;
      moved = Object.assign({}, first, { port: port });
    } else {
      return args;
    }
    var out = Array.prototype.slice.call(args);
    out[0] = moved;
    return out;
  }

  if (typeof module === 'object' && module !== null) {
    module.exports = { parsePortMap: parsePortMap, mapListenArgs: mapListenArgs };
  }

  var map = parsePortMap(process.env.${PORT_MAP_ENV});
  if (map === null) return;
  var proto;
  try {
    proto = require('net').Server.prototype;
  } catch (error) {
    return;
  }
  var GUARD = Symbol.for('perf-gate.ports');
  var original = proto.listen;
  if (typeof original !== 'function' || original[GUARD]) return;
  // Whether this listen is the cluster primary opening a round-robin handle for a worker.
  function forWorker() {
    var limit = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 12;
      return String(new Error().stack).indexOf('node:internal/cluster/') !== -1;
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
  var listen = function listen() {
    var args = arguments;
    try {
      var mapped = mapListenArgs(arguments, map);
      if (mapped !== arguments && !forWorker()) args = mapped;
    } catch (error) {
      args = arguments; // never let the mapping break a listen
    }
    return original.apply(this, args);
  };
  try {
    Object.defineProperty(listen, 'length', { value: original.length });
    Object.defineProperty(listen, GUARD, { value: true });
    Object.defineProperty(proto, 'listen', {
      value: listen,
      writable: true,
      enumerable: Object.prototype.propertyIsEnumerable.call(proto, 'listen'),
      configurable: true,
    });
  } catch (error) { /* leave listen alone */ }
})();
`;
