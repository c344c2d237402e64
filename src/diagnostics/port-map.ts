/**
 * Puts the port preload (port-preload.ts) into a server's environment: the script written once beside the
 * diagnostics preload, and the NODE_OPTIONS and PERF_GATE_PORT_MAP that move the server's fixed port.
 */
import { withRequire, writeScript } from './install.ts';
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
