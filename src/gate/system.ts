/** The real collaborators of measuring: the system clock, the load generator process, servers, diagnostics. */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DiagnosticsRecorder } from '../diagnostics/index.ts';
import { startServer } from '../io/server.ts';
import { LoadGenerator } from '../load/generator.ts';
import type { Config } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import type { MeasureOptions } from './measure.ts';
import { type StartServer, systemClock } from './ports.ts';

/**
 * Where the server and the load generator run: on two or more CPUs, the load generator gets the last one to
 * itself and the server the others, so that they never compete for a core. undefined: no pinning.
 */
export function cpuPlacement(
  pin: boolean,
  cpus = availableParallelism(),
): { server: string; loadgen: string } | undefined {
  if (!pin || cpus < 2 || !existsSync('/usr/bin/taskset')) return undefined;
  return { server: cpus === 2 ? '0' : `0-${cpus - 2}`, loadgen: String(cpus - 1) };
}

/** The collaborators that measure the trees in `dirs` for real. */
export function systemCollaborators(
  config: Config,
  dirs: Record<Side, string>,
): Pick<MeasureOptions, 'clock' | 'load' | 'startServer' | 'probes'> {
  const placement = cpuPlacement(config.pin);
  // Event loop, CPU and memory from inside each server, through a preload it does not have to add.
  // The preload goes in front of the NODE_OPTIONS the server would have had (the config file's, else ours).
  const probes = new DiagnosticsRecorder(
    join(config.outputDir, 'diagnostics'),
    config.env.NODE_OPTIONS ?? process.env.NODE_OPTIONS,
  );
  const start: StartServer = async (side, _pair, env) => {
    const server = await startServer({
      side,
      cwd: dirs[side],
      start: config.start,
      port: config.port,
      readyPath: config.ready.path,
      ...(config.ready.status === undefined ? {} : { readyStatus: config.ready.status }),
      readyTimeoutMs: config.readyTimeoutMs,
      env: { ...config.env, PERF_GATE_SIDE: side, ...env },
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
  return { clock: systemClock, load: new LoadGenerator(placement?.loadgen), startServer: start, probes };
}
