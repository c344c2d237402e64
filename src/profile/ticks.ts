/**
 * 0x's ticks.json (written with --write-ticks) turned into a profile: who spends the busy CPU time. Pure.
 *
 * ticks.json is an array of samples (V8's --prof ticks, about one per millisecond of CPU), each an array of
 * code entries, root first: `{ name, type, kind }` where type is JS (name `fn file:line:col`, kind the tier:
 * Ignition `Unopt`, `Sparkplug`, `Maglev`, `Opt`), CODE (builtins, bytecode handlers, RegExp code), CPP or
 * SHARED_LIB (C/C++ symbols such as `writev@@GLIBC_2.2.5`). Older formats mark tiers in the name (`*fn`, `~fn`,
 * `fn [INTERPRETED]`). V8's VM state (idle, GC) is not kept by 0x: an idle tick is an empty stack or one that
 * ends in the event loop's poll; a GC tick shows as the JS that allocated unless a GC symbol is on top.
 *
 * Each sample is classified: idle, start-up (node's bootstrap and module loading), 0x's own instrumentation, or
 * busy. Busy samples are charged to functions: self to the innermost JS function (native code called from JS,
 * e.g. `MathSqrt` or `writev`, counts as its caller's self time), total once per stack to every JS function on
 * it. Samples with no JS frame go to the pseudo-functions `(native code)` and `(garbage collection)`.
 */
import { ALLOCATION_PRELOAD_FILE } from '../diagnostics/alloc-preload.ts';
import type { FrameCategory, FunctionStat, ProfileFrame } from '../model/profile.ts';

export interface RawFrame {
  name: string;
  type?: string;
  kind?: string;
}

export type RawTicks = RawFrame[][];

export interface CollapsedStack {
  /** Root first; JS frames, then a pseudo-frame for samples charged to GC or to native code without JS. */
  frames: ProfileFrame[];
  count: number;
}

export interface Profile {
  /** Every sample in the file. */
  samples: number;
  /** Samples that are neither idle, nor start-up, nor instrumentation: the denominator of every share. */
  busy: number;
  idle: number;
  startup: number;
  instrumentation: number;
  /** Busy samples charged to `(garbage collection)`. */
  gc: number;
  /** Busy samples whose innermost frame is native code (builtins, C++), wherever they were charged. */
  native: number;
  /** Sorted by self samples, then total, descending. */
  functions: FunctionStat[];
  /** Busy samples grouped by identical stacks. */
  stacks: CollapsedStack[];
}

export interface ProfileOptions {
  /** Directories whose paths are shown relative (the tree the server ran from); longest match wins. */
  roots?: readonly string[];
}

/** Checks the shape of a parsed ticks.json. Throws an Error saying what is wrong. */
export function readTicks(data: unknown): RawTicks {
  if (!Array.isArray(data)) throw new Error('ticks.json is not an array of samples');
  const ticks: RawTicks = [];
  for (const [index, stack] of data.entries()) {
    if (!Array.isArray(stack)) throw new Error(`ticks.json: sample ${index} is not an array of frames`);
    const frames: RawFrame[] = [];
    for (const frame of stack) {
      // 0x leaves out code entries it could not resolve; tolerate the odd null anyway.
      if (frame === null || frame === undefined) continue;
      if (typeof frame !== 'object' || typeof (frame as { name?: unknown }).name !== 'string')
        throw new Error(`ticks.json: sample ${index} has a frame without a name`);
      const { name, type, kind } = frame as { name: string; type?: unknown; kind?: unknown };
      frames.push({
        name,
        ...(typeof type === 'string' ? { type } : {}),
        ...(typeof kind === 'string' ? { kind } : {}),
      });
    }
    ticks.push(frames);
  }
  return ticks;
}

export interface ParsedName {
  fn: string;
  file: string;
  line: number;
  column: number;
}

const TRAILING_TAG = /\s*\[[A-Z][A-Z_]*(?::[A-Za-z]+)?\]$/;
const LOG_PREFIX = /^(?:LazyCompile|Function|Script|Eval|JS):\s?/;
const TIER_MARK = /^[*~^+]/;
const FILE_START = [
  ' node:',
  ' file:',
  ' /',
  ' [eval]',
  ' evalmachine',
  ' data:',
  ' http:',
  ' https:',
  ' webpack:',
];

/** Splits `name file:line:col` (after dropping tier marks and tags) into function, file, line and column. */
export function parseFrameName(raw: string): ParsedName {
  let name = raw;
  while (TRAILING_TAG.test(name)) name = name.replace(TRAILING_TAG, '');
  name = name.replace(LOG_PREFIX, '').replace(TIER_MARK, '');
  const location = /:(\d+)(?::(\d+))?$/.exec(name);
  if (location === null || !/[ /\\:]/.test(name.slice(0, location.index)))
    return { fn: name.trim() || '(anonymous)', file: '', line: 0, column: 0 };
  const before = name.slice(0, location.index);
  const line = Number(location[1]);
  const column = location[2] === undefined ? 0 : Number(location[2]);
  if (before.startsWith(' ')) return { fn: '(anonymous)', file: before.slice(1) || '[eval]', line, column };
  let split = -1;
  for (const marker of FILE_START) {
    const at = before.indexOf(marker);
    if (at >= 0 && (split < 0 || at < split)) split = at;
  }
  const drive = / [A-Za-z]:[\\/]/.exec(before);
  if (drive !== null && (split < 0 || drive.index < split)) split = drive.index;
  if (split < 0) split = before.lastIndexOf(' ');
  if (split < 0) return { fn: '(anonymous)', file: before, line, column };
  const fn = before.slice(0, split).trim() || '(anonymous)';
  const file = before.slice(split + 1) || '[eval]';
  return { fn, file, line, column };
}

