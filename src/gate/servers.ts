/**
 * The servers being measured: at most one per side at a time, each with its diagnostics probe. Side by side (the
 * plan's blocks) both sides start together; with a fresh process per round, one side alone. Every server is
 * stopped when measuring fails.
 */
import { PortNotMovedError } from '../io/server.ts';
import type { RoundMeasurement, RoundMemory, Side } from '../model/measure.ts';
import type { GateServer, Probe, Probes, ProbeWindow, StartServer } from './ports.ts';

export class Servers {
  private readonly running: Partial<Record<Side, GateServer>> = {};
  private readonly probes: Partial<Record<Side, Probe>> = {};
  private readonly start: StartServer;
  private readonly diagnostics: Probes;

  /** Called before the running servers stop (the load generator's pools on them are closed first). */
  private readonly beforeStop: (() => Promise<void>) | undefined;

  constructor(start: StartServer, diagnostics: Probes, beforeStop?: () => Promise<void>) {
    this.start = start;
    this.diagnostics = diagnostics;
    this.beforeStop = beforeStop;
  }

  /**
   * The side's server, started for `pair` (with a probe of its own) when none is running: alone (a fresh process
   * per round), unless `together` (startBoth: the other side runs at the same time, which moves a fixed port).
   */
  async serverFor(side: Side, pair: number, together = false): Promise<GateServer> {
    const running = this.running[side];
    if (running) return running;
    const probe = this.diagnostics.server(side, `pair${pair + 1}-${side}`);
    const server = await this.start(side, pair, probe.env, together);
    this.running[side] = server;
    this.probes[side] = probe;
    return server;
  }

  /** The side's running server (undefined when none). */
  get(side: Side): GateServer | undefined {
    return this.running[side];
  }

  /** The probe of the side's running server. */
  probe(side: Side): Probe {
    return this.probes[side]!;
  }

  /** The processes of the running servers, in the order they started. */
  pids(): number[] {
    return Object.values(this.running).map((server) => server.pid);
  }

  /**
   * Base and head start at the same time: a server that takes seconds to start costs that once per block, not twice
   * (with `restart-every: 1`, once per pair). When either fails, the other is stopped before the error goes on.
   */
  async startBoth(pair: number): Promise<[GateServer, GateServer]> {
    const [base, head] = await Promise.allSettled([
      this.serverFor('base', pair, true),
      this.serverFor('head', pair, true),
    ]);
    if (base.status === 'fulfilled' && head.status === 'fulfilled') return [base.value, head.value];
    await this.stopAll();
    const reasons = [base, head].flatMap((started) =>
      started.status === 'rejected' ? [started.reason] : [],
    );
    // A kept fixed port first: the other side then fails to bind it (EADDRINUSE), or was not moved either.
    // Otherwise base's failure first: a head that cannot start beside a base that cannot either is not the news.
    throw reasons.find((reason) => reason instanceof PortNotMovedError) ?? reasons[0];
  }

  /** Stops both sides at once: each stop waits for its tree to exit, which need not wait for the other's. */
  async stopAll(): Promise<void> {
    if (this.running.base || this.running.head) await this.beforeStop?.();
    await Promise.all(
      (['base', 'head'] as const).map(async (side) => {
        await this.running[side]?.stop();
        delete this.running[side];
      }),
    );
  }

  /** Runs `step`; when it throws, every server is stopped before the error goes on. */
  async stopAllOnError<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      await this.stopAll();
      throw error;
    }
  }
}

/**
 * `run`'s result once the `loaded` servers are known to be still up: a server that died is the cause of a failure,
 * not the load generator that lost it.
 */
export function alive<T>(loaded: readonly GateServer[], during: string, run: Promise<T>): Promise<T> {
  const check = (): void => {
    for (const server of loaded) server.assertAlive(during);
  };
  return run.then(
    (result) => {
      check();
      return result;
    },
    (error: unknown) => {
      check();
      throw error;
    },
  );
}

/**
 * `run`'s result inside diagnostics windows already open: each closed (read) after it, abandoned when it throws;
 * with each window's memory, in the windows' order.
 */
export async function inWindows<T>(
  windows: readonly ProbeWindow[],
  run: () => Promise<T>,
): Promise<{ result: T; memory: (RoundMemory | undefined)[] }> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await Promise.all(windows.map((w) => w.abandon()));
    throw error;
  }
  const memory = await Promise.all(windows.map((w) => w.close()));
  return { result, memory };
}

/** A measurement with its window's memory, where there is one. */
export function withMemory(measurement: RoundMeasurement, memory: RoundMemory | undefined): RoundMeasurement {
  return memory === undefined ? measurement : { ...measurement, memory };
}
