/**
 * The whole profiling step for the pipeline, after measuring: install 0x, profile base and head side by side in
 * windows of load taken in turns, weigh the evidence window by window, and write the differential flame graphs
 * beside 0x's own. Its result is data: the comment's words are written from the evidence in src/report/profile.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sideEnv } from '../config/expand.ts';
import { ALLOCATION_PRELOAD_FILE, ALLOCATION_PRELOAD_SOURCE } from '../diagnostics/alloc-preload.ts';
import { controlFile, type SidePreloads, sidePreloads } from '../diagnostics/install.ts';
import { PORT_PRELOAD_FILE, PORT_PRELOAD_SOURCE } from '../diagnostics/port-preload.ts';
import { freePort } from '../io/ports.ts';
import type { SideCommands } from '../model/config.ts';
import { GateError } from '../model/errors.ts';
import type { LoadEngine, Side } from '../model/measure.ts';
import type { AllocationEvidence, HeapPlan, ProfileEvidence, UnitCost } from '../model/profile.ts';
import { allocationSide, keptPair, weighAllocation, windowProfiles } from './allocation.ts';
import { AllocationProbe } from './allocation-probe.ts';
import { diffFlameGraphHtml } from './diff.ts';
import { type WindowedSide, weighEvidence } from './evidence.ts';
import { mergeHeapProfiles } from './heap-profile.ts';
import { ensureZeroX, verifyZeroX } from './install.ts';
import type { ProfileRun, ProfileTarget } from './profiled-server.ts';
import {
  loadSideBySide,
  type ProfileRequest,
  type SideProfile,
  type SidesLoaded,
  windowLabel,
} from './side-by-side.ts';
import { buildProfile, type Profile } from './ticks.ts';

/** V8's sampling interval while profiling, µs: four times its default, for more samples in short windows. */
export const SAMPLING_INTERVAL_US = 250;
/** Each window's length: short windows give many pairs, and many pairs a test that can resolve. */
export const WINDOW_SEC = 0.125;
/** Load each side gets first and that is thrown away, for the JIT to warm up. */
export const PROFILE_WARMUP_SEC = 0.5;
/** Functions and files kept in report.json (every package is). */
const KEPT_UNITS = 30;

export interface CompareSpec {
  /** The tree (working-directory) of each side the server runs in. */
  dirs: Record<Side, string>;
  start: string;
  port: number | undefined;
  /** Added to each server's environment (with PERF_GATE_SIDE). */
  env?: Record<string, string>;
  /** Base's own `start`, `env`, `port` and readiness (from base's config file), when they differ from head's. */
  base?: Pick<SideCommands, 'start' | 'env' | 'port' | 'ready' | 'readyTimeoutMs'>;
  requests: readonly ProfileRequest[];
  /** Readiness probe (GET); default: the first request's path, any status. */
  readyPath?: string;
  readyStatus?: number | undefined;
  /** Seconds of load each side gets in its windows (the number of pairs follows from it). */
  durationSec: number;
  connections: number;
  readyTimeoutMs: number;
  /** Whether the gate found a change to explain: without one nothing is named. */
  explain: boolean;
  /** Whether it found a change of memory to explain (allocation per request, a leak): the allocation profile's. */
  explainMemory?: boolean;
  /** What the heap profiler measures in the windows (`both`: twice the pairs, in turns); default `allocated`. */
  heap?: HeapPlan;
  /** The smallest leak the leak test found, bytes a request: it bounds what the kept profile tests (weighAllocation). */
  leakBytes?: number | undefined;
  /** The load engine, as when measuring (input `engine`); default `kept`. */
  engine?: LoadEngine;
  /** CPUs of the servers and of the load generator (taskset lists); undefined: not pinned. */
  cpus?: { server: string; loadgen: string } | undefined;
  /** Gets base/ and head/ (0x's flamegraph.html, ticks.json, meta.json) and the two diff-*.html pages. */
  outDir: string;
  /** Where 0x is installed; default defaultZeroXCacheDir(). */
  cacheDir?: string;
  onOutput?: (chunk: string) => void;
}

/** The CPU profiles of both sides, weighed, and the differential flame graphs written from them. */
export interface CpuComparison {
  runs: Record<Side, ProfileRun>;
  /** Each side's profile over its windows (all its samples when they could not be split). */
  profiles: Record<Side, Profile>;
  evidence: ProfileEvidence;
  /** Differential flame graphs: head's shape and base's shape, coloured by change. */
  diffHead: string;
  diffBase: string;
}

export interface ProfileComparison {
  /** The CPU profiles; the GateError that lost one when 0x failed after the load ran (the heap profiles stand). */
  cpu: CpuComparison | GateError;
  /** The differential allocation profile; undefined when either side's preload gave no profile of every window. */
  allocation: AllocationComparison | undefined;
  /** The kept profile (objects still alive at each kept window's end), weighed as the allocation profile is. */
  kept: AllocationComparison | undefined;
  /** Every file worth keeping (for an artifact). */
  files: string[];
}

