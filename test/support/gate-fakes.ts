/**
 * Fakes for the gate's pair runner (src/gate/measure.ts): a clock that only moves when the fake load generator
 * runs a load (for the load's seconds) or a fake server takes time to start, a load generator and a server starter
 * that record every call in one ordered list of events, and probes and a log that record theirs. Nothing here
 * sleeps or reads the real time, so the tests that use them run in milliseconds and cannot flake.
 */
import { scenariosFromPaths } from '../../src/config/scenario-file.ts';
import { type Measured, measure } from '../../src/gate/measure.ts';
import type { Clock, GateServer, LoadRunner, Probe, Probes } from '../../src/gate/ports.ts';
import { PortNotMovedError } from '../../src/io/server.ts';
import type { Config, Scenario } from '../../src/model/config.ts';
import type { DiagnosticsSummary } from '../../src/model/diagnostics.ts';
import { GateError } from '../../src/model/errors.ts';
import type {
  PoolSpec,
  RoundMeasurement,
  Side,
  TurnSpec as Turn,
  TurnResult,
} from '../../src/model/measure.ts';
import type { Note } from '../../src/model/notes.ts';
import { gateLog } from '../../src/report/log-text.ts';
import { noteText } from '../../src/report/note-text.ts';

export const T0 = Date.UTC(2026, 0, 1);

/** Whether a note is the plan check's (src/report/plan-check-text.ts planNote). */
export function isPlanNote(note: string): boolean {
  return note.startsWith('this plan can');
}

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

/** A batch of turns as the fake load generator ran it. */
export interface TurnsEvent {
  op: 'turns';
  /** Priming (record: false, no rate), or measured (a pair's or a round's turns). */
  kind: 'priming' | 'measured';
  /** The fake servers of the batch's pools, in the order they first take a turn. */
  servers: number[];
  sides: Side[];
  path: string;
  /** Every turn: its side, seconds, whether recorded, and its rate when open-loop. */
  turns: { side: Side; sec: number; record: boolean; rate?: number }[];
}

export interface OpenEvent {
  op: 'open';
  pool: string;
  side: Side;
  server: number;
  path: string;
  spec: PoolSpec;
}

export type Event =
  /** together: started to run beside the other side (a fixed port then moved). */
  | { op: 'start'; side: Side; pair: number; server: number; together: boolean }
  | { op: 'start-failed'; side: Side; pair: number }
  | { op: 'stop'; side: Side; server: number }
  | { op: 'loadgen-stop' }
  | { op: 'close' }
  | { op: 'take'; side: Side; server: number; path: string }
  /** A diagnostics window of a side opened, closed (recorded) or abandoned. */
  | { op: 'window'; side: Side; what: 'open' | 'close' | 'abandon' }
  | OpenEvent
  | TurnsEvent;

/**
 * What a measurement is asked for: a pool's take (measured) or a priming turn; the side, path, and how many takes
 * and priming turns came before it.
 */
