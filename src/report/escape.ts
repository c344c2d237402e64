/** Text from outside (branch names, paths, server output, function names) made inert in Markdown. Pure. */

const ZWSP = '\u200b';

/**
 * Escaped so that it cannot open a tag, a mention, a reference, a link, a table cell, a comment, math or a block.
 * GitHub decodes character references before it looks for mentions (`&#64;x` mentions @x), so `&` is written
 * `&amp;`; it links `#123`, `GH-123` and `owner/repo#123` to issues, and its parser (cmark-gfm) links `…://` and
 * `www.` after any character (`_https://…`, `1https://…`, `_www.…`), so a zero-width space goes after the `@`, the
 * `#`, the `GH-`, the `:` of `://` and the `www` (the reader sees the same text). Line breaks become spaces, and a
 * character that would start a block where the text starts a line (`# `, `- `, `1. `, `===` …) is escaped,
 * after the blanks in front of it (an indented code block) are dropped.
 * test/unit/report/escape-oracle.test.ts holds all this against GitHub's own parser.
 */
export function escapeMarkdown(text: string): string {
  return escapeInline(text)
    .replace(/^[ \t]+/, '')
    .replace(/^(?:#{1,6}|[+-]|\d{1,9}[.)])(?=[ \t]|$)|^(?:=+|-[ \t-]*)[ \t]*$/, (start) =>
      /^\d/.test(start) ? start.replace(/[.)]$/, '\\$&') : `\\${start}`,
    );
}

/** escapeMarkdown for text in the middle of a line (no block can start there). */
function escapeInline(text: string): string {
  return text
    .replace(/\r\n?|\n/g, ' ')
    .replace(/[\\`*_{}[\]|<>~$]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/(gh-)(?=\d)/gi, `$1${ZWSP}`)
    .replace(/:(?=\/\/)/g, `:${ZWSP}`)
    .replace(/(www)(?=\.)/gi, `$1${ZWSP}`);
}

/** Inline code that cannot be broken out of, whatever it contains. */
export function code(text: string): string {
  const clean = text
    .replace(/\r\n?|\n/g, ' ')
    .replace(/@/g, '@\u200b')
    .replace(/<!--/g, '<!\u200b--');
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${clean.startsWith('`') || clean.endsWith('`') ? ` ${clean} ` : clean}${fence}`;
}

/** Inline code that is also safe inside a table cell (a `|` would end the cell even within backticks). */
export function codeCell(text: string): string {
  return code(text).replace(/\|/g, '\\|');
}

/**
 * A sentence of ours that may quote inputs in backticks (`timeout`) and carry text from outside: the code spans
 * stay code (made safe by `code`), everything else is escaped.
 */
export function inlineText(text: string): string {
  return text
    .split(/`([^`\r\n]+)`/)
    .map((part, i) => (i % 2 === 1 ? code(part) : i === 0 ? escapeMarkdown(part) : escapeInline(part)))
    .join('');
}

/** A fenced block for program output, its fence longer than any run of backticks inside. */
export function codeBlock(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text.replace(/<!--/g, '<!\u200b--').replace(/@/g, '@\u200b')}\n${fence}`;
}
