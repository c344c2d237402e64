/**
 * Whether the load generator, not the server, set the pace of a scenario's load: then the server's CPU time per
 * request is compared too. Decided from the scenario's first pair alone, which is measured before the first look
 * and kept, so the family of comparisons is fixed before any look; and from the rounds alone, so that a report
 * decided again (`mode: report`, merged shards) compares what the gate compared. Pure.
 */
import type { Round, RoundMeasurement } from '../model/measure.ts';

/** Share of its core at which the load generator has no idle time left (the mark of the loadgen-busy note). */
export const LOADGEN_BUSY = 0.9;

/** The server's cores during its own measured windows; NaN where its CPU was not measured. */
function serverCores(m: RoundMeasurement): number {
  return m.serverCpuSec !== undefined && m.serverCpuSec > 0 && m.elapsedSec > 0
    ? m.serverCpuSec / m.elapsedSec
    : Number.NaN;
}

/**
 * A closed loop runs at the pace of its slowest stage, and req/s shows the server's cost only when the server is
 * that stage. It is not when the generator had no idle time left, or was busier than the server: req/s then
 * understates a change in the server's cost, which its CPU time per request shows. Base's and head's means, so the
 * rule treats both sides alike and whether it holds says nothing about which side was costlier.
 */
export function generatorPaced(first: { base: Round; head: Round }): boolean {
  const sides = [first.base.measurement, first.head.measurement];
  const server = sides.map(serverCores);
  if (!server.every(Number.isFinite)) return false;
  const generator = (sides[0]!.loadgenCpu + sides[1]!.loadgenCpu) / 2;
  return generator >= LOADGEN_BUSY || generator >= (server[0]! + server[1]!) / 2;
}
