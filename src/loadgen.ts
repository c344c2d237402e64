/**
 * The load generator: a child process that runs one round of autocannon against one URL and prints one JSON
 * line (a RoundMeasurement). A process of its own keeps the gate's own work off the measured path and lets the
 * load be pinned to a CPU apart from the server's.
 */
import autocannon from 'autocannon';
import { disturbance, machineTimes, processSeconds } from './io/cpu.ts';
import { servicePids } from './io/peers.ts';
import { processTree } from './io/proc.ts';
import type { LoadSpec, RoundMeasurement } from './measure.ts';

/** Width of the bins of the round's throughput profile. */
const BIN_MS = 250;

/**
 * The round's throughput as the median over its full 250 ms bins (the first and the last, partial, dropped): a
 * stall of the host that hits a second of a round moves a few bins, not the round's value. The bins are not
 * samples for the test (they are autocorrelated); they only make one round's number robust.
 */
function medianBinRate(bins: readonly (number | undefined)[], elapsedSec: number): number {
  const full = Math.floor((elapsedSec * 1000) / BIN_MS);
  const rates = bins
    .slice(1, Math.max(1, full - 1))
    .map((n) => ((n ?? 0) * 1000) / BIN_MS)
    .sort((a, b) => a - b);
  if (rates.length === 0) return Number.NaN;
  const mid = Math.floor(rates.length / 2);
  return rates.length % 2 === 1 ? rates[mid]! : (rates[mid - 1]! + rates[mid]!) / 2;
}

function runOnce(spec: LoadSpec, durationSec: number, record: boolean): Promise<RoundMeasurement> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    const bins: number[] = [];
    let count = 0;
    const cpuStart = process.cpuUsage();
    // Our processes: the watched trees (servers, the gate) without this process itself, each counted once.
    const members = (): Set<number> => {
      const pids = new Set<number>();
      for (const pid of spec.watchPids ?? []) for (const member of processTree(pid)) pids.add(member);
      pids.delete(process.pid);
      return pids;
    };
    const cpuOf = (pids: Iterable<number>): number => {
      let sum = 0;
      for (const pid of pids) sum += processSeconds(pid);
      return sum;
    };
    const watched = (): number => cpuOf(members());
    // The services the servers use (a local Redis or database they are connected to, service containers): part
    // of the system under test, so their CPU is not a disturbance. Found once, before the round.
    const ours = record ? members() : new Set<number>();
    const services = record && spec.watchPids ? servicePids([...ours], new Set([...ours, process.pid])) : [];
    const servicesStart = cpuOf(services);
    const watchedStart = cpuOf(ours);
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
        // autocannon ends a run only at its next sampling tick (every second by default): a 0.5 s warm-up would
        // last a second, and a 3 s round 3 or 4. Ticks every 50 ms keep each window within 50 ms of its length.
        sampleInt: 50,
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
        const serviceSec = services.length > 0 ? cpuOf(services) - servicesStart : 0;
        const machineEnd = record ? machineTimes() : undefined;
        const disturbed =
          machineStart && machineEnd
            ? disturbance(machineStart, machineEnd, selfSec + serverSec + serviceSec)
            : undefined;
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
          rpsMedianBins: medianBinRate(bins, elapsedSec),
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
          ...(services.length > 0 ? { serviceCpu: serviceSec / elapsedSec } : {}),
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
        const bin = Math.floor((performance.now() - started) / BIN_MS);
        bins[bin] = (bins[bin] ?? 0) + 1;
      });
    }
  });
}

async function round(spec: LoadSpec): Promise<RoundMeasurement> {
  if (spec.warmupSec > 0) await runOnce(spec, spec.warmupSec, false);
  return runOnce(spec, spec.durationSec, true);
}

/**
 * One round from argv, or, with `--serve`, one round per JSON line on stdin, each answered by one JSON line on
 * stdout: a process that lives for the whole gate keeps its JIT warm, so the client's own per-request cost (on
 * the critical path of a closed loop) does not change from round to round.
 */
async function main(): Promise<void> {
  if (process.argv[2] !== '--serve') {
    const measurement = await round(JSON.parse(process.argv[2] ?? '') as LoadSpec);
    process.stdout.write(`${JSON.stringify(measurement)}\n`);
    return;
  }
  let buffer = '';
  let queue = Promise.resolve();
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim() === '') continue;
      queue = queue.then(async () => {
        try {
          const measurement = await round(JSON.parse(line) as LoadSpec);
          process.stdout.write(`${JSON.stringify({ measurement })}\n`);
        } catch (error) {
          process.stdout.write(
            `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
          );
        }
      });
    }
  });
  process.stdin.on('end', () => {
    void queue.then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
