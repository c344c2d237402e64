/**
 * Puts the diagnostics preload (preload.ts) into a server's environment, asks it for snapshots and reads what it
 * wrote. I/O only on files perf-gate owns: the preload script, the JSON-lines output file and its control file.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '../config/records.ts';
import { isRunning } from '../io/leftovers.ts';
import { PinnedFile } from '../io/pinned.ts';
import type { Side } from '../model/measure.ts';
import { COLLECT_MARK } from './heap-source.ts';
import {
  CONTROL_SUFFIX,
  type DiagnosticsSnapshot,
  type HeapWindow,
  PRELOAD_SOURCE,
  type SnapshotReason,
} from './preload.ts';

/** File name of the written preload; `.cjs` so that it loads as CommonJS inside a `"type": "module"` package too. */
export const PRELOAD_FILE = 'perf-gate-diagnostics.cjs';

/** A preload of perf-gate's in a server: one copy per side, each checked before each start. */
export type SidePreloads = Record<Side, PinnedFile>;

/**
 * `source` as a copy for each side's servers in a private directory (io/pinned.ts): out of the trees' reach, so
 * that head's build or server cannot rewrite what runs inside base's server unnoticed; undefined when it cannot be
 * written (the preload is then not used).
 */
export function sidePreloads(source: string, fileName: string, what: string): SidePreloads | undefined {
  const copy = (side: Side) =>
    new PinnedFile({ content: source }, `${what} (the copy for ${side}'s servers)`, fileName, 'server-start');
  try {
    return { base: copy('base'), head: copy('head') };
  } catch {
    return undefined;
  }
}

/** Writes the preload script into dir (created when missing) unless it is there already; returns its absolute path. */
export function writePreload(dir: string): string {
  return writeScript(dir, PRELOAD_FILE, PRELOAD_SOURCE);
}

/** Writes `source` as dir/file (dir created when missing) unless it is there already; returns its absolute path. */
export function writeScript(dir: string, file: string, source: string): string {
  const path = resolve(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== source) {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, source);
    renameSync(temporary, path);
  }
  return path;
}

/**
 * One NODE_OPTIONS argument, quoted the way Node parses NODE_OPTIONS: inside double quotes a backslash makes the
 * next character literal, so paths with spaces, quotes or (Windows) backslashes survive.
 */
export function quoteNodeOption(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Environment for startServer's `env` (PERF_GATE_DIAGNOSTICS is preload.ts's DIAGNOSTICS_ENV). */
export interface DiagnosticsEnv {
  NODE_OPTIONS: string;
  PERF_GATE_DIAGNOSTICS: string;
  [name: string]: string;
}

/**
 * The environment that loads the preload into every Node.js process of a server's start command: our `--require`
 * first, then whatever NODE_OPTIONS held (pass `process.env.NODE_OPTIONS`: startServer's `env` replaces it).
 * Both paths are made absolute, since the server may change its working directory.
 */
export function diagnosticsEnv(
  preloadPath: string,
  outFile: string,
  existingNodeOptions?: string,
): DiagnosticsEnv {
  return {
    NODE_OPTIONS: withRequire(preloadPath, existingNodeOptions),
    PERF_GATE_DIAGNOSTICS: resolve(outFile),
  };
}

/** NODE_OPTIONS that `--require` the script at `path` (made absolute) first, then hold what `existing` held. */
export function withRequire(path: string, existing: string | undefined): string {
  const rest = existing?.trim() ?? '';
  const require = `--require ${quoteNodeOption(resolve(path))}`;
  return rest === '' ? require : `${require} ${rest}`;
}

/** Replaces the control file's token at once (written beside it, then renamed), for a preload to answer. */
export function writeToken(outFile: string, token: string): void {
  const control = controlFile(outFile);
  const temporary = `${control}.${process.pid}.tmp`;
  writeFileSync(temporary, `${token}\n`);
  renameSync(temporary, control);
}

/** The file whose content asks the preload for a snapshot. */
export function controlFile(outFile: string): string {
  return `${resolve(outFile)}${CONTROL_SUFFIX}`;
}

