/**
 * README.md is written for people adding the action (issue 33): what it does, a picture of the comment, the smallest
 * workflow with a comment on every permission, the requirements, the cost, what the server sees, the examples,
 * what we write ourselves, and the contributors' section; within 150 lines. Its first screen is for adopters (issue
 * 52): what it is, the comment, the workflow, what they will see and how to make it required; the two commands a
 * contributor runs on a fresh clone (`npm ci && npm run demo`, `npm test`) open the contributors' section. docs/inputs.md covers
 * every input, action.yml's descriptions start with a short sentence (what GitHub's Marketplace shows), and no link in
 * README.md or docs/ leads nowhere. Markdown is read with marked.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { marked, type Token, type Tokens } from 'marked';
import { parse } from 'yaml';
import { MEASURE_DEFAULTS } from '../../../src/config/measure.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const action = parse(read('action.yml')) as {
  inputs: Record<string, { description: string }>;
  outputs: Record<string, unknown>;
};
const DOCS = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/**
 * Files other changes of this release add (the screenshot of a real comment; the security and fault documents):
 * links to them may lead nowhere until they land, and to nothing else.
 */
const PENDING = new Set(['docs/comment.png', 'docs/security.md', 'docs/faults.md']);

/** The first sentence of `text` (up to the first `.`, `!` or `?` followed by a space or the end). */
function firstSentence(text: string): string {
  return (/^(.+?[.!?])(?=\s|$)/s.exec(text.trim())?.[1] ?? text.trim()).replace(/\s+/g, ' ');
}

/** The line (from 1) where `raw` first occurs in `text`. */
const lineOf = (text: string, raw: string): number => text.slice(0, text.indexOf(raw)).split('\n').length;

