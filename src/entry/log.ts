/**
 * The action's log. Every line the runner reads is parsed for workflow commands (`::add-mask::`, `::error::`,
 * `::set-output`, `::stop-commands::` …): text from the pull request (install, build, hook and server output, a
 * report file) is shown between `::stop-commands::<token>` and `::<token>::`, and every other line that carries
 * anything from outside (a scenario name, a path) is wrapped the same way as soon as a line of it could be taken
 * for a command (issue 23).
 */
import * as core from '@actions/core';
import type { GateLog, TextLog } from '../model/notes.ts';
import { gateLog } from '../report/log-text.ts';
import { inert, untrusted } from './inert.ts';

export { inert, untrusted } from './inert.ts';

/** An info line of ours that may carry text from outside. */
export function info(message: string): void {
  core.info(inert(message));
}

/** Text that may carry what someone else wrote, printed with workflow commands off. */
export function logUntrusted(text: string): void {
  core.info(untrusted(text));
}

/**
 * Each secret masked in the log, line by line: the runner masks a value only where it appears whole, and the
 * output it would be in arrives line by line.
 */
export function maskSecrets(secrets: readonly (string | undefined)[]): void {
  for (const secret of secrets)
    for (const line of secret?.split(/\r\n|\r|\n/) ?? []) if (line.trim() !== '') core.setSecret(line);
}

export const actionLog: TextLog = {
  info,
  output: (text) => logUntrusted(text),
  // Annotations: core escapes their text (a line break cannot start a command of its own).
  warning: (message) => core.warning(message),
  group: (name, body) => core.group(name, body),
};

/** The gate's typed log, said in the action's log. */
export const actionGateLog: GateLog = gateLog(actionLog);
