/**
 * What one side's closed-loop load measured, added up over its recorded turns (windows): responses by status,
 * latencies, failures, bytes, the turns' times for the rate, and the CPU time of the side's own server in them.
 */
import { threadSeconds } from '../io/cpu.ts';
import { processTree } from '../io/proc.ts';
import type { PacedMeasurement, RoundMeasurement } from '../model/measure.ts';
import { addSeconds, type CpuSeconds, cpuShares } from './accounting.ts';
import { latencySummary } from './latency.ts';

/** How the turns' rate is taken: over their whole time (first send to last answer), or first to last response. */
export type RateBasis = 'turn' | 'span';

export class Tally {
  private latencies = new Float64Array(1 << 16);
  private count = 0;
  /** Responses and seconds of the turns (first send to last answer) and of their spans (first to last response). */
  private turnResponses = 0;
  private turnSec = 0;
  private spanResponses = 0;
  private spanSec = 0;
  /** This side's server processes, found at its first measured turn, and their CPU seconds in its turns. */
  private serverMembers: number[] | undefined;
  private serverSec = 0;
  private cpu: CpuSeconds | undefined;
  elapsedSec = 0;
  windows = 0;
  bytes = 0;
  errors = 0;
  timeouts = 0;
  non2xx = 0;
  reconnects = 0;
  readonly statusCodes: Record<string, number> = {};

  /** One response; `ms` its latency, undefined where it is not known. */
  response(status: number, ms: number | undefined): void {
    this.statusCodes[status] = (this.statusCodes[status] ?? 0) + 1;
    if (status < 200 || status >= 300) this.non2xx++;
    if (ms !== undefined) this.latency(ms);
  }

  latency(ms: number): void {
    if (this.count === this.latencies.length) {
      const bigger = new Float64Array(this.latencies.length * 2);
      bigger.set(this.latencies);
      this.latencies = bigger;
    }
    this.latencies[this.count++] = ms;
  }

  /** A recorded turn's times: `responses` in `sec` (its whole time), and over its span of `spanSec`. */
  turn(responses: number, sec: number, spanSec: number, elapsedSec = sec): void {
    this.windows++;
    this.elapsedSec += elapsedSec;
    this.turnResponses += responses;
    this.turnSec += sec;
    if (responses > 1 && spanSec > 0) {
      this.spanResponses += responses - 1;
      this.spanSec += spanSec;
    }
  }

  /** CPU accounting of a stretch this side recorded in. */
  addCpu(seconds: CpuSeconds): void {
    this.cpu = addSeconds(this.cpu, seconds);
  }

  /**
   * CPU seconds used so far by this side's server processes (the tree found at its first measured turn: /proc is
   * read whole only once per side, so that the boundaries between turns stay short); 0 without `serverPids`.
   */
  serverSeconds(serverPids: readonly number[] | undefined): number {
    if (serverPids === undefined) return 0;
    this.serverMembers ??= [...new Set(serverPids.flatMap((pid) => processTree(pid)))];
    let sum = 0;
    for (const pid of this.serverMembers) sum += threadSeconds(pid);
    return sum;
  }

  addServerSec(sec: number): void {
    this.serverSec += sec;
  }

  /**
   * The side's measurement. `basis`: the rate over the turns' whole time, or over their spans (first to last
   * response: autocannon's turns, whose connection set-up is not the server's time); one window alone is always
   * measured over its whole length. `paced`: the open-loop figures, if any.
   */
  measurement(basis: RateBasis, paced?: PacedMeasurement, extra: { turns?: boolean } = {}): RoundMeasurement {
    const responses = Object.values(this.statusCodes).reduce((a, b) => a + b, 0);
    const elapsedSec = this.elapsedSec;
    const inTurns = this.windows > 1;
    let rps = responses / elapsedSec;
    if (inTurns && basis === 'span' && this.spanSec > 0) rps = this.spanResponses / this.spanSec;
    if (basis === 'turn' && this.turnSec > 0) rps = this.turnResponses / this.turnSec;
    return {
      responses,
      elapsedSec,
      rps,
      latencyMs: latencySummary(this.latencies.subarray(0, this.count).sort()),
      bytesPerSec: this.bytes / elapsedSec,
      errors: this.errors,
      timeouts: this.timeouts,
      non2xx: this.non2xx,
      statusCodes: { ...this.statusCodes },
      ...(inTurns ? { slices: this.windows } : {}),
      ...cpuShares(this.cpu),
      ...(this.serverMembers === undefined ? {} : { serverCpuSec: this.serverSec }),
      ...(paced ? { paced } : {}),
      ...(extra.turns ? { turns: this.windows, reconnects: this.reconnects } : {}),
    };
  }
}