const REASONS: ReadonlySet<string> = new Set<SnapshotReason>([
  'listening',
  'snapshot',
  'SIGTERM',
  'SIGINT',
  'exit',
]);
const FINAL: ReadonlySet<string> = new Set<SnapshotReason>(['SIGTERM', 'SIGINT', 'exit']);

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function pair(value: unknown, a: string, b: string): Record<string, number> | undefined {
  if (!isRecord(value)) return undefined;
  const x = count(value[a]);
  const y = count(value[b]);
  return x === undefined || y === undefined ? undefined : { [a]: x, [b]: y };
}

/** A snapshot's event-loop delay figures; undefined unless every one is a non-negative number. */
function delayStats(delay: Record<string, unknown>): DiagnosticsSnapshot['eventLoopDelayMs'] | undefined {
  const p50 = count(delay.p50);
  const p99 = count(delay.p99);
  const max = count(delay.max);
  const mean = count(delay.mean);
  const samples = count(delay.count);
  if (
    p50 === undefined ||
    p99 === undefined ||
    max === undefined ||
    mean === undefined ||
    samples === undefined
  )
    return undefined;
  return { p50, p99, max, mean, count: samples };
}

/** The well-formed points of a snapshot's memory series (at most 10 000 read). */
function memorySeries(value: unknown): [number, number, number][] {
  const memory: [number, number, number][] = [];
  if (Array.isArray(value)) {
    for (const point of value.slice(0, 10_000)) {
      if (!Array.isArray(point) || point.length !== 3) continue;
      const [t, r, h] = point.map(count);
      if (t !== undefined && r !== undefined && h !== undefined) memory.push([t, r, h]);
    }
  }
  return memory;
}

/** A count, or null where it is missing or not a non-negative number. */
function orNull(value: unknown): number | null {
  return count(value) ?? null;
}

/** A line's heap figures (heap-source.ts), checked field by field; undefined when absent or not an object. */
function heapWindow(value: unknown): HeapWindow | undefined {
  if (!isRecord(value)) return undefined;
  return {
    allocated: orNull(value.allocated),
    exact: value.exact === true,
    gcMs: orNull(value.gcMs),
    gcs: orNull(value.gcs),
    retained: orNull(value.retained),
    requests: orNull(value.requests),
  };
}

/**
 * One line of the output file, checked field by field (the file is written from inside the user's process, so
 * nothing in it is trusted); undefined when it is not a well-formed snapshot.
 */
export function parseSnapshot(line: string): DiagnosticsSnapshot | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(raw) || raw.v !== 1) return undefined;
  const pid = count(raw.pid);
  const ppid = count(raw.ppid) ?? 0;
  const reason =
    typeof raw.reason === 'string' && REASONS.has(raw.reason) ? (raw.reason as SnapshotReason) : undefined;
  const seq = typeof raw.seq === 'string' ? raw.seq.slice(0, 200) : null;
  const at = count(raw.at);
  const startedAt = count(raw.startedAt);
  const elapsedMs = count(raw.elapsedMs);
  const uptimeMs = count(raw.uptimeMs) ?? 0;
  const delay = raw.eventLoopDelayMs;
  const cpu = pair(raw.cpu, 'userMs', 'systemMs');
  const rss = pair(raw.rss, 'peak', 'last');
  const heap = pair(raw.heapUsed, 'peak', 'last');
  if (
    pid === undefined ||
    reason === undefined ||
    at === undefined ||
    startedAt === undefined ||
    elapsedMs === undefined ||
    !isRecord(delay) ||
    cpu === undefined ||
    rss === undefined ||
    heap === undefined
  )
    return undefined;
  const eventLoopDelayMs = delayStats(delay);
  if (eventLoopDelayMs === undefined) return undefined;
  const ports = Array.isArray(raw.ports)
    ? raw.ports.filter((p): p is number => Number.isInteger(p) && (p as number) > 0 && (p as number) < 65536)
    : [];
  const elu = count(raw.eventLoopUtilization);
  const heapFigures = heapWindow(raw.heap);
  return {
    v: 1,
    pid,
    ppid,
    reason,
    seq,
    at,
    startedAt,
    elapsedMs,
    uptimeMs,
    ports: ports.slice(0, 16),
    eventLoopDelayMs,
    eventLoopUtilization: elu === undefined ? null : Math.min(1, elu),
    cpu: { userMs: cpu.userMs!, systemMs: cpu.systemMs! },
    rss: { peak: rss.peak!, last: rss.last! },
    heapUsed: { peak: heap.peak!, last: heap.last! },
    memory: memorySeries(raw.memory),
    ...(heapFigures ? { heap: heapFigures } : {}),
    node: typeof raw.node === 'string' ? raw.node.slice(0, 40) : '',
  };
}

