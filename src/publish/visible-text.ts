/**
 * The lines of a pull request's description that a reader sees on GitHub: not inside an HTML comment, a
 * `<details>` fold (closed by default), a `<pre>` block or a code block (fenced or indented). Only these may accept
 * a regression (publish/accept.ts), so that a line hidden from reviewers, or shown as code, never does. Pure.
 */

/** Removes HTML comments (an unclosed one runs to the end, as GitHub hides it) and the insides of `tag` blocks. */
function withoutHidden(body: string): string {
  let text = body.replace(/<!--[\s\S]*?(?:-->|$)/g, '\n');
  for (const tag of ['details', 'pre']) {
    // Innermost first, so that nested folds go with the fold around them; an unclosed one runs to the end.
    const block = new RegExp(`<${tag}\\b(?:(?!<${tag}\\b)[\\s\\S])*?(?:</${tag}\\s*>|$)`, 'gi');
    let before = '';
    while (before !== text) {
      before = text;
      text = text.replace(block, '\n');
    }
  }
  return text;
}

/** The width of a line's indentation, a tab counting as four columns. */
function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** The description's lines outside hidden blocks and code, as GitHub shows them (each trimmed). */
export function visibleLines(body: string): string[] {
  const lines: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let previousBlank = true;
  for (const raw of withoutHidden(body).split(/\r?\n/)) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(raw);
      if (closing?.[1]?.[0] === fence.char && closing[1].length >= fence.length) fence = undefined;
      continue;
    }
    if (opening?.[1]) {
      fence = { char: opening[1][0]!, length: opening[1].length };
      continue;
    }
    const blank = raw.trim() === '';
    // An indented line after a blank one starts (or goes on with) an indented code block.
    if (!blank && indentWidth(raw) >= 4 && previousBlank) continue;
    previousBlank = blank;
    lines.push(raw.trim());
  }
  return lines;
}
