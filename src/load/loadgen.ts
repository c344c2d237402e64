/**
 * The load generator: a child process that runs rounds of autocannon and prints one JSON line per round (a
 * RoundMeasurement) or per sliced pair (two of them). A process of its own keeps the gate's own work off the
 * measured path and lets the load be pinned to a CPU apart from the server's.
 */
import autocannon from 'autocannon';
import { disturbance, machineTimes, processSeconds, threadSeconds } from '../io/cpu.ts';
import { servicePids } from '../io/peers.ts';
import { processTree } from '../io/proc.ts';
import type { LoadSpec, PairLoadSpec, RoundMeasurement } from '../model/measure.ts';
import { latencySummary } from './latency.ts';
import { PACED_WARMUP_SEC, PacedTally } from './paced.ts';
import { sampleTickMs, sliceCount } from './plan.ts';

/** What one side's load measured, added up over its windows (one for a round, many for a sliced pair). */
class Tally {
  private latencies = new Float64Array(1 << 16);
  private count = 0;
  /** Responses inside the windows' spans (first to last response), and the spans' seconds. */
  private spanResponses = 0;
  private spanSec = 0;
  /** This side's server processes, found at its first measured window, and their CPU seconds in its windows. */
  private serverMembers: number[] | undefined;
  private serverSec = 0;
  elapsedSec = 0;
  windows = 0;
  bytes = 0;
  errors = 0;
  timeouts = 0;
  non2xx = 0;
  readonly statusCodes: Record<string, number> = {};

  /** Runs one window of load and adds it; `record` false: a warm-up, thrown away. */
  window(spec: LoadSpec, durationSec: number, record: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      let n = 0;
      let first = 0;
      let last = 0;
      const serverStart = record ? this.serverSeconds(spec) : 0;
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
          // autocannon ends a run only at its next sampling tick (every second by default): a 0.5 s warm-up
          // would last a second, and a 125 ms slice 150 ms at ticks of 50 ms. A tick that divides the window
          // ends it on time.
          sampleInt: sampleTickMs(durationSec),
        },
        (error, result) => {
          if (error) {
            reject(error);
            return;
          }
          if (record) {
            this.elapsedSec += (performance.now() - started) / 1000;
            this.serverSec += this.serverSeconds(spec) - serverStart;
            this.windows++;
            if (n > 1) {
              this.spanResponses += n - 1;
              this.spanSec += (last - first) / 1000;
            }
            this.bytes += result.throughput.total;
            this.errors += result.errors - result.timeouts;
            this.timeouts += result.timeouts;
            this.non2xx += result.non2xx;
            for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
              this.statusCodes[code] = (this.statusCodes[code] ?? 0) + stat.count;
          }
          resolve();
        },
      );
      if (record) {
        instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
          const now = performance.now();
          if (n === 0) first = now;
          last = now;
          n++;
          if (this.count === this.latencies.length) {
            const bigger = new Float64Array(this.latencies.length * 2);
            bigger.set(this.latencies);
            this.latencies = bigger;
          }
          this.latencies[this.count++] = responseTime;
        });
      }
    });
  }

  /**
   * CPU seconds used so far by this side's server processes (the tree found at its first measured window: /proc is
   * read whole only once per side, so that the boundaries between slices stay short); 0 without `serverPids`.
   */
  private serverSeconds(spec: LoadSpec): number {
    if (spec.serverPids === undefined) return 0;
    this.serverMembers ??= [...new Set(spec.serverPids.flatMap((pid) => processTree(pid)))];
    let sum = 0;
    for (const pid of this.serverMembers) sum += threadSeconds(pid);
    return sum;
  }

  /**
   * The side's measurement; `cpu` is what the accounting of the whole load (both sides, if sliced) found, `paced`
   * the open-loop tally that followed it, if any.
   */
  measurement(cpu: CpuShares, paced?: PacedTally): RoundMeasurement {
    const responses = Object.values(this.statusCodes).reduce((a, b) => a + b, 0);
    const elapsedSec = this.elapsedSec;
    const sliced = this.windows > 1;
    return {
      responses,
      elapsedSec,
      // One window: responses over its whole length, as always. Slices: the rate inside each slice (first to
      // last response), so that the connection set-up between slices does not count as the server's time.
      rps: sliced && this.spanSec > 0 ? this.spanResponses / this.spanSec : responses / elapsedSec,
      latencyMs: latencySummary(this.latencies.subarray(0, this.count).sort()),
      bytesPerSec: this.bytes / elapsedSec,
      errors: this.errors,
      timeouts: this.timeouts,
      non2xx: this.non2xx,
      statusCodes: { ...this.statusCodes },
      ...(sliced ? { slices: this.windows } : {}),
      ...cpu,
      ...(this.serverMembers === undefined ? {} : { serverCpuSec: this.serverSec }),
      ...(paced ? { paced: paced.measurement() } : {}),
    };
  }
}

type CpuShares = Pick<
  RoundMeasurement,
  'loadgenCpu' | 'serverCpu' | 'serviceCpu' | 'foreignCpu' | 'stealCpu'