export interface AllocationComparison {
  evidence: AllocationEvidence;
  /** Each side's bytes by call stack over its windows. */
  profiles: Record<Side, Profile>;
  /** Each side's `.heapprofile` (Chrome DevTools' Memory tab opens it). */
  files: Record<Side, string>;
}

/** Pairs of windows that `durationSec` of load per side buys (at least 8). */
export function profilePairs(durationSec: number): number {
  return Math.max(8, Math.round(durationSec / WINDOW_SEC));
}

/** A side as the evidence reads it: its windows' profiles, or, when they could not be split, one of everything. */
export function windowedSide(side: SideProfile, split: boolean): WindowedSide {
  const roots = [side.run.root];
  const cpu = (sec: readonly (number | undefined)[]): number | undefined =>
    sec.some((s) => s === undefined) ? undefined : sec.reduce<number>((a, s) => a + s!, 0);
  if (split) {
    const windows = side.split.map((ticks) => buildProfile(ticks, { roots }));
    return {
      whole: buildProfile(side.split.flat(), { roots }),
      windows,
      responses: side.windows.map((w) => w.responses),
      cpuSec: side.windows.map((w) => w.cpuSec),
      sampleUs: SAMPLING_INTERVAL_US,
    };
  }
  const whole = buildProfile(side.run.timed?.ticks ?? [], { roots });
  return {
    whole,
    windows: [whole],
    responses: [side.windows.reduce((a, w) => a + w.responses, 0)],
    cpuSec: [cpu(side.windows.map((w) => w.cpuSec))],
    sampleUs: SAMPLING_INTERVAL_US,
  };
}

/** The evidence as report.json keeps it: every package, the costliest functions and files, all that is named. */
export function keptEvidence(evidence: ProfileEvidence): ProfileEvidence {
  const top = (units: UnitCost[]): UnitCost[] => units.slice(0, KEPT_UNITS);
  return { ...evidence, functions: top(evidence.functions), files: top(evidence.files) };
}

/**
 * Both sides' 0x targets: a fixed port is moved to a free one of each side's own (each side's own checked copy of
 * the port preload, as when measuring), so that they run together.
 */
async function targets(
  spec: CompareSpec,
  zeroxBin: string,
  allocation: { copies: SidePreloads; outFile: Record<Side, string> } | undefined,
): Promise<Record<Side, ProfileTarget>> {
  const headSide = {
    start: spec.start,
    env: spec.env ?? {},
    port: spec.port,
    ready: { path: spec.readyPath ?? spec.requests[0]?.path ?? '/', status: spec.readyStatus },
    readyTimeoutMs: spec.readyTimeoutMs,
  };
  const own = (side: Side) => (side === 'base' && spec.base ? spec.base : headSide);
  const copies =
    own('base').port === undefined && own('head').port === undefined
      ? undefined
      : sidePreloads(PORT_PRELOAD_SOURCE, PORT_PRELOAD_FILE, 'port preload');
  const target = async (side: Side): Promise<ProfileTarget> => ({
    side,
    cwd: spec.dirs[side],
    start: own(side).start,
    port: own(side).port,
    ...(copies === undefined || own(side).port === undefined
      ? {}
      : { movedTo: await freePort(), portPreload: copies[side].verified() }),
    env: { ...sideEnv(own(side).env, side), PERF_GATE_SIDE: side },
    readyPath: own(side).ready.path,
    readyStatus: own(side).ready.status,
    outDir: join(spec.outDir, side),
    zeroxBin,
    readyTimeoutMs: own(side).readyTimeoutMs,
    cpus: spec.cpus?.server,
    samplingIntervalUs: SAMPLING_INTERVAL_US,
    ...(allocation && {
      allocation: { preload: allocation.copies[side].verified(), outFile: allocation.outFile[side] },
    }),
    ...(spec.onOutput === undefined ? {} : { onOutput: spec.onOutput }),
  });
  return { base: await target('base'), head: await target('head') };
}

/**
 * Each side's allocation profile (`kept`: kept profile) over the windows that measured it, weighed; its `.heapprofile`
 * written beside 0x's files. undefined when no window measured it or either side's preload missed one (the CPU
 * profile stands alone then). The inspector takes it, not 0x: it stands when 0x fails on a side.
 */
function compareHeap(
  loaded: SidesLoaded,
  probes: Record<Side, AllocationProbe>,
  spec: CompareSpec,
  kept: boolean,
): AllocationComparison | undefined {
  const own = (side: Side) => loaded.windows[side].filter((w) => keptPair(spec.heap, w.pair) === kept);
  const windows = (side: Side) =>
    windowProfiles(
      probes[side].profiles,
      own(side).map((w) => windowLabel(w.pair)),
    );
  const heap = { base: windows('base'), head: windows('head') };
  if (heap.base === undefined || heap.head === undefined) return undefined;
  const merged = { base: mergeHeapProfiles(heap.base), head: mergeHeapProfiles(heap.head) };
  const side = (s: Side) =>
    allocationSide(
      heap[s]!,
      own(s).map((w) => w.responses),
      [loaded.roots[s]],
      merged[s],
    );
  const base = side('base');
  const head = side('head');
  const evidence = weighAllocation(base, head, {
    explain: spec.explainMemory === true,
    windowSec: WINDOW_SEC,
    kept,
    leakBytes: spec.leakBytes,
  });
  const name = kept ? 'kept.heapprofile' : 'allocation.heapprofile';
  const files = { base: join(spec.outDir, 'base', name), head: join(spec.outDir, 'head', name) };
  for (const s of ['base', 'head'] as const) writeFileSync(files[s], JSON.stringify(merged[s]));
  return { evidence, profiles: { base: base.whole, head: head.whole }, files };
}

