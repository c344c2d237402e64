/**
 * Base and head profiled at once, taking turns as the measuring does: both servers run under 0x side by side, and
 * one load generator loads them in alternating windows (base, head, head, base, …), each pair of windows with one
 * request of the scenarios in turn. Each process's samples are then split into its windows by time (windows.ts),
 * so that every function's cost per request is known window by window on both sides: its spread between windows
 * is the evidence a change needs (evidence.ts).
 */
import { mainThreadSeconds } from '../io/cpu.ts';
import { LoadGenerator } from '../load/generator.ts';
import { GateError } from '../model/errors.ts';
import type { LoadEngine, Side } from '../model/measure.ts';
import {
  abortProfiled,
  assertProfiledAlive,
  finishProfiled,
  type Profiled,
  type ProfileRun,
  type ProfileTarget,
  startProfiled,
} from './profiled-server.ts';
import type { RawTicks } from './ticks.ts';
import { type Alignment, alignTicks, type Span, splitTicks } from './windows.ts';

/** One request the profiled server is loaded with (a scenario of the config file). */
export interface ProfileRequest {
  method: string;
  /** Starts with `/`. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** undefined: the spec's `connections`. */
  connections?: number | undefined;
}

/** GET requests of the paths, the simple case. */
export function getRequests(paths: readonly string[]): ProfileRequest[] {
  return paths.map((path) => ({ method: 'GET', path, headers: {}, body: undefined }));
}

export interface SideBySideSpec {
  targets: Record<Side, ProfileTarget>;
  /** Loaded in turn, one per pair of windows; at least one. */
  requests: readonly ProfileRequest[];
  /** Pairs of windows (each side gets one window of each pair). */
  pairs: number;
  windowSec: number;
  /** Load each side gets before the first window, thrown away (JIT warm-up). */
  warmupSec: number;
  connections: number;
  /** CPUs the load generator is pinned to; undefined: not pinned. */
  loadCpus?: string | undefined;
  /** The load engine, as when measuring (input `engine`); default `kept`. */
  engine?: LoadEngine;
  /**
   * Called at each edge of a side's windows, while the server is idle: after the warm-up (label `warmup`) and after
   * each of its windows (`w<pair>`; `last` after its final one), `next` the pair whose window it opens. The allocation
   * profile closes its windows here.
   */
  edge?: (side: Side, label: string, last: boolean, next: number) => Promise<void>;
}

/** One side's window of load, on our clock (performance.now(), ms). */
export interface LoadWindow extends Span {
  side: Side;
  /** 0-based pair. */
  pair: number;
  /** Index of the request loaded. */
  request: number;
  /** Answers the server gave in the window, whatever their status (each cost it its CPU). */
  responses: number;
  /** CPU time the server's main thread ran in the window, s; undefined where it cannot be read. */
  cpuSec: number | undefined;
}

export interface SideProfile {
  run: ProfileRun;
  /** This side's windows, in order. */
  windows: LoadWindow[];
  /** How its samples were put on our clock; undefined when 0x left no timed samples. */
  alignment: Alignment | undefined;
  /** The samples of each of its windows (index for index with `windows`); [] when they could not be split. */
  split: RawTicks[];
}

/** Smallest share of the busy samples within the windows' span that must fall into the side's own windows. */
export const MIN_ALIGNED_SHARE = 0.8;

/** The label of a pair's windows, the edge that closes each (the allocation profile reads them back by it). */
export function windowLabel(pair: number): string {
  return `w${pair}`;
}

/** The order of the pairs' windows: base first in even pairs, head first in odd ones (ABBA…). */
export function windowOrder(pair: number): [Side, Side] {
  return pair % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
}

/** The load generator's pool of one side and request. */
function poolId(side: Side, request: number): string {
  return `${side}:${request}`;
}

/** Opens a pool for every side and request: each side's connections, kept from the warm-up to the end. */
async function openPools(
  generator: LoadGenerator,
  servers: Record<Side, Profiled>,
  spec: SideBySideSpec,
): Promise<void> {
  for (const side of ['base', 'head'] as const)
    for (const [i, request] of spec.requests.entries())
      await generator.open(
        poolId(side, i),
        {
          url: `${servers[side].origin}${request.path}`,
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          connections: request.connections ?? spec.connections,
          timeoutSec: 10,
          engine: spec.engine ?? 'kept',
        },
        side,
      );
}

/** One window of load on one side: when it ran on our clock, the answers, and the main thread's CPU time. */
async function loadWindow(
  generator: LoadGenerator,
  profiled: Profiled,
  turn: { request: number; what: string; sec: number; record: boolean },
): Promise<{ span: Span; responses: number; cpuSec: number | undefined }> {
  const cpuBefore = mainThreadSeconds(profiled.serverPid);
  const startMs = performance.now();
  const [result] = await generator.turns([
    { pool: poolId(profiled.target.side, turn.request), sec: turn.sec, record: turn.record },
  ]);
  const endMs = performance.now();
  const cpuAfter = mainThreadSeconds(profiled.serverPid);
  assertProfiledAlive(profiled, turn.what);
  const cpuSec = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { span: { startMs, endMs }, responses: result?.responses ?? 0, cpuSec };
}

