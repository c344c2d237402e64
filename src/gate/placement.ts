/**
 * Where the servers and the load generator run, as taskset CPU lists, from the number of CPUs alone. Pure: the
 * system's CPU count and whether taskset exists are read in system.ts. The reasoning, and what is still to be
 * measured on runners bigger than this project's 2 CPUs: bench/NOTEBOOK.md §15, "Placement on bigger runners".
 *
 *   CPUs   housekeeping  server   load generator (workers)
 *   2      -             0        1      (1)
 *   4      -             0-2      3      (1)
 *   8      0             1-5      6-7    (2)
 *   16     0             1-11     12-15  (4)
 *
 * Turns (the default): base and head take turns on the same CPUs, one loaded at a time. The server and the load
 * generator never share a CPU. From 8 CPUs on, CPU 0 is left to the rest of the machine (the runner, the gate's own
 * process, the kernel's housekeeping, which favours CPU 0), and the load generator gets a quarter of the CPUs: one
 * core of it drives about three of a busy server (at 10 connections it used 0.3–0.4 of a core against the bench
 * server's 1.0, bench/NOTEBOOK.md §1), so more only pays when the server uses several cores (cluster, worker threads)
 * or answers very cheaply. Its workers: one while one generator core keeps up with the server, one per generator
 * CPU once it does not (`loadgenBound`).
 *
 * Duet (an option, 4 CPUs or more): base and head loaded at the same time, each on a half of its own, a server and
 * a load generator per half, so that a disturbance of the machine falls on both at once. Which side gets which half
 * must alternate from pair to pair (as ABBA alternates the order), since two halves of a machine are not alike.
 */

/** The CPUs of one server and its load generator. */
export interface CpuSet {
  /** CPUs of the server (taskset list, e.g. `1-5`). */
  server: string;
  /** CPUs of the load generator (e.g. `6-7`). */
  loadgen: string;
  /** Load-generator workers to run: 1, or one per load-generator CPU when one core is slower than the server. */
  loadgenWorkers: number;
}

export type Placement =
  /** Base and head take turns on the same CPUs. */
  | { mode: 'turns'; cpus: CpuSet; housekeeping: string | undefined }
  /** Base and head loaded at the same time, each on a half: halves[0] and halves[1], swapped every other pair. */
  | { mode: 'duet'; halves: [CpuSet, CpuSet]; housekeeping: string | undefined };

export interface PlacementOptions {
  /** Load base and head at the same time on separate CPUs (4 CPUs or more; otherwise turns). */
  duet?: boolean;
  /** One load-generator core was slower than the server (it kept ~90% or more of its core busy). */
  loadgenBound?: boolean;
}

/** CPUs from `first` to `last` as a taskset list: `3`, or `1-5`. */
export function cpuList(first: number, last: number): string {
  return first === last ? String(first) : `${first}-${last}`;
}

/** CPU 0 is kept out of the measurement from 8 CPUs on; below that, every CPU is needed. */
export function housekeepingCpus(cpus: number): number {
  return cpus >= 8 ? 1 : 0;
}

/**
 * One server and its load generator on `count` CPUs from `first`: the load generator gets `generator` CPUs at the
 * end, the server the rest.
 */
function cpuSet(first: number, count: number, generator: number, loadgenBound: boolean): CpuSet {
  const last = first + count - 1;
  return {
    server: cpuList(first, last - generator),
    loadgen: cpuList(last - generator + 1, last),
    loadgenWorkers: loadgenBound ? generator : 1,
  };
}

/** Where the servers and the load generator run on a machine of `cpus` CPUs; undefined below 2 (no pinning). */
export function cpuPlacement(cpus: number, options: PlacementOptions = {}): Placement | undefined {
  if (!Number.isInteger(cpus) || cpus < 2) return undefined;
  const skip = housekeepingCpus(cpus);
  const housekeeping = skip === 0 ? undefined : cpuList(0, skip - 1);
  const bound = options.loadgenBound === true;
  if (options.duet === true && cpus >= 4) {
    const half = Math.floor((cpus - skip) / 2);
    const generator = Math.max(1, Math.floor(half / 3));
    return {
      mode: 'duet',
      halves: [cpuSet(skip, half, generator, bound), cpuSet(skip + half, half, generator, bound)],
      housekeeping,
    };
  }
  const generator = cpus >= 8 ? Math.floor(cpus / 4) : 1;
  return { mode: 'turns', cpus: cpuSet(skip, cpus - skip, generator, bound), housekeeping };
}