/**
 * Profiles base and head side by side (never while measuring) and weighs the evidence. Throws GateErrors; when 0x
 * fails on a side after the load ran, the heap profiles are returned with the failure in place of the CPU profiles.
 */
export async function compareProfiles(spec: CompareSpec): Promise<ProfileComparison> {
  const zeroxBin = await ensureZeroX(
    spec.cacheDir,
    spec.onOutput === undefined ? {} : { onOutput: spec.onOutput },
  );
  mkdirSync(spec.outDir, { recursive: true });
  const requests =
    spec.requests.length > 0
      ? spec.requests
      : [{ method: 'GET', path: spec.readyPath ?? '/', headers: {}, body: undefined }];
  // The allocation preload answers into a file of its side's output directory; the preload's copies are checked.
  const outFile = {
    base: join(spec.outDir, 'base.allocation.jsonl'),
    head: join(spec.outDir, 'head.allocation.jsonl'),
  };
  const probes = { base: new AllocationProbe(outFile.base), head: new AllocationProbe(outFile.head) };
  const copies = sidePreloads(ALLOCATION_PRELOAD_SOURCE, ALLOCATION_PRELOAD_FILE, 'allocation preload');
  // The cached 0x preloads its files into the servers: checked right before they start (install.ts).
  verifyZeroX(zeroxBin);
  let loaded: SidesLoaded;
  try {
    loaded = await loadSideBySide({
      targets: await targets(spec, zeroxBin, copies && { copies, outFile }),
      requests,
      // Both heap measures in turns: twice the pairs, so that each gets what the duration buys.
      pairs: profilePairs(spec.durationSec) * (spec.heap === 'both' ? 2 : 1),
      windowSec: WINDOW_SEC,
      warmupSec: PROFILE_WARMUP_SEC,
      connections: spec.connections,
      loadCpus: spec.cpus?.loadgen,
      ...(spec.engine === undefined ? {} : { engine: spec.engine }),
      ...(copies && {
        edge: (side: Side, label: string, last: boolean, next: number) =>
          probes[side].edge(label, last, keptPair(spec.heap, next)),
      }),
    });
  } finally {
    for (const file of Object.values(outFile))
      for (const f of [file, controlFile(file)]) rmSync(f, { force: true });
  }
  const allocation = compareHeap(loaded, probes, spec, false);
  const kept = compareHeap(loaded, probes, spec, true);
  const heapFiles = [allocation, kept].flatMap((a) => (a ? [a.files.base, a.files.head] : []));
  const { base, head } = loaded.cpu;
  const lost = base instanceof GateError ? base : head instanceof GateError ? head : undefined;
  if (lost !== undefined) {
    if (heapFiles.length === 0) throw lost;
    return { cpu: lost, allocation, kept, files: heapFiles };
  }
  const cpu = compareCpu({ base: base as SideProfile, head: head as SideProfile }, spec);
  return {
    cpu,
    allocation,
    kept,
    files: [
      cpu.runs.base.flamegraphHtml,
      cpu.runs.base.ticksJson,
      cpu.runs.head.flamegraphHtml,
      cpu.runs.head.ticksJson,
      cpu.diffHead,
      cpu.diffBase,
      ...heapFiles,
    ],
  };
}

/** Both sides' CPU profiles weighed window by window, and the differential flame graphs written. */
function compareCpu(sides: Record<Side, SideProfile>, spec: CompareSpec): CpuComparison {
  // Windows count only when both sides' samples could be split into them.
  const split = sides.base.split.length > 0 && sides.head.split.length > 0;
  const base = windowedSide(sides.base, split);
  const head = windowedSide(sides.head, split);
  const evidence = weighEvidence(base, head, { explain: spec.explain, windowSec: WINDOW_SEC });
  const diffHead = join(spec.outDir, 'diff-head.html');
  const diffBase = join(spec.outDir, 'diff-base.html');
  writeFileSync(diffHead, diffFlameGraphHtml(base.whole, head.whole, 'head'));
  writeFileSync(diffBase, diffFlameGraphHtml(base.whole, head.whole, 'base'));
  return {
    runs: { base: sides.base.run, head: sides.head.run },
    profiles: { base: base.whole, head: head.whole },
    evidence,
    diffHead,
    diffBase,
  };
}
