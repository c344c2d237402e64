/**
 * V8's sampling heap profile (the inspector's `HeapProfiler.SamplingHeapProfile`, what Chrome DevTools' Memory tab
 * opens as a `.heapprofile` file) read from the allocation preload's lines, turned into a profile the CPU profile's
 * machinery weighs (ticks.ts's Profile: a stack's count is bytes, not samples), and several merged into one. Pure.
 *
 * A node's selfSize is V8's estimate of the bytes allocated in it (each sample scaled by the sampling interval), with
 * the objects already collected included when the profiler was asked to keep them (src/diagnostics/alloc-preload.ts).
 * Lines and columns are 0-based in the profile and 1-based here, as in the CPU profile, so that a function has one
 * key in both.
 */

import { isRecord } from '../config/records.ts';
import { ALLOCATION_PRELOAD_FILE } from '../diagnostics/alloc-preload.ts';
import type { ProfileFrame } from '../model/profile.ts';
import { functionStats, jsFrame, type Profile, relativeFile } from './ticks.ts';

export interface HeapCallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface HeapNode {
  callFrame: HeapCallFrame;
  selfSize: number;
  id: number;
  children: HeapNode[];
}

export interface HeapSample {
  size: number;
  nodeId: number;
  ordinal: number;
}

export interface HeapProfile {
  head: HeapNode;
  samples: HeapSample[];
}

/** Most nodes read from one profile (a server's whole call tree is far smaller). */
const MAX_NODES = 200_000;
/** The allocation preload's frames: its own polling, not the server's work. */
const INSTRUMENTATION = new RegExp(String.raw`[/\\]${ALLOCATION_PRELOAD_FILE.replaceAll('.', '\\.')}$`);

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

function callFrameOf(value: unknown): HeapCallFrame | undefined {
  if (!isRecord(value)) return undefined;
  const { functionName, scriptId, url } = value;
  if (typeof functionName !== 'string' || typeof url !== 'string') return undefined;
  return {
    functionName: functionName.slice(0, 500),
    scriptId:
      typeof scriptId === 'string' || typeof scriptId === 'number' ? String(scriptId).slice(0, 20) : '0',
    url: url.slice(0, 2000),
    lineNumber: whole(value.lineNumber) ?? 0,
    columnNumber: whole(value.columnNumber) ?? 0,
  };
}

/**
 * A profile written from inside the server, checked node by node (nothing in it is trusted); undefined when it is
 * not a well-formed one. Walked without recursion, so a deep tree cannot overflow the stack.
 */
export function readHeapProfile(raw: unknown): HeapProfile | undefined {
  if (!isRecord(raw) || !isRecord(raw.head)) return undefined;
  const read = (value: unknown): HeapNode | undefined => {
    if (!isRecord(value)) return undefined;
    const callFrame = callFrameOf(value.callFrame);
    const selfSize = whole(value.selfSize);
    const id = whole(value.id);
    if (callFrame === undefined || selfSize === undefined || id === undefined) return undefined;
    return { callFrame, selfSize, id, children: [] };
  };
  const head = read(raw.head);
  if (head === undefined) return undefined;
  const work: Array<[unknown, HeapNode]> = [[raw.head, head]];
  let nodes = 1;
  while (work.length > 0) {
    const [value, node] = work.pop()!;
    const children = (value as { children?: unknown }).children;
    if (!Array.isArray(children)) continue;
    for (const c of children) {
      const child = read(c);
      if (child === undefined || ++nodes > MAX_NODES) return undefined;
      node.children.push(child);
      work.push([c, child]);
    }
  }
  const samples: HeapSample[] = [];
  for (const s of Array.isArray(raw.samples) ? raw.samples.slice(0, 10 * MAX_NODES) : []) {
    const sample = isRecord(s)
      ? { size: whole(s.size), nodeId: whole(s.nodeId), ordinal: whole(s.ordinal) }
      : {};
    if (sample.size !== undefined && sample.nodeId !== undefined && sample.ordinal !== undefined)
      samples.push(sample as HeapSample);
  }
  return { head, samples };
}

