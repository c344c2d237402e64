/**
 * Puts the port preload (port-preload.ts) into a server's environment: a checked copy of the script per side,
 * and the NODE_OPTIONS and PERF_GATE_PORT_MAP that move the server's fixed port.
 */
import type { Side } from '../model/measure.ts';
import { sidePreloads, withRequire, writeScript } from './install.ts';
import { formatPortMap, PORT_PRELOAD_FILE, PORT_PRELOAD_SOURCE } from './port-preload.ts';

/** Environment for startServer's `env` (PERF_GATE_PORT_MAP is port-preload.ts's PORT_MAP_ENV). */
export interface PortMapEnv {
  NODE_OPTIONS: string;
  PERF_GATE_PORT_MAP: string;
  [name: string]: string;
}

/** Writes the port preload into dir (created when missing) unless it is there already; returns its absolute path. */
export function writePortPreload(dir: string): string {
  return writeScript(dir, PORT_PRELOAD_FILE, PORT_PRELOAD_SOURCE);
}

/**
 * The environment that moves each fixed port of `moves` to its handed one in every Node.js process of a server's
 * start command: our `--require` first, then `nodeOptions` (the NODE_OPTIONS the server would get without it,
 * the diagnostics preload's included).
 */
export function portMapEnv(
  preloadPath: string,
  moves: ReadonlyMap<number, number>,
  nodeOptions: string | undefined,
): PortMapEnv {
  return { NODE_OPTIONS: withRequire(preloadPath, nodeOptions), PERF_GATE_PORT_MAP: formatPortMap(moves) };
}

/** The port preload, a checked copy per side (install.ts sidePreloads). */
export class PortPreloads {
  private readonly copies = sidePreloads(PORT_PRELOAD_SOURCE, PORT_PRELOAD_FILE, 'port preload');

  /**
   * portMapEnv with `side`'s copy, checked first (a GateError when it changed on disk); {} when the preload could
   * not be written (the server keeps its port, startServer finds that out, and the gate falls back).
   */
  env(
    side: Side,
    moves: ReadonlyMap<number, number>,
    nodeOptions: string | undefined,
  ): PortMapEnv | Record<string, never> {
    const path = this.copies?.[side].verified();
    return path === undefined ? {} : portMapEnv(path, moves, nodeOptions);
  }
}
