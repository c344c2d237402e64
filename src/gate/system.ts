/** The real collaborators of measuring: the system clock, the load generator process, servers, diagnostics. */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sideCommands } from '../config/base-config.ts';
import { sideEnv } from '../config/expand.ts';
import { DiagnosticsRecorder } from '../diagnostics/index.ts';
import { PortPreloads } from '../diagnostics/port-map.ts';
import { freePort } from '../io/ports.ts';
import { startServer } from '../io/server.ts';
import { LoadGenerator } from '../load/generator.ts';
import type { Config } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import type { MeasureOptions } from './measure.ts';
import { cpuPlacement } from './placement.ts';
import { type StartServer, systemClock } from './ports.ts';

/**
 * This machine's placement of the servers and the load generator (placement.ts) when `pin` is on and taskset is
 * there; undefined: no pinning. Base and head take turns on the same CPUs.
 */
export function systemPlacement(pin: boolean): { server: string; loadgen: string } | undefined {
  if (!pin || !existsSync('/usr/bin/taskset')) return undefined;
  const placement = cpuPlacement(availableParallelism());
  return placement?.mode === 'turns' ? placement.cpus : undefined;
}

/**
 * The collaborators that measure the trees in `dirs` for real. Each side's server starts with its own commit's
 * command, environment, port and readiness (config/base-config.ts); `boot` is io/server's startServer but in tests.
 */
export function systemCollaborators(
  config: Config,
  dirs: Record<Side, string>,
  boot: typeof startServer = startServer,
): Pick<MeasureOptions, 'clock' | 'load' | 'startServer' | 'probes' | 'placement'> {
  const placement = systemPlacement(config.pin);
  const diagnosticsDir = join(config.outputDir, 'diagnostics');
  // The NODE_OPTIONS each side's servers would have had: its own config file's `env`, else the step's; never the
  // other side's (head's file must not put code into base's server).
  const nodeOptions = (side: Side) =>
    sideEnv(sideCommands(config, side).env, side).NODE_OPTIONS ?? process.env.NODE_OPTIONS;
  // Event loop, CPU and memory from inside each server, through a preload it does not have to add.
  // The preload goes in front of the NODE_OPTIONS the server would have had.
  const probes = new DiagnosticsRecorder(diagnosticsDir, {
    base: nodeOptions('base'),
    head: nodeOptions('head'),
  });
  // A fixed port is moved to a free one of each server's own whenever base and head run together (each side's
  // own checked copy of the port preload).
  const fixed = (['base', 'head'] as const).some((side) => sideCommands(config, side).port !== undefined);
  const ports = fixed ? new PortPreloads() : undefined;
  const start: StartServer = async (side, _pair, env, together) => {
    const own = sideCommands(config, side);
    const movedTo = together && own.port !== undefined ? await freePort() : undefined;
    const moved =
      movedTo === undefined || own.port === undefined || ports === undefined
        ? {}
        : ports.env(side, new Map([[own.port, movedTo]]), env.NODE_OPTIONS ?? nodeOptions(side));
    const server = await boot({
      side,
      cwd: dirs[side],
      start: own.start,
      port: own.port,
      ...(movedTo === undefined ? {} : { movedTo }),
      readyPath: own.ready.path,
      ...(own.ready.status === undefined ? {} : { readyStatus: own.ready.status }),
      readyTimeoutMs: own.readyTimeoutMs,
      env: { ...sideEnv(own.env, side), PERF_GATE_SIDE: side, ...env, ...moved },
      ...(placement ? { wrap: `taskset -c ${placement.server}` } : {}),
    });
    return {
      side: server.side,
      origin: server.origin,
      port: server.port,
      pid: server.child.pid,
      assertAlive: (during) => server.assertAlive(during),
      stop: () => server.stop(),
    };
  };
  return {
    clock: systemClock,
    load: new LoadGenerator(placement?.loadgen),
    startServer: start,
    probes,
    // The plan records where the servers and the load generator run, as they are started.
    placement,
  };
}
