/**
 * Issue 23, finding 2: untrusted text (labels, scenario names, notes and error messages of a report file, merged
 * shards) must not become a mention, a reference or a link on GitHub. GitHub decodes character references before
 * it looks for mentions (`&#64;octocat` mentions @octocat), links `#123`, `GH-123` and `owner/repo#123` to issues,
 * and links bare `https://…` and `www.…`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { escapeMarkdown, inlineText } from '../../../src/report/escape.ts';
import { githubMarkdown, visibleText } from '../../support/github-markdown.ts';
import { gateReport } from '../../support/reports.ts';

/** Text GitHub would turn into a mention, a reference or a link, and a pattern that finds it in Markdown. */
const HOSTILE: [string, RegExp][] = [
  ['&#64;octocat', /&#64;/],
  ['&#x40;octocat', /&#x40;/i],
  ['&commat;org/team', /&commat;/],
  ['nodejs/node#1', /node#\d/],
  ['see #123', /#\d/],
  ['GH-42', /GH-\d/i],
  ['gh-42', /GH-\d/i],
  ['https://evil.example/x', /https:\/\//],
  ['http://evil.example/x', /http:\/\//],
  ['www.evil.example', /www\./],
  ['ftp://files.example', /ftp:\/\//],
  // Issue 34, finding 2: GitHub's parser links these too (no word boundary before the scheme or the `www.`).
  ['_https://evil.example/phish', /https:\/\//],
  ['1https://evil.example/a', /https:\/\//],
  ['x_https://evil.example', /https:\/\//],
  ['_www.evil.example', /www\./],
];

describe('escapeMarkdown and inlineText: no mention, reference or link from untrusted text', () => {
  for (const [text, raw] of HOSTILE) {
    test(`${JSON.stringify(text)} is made inert`, () => {
      for (const escaped of [escapeMarkdown(text), inlineText(text), inlineText(`a note: ${text}.`)]) {
        assert.doesNotMatch(escaped, raw, escaped);
      }
    });
  }

  test('what the reader sees is unchanged but for invisible zero-width spaces and `&` written as `&amp;`', () => {
    const visible = (s: string) =>
      s.replaceAll('\u200b', '').replaceAll('&amp;', '&').replace(/\\(.)/g, '$1');
    for (const [text] of HOSTILE) assert.equal(visible(escapeMarkdown(text)), text);
    assert.equal(escapeMarkdown('Q&A'), 'Q&amp;A');
    assert.equal(escapeMarkdown('#1'), '#\u200b1');
    assert.equal(escapeMarkdown('a/b#12'), 'a/b#\u200b12');
    assert.equal(escapeMarkdown('https://x.example'), 'https:\u200b//x.example');
  });

  test('ordinary text is left alone: `#` not before a digit, words with `gh`, paths, times', () => {
    for (const text of ['C# code', '#hash', 'ghost-1', 'GET /orders?limit=10', '1.5 ms → 2.0 ms', 'x:y']) {
      assert.equal(escapeMarkdown(text), text);
    }
  });

  test('code spans in our sentences stay code (GitHub links nothing inside them)', () => {
    assert.equal(inlineText('input `config` at https://x'), 'input `config` at https:\u200b//x');
  });
});

describe('a report with hostile text renders without mentions, references or links', () => {
  test('scenario names, labels, notes and the error message of a report file', () => {
    const hostile = HOSTILE.map(([text]) => text).join(' ');
    const report = gateReport({
      paths: { '/a': 1 },
      notes: [{ kind: 'teardown-failed', message: `note ${hostile}` }],
      error: { code: 'load', message: `failed ${hostile}`, side: 'head', output: undefined, neutral: false },
    });
    report.base.label = `main ${hostile}`;
    // The pull request's own number (`#7`, verified, not text from outside) links on purpose: left out here.
    report.pullRequest = undefined;
    const markdown = renderMarkdown(report);
    // Outside code spans (where GitHub links nothing): no raw pattern survives.
    const prose = markdown.replace(/(`+)[^`]*?\1/g, '');
    for (const [text, raw] of HOSTILE) assert.doesNotMatch(prose, raw, `${text} survived`);
  });
});

describe('the verdict sentence (issue 34, finding 8)', () => {
  test('a scenario name in it is escaped once: GitHub shows `GET /orders_v2?a=1&b=2` as it is', async () => {
    const report = gateReport({ paths: { '/orders_v2?a=1&b=2': 0.8 }, pairs: 12 });
    const markdown = renderMarkdown(report);
    const sentence = markdown.split('\n').find((line) => line.startsWith('req/s of '));
    assert.ok(sentence, markdown);
    assert.ok(sentence.includes('GET /orders\\_v2?a=1&amp;b=2 changed by'), sentence);
    const render = await githubMarkdown();
    const [html] = await render([sentence]);
    assert.match(visibleText(html!), /^req\/s of GET \/orders_v2\?a=1&b=2 changed by /);
  });
});
