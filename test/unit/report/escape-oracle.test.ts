/**
 * Issue 34, finding 2: GitHub's own parser is the oracle of the escaping. Hostile strings, generated from a seeded
 * grammar (mentions in every encoding, references, autolinks after any character, links, images, HTML, table and
 * `<details>` breakers, block starts, workflow-command forms), go into every untrusted field of a report (branch
 * labels, scenario names, notes, the error's message and output, new scenarios, hot functions and their files, what
 * the allocation and kept profiles name);
 * the comment is rendered by cmark-gfm with GitHub's extensions (test/support/github-markdown.ts) beside a twin
 * whose fields hold plain words instead. The hostile comment must have the twin's structure exactly (every
 * element, every link and image, every table cell, every `<details>`), and its prose no mention, no issue
 * reference; the log lines that carry the same strings run no workflow command.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inert } from '../../../src/entry/inert.ts';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { escapeMarkdown, inlineText } from '../../../src/report/escape.ts';
import { pairLog } from '../../../src/report/gate-text.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { commandLines } from '../../support/action.ts';
import { measurement } from '../../support/gate-fakes.ts';
import { githubMarkdown, prose, skeleton } from '../../support/github-markdown.ts';
import { gateReport } from '../../support/reports.ts';

const URLS = [
  'https://evil.example/phish',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE/A',
  'ftp://files.evil.example',
  'www.evil.example',
  'WWW.Evil.Example/x',
  'mailto:a@evil.example',
  'xmpp:a@evil.example',
  'a.b@evil.example',
];
const MENTIONS = [
  '@octocat',
  '@org/team',
  '&#64;octocat',
  '&#x40;octocat',
  '&#X40;octocat',
  '&#0064;octocat',
  '&commat;octocat',
  '\\@octocat',
  '@\u200boctocat',
];
const REFERENCES = ['#123', '\\#123', '&#35;123', 'GH-42', 'gh-42', 'nodejs/node#1', 'see #9.'];
const MARKUP = [
  '[click](https://evil.example)',
  '[click][r]',
  '[r]: https://evil.example',
  '![x](https://evil.example/i.png)',
  '![x][r]',
  '<img src=https://evil.example/i.png>',
  '<a href="https://evil.example">x</a>',
  '<https://evil.example>',
  '<a.b@evil.example>',
  '[^1]',
  '[^1]: note',
  '&lt;img src=x&gt;',
  '&#91;x&#93;(https://evil.example)',
  '<!--',
  '-->',
  '<!-- perf-gate:report -->',
  '<details>',
  '</details>',
  '<summary>x</summary>',
  '</summary>',
  '</td></tr></table>',
  '<script>alert(1)</script>',
  '| a | b |',
  '|',
  '\\|',
  '`|`',
  '`',
  '``',
  '```',
  '~~~',
  '**bold**',
  '_em_',
  '~~gone~~',
  '$\\href{https://evil.example}{x}$',
  '\\',
  '[!CAUTION]',
  '- [ ] task',
];
const BLOCK_STARTS = ['# ', '## ', '- ', '+ ', '* ', '1. ', '2) ', '> ', '    ', '===', '---', '***', '___'];
const COMMANDS = [
  '::error::forged',
  '##[warning]forged',
  '\u00a0::add-mask::x',
  '\u3000::error::x',
  '::stop-commands::x',
];
const BREAKS = ['\n', '\r\n', '\r', '\n\n', '\u2028'];
/** What a link may follow: cmark-gfm's autolinker looks back from `:` over letters, and `www.` after `*_~(` too. */
const BEFORE = [
  '',
  ' ',
  '_',
  'x_',
  '1',
  'x',
  '*',
  '~',
  '(',
  '-',
  '.',
  "'",
  '"',
  ':',
  '/',
  'é',
  '\u200b',
  '\\',
];

function pick<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

/** One hostile string: up to four pieces of the grammar, each after a character a link may follow. */
function hostile(rng: () => number): string {
  const parts: string[] = [];
  const count = 1 + Math.floor(rng() * 4);
  for (let i = 0; i < count; i++) {
    const kind = rng();
    const piece =
      kind < 0.3
        ? pick(rng, BEFORE) + pick(rng, URLS)
        : kind < 0.45
          ? pick(rng, BEFORE) + pick(rng, MENTIONS)
          : kind < 0.55
            ? pick(rng, BEFORE) + pick(rng, REFERENCES)
            : kind < 0.8
              ? pick(rng, MARKUP)
              : kind < 0.9
                ? pick(rng, BREAKS) + pick(rng, BLOCK_STARTS) + pick(rng, URLS)
                : pick(rng, BREAKS) + pick(rng, COMMANDS);
    parts.push(piece);
  }
  const text = parts.join(pick(rng, ['', ' ', '_', '1', '\n']));
  return rng() < 0.3 ? pick(rng, BLOCK_STARTS) + text : text;
}