/** The warm-up, then the windows of every pair in ABBA order. */
async function loadWindows(
  generator: LoadGenerator,
  servers: Record<Side, Profiled>,
  spec: SideBySideSpec,
): Promise<LoadWindow[]> {
  await openPools(generator, servers, spec);
  const what = (i: number): string => `${spec.requests[i]!.method} ${spec.requests[i]!.path}`;
  if (spec.warmupSec > 0)
    for (const side of windowOrder(0))
      await loadWindow(generator, servers[side], {
        request: 0,
        what: what(0),
        sec: spec.warmupSec,
        record: false,
      });
  for (const side of windowOrder(0)) await spec.edge?.(side, 'warmup', false, 0);
  const windows: LoadWindow[] = [];
  for (let pair = 0; pair < spec.pairs; pair++) {
    const request = pair % spec.requests.length;
    for (const side of windowOrder(pair)) {
      const turn = { request, what: what(request), sec: spec.windowSec, record: true };
      const done = await loadWindow(generator, servers[side], turn);
      windows.push({ side, pair, request, ...done.span, responses: done.responses, cpuSec: done.cpuSec });
      await spec.edge?.(side, windowLabel(pair), pair === spec.pairs - 1, pair + 1);
    }
  }
  await generator.close();
  return windows;
}

/** Starts both servers at once; when either fails, the other is stopped and the first failure thrown. */
async function startBoth(targets: Record<Side, ProfileTarget>): Promise<Record<Side, Profiled>> {
  const [base, head] = await Promise.allSettled([startProfiled(targets.base), startProfiled(targets.head)]);
  if (base.status === 'fulfilled' && head.status === 'fulfilled')
    return { base: base.value, head: head.value };
  for (const started of [base, head]) if (started.status === 'fulfilled') await abortProfiled(started.value);
  throw base.status === 'rejected' ? base.reason : (head as PromiseRejectedResult).reason;
}

/** A side's samples on our clock and split into its windows, when they can be. */
function splitSide(run: ProfileRun, profiled: Profiled, windows: readonly LoadWindow[]): SideProfile {
  const side = profiled.target.side;
  const own = windows.filter((w) => w.side === side);
  const other = windows.filter((w) => w.side !== side);
  if (run.timed === undefined || own.length === 0)
    return { run, windows: own, alignment: undefined, split: [] };
  const alignment = alignTicks(run.timed, own, other, { fromMs: profiled.spawnedMs, toMs: profiled.readyMs });
  const split = alignment.inOwn >= MIN_ALIGNED_SHARE ? splitTicks(run.timed, own, alignment.offsetMs) : [];
  return { run, windows: own, alignment, split };
}

/** Both sides loaded and stopped: each side's windows and tree, and its CPU profile or the GateError that lost it. */
export interface SidesLoaded {
  windows: Record<Side, LoadWindow[]>;
  /** The directory each server ran in (its profile's root). */
  roots: Record<Side, string>;
  /** A side's profile is lost when 0x fails after the load ran; what else its windows measured stands. */
  cpu: Record<Side, SideProfile | GateError>;
}

/**
 * Loads base and head side by side in alternating windows and stops them. Throws a GateError when a server does not
 * start or dies under load; every process it started is gone when it returns or throws.
 */
export async function loadSideBySide(spec: SideBySideSpec): Promise<SidesLoaded> {
  const servers = await startBoth(spec.targets);
  const generator = new LoadGenerator(spec.loadCpus);
  let windows: LoadWindow[];
  try {
    windows = await loadWindows(generator, servers, spec);
  } catch (error) {
    await Promise.all([abortProfiled(servers.base), abortProfiled(servers.head)]);
    throw error;
  } finally {
    await generator.stop();
  }
  const finished = await Promise.allSettled([finishProfiled(servers.base), finishProfiled(servers.head)]);
  const cpu = (i: 0 | 1, side: Side): SideProfile | GateError => {
    const done = finished[i];
    if (done.status === 'fulfilled') return splitSide(done.value, servers[side], windows);
    if (done.reason instanceof GateError) return done.reason;
    throw done.reason;
  };
  return {
    windows: {
      base: windows.filter((w) => w.side === 'base'),
      head: windows.filter((w) => w.side === 'head'),
    },
    roots: { base: servers.base.root, head: servers.head.root },
    cpu: { base: cpu(0, 'base'), head: cpu(1, 'head') },
  };
}

/**
 * Profiles base and head side by side in alternating windows of load. Throws a GateError when a server does not
 * start, dies while profiled, or 0x does not finish; every process it started is gone when it returns or throws.
 */
export async function profileSideBySide(spec: SideBySideSpec): Promise<Record<Side, SideProfile>> {
  const { cpu } = await loadSideBySide(spec);
  if (cpu.base instanceof GateError) throw cpu.base;
  if (cpu.head instanceof GateError) throw cpu.head;
  return { base: cpu.base, head: cpu.head };
}
