/**
 * The load generator's pools: one per side, scenario and server process, opened on first use and kept until that
 * server stops, so that with the kept-connection engine the connections outlive the turns (and a new process gets
 * new ones).
 */
import type { Scenario } from '../model/config.ts';
import type { PoolSpec } from '../model/measure.ts';
import type { GateServer, LoadRunner } from './ports.ts';

export class Pools {
  private readonly opened = new Set<string>();
  private readonly load: LoadRunner;

  constructor(load: LoadRunner) {
    this.load = load;
  }

  /** The pool of `scenario` (its index in the config: `index`) on `server`, opened with `spec` if it is not yet. */
  async of(server: GateServer, index: number, spec: () => PoolSpec): Promise<string> {
    const id = `${server.side}-${server.pid}-${server.port}-s${index + 1}`;
    if (!this.opened.has(id)) {
      await this.load.open(id, spec(), server.side);
      this.opened.add(id);
    }
    return id;
  }

  /** Closes every pool (their servers are about to stop). */
  async closeAll(): Promise<void> {
    if (this.opened.size === 0) return;
    this.opened.clear();
    await this.load.close();
  }

  /** The pools open now, for tests and the log. */
  get count(): number {
    return this.opened.size;
  }
}

/** A scenario's pool on one server, as the load generator opens it. */
export function poolSpec(
  scenario: Scenario,
  server: GateServer,
  options: { connections: number; engine: PoolSpec['engine']; watchPids: number[] },
): PoolSpec {
  return {
    url: `${server.origin}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    connections: scenario.connections ?? options.connections,
    timeoutSec: 10,
    engine: options.engine,
    watchPids: options.watchPids,
    serverPids: [server.pid],
  };
}
