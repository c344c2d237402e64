/** Defaults of the inputs that the gate's own planning depends on. */

/**
 * Pairs a pair of server processes serves by default (`restart-every`). The block is the unit of every comparison
 * (processes of one build can differ for their whole life), so short blocks give more units, while each new block
 * costs a start and its priming; blocks of 2 keep both in hand (bench/NOTEBOOK.md §18).
 */
export const DEFAULT_RESTART_EVERY = 2;

/**
 * A gate's `timeout` when the workflow sets none (action.yml's default is empty, so that mode history can tell an
 * unset timeout from a written one and take its own: `history-budget` plus HISTORY_TIMEOUT_ROOM_MS).
 */
export const DEFAULT_TIMEOUT = '20m';
