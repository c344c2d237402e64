/** Text from outside (branch names, paths, server output, function names) made inert in Markdown. Pure. */

const ZWSP = '\u200b';

/**
 * Escaped so that it cannot open a tag, a mention, a reference, a link, a table cell or a comment. GitHub decodes
 * character references before it looks for mentions (`&#64;x` mentions @x), so `&` is written `&amp;`; it links
 * `#123`, `GH-123` and `owner/repo#123` to issues and bare `https://…` and `www.…`, so a zero-width space
 * goes after the `#`, the `GH-`, the scheme and the `www` (the reader sees the same text).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]|<>~]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\b(gh-)(?=\d)/gi, `$1${ZWSP}`)
    .replace(/\b([a-z][a-z0-9+.-]*)(?=:\/\/)/gi, `$1${ZWSP}`)
    .replace(/\b(www)(?=\.)/gi, `$1${ZWSP}`)
    .replace(/\r\n?|\n/g, ' ');
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
    .map((part, i) => (i % 2 === 1 ? code(part) : escapeMarkdown(part)))
    .join('');
}

/** A fenced block for program output, its fence longer than any run of backticks inside. */
export function codeBlock(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text.replace(/<!--/g, '<!\u200b--').replace(/@/g, '@\u200b')}\n${fence}`;
}
