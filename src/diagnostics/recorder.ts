/**
 * The diagnostics glue for the pipeline: one DiagnosticsRecorder per gate run, one ServerDiagnostics per server
 * started. It pins a copy of the preload per side, gives each server its own output file and environment, brackets each
 * measured window with two snapshots and keeps the closing snapshot's lines per side for the summary.
 *
 *   const diagnostics = new DiagnosticsRecorder(join(config.outputDir, 'diagnostics'));
 *   const probe = diagnostics.server(side, `pair${pair + 1}-${side}`);
 *   const server = await startServer({ ...spec, env: probe.env });
 *   const window = await probe.open(path, { warmupSec, port: server.port });
 *   await load.turns(...);                   // the load generator's turns on the server
 *   await window.close();                    // or window.abandon() when the load failed
 *   ...
 *   const summary = diagnostics.summary();   // → renderDiagnosticsSection(summary)
 *
 * Nothing here throws because of diagnostics: a server that is not Node.js, or whose start command replaces
 * NODE_OPTIONS, simply has no data, and each snapshot then returns at once (nobody registered).
 */
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DiagnosticsSummary } from '../model/diagnostics.ts';
import type { RoundMemory, Side } from '../model/measure.ts';
import {
  type DiagnosticsEnv,
  diagnosticsEnv,
  outFileFor,
  PRELOAD_FILE,
  readSnapshots,
  type SidePreloads,
  sidePreloads,
  snapshot,
} from './install.ts';
import { memoryOf, requestsIn } from './memory.ts';
import { type DiagnosticsSnapshot, PRELOAD_SOURCE } from './preload.ts';
import { type SummaryOptions, summarizeDiagnostics } from './summary.ts';

/** Lines of processes that served `port`, when any did; all lines otherwise (drops helper servers of a tree). */
export function servingPort(
  lines: readonly DiagnosticsSnapshot[],
  port: number | undefined,
): DiagnosticsSnapshot[] {
  if (port === undefined || !lines.some((l) => l.ports.includes(port))) return [...lines];
  return lines.filter((l) => l.ports.includes(port));
}

/** How a window of a server's diagnostics is opened (ServerDiagnostics.open). */
export interface WindowOptions {
  /** Seconds of warm-up load at the start of `run` to leave out of the window (the LoadSpec's warmupSec). */
  warmupSec: number;
  /** The server's port (RunningServer.port), to keep only the process(es) serving it. */
  port?: number;
  /** Added to warmupSec for the load generator's own start-up; default 300 ms. */
  startupMs?: number;
}

/** A measured window of one server (ServerDiagnostics.open). */
export interface DiagnosticsWindow {
  /**
   * Ends the window with a snapshot (and a full collection after it, for the heap kept) and records it; resolves
   * with the window's memory where the server could tell it.
   */
  close(): Promise<RoundMemory | undefined>;
  /** Ends it without recording (the load failed). */
  abandon(): Promise<void>;
}

export class ServerDiagnostics {
  readonly side: Side;
  /** The JSON-lines file this server's processes append to. */
  readonly outFile: string;
  /** Merge into startServer's `env`; {} when diagnostics are off. */
  readonly env: DiagnosticsEnv | Record<string, never>;
  private readonly recorder: DiagnosticsRecorder;
  private windows = 0;
  /** Requests the serving processes began so far, as their lines said. */
  private served = 0;

  constructor(recorder: DiagnosticsRecorder, side: Side, outFile: string, env: DiagnosticsEnv | undefined) {
    this.recorder = recorder;
    this.side = side;
    this.outFile = outFile;
    this.env = env ?? {};
  }

  /**
   * Opens a measured window: a snapshot once its warm-up is over (at once without one); close() takes another
   * and records its lines, this server's window, for the summary. Two servers' windows open and close together.
   */
  async open(label: string, options: WindowOptions): Promise<DiagnosticsWindow> {
    if (!this.recorder.enabled) return { close: async () => undefined, abandon: async () => {} };
    const key = `${this.side}-${label}-${++this.windows}`;
    const cancel = new AbortController();
    const delayMs = options.warmupSec > 0 ? options.warmupSec * 1000 + (options.startupMs ?? 300) : 0;
    const take = async (): Promise<DiagnosticsSnapshot[]> => {
      const lines = servingPort(await snapshot(this.outFile, { label: `${key}-begin` }), options.port);
      this.served += requestsIn(lines);
      return lines;
    };
    const begin =
      delayMs === 0
        ? await take()
        : sleep(delayMs, undefined, { signal: cancel.signal }).then(take, () => []);
    const abandon = async (): Promise<void> => {
      cancel.abort();
      await begin;
    };
    return {
      abandon,
      close: async () => {
        await abandon();
        const label = `${key}-end`;
        const lines = servingPort(await snapshot(this.outFile, { label, collect: true }), options.port);
        this.served += requestsIn(lines);
        this.recorder.record(this.side, lines);
        return memoryOf(lines, this.served);
      },
    };
  }

  /** Every line this server's processes wrote so far (registration, snapshots, final lines). */
  lines(): DiagnosticsSnapshot[] {
    return readSnapshots(this.outFile);
  }
}

export class DiagnosticsRecorder {
  readonly dir: string;
  /** Each side's copy of the preload; undefined when it could not be written (diagnostics are then off). */
  private readonly preloads: SidePreloads | undefined;
  private readonly nodeOptions: Record<Side, string | undefined>;
  private readonly recorded: Record<Side, DiagnosticsSnapshot[]> = { base: [], head: [] };
  private servers = 0;

  /**
   * dir: where the preload and the output files go (e.g. `<output-dir>/diagnostics`). nodeOptions: each side's
   * NODE_OPTIONS, which its servers would get without us (default process.env.NODE_OPTIONS), kept after our
   * --require: a side's servers never get the other side's.
   */
  constructor(
    dir: string,
    nodeOptions: Record<Side, string | undefined> = {
      base: process.env.NODE_OPTIONS,
      head: process.env.NODE_OPTIONS,
    },
  ) {
    this.dir = dir;
    this.nodeOptions = nodeOptions;
    let preloads: SidePreloads | undefined;
    try {
      mkdirSync(dir, { recursive: true });
      preloads = sidePreloads(PRELOAD_SOURCE, PRELOAD_FILE, 'diagnostics preload');
    } catch {
      preloads = undefined;
    }
    this.preloads = preloads;
  }

  get enabled(): boolean {
    return this.preloads !== undefined;
  }

  /**
   * A new server's diagnostics: its own output file (`<dir>/<name>-<n>.jsonl`) and environment, with its side's
   * copy of the preload, checked first (a GateError when it changed on disk).
   */
  server(side: Side, name: string): ServerDiagnostics {
    const outFile = outFileFor(this.dir, `${name}-${++this.servers}`);
    const preload = this.preloads?.[side].verified();
    const env = preload === undefined ? undefined : diagnosticsEnv(preload, outFile, this.nodeOptions[side]);
    return new ServerDiagnostics(this, side, outFile, env);
  }

  /** Adds the lines of one measured window of a side. */
  record(side: Side, lines: readonly DiagnosticsSnapshot[]): void {
    this.recorded[side].push(...lines);
  }

  /** The recorded measured-window lines of both sides. */
  snapshots(): Record<Side, DiagnosticsSnapshot[]> {
    return { base: [...this.recorded.base], head: [...this.recorded.head] };
  }

  summary(options: SummaryOptions = {}): DiagnosticsSummary {
    return summarizeDiagnostics(this.recorded, options);
  }
}
