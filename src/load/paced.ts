/**
 * The open loop's figures (as wrk2 measures): requests go out at a fixed rate whatever the server does, each timed
 * from when it was due. A closed loop waits for a free connection before sending, so a server that stalls is simply
 * sent less while it stalls and its queue never shows in the latencies (coordinated omission); here the requests
 * that fell due during a stall wait, and count. The turns themselves are in turns.ts (pacedTurn).
 */
import type { LoadSpec, PacedMeasurement } from '../model/measure.ts';
import { KeptConnection, targetOf } from './connection.ts';
import { requestBytes } from './http-responses.ts';
import { latencySummary, quantileOf } from './latency.ts';
import type { PacedOutcome, PacedTurn } from './turns.ts';

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
