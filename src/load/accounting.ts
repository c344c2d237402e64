/**
 * CPU accounting over stretches of load: this process, the watched trees (servers, the gate), the services the
 * servers use (a local Redis or database they are connected to, service containers: part of the system under
 * test, not a disturbance), and the machine, whose remaining busy time is the disturbance. Seconds add up over
 * stretches (the turns a pool recorded in); shares are seconds over the stretches' time.
 */
import { foreignLoad, machineTimes, processSeconds } from '../io/cpu.ts';
import { servicePids } from '../io/peers.ts';
import { processTree } from '../io/proc.ts';
import type { RoundMeasurement } from '../model/measure.ts';

export type CpuShares = Pick<
  RoundMeasurement,
  'loadgenCpu' | 'serverCpu' | 'serviceCpu' | 'foreignCpu' | 'stealCpu'
>;

/** CPU seconds over a stretch of `elapsedSec`; a field is missing where it could not be read. */
export interface CpuSeconds {
  elapsedSec: number;
  selfSec: number;
  serverSec?: number;
  serviceSec?: number;
  foreignSec?: number;
  stealSec?: number;
}

/** Starts the accounting of a stretch; the function returned ends it. */
export function accounting(watchPids: readonly number[] | undefined): () => CpuSeconds {
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
        ? foreignLoad(machineStart, machineEnd, selfSec + serverSec + serviceSec)
        : undefined;
    return {
      elapsedSec,
      selfSec,
      ...(watchPids ? { serverSec } : {}),
      ...(services.length > 0 ? { serviceSec } : {}),
      ...(disturbed
        ? { foreignSec: disturbed.foreignCores * elapsedSec, stealSec: disturbed.stealCores * elapsedSec }
        : {}),
    };
  };
}

/** Two stretches' seconds added up (a field read in only one of them is kept as it was read). */
export function addSeconds(a: CpuSeconds | undefined, b: CpuSeconds): CpuSeconds {
  if (!a) return { ...b };
  const sum = (x: number | undefined, y: number | undefined): number | undefined =>
    x === undefined ? y : y === undefined ? x : x + y;
  const total: CpuSeconds = { elapsedSec: a.elapsedSec + b.elapsedSec, selfSec: a.selfSec + b.selfSec };
  for (const key of ['serverSec', 'serviceSec', 'foreignSec', 'stealSec'] as const) {
    const value = sum(a[key], b[key]);
    if (value !== undefined) total[key] = value;
  }
  return total;
}

/** Seconds as shares of the stretches' time, in cores (1 = one core busy throughout). */
export function cpuShares(seconds: CpuSeconds | undefined): CpuShares {
  if (!seconds || seconds.elapsedSec <= 0) return { loadgenCpu: 0 };
  const per = (sec: number): number => sec / seconds.elapsedSec;
  return {
    loadgenCpu: per(seconds.selfSec),
    ...(seconds.serverSec === undefined ? {} : { serverCpu: per(seconds.serverSec) }),
    ...(seconds.serviceSec === undefined ? {} : { serviceCpu: per(seconds.serviceSec) }),
    ...(seconds.foreignSec === undefined ? {} : { foreignCpu: per(seconds.foreignSec) }),
    ...(seconds.stealSec === undefined ? {} : { stealCpu: per(seconds.stealSec) }),
  };
}