/** A path shown relative to the longest matching root; file:// URLs become paths first. */
export function relativeFile(file: string, roots: readonly string[]): string {
  let path = file;
  if (path.startsWith('file://')) {
    path = path.slice('file://'.length);
    try {
      path = decodeURIComponent(path);
    } catch {
      // Keep it encoded.
    }
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1);
  }
  const normal = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '');
  const target = normal(path);
  let best: string | undefined;
  for (const root of roots) {
    const r = normal(root);
    if (r === '') continue;
    if ((target === r || target.startsWith(`${r}/`)) && (best === undefined || r.length > best.length))
      best = r;
  }
  if (best === undefined) return path;
  return target === best ? '.' : target.slice(best.length + 1);
}

const IDLE_LEAF =
  /^(?:epoll_p?wait2?|__GI_epoll_p?wait|__epoll_p?wait|kevent(?:64)?|__kevent|uv__io_poll|uv__epoll_poll|GetQueuedCompletionStatus(?:Ex)?|NtRemoveIoCompletion(?:Ex)?|ZwRemoveIoCompletion(?:Ex)?|\(idle\)|\(program\))(?!\w)/;
const GC =
  /^\(garbage collector\)$|^v8::internal::(?:Heap|Scavenger|ScavengerCollector|MarkCompactCollector|MinorMarkSweepCollector|MinorMarkCompactCollector|ConcurrentMarking|IncrementalMarking|Sweeper|GCTracer|MemoryReducer|MarkingBarrier)\w*::|CollectGarbage/;
const STARTUP_FILE = /^node:internal\/(?:main|bootstrap|modules)\//;
// 0x's preload, and perf-gate's allocation preload (src/diagnostics/alloc-preload.ts) polling its control file.
const INSTRUMENTATION = new RegExp(
  String.raw`[/\\]0x[/\\]lib[/\\]preload[/\\]|[/\\]${ALLOCATION_PRELOAD_FILE.replaceAll('.', '\\.')}:`,
);

/** Drops the `@@GLIBC_2.2.5`-style version suffix of a C symbol. */
function symbol(name: string): string {
  return name.replace(/@@?[A-Za-z0-9_.]+$/, '').trim();
}

interface Classified {
  frame: ProfileFrame;
  category: FrameCategory;
}

export const GC_FRAME: ProfileFrame = {
  key: '(garbage collection)',
  fn: '(garbage collection)',
  file: '',
  line: 0,
  column: 0,
  pseudo: true,
};
export const NATIVE_FRAME: ProfileFrame = {
  key: '(native code)',
  fn: '(native code)',
  file: '',
  line: 0,
  column: 0,
  pseudo: true,
};

/** The category of one frame of ticks.json (where it stands on the stack is not considered). */
export function classifyFrame(raw: RawFrame, roots: readonly string[] = []): Classified {
  const type = raw.type ?? '';
  if (INSTRUMENTATION.test(raw.name)) return { frame: nativeFrame(raw.name), category: 'instrumentation' };
  const parsed = parseFrameName(raw.name);
  const isJs = type === 'JS' || (type === '' && parsed.file !== '' && parsed.line > 0);
  if (isJs && parsed.file !== '') {
    const file = relativeFile(parsed.file, roots);
    const frame = jsFrame(parsed.fn, file, parsed.line, parsed.column);
    const startup = STARTUP_FILE.test(parsed.file) || /\s\[INIT\]/.test(raw.name);
    return { frame, category: startup ? 'startup' : 'js' };
  }
  const name = symbol(parsed.file === '' ? parsed.fn : raw.name);
  if (IDLE_LEAF.test(name)) return { frame: nativeFrame(name), category: 'idle' };
  if (GC.test(name)) return { frame: nativeFrame(name), category: 'gc' };
  return { frame: nativeFrame(name), category: 'native' };
}

/** A JS function's frame, keyed by name, file, line and column (the CPU and the allocation profile alike). */
export function jsFrame(fn: string, file: string, line: number, column: number): ProfileFrame {
  return { key: `${fn}\u0000${file}\u0000${line}\u0000${column}`, fn, file, line, column, pseudo: false };
}

function nativeFrame(name: string): ProfileFrame {
  return { key: `${name}\u0000\u00000\u00000`, fn: name, file: '', line: 0, column: 0, pseudo: false };
}

type SampleClass = 'idle' | 'startup' | 'instrumentation' | 'busy';

