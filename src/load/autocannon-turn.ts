/**
 * One turn of load by a fresh autocannon instance with connections of its own (`engine: autocannon`: the design
 * before the kept engine, for servers that engine cannot serve).
 */
import autocannon from 'autocannon';
import type { PoolSpec } from '../model/measure.ts';
import { sampleTickMs } from './plan.ts';
import type { Tally } from './tally.ts';

/** What a turn did: responses, its whole time and the span from its first response to its last. */
export interface TurnTimes {
  responses: number;
  sec: number;
  spanSec: number;
  errors: number;
  timeouts: number;
}

/** Runs `sec` of load and adds it to `tally` (none: a warm-up, thrown away). */
export function autocannonTurn(spec: PoolSpec, sec: number, tally: Tally | undefined): Promise<TurnTimes> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let first = 0;
    let last = 0;
    const serverStart = tally ? tally.serverSeconds(spec.serverPids) : 0;
    const started = performance.now();
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        connections: spec.connections,
        duration: sec,
        timeout: spec.timeoutSec,
        pipelining: 1,
        // autocannon ends a run only at its next sampling tick (every second by default): a 0.5 s warm-up
        // would last a second, and a 125 ms turn 150 ms at ticks of 50 ms. A tick that divides the window
        // ends it on time.
        sampleInt: sampleTickMs(sec),
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const times = {
          responses: n,
          sec: (performance.now() - started) / 1000,
          spanSec: n > 1 ? (last - first) / 1000 : 0,
          errors: result.errors - result.timeouts,
          timeouts: result.timeouts,
        };
        if (tally) {
          tally.addServerSec(tally.serverSeconds(spec.serverPids) - serverStart);
          // Responses counted by status below; the turn's own count is autocannon's.
          tally.turn(n, times.sec, times.spanSec);
          tally.bytes += result.throughput.total;
          tally.errors += times.errors;
          tally.timeouts += times.timeouts;
          tally.non2xx += result.non2xx;
          for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
            tally.statusCodes[code] = (tally.statusCodes[code] ?? 0) + stat.count;
        }
        resolve(times);
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      const now = performance.now();
      if (n === 0) first = now;
      last = now;
      n++;
      tally?.latency(responseTime);
    });
  });
}
