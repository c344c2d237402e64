/**
 * The report cut to the size GitHub accepts, in UTF-8 bytes: a comment (65,536 characters; a byte is never more than
 * a character, so bytes are the safe measure), a check run's summary (65,535 bytes) and the job summary (1 MiB).
 * Cut only between lines, never inside a fenced block or a `<details>` section, and never into the verdict, the
 * headline or the comparison table. Pure.
 */

/** GitHub rejects comments over 65,536 characters; the body is measured in bytes, which are never fewer. */
export const COMMENT_LIMIT = 65_536;
/** GitHub's limit of a check run's `output.summary`, in bytes. */
export const CHECK_SUMMARY_BYTES = 65_535;
/** The largest job summary GitHub shows (a larger one is dropped), in bytes. */
export const JOB_SUMMARY_BYTES = 1024 * 1024;

/** The length of `text` in UTF-8 bytes (a lone surrogate counts as the 3 bytes of U+FFFD it is sent as). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The longest prefix of `text` within `limit` bytes that ends on a whole code point. */
export function prefixWithin(text: string, limit: number): string {
  let bytes = 0;
  let end = 0;
  for (const point of text) {
    const size = utf8Bytes(point);
    if (bytes + size > limit) break;
    bytes += size;
    end += point.length;
  }
  return text.slice(0, end);
}

type BlockKind = 'line' | 'table' | 'details' | 'fence';

/** A line that opens a `<details>` section (`<details>`, `<details open>`). */
const DETAILS = /^<details[\s>]/;

interface Block {
  kind: BlockKind;
  lines: string[];
  /** Part of what is always kept: the verdict, the headline, the error's message and the comparison table. */
  kept: boolean;
  bytes: number;
}

/** The index after the block that starts at `start`: a `<details>` section, a fenced block, a table or a line. */
function blockEnd(lines: readonly string[], start: number): { end: number; kind: BlockKind } {
  const first = lines[start]!;
  if (DETAILS.test(first)) {
    let depth = 0;
    for (let i = start; i < lines.length; i++) {
      depth +=
        (lines[i]!.match(/<details[\s>]/g) ?? []).length - (lines[i]!.match(/<\/details>/g) ?? []).length;
      if (depth <= 0) return { end: i + 1, kind: 'details' };
    }
    return { end: lines.length, kind: 'details' };
  }
  const fence = /^(`{3,}|~{3,})/.exec(first)?.[1];
  if (fence !== undefined) {
    for (let i = start + 1; i < lines.length; i++) {
      if (lines[i]!.trimEnd() === fence) return { end: i + 1, kind: 'fence' };
    }
    return { end: lines.length, kind: 'fence' };
  }
  if (first.startsWith('|')) {
    let i = start;
    while (i < lines.length && lines[i]!.startsWith('|')) i++;
    return { end: i, kind: 'table' };
  }
  return { end: start + 1, kind: 'line' };
}

/** The Markdown as blocks; those before the first table that are not details, and that table, are kept. */
function blocksOf(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; ) {
    const { end, kind } = blockEnd(lines, i);
    const part = lines.slice(i, end);
    blocks.push({ kind, lines: part, kept: false, bytes: part.reduce((n, l) => n + utf8Bytes(l) + 1, 0) });
    i = end;
  }
  const table = blocks.findIndex((b) => b.kind === 'table');
  // Without a table: the title, the headline and what follows them up to the first section.
  const last = table >= 0 ? table : Math.min(blocks.length, 3);
  for (let i = 0; i <= last && i < blocks.length; i++) {
    if (blocks[i]!.kind !== 'details') blocks[i]!.kept = true;
  }
  return blocks;
}

function joined(blocks: readonly Block[]): string {
  return blocks
    .flatMap((b) => b.lines)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}

function total(blocks: readonly Block[]): number {
  return blocks.reduce((n, b) => n + b.bytes, 0);
}

/** Drops the largest `<details>` sections, then the other blocks from the end that are not kept. */
function dropUntil(blocks: Block[], budget: number): void {
  const sections = blocks.filter((b) => b.kind === 'details').sort((a, b) => b.bytes - a.bytes);
  for (const section of sections) {
    if (total(blocks) <= budget) return;
    blocks.splice(blocks.indexOf(section), 1);
  }
  for (let i = blocks.length - 1; i >= 0 && total(blocks) > budget; i--) {
    if (!blocks[i]!.kept) blocks.splice(i, 1);
  }
}

/**
 * What is kept is too large by itself: the table loses rows from its end (never its header), then blocks go from
 * the end, down to the title and the headline.
 */
function cutKept(blocks: Block[], budget: number): void {
  const table = blocks.find((b) => b.kind === 'table');
  while (table && total(blocks) > budget && table.lines.length > 2) {
    table.bytes -= utf8Bytes(table.lines.pop()!) + 1;
  }
  while (total(blocks) > budget && blocks.length > 3) blocks.pop();
}

/**
 * The Markdown within `limit` UTF-8 bytes, with a note at its end that says it was trimmed and where the rest is
 * (`pointer`); unchanged when it fits. `what`: what the report was too long for, for the note.
 */
export function fitComment(markdown: string, limit: number, pointer: string, what = 'a comment'): string {
  if (utf8Bytes(markdown) <= limit) return markdown;
  const note = `\n\n…trimmed: the report is longer than ${what} may be. ${pointer}\n`;
  const budget = limit - utf8Bytes(note);
  if (budget <= 0) return prefixWithin(note.trim(), limit);
  const blocks = blocksOf(markdown);
  dropUntil(blocks, budget);
  if (total(blocks) > budget) cutKept(blocks, budget);
  // Only a single line longer than the budget is left: cut inside it, on a code point.
  const text = prefixWithin(joined(blocks), budget);
  return `${text.trimEnd()}${note}`;
}
