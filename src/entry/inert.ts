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

/**
 * What the runner could take for a command (actions/runner's ActionCommand): a line that starts with `::` once
 * .NET's TrimStart() has removed any Unicode whitespace before it (v2; lines end at `\n`, `\r\n` and `\r`), or
 * `##[` anywhere in a line (v1).
 */
const COMMAND_LINE = /(?:^|[\r\n])[\s\u0085\u180e]*::|##\[/u;

/** `text` as it is when no line of it could be taken for a workflow command; wrapped (untrusted) otherwise. */
export function inert(text: string): string {
  return COMMAND_LINE.test(text) ? untrusted(text) : text;
}
