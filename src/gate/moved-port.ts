/**
 * Servers on a fixed port (input `port`) side by side: each side's port is moved to one of its own (the port
 * preload, src/diagnostics/port-preload.ts), so that base and head run at the same time and take turns in slices
 * like servers that read PORT. Whether that works is known once the first block's servers start, which they do
 * before the first pair: when a server kept the fixed port (not Node.js, or a process that did not load the
 * NODE_OPTIONS it was given), both are stopped and the gate measures on the fixed port in whole rounds, a fresh
 * process per round, one side after the other, with a note that says so.
 */
import { PortNotMovedError } from '../io/server.ts';
import { errorWithOutput, portNotMovedNote } from '../report/gate-text.ts';
import type { PairContext } from './context.ts';
import { startBlockServers } from './pairs.ts';

/**
 * Starts the first block's servers with their fixed port moved (the first pair then primes and measures them);
 * when a server kept the port, falls back to a fresh process per round, adds the note to `notes` and warns.
 * Any other failure to start goes on as it is.
 */
export async function startOnMovedPorts(ctx: PairContext, notes: string[]): Promise<void> {
  const { clock, config, costs, log } = ctx;
  const started = clock.now();
  try {
    await startBlockServers(ctx, 0);
  } catch (error) {
    if (!(error instanceof PortNotMovedError)) throw error;
    // The servers are stopped (startBoth stops both when either fails); their start is no pair's cost.
    costs.primingMs += clock.now() - started;
    ctx.fresh = true;
    ctx.sliced = false;
    ctx.servers.together = false;
    const note = portNotMovedNote(config.port ?? error.fixed);
    notes.push(note);
    log.warning(note);
    log.info(errorWithOutput(error.message, error.output));
  }
}