/** A call frame as the CPU profile names it: a JS function by name, file, line and column; else a pseudo frame. */
function frameOf(c: HeapCallFrame, roots: readonly string[]): ProfileFrame {
  const fn = c.functionName === '' ? '(anonymous)' : c.functionName;
  if (c.url === '') return { key: fn, fn, file: '', line: 0, column: 0, pseudo: true };
  return jsFrame(fn, relativeFile(c.url, roots), c.lineNumber + 1, c.columnNumber + 1);
}

/**
 * The profile as bytes allocated by call stack: a stack for every node that allocated itself (its count the node's
 * selfSize), the preload's own frames left out; `busy` is every byte counted, `samples` V8's samples.
 */
export function allocationProfile(profile: HeapProfile, roots: readonly string[] = []): Profile {
  const stacks: Profile['stacks'] = [];
  const work: Array<[HeapNode, ProfileFrame[]]> = profile.head.children.map((n) => [n, []]);
  let instrumentation = 0;
  while (work.length > 0) {
    const [node, above] = work.pop()!;
    if (INSTRUMENTATION.test(node.callFrame.url)) {
      instrumentation++;
      continue;
    }
    const frames = [...above, frameOf(node.callFrame, roots)];
    if (node.selfSize > 0) stacks.push({ frames, count: node.selfSize });
    for (const child of node.children) work.push([child, frames]);
  }
  const busy = stacks.reduce((sum, s) => sum + s.count, 0);
  return {
    samples: profile.samples.length,
    busy,
    idle: 0,
    startup: 0,
    instrumentation,
    gc: 0,
    native: 0,
    functions: functionStats(stacks, busy),
    stacks: stacks.sort((a, b) => b.count - a.count),
  };
}

function frameKey(c: HeapCallFrame): string {
  return `${c.functionName}\u0000${c.url}\u0000${c.lineNumber}\u0000${c.columnNumber}`;
}

/**
 * Several profiles of one process as one (a node per distinct call path, its selfSize the sum, the samples kept
 * with their nodes and ordinals renumbered): the side's profile over all its windows, for the artifact.
 */
export function mergeHeapProfiles(profiles: readonly HeapProfile[]): HeapProfile {
  let nextId = 1;
  const head: HeapNode = {
    callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 },
    selfSize: 0,
    id: nextId++,
    children: [],
  };
  const samples: HeapSample[] = [];
  const index = new Map<HeapNode, Map<string, HeapNode>>();
  const childOf = (parent: HeapNode, c: HeapCallFrame): HeapNode => {
    let byKey = index.get(parent);
    if (byKey === undefined) {
      byKey = new Map();
      index.set(parent, byKey);
    }
    let node = byKey.get(frameKey(c));
    if (node === undefined) {
      node = { callFrame: c, selfSize: 0, id: nextId++, children: [] };
      byKey.set(frameKey(c), node);
      parent.children.push(node);
    }
    return node;
  };
  for (const profile of profiles) {
    const ids = new Map<number, number>([[profile.head.id, head.id]]);
    const work: Array<[HeapNode, HeapNode]> = profile.head.children.map((n) => [n, head]);
    head.selfSize += profile.head.selfSize;
    while (work.length > 0) {
      const [node, parent] = work.pop()!;
      const merged = childOf(parent, node.callFrame);
      merged.selfSize += node.selfSize;
      ids.set(node.id, merged.id);
      for (const child of node.children) work.push([child, merged]);
    }
    // Each window's profiler counted its samples from 1: numbered on, in window order.
    for (const s of [...profile.samples].sort((a, b) => a.ordinal - b.ordinal)) {
      const nodeId = ids.get(s.nodeId);
      if (nodeId !== undefined) samples.push({ size: s.size, nodeId, ordinal: samples.length + 1 });
    }
  }
  return { head, samples };
}