>;

/**
 * CPU accounting over a stretch of load: this process, the watched trees (servers, the gate), the services the
 * servers use (a local Redis or database they are connected to, service containers: part of the system under
 * test, not a disturbance), and the machine, whose remaining busy time is the disturbance.
 */
function accounting(watchPids: readonly number[] | undefined): () => CpuShares {
  // Our processes: the watched trees without this process itself, each counted once.
  const members = (): Set<number> => {
    const pids = new Set<number>();
    for (const pid of watchPids ?? []) for (const member of processTree(pid)) pids.add(member);
    pids.delete(process.pid);
    return pids;
  };
  const cpuOf = (pids: Iterable<number>): number => {
    let sum = 0;
    for (const pid of pids) sum += processSeconds(pid);
    return sum;
  };
  const ours = members();
  const services = watchPids ? servicePids([...ours], new Set([...ours, process.pid])) : [];
  const servicesStart = cpuOf(services);
  const watchedStart = cpuOf(ours);
  const machineStart = machineTimes();
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  return () => {
    const elapsedSec = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const selfSec = (cpu.user + cpu.system) / 1e6;
    const serverSec = watchPids ? cpuOf(members()) - watchedStart : 0;
    const serviceSec = services.length > 0 ? cpuOf(services) - servicesStart : 0;
    const machineEnd = machineTimes();
    const disturbed =
      machineStart && machineEnd
        ? disturbance(machineStart, machineEnd, selfSec + serverSec + serviceSec)
        : undefined;
    return {
      loadgenCpu: selfSec / elapsedSec,
      ...(watchPids ? { serverCpu: serverSec / elapsedSec } : {}),
      ...(services.length > 0 ? { serviceCpu: serviceSec / elapsedSec } : {}),
      ...(disturbed ? { foreignCpu: disturbed.foreignCores, stealCpu: disturbed.stealCores } : {}),
    };
  };
}

/**
 * The open-loop load of a round (after its closed-loop load, which has warmed the server): a short warm-up of its
 * own, then the measured window.
 */
async function pacedRound(spec: LoadSpec): Promise<PacedTally | undefined> {
  if (!spec.paced) return undefined;
  const tally = new PacedTally(spec, spec.paced);
  await tally.window(PACED_WARMUP_SEC, false);
  await tally.window(spec.paced.durationSec, true);
  return tally;
}

async function round(spec: LoadSpec): Promise<RoundMeasurement> {
  const tally = new Tally();
  if (spec.warmupSec > 0) await tally.window(spec, spec.warmupSec, false);
  const cpu = accounting(spec.watchPids);
  await tally.window(spec, spec.durationSec, true);
  const shares = cpu();
  return tally.measurement(shares, await pacedRound(spec));
}

/**
 * A sliced pair: each side is warmed up, then the sides take turns in slices of `sliceSec` (ABBA…: the first
 * side, the second twice, the first twice, …) until each has had `durationSec`. The CPU accounting covers the
 * whole pair, so a disturbance anywhere in it marks both sides.
 */
async function slicedPair(spec: PairLoadSpec): Promise<[RoundMeasurement, RoundMeasurement]> {
  const tallies = [new Tally(), new Tally()] as const;
  for (const [i, load] of spec.loads.entries())
    if (load.warmupSec > 0) await tallies[i]!.window(load, load.warmupSec, false);
  const cpu = accounting(spec.loads[0].watchPids);
  const slices = sliceCount(spec.loads[0].durationSec, spec.sliceSec);
  const sliceSec = spec.loads[0].durationSec / slices;
  for (let i = 0; i < 2 * slices; i++) await tallies[abba(i)].window(spec.loads[abba(i)], sliceSec, true);
  const shares = cpu();
  // The open loop takes turns too, in slices as long as the closed loop's, after a short warm-up of each side.
  const [first, second] = spec.loads;
  let paced: [PacedTally, PacedTally] | undefined;
  if (first.paced && second.paced) {
    paced = [new PacedTally(first, first.paced), new PacedTally(second, second.paced)];
    for (const tally of paced) await tally.window(PACED_WARMUP_SEC, false);
    const pacedSlices = sliceCount(first.paced.durationSec, spec.sliceSec);
    const pacedSliceSec = first.paced.durationSec / pacedSlices;
    for (let i = 0; i < 2 * pacedSlices; i++) await paced[abba(i)].window(pacedSliceSec, true);
  }
  return [tallies[0].measurement(shares, paced?.[0]), tallies[1].measurement(shares, paced?.[1])];
}

/** The side of slice `i` in ABBA ABBA …: slices 0, 3, 4, 7, 8, … belong to the first side. */
function abba(i: number): 0 | 1 {
  return (i % 2 === 0) === (Math.floor(i / 2) % 2 === 0) ? 0 : 1;
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
          const request = JSON.parse(line) as LoadSpec | PairLoadSpec;
          const answer =
            'loads' in request
              ? { measurements: await slicedPair(request) }
              : { measurement: await round(request) };
          process.stdout.write(`${JSON.stringify(answer)}\n`);
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
