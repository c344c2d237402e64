/**
 * Servers on a fixed port (input `port`) side by side: each side's port is moved to one of its own (the port
 * preload, src/diagnostics/port-preload.ts), so that base and head run at the same time and take turns like
 * servers that read PORT. Whether that works is known once the first block's servers start, before the plan is
 * built: when a server kept the fixed port (not Node.js, or a process that did not load the NODE_OPTIONS it was
 * given), both are stopped and the plan measures on the fixed port with a fresh process per round, one side after
 * the other, with a note that says so.
 */
import { PortNotMovedError } from '../io/server.ts';
import type { Note } from '../model/notes.ts';
import { startBlockServers } from './blocks.ts';
import type { PairContext } from './context.ts';

/**
 * Starts the first block's servers (with a fixed port moved where there is one); false when a server kept its
 * fixed port: then both are stopped, the note is added to `notes`, and the gate goes on with a fresh process per
 * round. Any other failure to start goes on as it is.
 */
export async function startFirstBlock(ctx: PairContext, notes: Note[]): Promise<boolean> {
  const { clock, costs, log } = ctx;
  const started = clock.now();
  try {
    await startBlockServers(ctx, 0);
    return true;
  } catch (error) {
    if (!(error instanceof PortNotMovedError)) throw error;
    // The servers are stopped (startBoth stops both when either fails); their start is no pair's cost.
    costs.primingMs += clock.now() - started;
    const note: Note = { kind: 'port-not-moved', port: error.fixed };
    notes.push(note);
    log.warning({ kind: 'note', note });
    log.info({ kind: 'error-output', message: error.message, output: error.output });
    return false;
  }
}
