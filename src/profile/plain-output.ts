/** 0x's output made fit for a log that is not a terminal (the action's log, a CI log file). Pure. */

/**
 * Output for a log that is not a terminal: every terminal control sequence gone (CSI such as cursor moves and
 * colours, OSC titles, lone escapes), a line redrawn (carriage returns, cursor moves, erasing) kept at its last
 * state, other control characters dropped, and lines left empty by that removed. '' when nothing readable is left.
 */
export function logText(chunk: string): string {
  return (
    chunk
      // A cursor move or an erase redraws the line (as a carriage return does); colours and modes just go.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal control sequences start with ESC.
      .replace(/\u001b\[[0-?]*[ -/]*([@-~])/g, (_, final: string) =>
        'ABCDEFGHJKSTf'.includes(final) ? '\r' : '',
      )
      // biome-ignore lint/suspicious/noControlCharactersInRegex: OSC sequences end with BEL or ESC \.
      .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: any other escape, ESC and one character.
      .replace(/\u001b[ -~]?/g, '')
      .split('\n')
      .map(
        (line) =>
          line
            .split('\r')
            .filter((part) => part.trim() !== '')
            .pop() ?? '',
      )
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters left (not tab).
      .map((line) => line.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trimEnd())
      .filter((line) => line.trim() !== '')
      .join('\n')
  );
}
