/**
 * What the gate logs, in words: every event (src/model/notes.ts GateEvent) and group as a line, and the adapter
 * that says a typed gate log through a log of text lines (the action's, the CLI's). Pure but for the adapter's
 * calls into the log it is given.
 */
import type { GateEvent, GateGroup, GateLog, TextLog } from '../model/notes.ts';
import { errorWithOutput } from './error-text.ts';
import { formatBytes } from './format.ts';
import {
  baseCheckedOutLog,
  baseTreeGroup,
  confirmationLog,
  diskUseLog,
  disturbanceReason,
  keepTreesLog,
  keptDisturbedLog,
  MEASURING_GROUP,
  measuredAgainLog,
  newEndpointLog,
  nothingToInstallLog,
  notProfiledLog,
  openLoopRateLog,
  PROFILING_GROUP,
  pairLog,
  profilingFailedLog,
  profilingTookLog,
  settledLog,
  stepGroup,
  stepTookLog,
  timeLimitLog,
  turnsRefittedLog,
} from './gate-text.ts';
import { headIsReleaseText, noReleaseText, releaseGateLog } from './history-text.ts';
import { noteText } from './note-text.ts';
import { processOffsetNote } from './notes.ts';
import { planLog } from './plan-text.ts';
import { setupLeftLog } from './safety-text.ts';

/** The event as a log line (more than one line where it carries an output or a plan). */
export function eventText(e: GateEvent): string {
  switch (e.kind) {
    case 'plan':
      return planLog(e.plan);
    case 'process-offsets':
      return processOffsetNote(e.decision) ?? '';
    case 'release-gate':
      return releaseGateLog(e.release, e.previous);
    case 'head-is-release':
      return headIsReleaseText(e.ref, e.release);
    case 'no-release':
      return noReleaseText(e.ref, e.pattern);
    case 'open-loop-rate':
      return openLoopRateLog(e.scenario, e.rate, e.share, e.baseRps);
    case 'pair':
      return pairLog(e.pair, e.rows);
    case 'measured-again':
      return measuredAgainLog(e.pair, disturbanceReason(e.disturbance));
    case 'kept-disturbed':
      return keptDisturbedLog(e.pair, disturbanceReason(e.disturbance), e.measuredAgain, e);
    case 'turns-refitted':
      return turnsRefittedLog(e.scenario, e.turns, e.planned, e.turnSec, e.extraSec);
    case 'new-endpoint':
      return newEndpointLog(e.scenario, e.base);
    case 'confirmation':
      return confirmationLog(e.pairs);
    case 'settled':
      return settledLog(e.scenarios, e.open);
    case 'time-limit':
      return timeLimitLog(e.pairs);
    case 'error-output':
      return errorWithOutput(e.message, e.output);
    case 'note':
      return noteText(e.note);
    case 'base-checked-out':
      return baseCheckedOutLog(e.dir);
    case 'keep-trees':
      return keepTreesLog(e.dir);
    case 'disk-use':
      return diskUseLog(formatBytes(e.tree), e.kept, formatBytes(e.outputs), e.outputDir);
    case 'nothing-to-install':
      return nothingToInstallLog(e.side);
    case 'step-took':
      return stepTookLog(e.step, e.side, e.ms);
    case 'setup-left':
      return setupLeftLog(e.side, e.commands);
    case 'profiling-took':
      return profilingTookLog(e.seconds);
    case 'not-profiled':
      return notProfiledLog(e.reason);
    case 'profiling-failed':
      return profilingFailedLog(e.message);
    case 'tree-not-removed':
      return `could not remove the base tree: ${e.message}`;
  }
}

/** The name of a group of the log. */
export function groupText(g: GateGroup): string {
  switch (g.kind) {
    case 'base-tree':
      return baseTreeGroup(g.label, g.sha);
    case 'step':
      return stepGroup(g.step, g.side, g.command);
    case 'measuring':
      return MEASURING_GROUP;
    case 'profiling':
      return PROFILING_GROUP;
  }
}

/** The gate's typed log, said through `text`. */
export function gateLog(text: TextLog): GateLog {
  return {
    info: (e) => text.info(eventText(e)),
    warning: (e) => text.warning(eventText(e)),
    output: (chunk) => text.output(chunk),
    group: (g, body) => text.group(groupText(g), body),
  };
}
