/**
 * The gate's end of the allocation preload (src/diagnostics/alloc-preload.ts), one per profiled server: at each edge
 * of the side's windows it writes a token into the preload's control file and waits for the line that answers it,
 * the profile of the window since the previous edge. A preload that does not answer in time (a Node.js without the
 * inspector, a server that replaced its own environment) is asked nothing more: the CPU profile goes on without it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { KEPT_MARK, LAST_MARK } from '../diagnostics/alloc-preload.ts';
import { readFrom, sizeOf, writeToken } from '../diagnostics/install.ts';

/** How often the answer file is read while waiting, ms. */
const POLL_MS = 2;
/** Longest wait for an answer: the server is idle at an edge, so the preload answers within its CONTROL_MS. */
const ANSWER_MS = 2000;

/** One answer of the preload: the token it answers and the window's profile (null before the first edge). */
function answerOf(line: string): { seq: string; profile: unknown } | undefined {
  try {
    const raw: unknown = JSON.parse(line);
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { seq, profile } = raw as { seq?: unknown; profile?: unknown };
    return typeof seq === 'string' ? { seq, profile } : undefined;
  } catch {
    return undefined;
  }
}

export class AllocationProbe {
  /** The raw profile of each window, by the label of the edge that closed it (checked when read: heap-profile.ts). */
  readonly profiles = new Map<string, unknown>();
  /** false once the preload failed to answer. */
  answering = true;
  private sequence = 0;

  /** The file the preload appends to (its PERF_GATE_ALLOCATION). */
  readonly outFile: string;
  private readonly answerMs: number;

  /** answerMs: the longest wait for an answer (default ANSWER_MS). */
  constructor(outFile: string, answerMs = ANSWER_MS) {
    this.outFile = outFile;
    this.answerMs = answerMs;
  }

  /**
   * Closes the window since the last edge under `label` and opens the next (none after the `last` one); `kept`: the
   * next measures what is kept (src/diagnostics/alloc-preload.ts).
   */
  async edge(label: string, last = false, kept = false): Promise<void> {
    if (!this.answering) return;
    const mode = kept ? KEPT_MARK : '';
    const token = `${label}#${process.pid}.${++this.sequence}${mode}${last ? LAST_MARK : ''}`;
    // The answer comes after what the file holds now: only that part is read while waiting for it.
    const from = sizeOf(this.outFile);
    try {
      writeToken(this.outFile, token);
    } catch {
      this.answering = false;
      return;
    }
    const deadline = Date.now() + this.answerMs;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      const text = await readFrom(this.outFile, from);
      const complete = text.slice(0, text.lastIndexOf('\n') + 1);
      for (const line of complete.split('\n')) {
        const answer = answerOf(line);
        if (answer?.seq !== token) continue;
        this.profiles.set(label, answer.profile);
        return;
      }
    }
    this.answering = false;
  }
}
