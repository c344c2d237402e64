/** Defaults of the inputs that the gate's own planning depends on. */

/**
 * Pairs a server process serves by default (`restart-every`): by the first look that is three blocks of
 * processes, so that one or two process pairs that run apart from their twins cannot decide alone, at little
 * more cost per pair than longer blocks (bench/RESULTS.md §13).
 */
export const DEFAULT_RESTART_EVERY = 4;