/** Every well-formed line of a JSON-lines text; malformed and partial lines are skipped. */
export function parseSnapshots(text: string): DiagnosticsSnapshot[] {
  const out: DiagnosticsSnapshot[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const snapshot = parseSnapshot(line);
    if (snapshot !== undefined) out.push(snapshot);
  }
  return out;
}

/** Every snapshot in the output file so far; [] when the file does not exist (no process reported). */
export function readSnapshots(outFile: string): DiagnosticsSnapshot[] {
  try {
    return parseSnapshots(readFileSync(outFile, 'utf8'));
  } catch {
    return [];
  }
}

/** Reporters that have neither written a final line nor died. */
function liveReporters(lines: readonly DiagnosticsSnapshot[]): Set<number> {
  const live = new Set<number>();
  for (const line of lines) {
    if (FINAL.has(line.reason)) live.delete(line.pid);
    else live.add(line.pid);
  }
  for (const pid of live) if (!isRunning(pid)) live.delete(pid);
  return live;
}

export interface SnapshotOptions {
  /** Readable part of the token, e.g. 'pair3-head-/users-end'. */
  label?: string;
  /** Ask for a full collection after the window's figures are read, for the heap it keeps (heap-source.ts). */
  collect?: boolean;
  /** Longest wait for every reporter to answer; default 3000 ms. */
  timeoutMs?: number;
  /** When no process has reported yet, how long to wait for one before giving up; default 500 ms. */
  registrationMs?: number;
}

let sequence = 0;
/** How often a snapshot reads the output file for its answers, in milliseconds. */
const POLL_MS = 2;
const queues = new Map<string, Promise<unknown>>();

/**
 * Asks every reporting process of the server behind outFile for a snapshot and resolves with their answers
 * (one line per process, each covering the window since its previous line). Resolves with [] when no process
 * reports (not a Node.js server, or its start command replaced NODE_OPTIONS), and with the answers so far when
 * the timeout passes; never rejects. Calls for one outFile run one after another.
 */
export function snapshot(outFile: string, options: SnapshotOptions = {}): Promise<DiagnosticsSnapshot[]> {
  const file = resolve(outFile);
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(() => takeSnapshot(file, options)).catch(() => []);
  queues.set(file, next);
  void next.finally(() => {
    if (queues.get(file) === next) queues.delete(file);
  });
  return next;
}

/** A file's size in bytes; 0 when it does not exist. */
export function sizeOf(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

/** A file's text from byte `from` on; '' when it cannot be read. */
export async function readFrom(file: string, from: number): Promise<string> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const buffer = Buffer.alloc(Math.max(0, size - from));
      await handle.read(buffer, 0, buffer.length, from);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
}

async function takeSnapshot(outFile: string, options: SnapshotOptions): Promise<DiagnosticsSnapshot[]> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const registrationDeadline = Date.now() + (options.registrationMs ?? 500);
  let expected = liveReporters(readSnapshots(outFile));
  while (expected.size === 0) {
    if (Date.now() > registrationDeadline) return [];
    await sleep(25);
    expected = liveReporters(readSnapshots(outFile));
  }
  const label = (options.label ?? 'snapshot').replace(/\s+/g, '-').slice(0, 120);
  const mark = options.collect === true ? COLLECT_MARK : '';
  const token = `${label}${mark}#${process.pid}.${++sequence}.${Date.now()}`;
  // The answers come after what the file holds now: only that part is read while waiting for them.
  const from = sizeOf(outFile);
  writeToken(outFile, token);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await sleep(POLL_MS);
    const lines = parseSnapshots(await readFrom(outFile, from));
    const answers = lines.filter((line) => line.seq === token);
    const answered = new Set(answers.map((line) => line.pid));
    const pending = [...expected].filter(
      (pid) =>
        !answered.has(pid) && isRunning(pid) && !lines.some((l) => l.pid === pid && FINAL.has(l.reason)),
    );
    if (pending.length === 0 || Date.now() > deadline) return answers;
  }
}

/** Where a server's diagnostics go inside a directory: `<dir>/<name>.jsonl`, name made file-safe. */
export function outFileFor(dir: string, name: string): string {
  return join(resolve(dir), `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100)}.jsonl`);
}
