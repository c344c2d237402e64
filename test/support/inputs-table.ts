/**
 * README.md's table of inputs, generated from action.yml: one row per input in action.yml's order, with its default
 * and the first sentence of its description (the whole of it, and more, is in docs/inputs.md). `npm run docs`
 * writes it into README.md between the markers; test/unit/readme.test.ts fails when README.md and action.yml
 * disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));
export const ACTION_YML = fileURLToPath(new URL('../../action.yml', import.meta.url));
export const BEGIN = '<!-- inputs: generated from action.yml by `npm run docs` -->';
export const END = '<!-- end of inputs -->';

interface ActionInput {
  description: string;
  default?: string;
}

/** The first sentence of `text` (up to the first `.`, `!` or `?` followed by a space or the end). */
export function firstSentence(text: string): string {
  return (/^(.+?[.!?])(?=\s|$)/s.exec(text.trim())?.[1] ?? text.trim()).replace(/\s+/g, ' ');
}

/** The Markdown table of action.yml's inputs (`action` is the file's text). */
export function inputsTable(action: string): string {
  const inputs = (parse(action) as { inputs: Record<string, ActionInput> }).inputs;
  const cell = (text: string): string => text.replaceAll('|', '\\|');
  const rows = Object.entries(inputs).map(([name, input]) => {
    const value = input.default ? `\`${input.default}\`` : '';
    return `| \`${name}\` | ${cell(value)} | ${cell(firstSentence(input.description))} |`;
  });
  return ['| input | default | what it does |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `readme` with the text between the markers replaced by `table`; throws when the markers are missing. */
export function withInputsTable(readme: string, table: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`README.md lacks the markers ${BEGIN} … ${END}`);
  return `${readme.slice(0, begin + BEGIN.length)}\n${table}\n${readme.slice(end)}`;
}

// `npm run docs`: rewrite the table in README.md.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(README, 'utf8');
  writeFileSync(README, withInputsTable(readme, inputsTable(readFileSync(ACTION_YML, 'utf8'))));
}