function tokensOf(text: string): Token[] {
  const all: Token[] = [];
  marked.walkTokens(marked.lexer(text), (token) => {
    all.push(token);
  });
  return all;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

describe('README.md', () => {
  const tokens = marked.lexer(readme);

  test('fits on a screen: at most 150 lines', () => {
    assert.ok(readme.split('\n').length <= 150, `${readme.split('\n').length} lines`);
  });

  test('its sections come in the order a newcomer needs them, the contributors’ last', () => {
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((t) => t.text);
    assert.deepEqual(headings, [
      'perf-gate',
      'Usage',
      'Requirements',
      'Cost',
      'What your server sees',
      'Examples',
      'Main against its last release',
      'More',
      'What perf-gate writes itself, and why',
      'Developing perf-gate',
    ]);
    assert.match(readme, /\*\*A Linux runner\*\*/);
    assert.match(readme, /\*\*Node\.js on `PATH`\*\*/);
    assert.match(readme, /\*\*git\*\*/);
    for (const seen of ['NODE_ENV=production', '`PORT`', '`port: 3000`', 'preload', 'env:'])
      assert.ok(readme.includes(seen), `What your server sees: ${seen}`);
  });

  test('the contributors’ section opens with their two commands, `npm ci && npm run demo` then `npm test`, then what they need', () => {
    const section = tokens.findIndex((t) => t.type === 'heading' && t.text === 'Developing perf-gate');
    const first = tokens.findIndex((t, i) => i > section && t.type === 'code');
    const commands = tokens[first] as Tokens.Code;
    assert.equal(commands.lang, 'sh');
    assert.ok(
      tokens.slice(section + 1, first).every((t) => t.type !== 'heading'),
      'the first thing of their section',
    );
    const own = readme.slice(readme.indexOf('## Developing perf-gate'));
    assert.deepEqual(
      commands.text.split('\n').map((line) => line.replace(/\s*#.*$/, '')),
      ['npm ci && npm run demo', 'npm test'],
    );
    for (const needed of ['Go', 'redis-server', 'Chromium']) assert.ok(own.includes(needed), needed);
    // .ci/run runs what the README tells a contributor to run.
    assert.match(read('.ci/run'), /npm ci\nnpm run demo\nnpm test[\n ]/);
  });

  test('the workflow: placeholders, not the demo’s values, and a comment on every permission', () => {
    const workflow = tokens.find((t): t is Tokens.Code => t.type === 'code' && t.lang === 'yaml')!;
    assert.match(workflow.text, /^ {10}start: <[^>]+>/m);
    assert.match(workflow.text, /^ {10}paths: <[^>]+>/m);
    assert.doesNotMatch(workflow.text, /seed\/v1/);
    const permissions = (parse(workflow.text) as { permissions: Record<string, string> }).permissions;
    for (const scope of Object.keys(permissions))
      assert.match(workflow.text, new RegExp(`^ {2}${scope}: \\w+ +# \\S`, 'm'), `${scope} has no comment`);
    const job = (parse(workflow.text) as { jobs: Record<string, Record<string, unknown>> }).jobs.perf!;
    assert.ok(
      Number(job['timeout-minutes']) >= 25,
      'timeout-minutes above the gate’s timeout (20m) and then some',
    );
  });

  test('its first screen is for adopters: what it is, the comment, the workflow, what they see, how to require it', () => {
    const first = readme.split('\n').slice(0, 55).join('\n');
    for (const said of [
      'A GitHub Action that',
      '**What you will see:**',
      '**Make it a required check**',
      'docs/required-check.md',
    ])
      assert.ok(first.includes(said), said);
    assert.ok(
      !first.includes('npm run demo'),
      'no contributor command before the adopters have what they need',
    );
  });

  test('shows a real comment and the smallest workflow on its first screen (40 lines)', () => {
    const image = tokensOf(readme).find((t): t is Tokens.Image => t.type === 'image');
    assert.ok(image, 'no picture');
    assert.equal(image.href, 'docs/comment.png');
    assert.equal(image.text, 'The comment perf-gate posts');
    assert.ok(lineOf(readme, image.raw) <= 40, `the picture is on line ${lineOf(readme, image.raw)}`);
    const workflow = tokens.find((t): t is Tokens.Code => t.type === 'code' && t.lang === 'yaml');
    assert.ok(workflow && /^on: \{ pull_request: /m.test(workflow.text), 'no workflow');
    // Adding the accept label re-runs the gate; no other label does.
    assert.match(workflow.text, /types: \[opened, synchronize, reopened, labeled\]/);
    assert.match(
      workflow.text,
      /^ {4}if: github\.event\.action != 'labeled' \|\| github\.event\.label\.name == 'perf-gate:accept'/m,
    );
    assert.ok(lineOf(readme, workflow.raw) <= 40, 'the workflow starts on the first screen');
    assert.match(workflow.text, /uses: <owner>\/perf-gate@v1/);
  });

  test('each input’s description in action.yml starts with one short sentence', () => {
    for (const [name, input] of Object.entries(action.inputs)) {
      const summary = firstSentence(input.description);
      assert.ok(summary.length <= 110, `inputs.${name}: ${summary.length} characters: ${summary}`);
      assert.doesNotMatch(summary, /\b(e\.g|i\.e)\.$/, `inputs.${name}: a sentence cut at an abbreviation`);
    }
  });

  test('it names every output of action.yml, and no other', () => {
    const line = readme.split('\n\n').find((p) => p.includes('output ('))!;
    const named = [...line.slice(line.indexOf('output (')).matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    assert.deepEqual(named.sort(), Object.keys(action.outputs).sort());
  });
});

describe('docs/', () => {
  const tables = (header: string): Tokens.Table[] =>
    marked
      .lexer(read('docs/inputs.md'))
      .filter((t): t is Tokens.Table => t.type === 'table' && t.header[0]?.text === header);

  test('inputs.md has a row for every input of action.yml, and for nothing else', () => {
    const named = tables('input').flatMap((table) =>
      table.rows.flatMap((row) => [...row[0]!.text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)),
    );
    assert.deepEqual(named.sort(), Object.keys(action.inputs).sort());
  });

  test('a first gate sees at most 20 inputs: the first table of inputs.md, in action.yml’s order at its top', () => {
    const first = tables('input')[0]!.rows.map((row) => /`([^`]+)`/.exec(row[0]!.text)![1]!);
    assert.ok(first.length <= 20, `${first.length} inputs in the first table`);
    assert.deepEqual(Object.keys(action.inputs).slice(0, first.length), first);
  });

  test('inputs.md has a row for every setting of the `measure` block, with its default', () => {
    const [table] = tables('setting');
    assert.ok(table, 'no table of the measure settings');
    const rows = table.rows.map((row) => [
      /`([^`]+)`/.exec(row[0]!.text)![1]!,
      row[1]!.text.replaceAll('`', ''),
    ]);
    assert.deepEqual(Object.fromEntries(rows), MEASURE_DEFAULTS);
  });

  test('each input’s description in action.yml ends with a link to the page that says more, and the page has it', () => {
    for (const [name, input] of Object.entries(action.inputs)) {
      const link =
        /More: https:\/\/github\.com\/<owner>\/perf-gate\/blob\/v1\/(docs\/[a-z-]+\.md)(?:#([a-z0-9-]+))?$/.exec(
          input.description,
        );
      assert.ok(link, `inputs.${name}: no link at the end`);
      const [, page, hash] = link;
      assert.ok(existsSync(join(ROOT, page!)), `inputs.${name}: ${page} does not exist`);
      if (hash === undefined) continue;
      const headings = tokensOf(read(page!))
        .filter((t): t is Tokens.Heading => t.type === 'heading')
        .map((t) => anchor(t.text.replaceAll('`', '')));
      assert.ok(headings.includes(hash), `inputs.${name}: no heading #${hash} in ${page}`);
      // One or two sentences before the link.
      const sentences = input.description.replace(/ More: \S+$/, '').split(/(?<=[.!?])\s+(?=[A-Z`])/);
      assert.ok(sentences.length <= 2, `inputs.${name}: ${sentences.length} sentences`);
    }
  });

  test('the schema’s address names the major tag, wherever it is given', () => {
    for (const file of ['README.md', ...DOCS, 'example-workflows/nestjs-redis/perf-gate.yml']) {
      for (const match of read(file).matchAll(/https:\/\/\S*perf-gate\.schema\.json/g))
        assert.equal(
          match[0],
          'https://raw.githubusercontent.com/<owner>/perf-gate/v1/perf-gate.schema.json',
          file,
        );
    }
  });

  for (const file of ['README.md', ...DOCS]) {
    test(`every link of ${file} leads somewhere`, () => {
      const text = read(file);
      const targets = tokensOf(text)
        .filter((t): t is Tokens.Link | Tokens.Image => t.type === 'link' || t.type === 'image')
        .map((t) => t.href)
        .filter((href) => !/^[a-z]+:/.test(href));
      for (const href of targets) {
        const [path, hash] = href.split('#') as [string, string | undefined];
        const target = path === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), path));
        if (PENDING.has(target) && !existsSync(join(ROOT, target))) continue;
        assert.ok(existsSync(join(ROOT, target)), `${file}: ${href} (${target}) does not exist`);
        if (hash === undefined) continue;
        const headings = tokensOf(read(target))
          .filter((t): t is Tokens.Heading => t.type === 'heading')
          .map((t) => anchor(t.text.replaceAll('`', '')));
        assert.ok(headings.includes(hash), `${file}: ${href}: no heading #${hash} in ${target}`);
      }
    });
  }
});