/** The untrusted fields of a report, filled by `text(slot)`: the same report for the hostile strings and the twin. */
function reportWith(text: (slot: number) => string): Report {
  const scenario = `GET /a${text(0)}`;
  const report = gateReport({ paths: { '/a': 0.8 }, pairs: 8 });
  report.settings.scenarios[0]!.name = scenario;
  for (const round of report.rounds) round.scenario = scenario;
  for (const c of report.decision!.comparisons) c.scenario = scenario;
  report.base.label = `main${text(1)}`;
  report.head.label = text(2);
  report.notes = [
    { kind: 'teardown-failed', message: `a note: ${text(3)}` },
    { kind: 'teardown-failed', message: text(4) },
    { kind: 'leftovers-stopped', step: 'install', side: 'head', commands: [`\`config\` ${text(5)}`] },
  ];
  report.error = {
    code: 'server-errors',
    message: `failed ${text(6)}`,
    side: 'head',
    output: `last output ${text(7)}\n${text(8)}`,
    neutral: true,
  };
  report.newScenarios = [text(9)];
  report.profile = {
    files: [],
    dir: '',
    seconds: 3,
    hotter: [{ fn: text(10), file: `src/${text(11)}.js`, line: 3, baseSelf: 0.1, headSelf: 0.3 }],
    allocation: allocationWith(text(12), text(13)),
    kept: allocationWith(text(14), text(15)),
  };
  report.changedFiles = [`src/${text(11)}.js`];
  return report;
}

/** An allocation profile that names a function and a dependency whose names are `fn` and `pkg`. */
function allocationWith(fn: string, pkg: string): NonNullable<NonNullable<Report['profile']>['allocation']> {
  const figures = { baseBytes: 10, headBytes: 16_394, deltaBytes: 16_384, p: 1e-6, evident: true };
  const own = {
    level: 'function',
    name: fn,
    file: `src/${pkg}.js`,
    line: 4,
    package: '',
    pseudo: false,
  } as const;
  const dep = { level: 'package', name: pkg, file: '', line: 0, package: pkg, pseudo: false } as const;
  const side = { bytes: 3000, samples: 100, requests: 1000 };
  return {
    evidence: {
      ...{ pairs: 24, windowSec: 0.125, level: 0.01, tested: 3, explain: true, base: side, head: side },
      functions: [{ ...own, ...figures }],
      named: [
        { ...own, ...figures },
        { ...dep, ...figures },
      ],
    },
    more: [{ unit: 'function', fn, file: `src/${pkg}.js`, line: 4, baseBytes: 10, headBytes: 16_394 }],
  };
}

const SLOTS = 16;

/** What GitHub's filters would take for a mention or an issue reference in a text node. */
const TAKEN = [
  /(?:^|[^\w`])@[a-z0-9]/i,
  /#\d/,
  /\bgh-\d/i,
  /[\w.-]+\/[\w.-]+#\d/,
  /https?:\/\//i,
  /\bwww\./i,
];

function taken(texts: readonly string[]): string[] {
  return texts.flatMap((t) => TAKEN.filter((re) => re.test(t)).map((re) => `${re} in ${JSON.stringify(t)}`));
}

describe('escaping, against GitHub’s own parser (cmark-gfm)', () => {
  const CASES = 200;

  test(`${CASES} reports with hostile strings in every untrusted field keep the plain twin’s structure: no link, image, mention or tag`, async () => {
    const render = await githubMarkdown();
    const rng = mulberry32(34);
    const cases = Array.from({ length: CASES }, () => Array.from({ length: SLOTS }, () => hostile(rng)));
    const twin = renderMarkdown(reportWith((slot) => `plain${slot}`));
    const markdowns = cases.map((strings) => renderMarkdown(reportWith((slot) => strings[slot]!)));
    const [twinHtml, ...htmls] = await render([twin, ...markdowns]);
    const expected = skeleton(twinHtml!);
    assert.ok(expected.includes('<table>') && expected.includes('<details>'), expected.join(''));
    const twinTaken = taken(prose(twinHtml!));
    htmls.forEach((html, i) => {
      const why = `case ${i}: ${JSON.stringify(cases[i])}`;
      assert.deepEqual(skeleton(html), expected, why);
      assert.deepEqual(taken(prose(html)), twinTaken, why);
    });
  });

  test('each piece of the grammar alone, after each character a link may follow, in prose and in a table cell', async () => {
    const render = await githubMarkdown();
    const pieces = [...URLS, ...MENTIONS, ...REFERENCES, ...MARKUP, ...COMMANDS];
    const texts = pieces.flatMap((p) => [...BEFORE, ...BLOCK_STARTS, ...BREAKS].map((b) => b + p));
    const docs = texts.flatMap((text) => [
      escapeMarkdown(text),
      `> [!CAUTION]\n> ${escapeMarkdown(text)}`,
      `Note: ${inlineText(text)}`,
      `| a | b |\n| --- | --- |\n| ${escapeMarkdown(text)} | x |`,
    ]);
    const htmls = await render([
      'plain',
      '> [!CAUTION]\n> plain',
      'Note: plain',
      '| a | b |\n| --- | --- |\n| plain | x |',
      ...docs,
    ]);
    const twins = htmls.slice(0, 4).map((h) => skeleton(h));
    htmls.slice(4).forEach((html, i) => {
      const why = JSON.stringify(texts[Math.floor(i / 4)]);
      assert.deepEqual(skeleton(html), twins[i % 4], why);
      assert.deepEqual(taken(prose(html)), [], why);
    });
  });

  test('the same strings in a log line run no workflow command, and are all there', () => {
    const rng = mulberry32(35);
    for (let i = 0; i < 500; i++) {
      const text = hostile(rng);
      for (const line of [
        pairLog(0, [{ scenario: text, base: measurement(1000), head: measurement(990) }]),
        `${text}: a line of ours`,
      ]) {
        const printed = inert(line);
        assert.deepEqual(commandLines(`${printed}\n`), [], JSON.stringify(line));
        assert.ok(printed.includes(line));
      }
    }
  });
});
