/**
 * The load generator: a child process that runs one round of autocannon against one URL and prints one JSON
 * line (a RoundMeasurement). A process of its own keeps the gate's own work off the measured path and lets the
 * load be pinned to a CPU apart from the server's.
 */
import autocannon from 'autocannon';
import { disturbance, machineTimes, processSeconds } from './io/cpu.ts';
import { processTree } from './io/proc.ts';
import type { LoadSpec, RoundMeasurement } from './measure.ts';

function runOnce(spec: LoadSpec, durationSec: number, record: boolean): Promise<RoundMeasurement> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    const cpuStart = process.cpuUsage();
    // Our processes: the watched trees (servers, the gate) without this process itself, each counted once.
    const watched = (): number => {
      const pids = new Set<number>();
      for (const pid of spec.watchPids ?? []) for (const member of processTree(pid)) pids.add(member);
      pids.delete(process.pid);
      let sum = 0;
      for (const pid of pids) sum += processSeconds(pid);
      return sum;
    };
    const watchedStart = record ? watched() : 0;
    const machineStart = record ? machineTimes() : undefined;
    const started = performance.now();
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        connections: spec.connections,
        duration: durationSec,
        timeout: spec.timeoutSec,
        pipelining: 1,
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const elapsedSec = (performance.now() - started) / 1000;
        const cpu = process.cpuUsage(cpuStart);
        const selfSec = (cpu.user + cpu.system) / 1e6;
        const serverSec = record ? watched() - watchedStart : 0;
        const machineEnd = record ? machineTimes() : undefined;
        const disturbed =
          machineStart && machineEnd ? disturbance(machineStart, machineEnd, selfSec + serverSec) : undefined;
        const sorted = latencies.subarray(0, count).sort();
        const at = (q: number): number => {
          if (count === 0) return Number.NaN;
          const index = (count - 1) * q;
          const lo = Math.floor(index);
          const hi = Math.min(count - 1, lo + 1);
          return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (index - lo);
        };
        let sum = 0;
        for (const value of sorted) sum += value;
        const statusCodes: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
          statusCodes[code] = stat.count;
        const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
        resolve({
          responses,
          elapsedSec,
          rps: responses / elapsedSec,
          latencyMs: {
            p50: at(0.5),
            p90: at(0.9),
            p99: at(0.99),
            max: count ? sorted[count - 1]! : Number.NaN,
            mean: sum / count,
          },
          bytesPerSec: result.throughput.total / elapsedSec,
          errors: result.errors - result.timeouts,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statusCodes,
          loadgenCpu: selfSec / elapsedSec,
          ...(spec.watchPids ? { serverCpu: serverSec / elapsedSec } : {}),
          ...(disturbed ? { foreignCpu: disturbed.foreignCores, stealCpu: disturbed.stealCores } : {}),
        });
      },
    );
    if (record) {
      instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        if (count === latencies.length) {
          const bigger = new Float64Array(latencies.length * 2);
          bigger.set(latencies);
          latencies = bigger;
        }
        latencies[count++] = responseTime;
      });
    }
  });
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  if (spec.warmupSec > 0) await runOnce(spec, spec.warmupSec, false);
  const measurement = await runOnce(spec, spec.durationSec, true);
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