interface SampleResult {
  kind: SampleClass;
  /** For busy samples: JS frames root first, plus a pseudo frame when charged to GC or to native code. */
  frames: ProfileFrame[];
  gc: boolean;
  native: boolean;
}

/** Each frame's category, by its type and then its name: classified once per profile (a sample repeats them). */
type FrameCache = Map<string, Map<string, Classified>>;

function classifySample(
  stack: readonly RawFrame[],
  roots: readonly string[],
  cache: FrameCache,
): SampleResult {
  // Over the frames other than instrumentation's: the innermost, the JS ones, and whether any is start-up or GC.
  let leaf: Classified | undefined;
  let instrumented = false;
  let startup = false;
  let gc = false;
  const js: ProfileFrame[] = [];
  for (const raw of stack) {
    const type = raw.type ?? '';
    let byName = cache.get(type);
    if (byName === undefined) {
      byName = new Map();
      cache.set(type, byName);
    }
    let c = byName.get(raw.name);
    if (c === undefined) {
      c = classifyFrame(raw, roots);
      byName.set(raw.name, c);
    }
    if (c.category === 'instrumentation') {
      instrumented = true;
      continue;
    }
    leaf = c;
    if (c.category === 'js') js.push(c.frame);
    else if (c.category === 'startup') startup = true;
    else if (c.category === 'gc') gc = true;
  }
  const none = { frames: [], gc: false, native: false };
  if (leaf === undefined) return { kind: instrumented ? 'instrumentation' : 'idle', ...none };
  if (leaf.category === 'idle') return { kind: 'idle', ...none };
  if (startup) return { kind: 'startup', ...none };
  const native = leaf.category !== 'js';
  if (gc) return { kind: 'busy', frames: [...js, GC_FRAME], gc, native };
  if (js.length === 0) return { kind: 'busy', frames: [NATIVE_FRAME], gc, native };
  return { kind: 'busy', frames: js, gc, native };
}

/** For each sample, whether it is busy (neither idle, nor start-up, nor instrumentation). */
export function busySamples(ticks: RawTicks): boolean[] {
  const cache: FrameCache = new Map();
  return ticks.map((stack) => classifySample(stack, [], cache).kind === 'busy');
}

/**
 * Every function's self and total count over the stacks (total once per stack, self in its innermost frame), with
 * their shares of `busy`; sorted by self, then total, descending.
 */
export function functionStats(stacks: readonly CollapsedStack[], busy: number): FunctionStat[] {
  const stats = new Map<string, FunctionStat>();
  const stat = (frame: ProfileFrame): FunctionStat => {
    let s = stats.get(frame.key);
    if (s === undefined) {
      s = { ...frame, self: 0, total: 0, selfShare: 0, totalShare: 0 };
      stats.set(frame.key, s);
    }
    return s;
  };
  // Charged once per distinct stack, its count at a time (samples repeat a few stacks).
  for (const { frames, count } of stacks) {
    const seen = new Set<string>();
    for (const frame of frames) {
      if (seen.has(frame.key)) continue;
      seen.add(frame.key);
      stat(frame).total += count;
    }
    stat(frames[frames.length - 1]!).self += count;
  }
  const functions = [...stats.values()].map((s) => ({
    ...s,
    selfShare: busy === 0 ? 0 : s.self / busy,
    totalShare: busy === 0 ? 0 : s.total / busy,
  }));
  functions.sort((a, b) => b.self - a.self || b.total - a.total || a.key.localeCompare(b.key));
  return functions;
}

/** A node of the tree of collapsed stacks: the stack that ends here, once a sample has. */
interface StackNode {
  children: Map<string, StackNode>;
  stack?: CollapsedStack;
}

/** Classifies every sample and charges the busy ones to functions. */
export function buildProfile(ticks: RawTicks, options: ProfileOptions = {}): Profile {
  const roots = options.roots ?? [];
  const cache: FrameCache = new Map();
  const counts = { idle: 0, startup: 0, instrumentation: 0, busy: 0, gc: 0, native: 0 };
  // Collapsed stacks in the order first seen, found through a tree of their frames' keys (root first).
  const stacks: CollapsedStack[] = [];
  const tree: StackNode = { children: new Map() };
  for (const stack of ticks) {
    const sample = classifySample(stack, roots, cache);
    if (sample.kind !== 'busy') {
      counts[sample.kind]++;
      continue;
    }
    counts.busy++;
    if (sample.gc) counts.gc++;
    if (sample.native) counts.native++;
    let node = tree;
    for (const frame of sample.frames) {
      let child = node.children.get(frame.key);
      if (child === undefined) {
        child = { children: new Map() };
        node.children.set(frame.key, child);
      }
      node = child;
    }
    if (node.stack) node.stack.count++;
    else {
      node.stack = { frames: sample.frames, count: 1 };
      stacks.push(node.stack);
    }
  }
  const busy = counts.busy;
  const functions = functionStats(stacks, busy);
  return {
    samples: ticks.length,
    busy,
    idle: counts.idle,
    startup: counts.startup,
    instrumentation: counts.instrumentation,
    gc: counts.gc,
    native: counts.native,
    functions,
    stacks: stacks.sort((a, b) => b.count - a.count),
  };
}
