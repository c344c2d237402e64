/**
 * Fakes for the gate's pair runner (src/gate/measure.ts): a clock that only moves when the fake load generator
 * runs a load (for the load's seconds) or a fake server takes time to start, a load generator and a server starter
 * that record every call in one ordered list of events, and probes and a log that record theirs. Nothing here
 * sleeps or reads the real time, so the tests that use them run in milliseconds and cannot flake.
 */
import { type Measured, measure } from '../../src/gate/measure.ts';
import type { Clock, GateServer, LoadRunner, Probe, Probes } from '../../src/gate/ports.ts';
import { GateError } from '../../src/io/errors.ts';
import { PortNotMovedError } from '../../src/io/server.ts';
import type { Config, Scenario } from '../../src/model/config.ts';
import type { DiagnosticsSummary } from '../../src/model/diagnostics.ts';
import type { LoadSpec, PacedSpec, PairLoadSpec, RoundMeasurement, Side } from '../../src/model/measure.ts';

export const T0 = Date.UTC(2026, 0, 1);

export class FakeClock implements Clock {
  ms = T0;
  now(): number {
    return this.ms;
  }
  iso(): string {
    return new Date(this.ms).toISOString();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A load as the fake load generator saw it. */
export interface LoadEvent {
  op: 'run';
  side: Side;
  /** The fake server it loaded. */
  server: number;
  path: string;
  durationSec: number;
  paced: PacedSpec | undefined;
  watchPids: number[] | undefined;
  /** Priming (or measuring base for the open loop: PRIME_SEC of load) or a measured round. */
  kind: 'priming' | 'measured';
}

export interface PairEvent {
  op: 'runPair';
  order: readonly [Side, Side];
  /** The fake servers of loads[0] and loads[1]. */
  servers: [number, number];
  path: string;
  sliceSec: number;
  paced: [PacedSpec | undefined, PacedSpec | undefined];
}

export type Event =
  /** together: started to run beside the other side (a fixed port then moved). */
  | { op: 'start'; side: Side; pair: number; server: number; together: boolean }
  | { op: 'start-failed'; side: Side; pair: number }
  | { op: 'stop'; side: Side; server: number }
  | { op: 'loadgen-stop' }
  | LoadEvent
  | PairEvent;

/** What a measurement is asked for: the load's side and kind, and how many measured loads came before it. */
export interface LoadCall {
  side: Side;
  kind: 'priming' | 'measured';
  path: string;
  /** Measured loads (one per side and scenario) before this one, from 0. */
  measured: number;
  /** Priming loads of this side before this one, from 0. */
  primed: number;
}

export function measurement(rps: number, extra: Partial<RoundMeasurement> = {}): RoundMeasurement {
  const responses = Math.round(rps * 2);
  return {
    responses,
    elapsedSec: 2,
    rps,
    latencyMs: { p50: 1e4 / rps, p90: 1.5e4 / rps, p99: 3e4 / rps, max: 6e4 / rps, mean: 1e4 / rps },
    bytesPerSec: rps * 100,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': responses },
    loadgenCpu: 0.3,
    ...extra,
  };
}

/** Answers with `status` to every request. */
export function failing(status: number): RoundMeasurement {
  return measurement(1000, { non2xx: 2000, statusCodes: { [String(status)]: 2000 } });
}

class FakeServer implements GateServer {
  readonly side: Side;
  readonly id: number;
  readonly port: number;
  readonly origin: string;
  readonly pid: number;
  dead = false;
  private readonly world: World;

  constructor(world: World, side: Side, id: number) {
    this.world = world;
    this.side = side;
    this.id = id;
    this.port = 40_000 + id;
    this.origin = `http://127.0.0.1:${this.port}`;
    this.pid = 1000 + id;
  }

  assertAlive(during: string): void {
    if (this.dead) {
      throw new GateError(
        'server-crash',
        `the ${this.side} server \`node server.js\` exited with code 1 during ${during}`,
        {
          side: this.side,
        },
      );
    }
  }

  async stop(): Promise<void> {
    this.world.events.push({ op: 'stop', side: this.side, server: this.id });
  }
}

export interface WorldOptions {
  config?: Partial<Config>;
  /** The measurement a load returns (default: 1000 req/s on both sides). */
  measure?: (call: LoadCall) => RoundMeasurement;
  /** Extra milliseconds a load takes beyond its warm-up and duration. */
  extraMs?: (call: LoadCall) => number;
  /** Called as a load starts: may kill a server (`world.kill`). */
  onLoad?: (call: LoadCall, world: World) => void;
  /** Whether starting this side's server for this pair fails. */
  failStart?: (side: Side, pair: number) => boolean;
  /** Whether this side's server keeps its fixed port (config.port) when it was to move it (PortNotMovedError). */
  keepsPort?: (side: Side, pair: number) => boolean;
  /** Milliseconds each server takes to start. */
  startMs?: number;
  /** The time limit from the start (default: the config's timeoutMs). */
  deadlineMs?: number;
}

/** A gate's world of fakes: the config, the clock, the collaborators, and what they recorded. */
export class World {
  readonly clock = new FakeClock();
  readonly events: Event[] = [];
  readonly logs: { level: 'info' | 'warning'; message: string }[] = [];
  readonly notes: string[] = [];
  /** The names of the probes made, in order, and the windows they measured. */
  readonly probeNames: string[] = [];
  readonly windows: { side: Side; label: string; warmupSec: number; port: number | undefined }[] = [];
  readonly config: Config;
  readonly servers = new Map<number, FakeServer>();
  private readonly options: WorldOptions;
  private measuredCount = 0;
  private readonly primedCount: Record<Side, number> = { base: 0, head: 0 };

  constructor(options: WorldOptions = {}) {
    this.options = options;
    this.config = gateConfig(options.config);
  }

  /** Runs the pair runner with these fakes. */
  measure(): Promise<Measured> {
    return measure({
      config: this.config,
      clock: this.clock,
      load: this.load,
      startServer: (side, pair, _env, together) => this.start(side, pair, together),
      probes: this.probes,
      log: {
        info: (message) => this.logs.push({ level: 'info', message }),
        warning: (message) => this.logs.push({ level: 'warning', message }),
      },
      deadline: T0 + (this.options.deadlineMs ?? this.config.timeoutMs),
      notes: this.notes,
    });
  }

  /** Makes a running server die: the next check that it is alive fails. */
  kill(side: Side): void {
    for (const server of this.servers.values()) if (server.side === side) server.dead = true;
  }

  of<K extends Event['op']>(op: K): Extract<Event, { op: K }>[] {
    return this.events.filter((e): e is Extract<Event, { op: K }> => e.op === op);
  }

  info(): string[] {
    return this.logs.filter((l) => l.level === 'info').map((l) => l.message);
  }

  warnings(): string[] {
    return this.logs.filter((l) => l.level === 'warning').map((l) => l.message);
  }

  private async start(side: Side, pair: number, together: boolean): Promise<GateServer> {
    if (this.options.failStart?.(side, pair)) {
      this.events.push({ op: 'start-failed', side, pair });
      throw new GateError('server-start', `the ${side} server did not start`, { side });
    }
    const { port } = this.config;
    if (together && port !== undefined && this.options.keepsPort?.(side, pair)) {
      this.clock.advance(this.options.startMs ?? 0);
      this.events.push({ op: 'start-failed', side, pair });
      throw new PortNotMovedError(side, this.config.start, port, 40_999);
    }
    this.clock.advance(this.options.startMs ?? 0);
    const id = this.servers.size + 1;
    const server = new FakeServer(this, side, id);
    this.servers.set(id, server);
    this.events.push({ op: 'start', side, pair, server: id, together });
    return server;
  }

  private serverAt(url: string): FakeServer {
    const { port, pathname } = new URL(url);
    const server = this.servers.get(Number(port) - 40_000);
    if (!server) throw new Error(`no fake server at ${url} (${pathname})`);
    return server;
  }

  /** One load: its call, the clock moved by its seconds, its measurement. */
  private loadOf(spec: LoadSpec, side: Side): { call: LoadCall; result: RoundMeasurement } {
    const kind = spec.durationSec === this.config.durationSec ? 'measured' : 'priming';
    const path = new URL(spec.url).pathname;
    const call: LoadCall = { side, kind, path, measured: this.measuredCount, primed: this.primedCount[side] };
    if (kind === 'measured') this.measuredCount++;
    else this.primedCount[side]++;
    this.options.onLoad?.(call, this);
    const seconds = spec.warmupSec + spec.durationSec + (spec.paced?.durationSec ?? 0);
    this.clock.advance(seconds * 1000 + (this.options.extraMs?.(call) ?? 0));
    return { call, result: this.options.measure?.(call) ?? measurement(1000) };
  }

  readonly load: LoadRunner = {
    run: async (spec: LoadSpec, side: Side): Promise<RoundMeasurement> => {
      const server = this.serverAt(spec.url);
      const { call, result } = this.loadOf(spec, side);
      this.events.push({
        op: 'run',
        side,
        server: server.id,
        path: call.path,
        durationSec: spec.durationSec,
        paced: spec.paced,
        watchPids: spec.watchPids,
        kind: call.kind,
      });
      return result;
    },
    runPair: async (spec: PairLoadSpec, order: readonly [Side, Side]) => {
      const servers: [number, number] = [
        this.serverAt(spec.loads[0].url).id,
        this.serverAt(spec.loads[1].url).id,
      ];
      const first = this.loadOf(spec.loads[0], order[0]);
      const second = this.loadOf(spec.loads[1], order[1]);
      this.events.push({
        op: 'runPair',
        order,
        servers,
        path: first.call.path,
        sliceSec: spec.sliceSec,
        paced: [spec.loads[0].paced, spec.loads[1].paced],
      });
      return [first.result, second.result];
    },
    stop: async (): Promise<void> => {
      this.events.push({ op: 'loadgen-stop' });
    },
  };

  readonly probes: Probes = {
    server: (side: Side, name: string): Probe => {
      this.probeNames.push(name);
      return {
        env: { PERF_GATE_DIAGNOSTICS: name },
        measure: (label, window, run) => {
          this.windows.push({ side, label, warmupSec: window.warmupSec, port: window.port });
          return run();
        },
      };
    },
    summary: (): DiagnosticsSummary => ({
      base: undefined,
      head: undefined,
      comparison: { eventLoopP99Ratio: undefined, eventLoop: undefined, leak: undefined },
      blockedMs: 20,
    }),
  };
}

export function scenario(path: string): Scenario {
  return {
    name: `GET ${path}`,
    method: 'GET',
    path,
    headers: {},
    body: undefined,
    expectStatus: undefined,
    connections: undefined,
    threshold: undefined,
  };
}

/** The gate's defaults (2 s rounds after 0.25 s of warm-up, 0.25 s slices, blocks of 4 pairs), 4 fixed pairs. */
export function gateConfig(overrides: Partial<Config> = {}): Config {
  return {
    start: 'node server.js',
    configFile: undefined,
    scenarios: [scenario('/')],
    scenarioCount: 1,
    shard: undefined,
    env: {},
    ready: { path: '/', status: undefined },
    setup: undefined,
    teardown: undefined,
    port: undefined,
    threshold: 0.05,
    latencyThreshold: 0.1,
    alpha: 0.05,
    failOnRegression: true,
    token: '',
    install: 'skip',
    build: undefined,
    base: undefined,
    pairs: 4,
    budgetMs: 180_000,
    durationSec: 2,
    warmupSec: 0.25,
    sliceSec: 0.25,
    openLoop: undefined,
    restartEvery: 4,
    pin: false,
    connections: 10,
    readyTimeoutMs: 30_000,
    installTimeoutMs: 600_000,
    buildTimeoutMs: 600_000,
    timeoutMs: 3_600_000,
    workingDirectory: '.',
    outputDir: '/nonexistent/perf-gate-test',
    comment: false,
    flamegraphs: false,
    profileSec: 5,
    keepTrees: false,
    checkName: undefined,
    mode: 'gate',
    results: '',
    artifactName: undefined,
    name: undefined,
    commentOn: 'always',
    accept: undefined,
    ...overrides,
  };
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** An event in a compact form for comparing sequences: `start base#1`, `run head#2 priming`, `pair head#2,base#1`. */
function line(e: Event): string {
  if (e.op === 'start') return `start ${e.side}#${e.server}`;
  if (e.op === 'start-failed') return `start-failed ${e.side}`;
  if (e.op === 'stop') return `stop ${e.side}#${e.server}`;
  if (e.op === 'loadgen-stop') return 'loadgen-stop';
  if (e.op === 'run') return `run ${e.side}#${e.server} ${e.kind}`;
  return `pair ${e.order[0]}#${e.servers[0]},${e.order[1]}#${e.servers[1]}`;
}

/** The events in their compact form (see line). */
export function trace(events: readonly Event[]): string[] {
  return events.map(line);
}
