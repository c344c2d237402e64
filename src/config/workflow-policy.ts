/**
 * The workflow's own policy inputs (`start`, `threshold`, `memory-threshold`, `port`, `ready-timeout`): what a side
 * without a config file of its own runs with, and what base's file cannot leave to head's (base-config.ts).
 */
import type { WorkflowPolicy } from '../model/config.ts';
import { type InputLookup, parseDuration, parseInteger, parsePercent } from './input-parsers.ts';

/**
 * The bounds of the policy's values, the inputs' and the config file's alike: thresholds from 0.1% (to 100% of
 * req/s; to 1000% of allocation per request, which a change can multiply), the readiness timeout from 1 s to 1 h.
 */
export const POLICY_BOUNDS = {
  threshold: { min: 0.001, max: 1 },
  memoryThreshold: { min: 0.001, max: 10 },
  readyTimeout: { minMs: 1000, maxMs: 3_600_000 },
};

/** The `threshold` input, or its default. */
function workflowThreshold(get: InputLookup): number {
  return parsePercent('threshold', get('threshold'), POLICY_BOUNDS.threshold);
}

/** The `memory-threshold` input, or its default. */
function workflowMemoryThreshold(get: InputLookup): number {
  return parsePercent('memory-threshold', get('memory-threshold'), POLICY_BOUNDS.memoryThreshold);
}

/** The `port` input; undefined: none. */
function workflowPort(get: InputLookup): number | undefined {
  const text = get('port');
  return text === '' ? undefined : parseInteger('port', text, { min: 1, max: 65535 });
}

/** The `ready-timeout` input, or its default. */
function workflowReadyTimeout(get: InputLookup): number {
  return parseDuration('ready-timeout', get('ready-timeout'), POLICY_BOUNDS.readyTimeout);
}

/** The workflow's policy, each input or its default: every threshold and timeout set. */
export function workflowPolicy(
  get: InputLookup,
): WorkflowPolicy & { memoryThreshold: number; readyTimeoutMs: number } {
  return {
    start: get('start'),
    threshold: workflowThreshold(get),
    memoryThreshold: workflowMemoryThreshold(get),
    port: workflowPort(get),
    readyTimeoutMs: workflowReadyTimeout(get),
  };
}
