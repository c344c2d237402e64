/** The report cut to the size GitHub accepts for a comment or a check run summary. Pure. */

/** GitHub rejects comments over 65,536 characters: trim the detail, never the verdict. */
export const COMMENT_LIMIT = 65_536;

/** The Markdown within `limit` characters, cut before the first `<details>` if that is enough, and why. */
export function fitComment(markdown: string, limit: number, pointer: string): string {
  if (markdown.length <= limit) return markdown;
  const note = `\n\n…trimmed: the report is longer than a comment may be. ${pointer}\n`;
  const details = markdown.indexOf('<details>');
  const cut = details > 0 && details + note.length <= limit ? details : limit - note.length;
  return `${markdown.slice(0, cut).trimEnd()}${note}`;
}
