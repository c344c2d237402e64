/** Defaults of the inputs that the gate's own planning depends on. */

/**
 * Pairs a pair of server processes serves by default (`restart-every`). The block is the unit of every comparison
 * (processes of one build can differ for their whole life), so short blocks give more units, while each new block
 * costs a start and its priming; blocks of 2 keep both in hand (bench/NOTEBOOK.md §18).
 */
export const DEFAULT_RESTART_EVERY = 2;

/**
 * A gate's `timeout` when the workflow sets none (action.yml's default is empty, so that mode history can tell an
 * unset timeout from a written one and take its own: the history's `time-budget` plus HISTORY_TIMEOUT_ROOM_MS).
 */
export const DEFAULT_TIMEOUT = '20m';

/** `time-budget` when the workflow sets none: a pull request's, and (longer: no reviewer waits) mode history's. */
export const DEFAULT_TIME_BUDGET = '3m';
export const DEFAULT_HISTORY_BUDGET = '10m';
