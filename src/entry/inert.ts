/**
 * Text for a log the runner parses for workflow commands (`::add-mask::`, `::error::`, `::set-output`,
 * `::stop-commands::` …), made inert when it carries anything from outside: the action's log, and the CLI's when
 * it runs in a workflow. Pure.
 */
import { randomUUID } from 'node:crypto';

/**
 * Text with workflow commands turned off: between `::stop-commands::<token>` and `::<token>::`, with a token the text
 * cannot guess, the runner takes `::set-output`, `::add-mask::`, `::error` and the like as plain text.
 */
export function untrusted(text: string, token: string = randomUUID()): string {
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}

/** A line the runner could take for a command: `::name…` (v2) or `##[name…]` (v1), after any blanks. */
const COMMAND_LINE = /^[ \t]*(?:::|##\[)/m;

/** `text` as it is when no line of it could be taken for a workflow command; wrapped (untrusted) otherwise. */
export function inert(text: string): string {
  return COMMAND_LINE.test(text) ? untrusted(text) : text;
}