export interface LoadCall {
  side: Side;
  kind: 'priming' | 'measured';
  path: string;
  /** Takes (one per side and scenario of a pair) before this one, from 0. */
  measured: number;
  /** Priming turns of this side before this one, from 0. */
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
  /** The measurement a pool's take returns, and whose req/s a priming turn answers at (default: 1000 req/s). */
  measure?: (call: LoadCall) => RoundMeasurement;
  /**
   * How many times its seconds a turn of this side takes, in all (a slow head whose turns wait for the requests in
   * flight); the turn's result says so. Default 1.
   */
  turnFactor?: (side: Side) => number;
  /** Extra milliseconds a batch of turns takes beyond its turns' seconds (the call of its first turn). */
  extraMs?: (call: LoadCall) => number;
  /** Called as a batch of turns starts (the call of its first turn): may kill a server (`world.kill`). */
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
  /** Every note measuring added, the plan check's included. */
  readonly allNotes: Note[] = [];
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
      // The gate's typed log, said in words as the action's would be: tests read the lines a user reads.
      log: gateLog({
        info: (message) => this.logs.push({ level: 'info', message }),
        warning: (message) => this.logs.push({ level: 'warning', message }),
        output: (message) => this.logs.push({ level: 'info', message }),
        group: (_name, body) => body(),
      }),
      deadline: T0 + (this.options.deadlineMs ?? this.config.timeoutMs),
      notes: this.allNotes,
    });
  }

  /** Makes a running server die: the next check that it is alive fails. */
  kill(side: Side): void {
    for (const server of this.servers.values()) if (server.side === side) server.dead = true;
  }

  of<K extends Event['op']>(op: K): Extract<Event, { op: K }>[] {
    return this.events.filter((e): e is Extract<Event, { op: K }> => e.op === op);
  }

  /** Batches of measured turns run (one per scenario of each pair measured, or per round on fresh processes). */
  measuredBatches(): number {
    return this.of('turns').filter((e) => e.kind === 'measured').length;
  }

  /**
   * The notes but the plan check's (a few fixed pairs can rarely resolve a threshold, so most of these small gates
   * get one: test/unit/gate/gate-plan-check.test.ts asserts it).
   */
  get notes(): string[] {
    return this.allNotes.filter((note) => note.kind !== 'plan').map(noteText);
  }

  info(): string[] {
    return this.logs.filter((l) => l.level === 'info').map((l) => l.message);
  }

  /** The warnings but the plan check's. */
  warnings(): string[] {
    return this.logs.filter((l) => l.level === 'warning' && !isPlanNote(l.message)).map((l) => l.message);
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

  /** The open pools: their server and path. */
  private readonly pools = new Map<string, { server: FakeServer; path: string }>();

  private poolAt(id: string): { server: FakeServer; path: string } {
    const pool = this.pools.get(id);
    if (!pool) throw new Error(`no open pool ${id}`);
    return pool;
  }

  private call(side: Side, kind: LoadCall['kind'], path: string): LoadCall {
    return { side, kind, path, measured: this.measuredCount, primed: this.primedCount[side] };
  }

  /** A batch of turns: recorded, the clock moved by its seconds, each turn's responses at the side's rate. */
  private runTurns(list: readonly Turn[]): TurnResult[] {
    const pools = list.map((turn) => this.poolAt(turn.pool));
    const first = pools[0]!;
    const kind = list.every((t) => !t.record && t.rate === undefined) ? 'priming' : 'measured';
    const batch = this.call(first.server.side, kind, first.path);
    this.options.onLoad?.(batch, this);
    const servers: FakeServer[] = [];
    for (const pool of pools) if (!servers.includes(pool.server)) servers.push(pool.server);
    this.events.push({
      op: 'turns',
      kind,
      servers: servers.map((server) => server.id),
      sides: servers.map((server) => server.side),
      path: first.path,
      turns: list.map((turn, i) => ({
        side: pools[i]!.server.side,
        sec: turn.sec,
        record: turn.record,
        ...(turn.rate === undefined ? {} : { rate: turn.rate }),
      })),
    });
    const took = list.map((turn, i) => turn.sec * (this.options.turnFactor?.(pools[i]!.server.side) ?? 1));
    this.clock.advance(took.reduce((sum, sec) => sum + sec, 0) * 1000 + (this.options.extraMs?.(batch) ?? 0));
    return list.map((turn, i) => {
      const { server, path } = pools[i]!;
      const call = this.call(server.side, kind, path);
      if (kind === 'priming') this.primedCount[server.side]++;
      const rps = (this.options.measure?.(call) ?? measurement(1000)).rps;
      const sec = took[i]!;
      const responses = Math.round(rps * sec);
      return { pool: turn.pool, responses, sec, errors: 0, timeouts: 0, reconnects: 0 };
    });
  }

  readonly load: LoadRunner = {
    open: async (pool: string, spec: PoolSpec): Promise<void> => {
      const server = this.serverAt(spec.url);
      const path = new URL(spec.url).pathname;
      this.pools.set(pool, { server, path });
      this.events.push({ op: 'open', pool, side: server.side, server: server.id, path, spec });
    },
    turns: async (list: readonly Turn[]): Promise<TurnResult[]> => this.runTurns(list),
    take: async (pool: string): Promise<RoundMeasurement> => {
      const { server, path } = this.poolAt(pool);
      const call = this.call(server.side, 'measured', path);
      this.measuredCount++;
      this.events.push({ op: 'take', side: server.side, server: server.id, path });
      return this.options.measure?.(call) ?? measurement(1000);
    },
    close: async (pool?: string): Promise<void> => {
      if (pool === undefined) this.pools.clear();
      else this.pools.delete(pool);
      this.events.push({ op: 'close' });
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
        open: async (label, window) => {
          this.windows.push({ side, label, warmupSec: window.warmupSec, port: window.port });
          this.events.push({ op: 'window', side, what: 'open' });
          return {
            close: async () => void this.events.push({ op: 'window', side, what: 'close' }),
            abandon: async () => void this.events.push({ op: 'window', side, what: 'abandon' }),
          };
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

/** One GET scenario, as the `paths` input makes it. */
export function scenario(path: string): Scenario {
  return scenariosFromPaths([path])[0]!;
}

/**
 * The gate's defaults but turns of a fixed 0.25 s (so that a pair's seconds do not hang on a rate): 2 s per side and
 * pair in 8 turns, the kept-connection engine, blocks of 4 pairs primed 2 s per side, and 4 fixed pairs.
 */
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
    memoryThreshold: 0.01,
    alpha: 0.05,
    failOnRegression: true,
    token: '',
    secrets: [],
    install: 'skip',
    build: undefined,
    base: undefined,
    pairs: 4,
    budgetMs: 180_000,
    durationSec: 2,
    warmupSec: 0.25,
    primeSec: 2,
    sliceSec: 0.25,
    engine: 'kept',
    openLoop: undefined,
    restartEvery: 4,
    pin: false,
    connections: 10,
    readyTimeoutMs: 30_000,
    buildTimeoutMs: 600_000,
    timeoutMs: 3_600_000,
    workingDirectory: '.',
    outputDir: '/nonexistent/perf-gate-test',
    profileSec: 0,
    keepTrees: false,
    checkName: undefined,
    mode: 'gate',
    results: '',
    artifactName: undefined,
    artifactRetentionDays: 30,
    name: undefined,
    commentOn: 'off',
    accept: undefined,
    historyBranch: 'perf-gate-history',
    historyJob: 'single',
    releaseTags: '^v?\\d+\\.\\d+\\.\\d+$',
    ...overrides,
  };
}

/**
 * An event in a compact form for comparing sequences: `start base#1`, `prime base#1,head#2 /`,
 * `turns head#2,base#1 /` (a pair's turns of a scenario, the side that starts first), `round base#1 /`.
 * Opening pools and taking measurements are left out (see the events themselves).
 */
function line(e: Event): string | undefined {
  if (e.op === 'start') return `start ${e.side}#${e.server}`;
  if (e.op === 'start-failed') return `start-failed ${e.side}`;
  if (e.op === 'stop') return `stop ${e.side}#${e.server}`;
  if (e.op === 'loadgen-stop') return 'loadgen-stop';
  if (e.op === 'close') return 'close';
  if (e.op !== 'turns') return undefined;
  const sides = e.sides.map((side, i) => `${side}#${e.servers[i]}`).join(',');
  const what = e.kind === 'priming' ? 'prime' : e.servers.length === 1 ? 'round' : 'turns';
  return `${what} ${sides} ${e.path}`;
}

/** The events in their compact form (see line). */
export function trace(events: readonly Event[]): string[] {
  return events.map(line).filter((l): l is string => l !== undefined);
}
