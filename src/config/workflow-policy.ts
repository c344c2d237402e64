/**
 * The workflow's own policy inputs (`start`, `threshold`, `memory-threshold`, `port`, `ready-timeout`): what a side
 * without a config file of its own runs with, and what base's file cannot leave to head's (base-config.ts).
 */
import type { WorkflowPolicy } from '../model/config.ts';
import { type InputName, parseDuration, parseInteger, parsePercent } from './input-parsers.ts';

type Get = (name: InputName) => string;

/** The `threshold` input, or its default. */
export function workflowThreshold(get: Get): number {
  return parsePercent('threshold', get('threshold'), { min: 0.001, max: 1 });
}

/** The `memory-threshold` input, or its default. */
export function workflowMemoryThreshold(get: Get): number {
  return parsePercent('memory-threshold', get('memory-threshold'), { min: 0.001, max: 10 });
}

/** The `port` input; undefined: none. */
export function workflowPort(get: Get): number | undefined {
  const text = get('port');
  return text === '' ? undefined : parseInteger('port', text, { min: 1, max: 65535 });
}

/** The `ready-timeout` input, or its default. */
export function workflowReadyTimeout(get: Get): number {
  return parseDuration('ready-timeout', get('ready-timeout'), { minMs: 1000, maxMs: 3_600_000 });
}

/** The workflow's policy, each input or its default. */
export function workflowPolicy(get: Get): WorkflowPolicy {
  return {
    start: get('start'),
    threshold: workflowThreshold(get),
    memoryThreshold: workflowMemoryThreshold(get),
    port: workflowPort(get),
    readyTimeoutMs: workflowReadyTimeout(get),
  };
}
