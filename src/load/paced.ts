/**
 * The open loop's figures (as wrk2 measures): requests go out at a fixed rate whatever the server does, each timed
 * from when it was due. A closed loop waits for a free connection before sending, so a server that stalls is simply
 * sent less while it stalls and its queue never shows in the latencies (coordinated omission); here the requests
 * that fell due during a stall wait, and count. The turns themselves are in turns.ts (pacedTurn).
 */
import type { LoadSpec, PacedMeasurement, PacedSpec } from '../model/measure.ts';
import { KeptConnection, targetOf } from './connection.ts';
import { requestBytes } from './http-responses.ts';
import { latencySummary, quantileOf } from './latency.ts';
import { PACED_DRAIN_SEC, type PacedOutcome, type PacedTurn, pacedTurn, realClock } from './turns.ts';

export { PACED_DRAIN_SEC };

/** Open-loop warm-up before each side's open-loop load (connections, the rate's steady state). */
export const PACED_WARMUP_SEC = 0.2;

/** The longest one side's open-loop load can take, in `windows` measured windows plus its warm-up. */
export function pacedLimitSec(paced: PacedSpec | undefined, windows: number): number {
  if (!paced) return 0;
  return PACED_WARMUP_SEC + paced.durationSec + (windows + 1) * PACED_DRAIN_SEC;
}

/** One side's open-loop figures, over one or more recorded turns. */
export class PacedTally {
  private latencies: number[] = [];
  private lags: number[] = [];
  sent = 0;
  responses = 0;
  failures = 0;
  rate: number;

  constructor(rate: number) {
    this.rate = rate;
  }

  /** One request's outcome. A timeout counts with the time it waited; an error (never served) has no latency. */
  add({ outcome, ms }: PacedOutcome): void {
    if (outcome.kind === 'response') this.responses++;
    if (ms !== undefined) this.latencies.push(ms);
    if (outcome.kind !== 'response' || outcome.status < 200 || outcome.status >= 300) this.failures++;
  }

  turn(turn: PacedTurn, rate: number): void {
    this.sent += turn.sent;
    for (const lag of turn.lags) this.lags.push(lag);
    this.rate = rate;
  }

  measurement(): PacedMeasurement {
    return {
      rate: this.rate,
      sent: this.sent,
      responses: this.responses,
      failures: this.failures,
      latencyMs: latencySummary(Float64Array.from(this.latencies).sort()),
      sendLagP99Ms: quantileOf(Float64Array.from(this.lags).sort(), 0.99),
    };
  }
}

/** A spec's connections for the kept engine, reporting their reconnects and bytes to `events`. */
export function keptConnections(
  spec: Pick<LoadSpec, 'url' | 'method' | 'headers' | 'body' | 'connections'>,
  events: ConstructorParameters<typeof KeptConnection>[1],
): KeptConnection[] {
  const url = new URL(spec.url);
  const target = targetOf(url, requestBytes(url, spec.method, spec.headers, spec.body), spec.method);
  return Array.from({ length: spec.connections }, () => new KeptConnection(target, events));
}

/** The open-loop load of a whole round (round.ts), on connections of its own. */
export class PacedLoad {
  readonly tally: PacedTally;
  private readonly connections: KeptConnection[];
  private readonly spec: LoadSpec;

  constructor(spec: LoadSpec, paced: PacedSpec) {
    this.spec = spec;
    this.tally = new PacedTally(paced.rate);
    this.connections = keptConnections(spec, { reconnected: () => {}, received: () => {} });
  }

  /** Sends at the rate for `durationSec`, then waits for the answers (at most the drain time). */
  async window(durationSec: number, record: boolean): Promise<void> {
    const options = { sec: durationSec, rate: this.tally.rate, timeoutMs: this.spec.timeoutSec * 1000 };
    const turn = await pacedTurn(this.connections, options, realClock, (outcome) => {
      if (record) this.tally.add(outcome);
    });
    if (record) this.tally.turn(turn, this.tally.rate);
  }

  /** The side's figures over its recorded windows; closes the connections. */
  measurement(): PacedMeasurement {
    for (const connection of this.connections) connection.close();
    return this.tally.measurement();
  }
}
