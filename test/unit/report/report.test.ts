/**
 * src/report/: the Markdown report of a realistic run (fixture rounds of a ~10k req/s server, decided at test
 * time), escaping of text from outside, inline code and code blocks that cannot be broken out of, trimming to
 * the comment limit, and error reports.
 *
 * test/fixtures/report-regression.json: two scenarios from `paths` (`GET /` unchanged at ~11.8k req/s, `/seed/v1` at ~4.4k req/s and
 * 12% slower on head), 8 fixed ABBA pairs of 3 s rounds as autocannon reports them, generated once with mulberry32
 * noise (0.6% per round on req/s, 0.4% more on latency, ±3% host drift across pairs). It holds no decision:
 * decide() makes it here, from the rounds.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { decide } from '../../../src/decide/verdict.ts';
import type { Decision } from '../../../src/model/decision.ts';
import type { Round } from '../../../src/model/measure.ts';
import type { Report, ReportError } from '../../../src/model/report.ts';
import { MARKER } from '../../../src/publish/github.ts';
import { measuredMedians, renderMarkdown } from '../../../src/publish/markdown.ts';
import { code, codeBlock, escapeMarkdown } from '../../../src/report/escape.ts';
import { COMMENT_LIMIT, fitComment } from '../../../src/report/fit.ts';
import { metricLabel } from '../../../src/report/format.ts';
import { reportHeadline } from '../../../src/report/headline.ts';

type Fixture = Omit<Report, 'verdict' | 'headline' | 'decision' | 'error' | 'settings'> & {
  settings: Omit<Report['settings'], 'port'>;
};

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/report-regression.json', import.meta.url), 'utf8'),
) as Fixture;

/** A report as the pipeline builds it: the decision made from the rounds. */
function reportOf(overrides: Partial<Fixture> = {}): Report & { decision: Decision } {
  const base = { ...fixture, ...overrides };
  const settings = { ...base.settings, port: undefined };
  const decision = decide(base.rounds, settings.scenarios, {
    threshold: settings.threshold,
    alpha: settings.alpha,
  });
  return {
    ...base,
    settings,
    decision,
    verdict: decision.verdict,
    error: undefined,
  };
}

function errorReport(error: ReportError): Report {
  return {
    ...fixture,
    settings: { ...fixture.settings, port: undefined },
    verdict: 'inconclusive',
    decision: undefined,
    rounds: [],
    error,
  };
}

function nonEmptyLines(markdown: string): string[] {
  return markdown.split('\n').filter((line) => line.trim() !== '');
}

/** The blocks of consecutive lines that start with `|`: the tables. */
function tables(markdown: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) current.push(line);
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Characters of `text` that Markdown sees unescaped (a backslash escapes the next character). */
function unescaped(text: string, char: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) count++;
  }
  return count;
}

/** Cells of a table row, split at unescaped pipes (outer pipes dropped). */
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!;
    if (c === '\\') {
      cell += c + (row[i + 1] ?? '');
      i++;
    } else if (c === '|') {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out.slice(1, -1);
}

/**
 * CommonMark code spans of one line: a run of n backticks opens, the next run of exactly n closes. Returns the
 * contents (one leading and trailing space stripped when both are there) and the line with the spans removed.
 */
function codeSpans(line: string): { spans: string[]; rest: string } {
  const spans: string[] = [];
  let rest = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] === '\\' && line[i + 1] === '`') {
      rest += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (line[i] !== '`') {
      rest += line[i];
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    let j = i + n;
    let close = -1;
    while (j < line.length) {
      if (line[j] !== '`') {
        j++;
        continue;
      }
      let m = 0;
      while (line[j + m] === '`') m++;
      if (m === n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close < 0) {
      rest += line.slice(i, i + n);
      i += n;
      continue;
    }
    let content = line.slice(i + n, close);
    if (content.length > 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') {
      content = content.slice(1, -1);
    }
    spans.push(content);
    rest += '⟨code⟩';
    i = close + n;
  }
  return { spans, rest };
}

/** Tags the report itself writes; anything else that looks like a tag would be HTML from outside. */
const OWN_TAGS = /<\/?(details|summary|sub|code)>|<details open>/g;

const HOSTILE =
  '/a|b<script>alert(1)</script> @everyone `x` ``y`` <!-- perf-gate:report --> [link](https://evil.example)\nnext line\r\n| forged | row |';

describe('renderMarkdown: a regression report', () => {
  const report = reportOf();
  const markdown = renderMarkdown(report);
  const lines = nonEmptyLines(markdown);

  test('the fixture decides a regression of /seed/v1 and nothing else', () => {
    assert.equal(report.decision.verdict, 'regression');
    for (const c of report.decision.comparisons) {
      assert.equal(
        c.verdict,
        c.scenario === 'GET /seed/v1' ? 'regression' : 'no-change',
        `${c.scenario} ${c.metric}`,
      );
    }
  });

  test('starts with the title, then one sentence in plain words: branches, by how much, measured, how sure', () => {
    assert.equal(lines[0], '### 🔴 perf-gate: regression');
    assert.match(
      lines[1]!,
      /^\*\*`feature\/seed-cache` makes GET \/seed\/v1 1[0-3]\.\d% slower than `main`\*\*: 3,\d{3} req\/s against 4,\d{3}; very sure\.$/,
    );
    assert.match(lines[2]!, /^\*\*Next:\*\* .*re-run the job/);
  });

  test('the comparison table: what was measured, the change with its interval, the verdict; no p', () => {
    const [comparison] = tables(markdown);
    assert.ok(comparison);
    assert.deepEqual(cells(comparison[0]!), [
      'scenario',
      'metric',
      'base',
      'head',
      'change (95% interval)',
      'verdict',
    ]);
    assert.match(comparison[1]!, /^\| --- \| --- \| ---: \| ---: \| ---: \| --- \|$/);
    const rows = comparison.slice(2).map(cells);
    assert.deepEqual(
      rows.map((r) => `${r[0]} / ${r[1]}`),
      ['/', '/seed/v1'].flatMap((p) => ['req/s', 'latency p50', 'latency p99'].map((m) => `GET ${p} / ${m}`)),
    );
    for (const row of rows) {
      assert.equal(row.length, 6);
      if (row[1] === 'latency p50') {
        assert.match(row[4]!, /^[+−±]\d+\.\d% \(not tested\)$/, 'p50 is shown, not tested');
        assert.equal(row[5], 'shown only');
        continue;
      }
      assert.match(row[4]!, /^[+−±]\d+\.\d% \([+−±]\d+\.\d% … [+−±]\d+\.\d%\)$/, 'change (interval)');
    }
    const seedRps = rows.find((r) => r[0] === 'GET /seed/v1' && r[1] === 'req/s')!;
    assert.equal(seedRps[5], '🔴 regression');
    assert.match(seedRps[4]!, /^−1[0-3]\.\d% /);
    assert.equal(rows.find((r) => r[0] === 'GET /' && r[1] === 'req/s')![5], '⚪ within ±5%');
  });

  test('the interval column is labelled with the level 1 − α', () => {
    const strict = renderMarkdown(reportOf({ settings: { ...fixture.settings, alpha: 0.01 } }));
    assert.equal(cells(tables(strict)[0]![0]!)[4], 'change (99% interval)');
  });

  test('numbers are formatted: thousands separators for req/s, ms with 2 decimals under 10 ms; the medians measured', () => {
    const rows = tables(markdown)[0]!.slice(2).map(cells);
    const medians = measuredMedians(report);
    for (const c of report.decision.comparisons) {
      const row = rows.find((r) => r[0] === c.scenario && r[1] === metricLabel(c.metric));
      const measured = medians.find((m) => m.scenario === c.scenario && m.metric === c.metric);
      assert.ok(row && measured);
      assert.equal(measured.base, c.base, "the decision's base is the median of base's rounds");
      for (const [cell, value] of [
        [row[2]!, measured.base],
        [row[3]!, measured.head],
      ] as const) {
        if (c.metric === 'rps') {
          assert.match(cell, /^\d{1,3}(,\d{3})+$/, cell);
          assert.ok(Math.abs(Number(cell.replace(/,/g, '')) - value) <= 0.5, cell);
        } else {
          assert.ok(value < 10);
          assert.match(cell, /^\d\.\d\d ms$/, cell);
          assert.ok(Math.abs(Number.parseFloat(cell) - value) <= 0.005 + 1e-9, cell);
        }
      }
    }
  });

  test('the rounds table is inside <details>, one row per pair and scenario, in ABBA order', () => {
    const open = lines.indexOf('<details><summary>Every round</summary>');
    const close = lines.indexOf('</details>', open);
    assert.ok(open > 0 && close > open, 'a closed <details> block');
    const inside = lines.slice(open + 1, close);
    assert.ok(inside[0]!.startsWith('| pair | order | scenario | base req/s | head req/s | head/base |'));
    const rows = inside.slice(2).map(cells);
    assert.equal(rows.length, 16);
    assert.deepEqual(rows[0]!.slice(0, 3), ['1', 'base → head', 'GET /']);
    assert.deepEqual(rows[3]!.slice(0, 3), ['2', 'head → base', 'GET /seed/v1']);
    for (const row of rows) {
      assert.match(row[3]!, /^\d{1,3},\d{3}$/);
      assert.match(row[5]!, /^[01]\.\d{3}$/);
      assert.match(row[6]!, /^\d\.\d\d ms$/);
      assert.equal(row[8], '0 / 0');
    }
    // pair 1 of /seed/v1: the ratio is the two rounds' req/s
    const round = (side: Round['side']) =>
      fixture.rounds.find((r) => r.pair === 0 && r.scenario === 'GET /seed/v1' && r.side === side)!
        .measurement.rps;
    assert.equal(rows[1]![5], (round('head') / round('base')).toFixed(3));
    assert.ok(lines.indexOf('| scenario | metric | base | head | change (95% interval) | verdict |') < open);
  });

  test('the settings, the trees, the noise and the note on reading it', () => {
    assert.ok(
      markdown.includes(
        '8 pairs of interleaved rounds (a fixed number of pairs), base and head alternating ABBA, 3 s each after 1 s warm-up, 10 connections',
      ),
    );
    assert.ok(
      markdown.includes(
        'threshold ±5% (req/s), ±5% (latency) · intervals simultaneous and p-values adjusted over 6 comparisons and every planned look (α = 0.05)',
      ),
    );
    assert.ok(markdown.includes('measuring 2 min 22 s, 3 min 6 s in all'));
    assert.ok(
      lines.includes('base `main` (3f1c2a9) · head `feature/seed-cache` (9b7e04d) · Node v24.11.1 · 4 CPUs'),
    );
    assert.match(
      markdown,
      /\nNoise per pair: req\/s ±\d\.\d%, latency p99 ±\d\.\d%\. This run would catch a change of req\/s ≈\d\.\d% \(threshold 5%\), latency p99 ≈\d\.\d% \(threshold 5%\) in 80% of runs like it\.\n/,
    );
    assert.match(
      markdown,
      /\nHow to read the table: base and head are the medians of each side's rounds, as measured/,
    );
    assert.match(
      markdown,
      /The intervals, and the exact tests of failed requests \(head's share of all failures given each side's requests\), are simultaneous over all 6 comparisons and the one planned look: together they cover their true changes with probability 95% \(each alone a 99\.17% interval\)\. Latency p50 is shown, not tested/,
    );
    assert.ok(markdown.endsWith('</details>\n'));
  });

  test('a significant regression never shows a p-value that reads as not significant (p ≥ α)', () => {
    // BUG (src/decide/verdict.ts formatP): p = 0.0469 < α = 0.05 is printed as `0.05`, so the regression headline and
    // its table rows say "p = 0.05". With 8 pairs and 6 comparisons 0.0469 is the smallest p there is, so every
    // regression of such a gate reads this way. Expected to fail until formatP keeps the digits that matter.
    const significant = report.decision.comparisons.filter((c) => c.pAdjusted < report.decision.alpha);
    assert.ok(significant.length > 0);
    const shown = /p [=<] ([\d.]+)\)$/.exec(reportHeadline(report))?.[1];
    assert.ok(shown !== undefined, reportHeadline(report));
    assert.ok(Number(shown) < report.decision.alpha, `headline shows p = ${shown} for a significant change`);
    for (const row of tables(markdown)[0]!.slice(2).map(cells)) {
      if (row[7] === '🔴 regression') assert.ok(Number(row[6]) < report.decision.alpha, `p cell ${row[6]}`);
    }
  });

  test('latency of 10 ms and more: one decimal, from 100 ms none', () => {
    const slow = fixture.rounds.map((r) => ({
      ...r,
      measurement: {
        ...r.measurement,
        latencyMs: {
          ...r.measurement.latencyMs,
          p50: r.measurement.latencyMs.p50 * 10,
          p99: r.measurement.latencyMs.p99 * 30,
        },
      },
    }));
    const rows = tables(renderMarkdown(reportOf({ rounds: slow })))[0]!
      .slice(2)
      .map(cells);
    const p50 = rows.find((r) => r[0] === 'GET /seed/v1' && r[1] === 'latency p50')!;
    const p99 = rows.find((r) => r[0] === 'GET /seed/v1' && r[1] === 'latency p99')!;
    assert.match(p50[2]!, /^2\d\.\d ms$/);
    assert.match(p99[2]!, /^1\d\d ms$/);
  });

  test('durations of the run: seconds under 90 s, then minutes and seconds (never "60 s")', () => {
    // BUG (src/report/ formatSeconds): 119.6 s is shown as "1 min 60 s". Expected to fail until fixed.
    const short = renderMarkdown({
      ...report,
      timing: { ...report.timing, measureSec: 45.2, wallSec: 89.4 },
    });
    assert.ok(short.includes('measuring 45 s, 89 s in all'));
    const edge = renderMarkdown({
      ...report,
      timing: { ...report.timing, measureSec: 119.6, wallSec: 3599.7 },
    });
    assert.ok(!/\b60 s\b/.test(edge), 'a minute has at most 59 seconds');
    assert.ok(edge.includes('measuring 2 min 0 s, 60 min 0 s in all'));
  });

  test('the settings line states the threshold as configured (2.5% is not ±3%)', () => {
    const rendered = renderMarkdown({ ...report, settings: { ...report.settings, threshold: 0.025 } });
    assert.ok(
      rendered.includes('threshold ±2.5% (req/s)'),
      rendered.split('\n').find((l) => l.includes('threshold')),
    );
  });

  test('the settings line says how base and head took turns: whole rounds, or slices', () => {
    const line = (sliceSec: number | undefined): string =>
      renderMarkdown({ ...report, settings: { ...report.settings, sliceSec } })
        .split('\n')
        .find((l) => l.includes('pairs of interleaved rounds'))!;
    assert.match(line(undefined), /base and head alternating ABBA, 3 s each after 1 s warm-up/);
    assert.match(line(0), /base and head alternating ABBA, 3 s each after 1 s warm-up/);
    assert.match(
      line(0.25),
      /3 s of load per side in each pair, after 1 s warm-up, base and head taking turns ABBA of 0\.25 s/,
    );
    assert.doesNotMatch(line(0.25), /3 s each/);
  });
});

describe('escaping text from outside', () => {
  // The hostile text as a scenario's name and path (in the headline, both tables, the scenarios line and the
  // new-scenarios line).
  const name = `GET ${HOSTILE}`;
  const rounds = fixture.rounds.map((r) => (r.scenario === 'GET /seed/v1' ? { ...r, scenario: name } : r));
  const report = reportOf({
    rounds,
    settings: {
      ...fixture.settings,
      scenarios: [
        fixture.settings.scenarios[0]!,
        { ...fixture.settings.scenarios[1]!, name, path: HOSTILE, connections: 3 },
      ],
    },
    newScenarios: [name],
  });
  const markdown = renderMarkdown(report);

  test('the hostile path is decided and appears in the headline', () => {
    assert.equal(report.verdict, 'regression');
    assert.ok(reportHeadline(report).includes(HOSTILE));
  });

  test('tables keep their shape: every row has the header’s cells and lines', () => {
    const [comparison, roundsTable] = tables(markdown);
    assert.ok(comparison && roundsTable);
    assert.equal(comparison.length, 2 + 6);
    assert.equal(roundsTable.length, 2 + 16);
    for (const table of [comparison, roundsTable]) {
      const width = unescaped(table[0]!, '|');
      for (const row of table) assert.equal(unescaped(row, '|'), width, row);
    }
    assert.equal(comparison.filter((row) => row.startsWith('| GET /a')).length, 3);
    for (const line of markdown.split('\n')) {
      assert.ok(!line.startsWith('next line') && !line.startsWith('| forged'), `a line was broken: ${line}`);
    }
  });

  test('no HTML from outside: every `<` outside the report’s own tags and code spans is escaped', () => {
    // The charts (```mermaid fences) hold numbers and our own titles only; their lines are Mermaid, not Markdown.
    const outsideCharts = markdown.replace(/```mermaid\n[\s\S]*?\n```/g, '');
    for (const chart of markdown.match(/```mermaid\n[\s\S]*?\n```/g) ?? []) {
      for (const line of chart.split('\n'))
        assert.match(
          line,
          /^(```(mermaid)?|%%\{init: \{"xyChart": \{"width": 720, "height": 320\}, "themeVariables": \{"xyChart": \{"plotColorPalette": "[#\da-f, ]+"\}\}\}\}%%|xychart-beta| {2}title "[a-z0-9 /:÷()±.%]+"| {2}x-axis "pair" \[[\d, ]+\]| {2}y-axis "head ÷ base" [\d.]+ --> [\d.]+| {2}line \[[\d., ]+\])$/,
          'a chart holds our own words and numbers only',
        );
    }
    for (const line of outsideCharts.split('\n')) {
      // Our own "p < 0.001": a `<` before a space opens no tag (CommonMark's tags start with a letter, / ! or ?).
      const { rest } = codeSpans(line.replace(OWN_TAGS, '').replaceAll('p < 0.001', 'p under 0.001'));
      assert.equal(unescaped(rest, '<'), 0, line);
      assert.equal(unescaped(rest, '['), 0, `no link syntax: ${line}`);
    }
    assert.ok(!markdown.includes('<script>'));
  });

  test('no mention: every @ is followed by a zero-width space', () => {
    assert.ok(!markdown.includes('@everyone'));
    assert.equal(markdown.match(/@(?!\u200b)/g), null);
  });

  test('the comment marker does not appear, and no HTML comment can open', () => {
    assert.ok(markdown.includes('perf-gate:report'), 'the hostile text is there');
    assert.ok(!markdown.includes(MARKER));
    for (const match of markdown.matchAll(/<!--/g)) {
      assert.equal(markdown[match.index - 1], '\\', 'every `<!--` is escaped');
    }
  });

  test('branch labels with backticks, tags, mentions and newlines stay inside their code spans', () => {
    const base = '```main``` `x`';
    const head = 'evil|<script>@everyone\n`tick` <b>x</b>';
    const rendered = renderMarkdown({
      ...reportOf(),
      base: { ...fixture.base, label: base },
      head: { ...fixture.head, label: head },
    });
    const line = rendered.split('\n').find((l) => l.startsWith('base '));
    assert.ok(line, 'the trees line is one line');
    const { spans, rest } = codeSpans(line);
    assert.deepEqual(spans, [base, head.replace('\n', ' ').replace('@', '@\u200b')]);
    assert.match(rest, /^base ⟨code⟩ \(3f1c2a9\) · head ⟨code⟩ \(9b7e04d\) · Node /);
    assert.ok(!rendered.includes('@everyone'));
  });

  test('a branch label cannot carry the comment marker into the comment', () => {
    // BUG (src/report/ code()): codeBlock() breaks `<!--` with a zero-width space, code() does not, so a label
    // (e.g. from the `base` input) containing the marker puts it into the comment verbatim. Expected to fail.
    const rendered = renderMarkdown({ ...reportOf(), head: { ...fixture.head, label: `x ${MARKER}` } });
    assert.ok(!rendered.includes(MARKER));
  });

  test('escapeMarkdown: markup characters, mentions and line breaks', () => {
    assert.equal(escapeMarkdown('a|b'), 'a\\|b');
    assert.equal(escapeMarkdown('<b>'), '\\<b\\>');
    assert.equal(
      escapeMarkdown('*x* _y_ `z` [l](u) ~s~ \\'),
      '\\*x\\* \\_y\\_ \\`z\\` \\[l\\](u) \\~s\\~ \\\\',
    );
    assert.equal(escapeMarkdown('@team'), '@\u200bteam');
    assert.equal(escapeMarkdown('one\ntwo\r\nthree'), 'one two three');
    assert.equal(escapeMarkdown('/seed/v1?limit=10'), '/seed/v1?limit=10');
  });

  test('escapeMarkdown: a lone carriage return (a line ending in CommonMark) cannot break a row', () => {
    // BUG (src/report/ escapeMarkdown and code(): /\r?\n/ misses a lone `\r`). Expected to fail until fixed.
    assert.ok(!escapeMarkdown('a\rb').includes('\r'));
    assert.ok(!code('a\rb').includes('\r'));
  });
});

describe('code and codeBlock', () => {
  test('code(): a fence longer than any backtick run inside; padded when the text starts or ends with one', () => {
    assert.equal(code('main'), '`main`');
    assert.equal(code('a`b'), '``a`b``');
    assert.equal(code('a``b'), '```a``b```');
    assert.equal(code('`x`'), '`` `x` ``');
    assert.equal(code('``y'), '``` ``y ```');
    for (const text of ['a`b', '``x``', '`', 'a ``` b `', 'plain']) {
      assert.deepEqual(codeSpans(code(text)).spans, [text], text);
    }
  });

  test('code(): newlines become spaces, mentions are broken', () => {
    assert.equal(code('a\nb\r\nc'), '`a b c`');
    assert.equal(code('@everyone'), '`@\u200beveryone`');
  });

  test('codeBlock(): ``` inside gets a longer fence; the content cannot close it', () => {
    const output = 'npm ERR! ```\n```\nnpm ERR! done';
    const block = codeBlock(output);
    const lines = block.split('\n');
    assert.equal(lines[0], '````text');
    assert.equal(lines.at(-1), '````');
    assert.deepEqual(lines.slice(1, -1), ['npm ERR! ```', '```', 'npm ERR! done']);
    assert.equal(codeBlock('plain').split('\n')[0], '```text');
    assert.equal(codeBlock('a ````` b').split('\n')[0], '``````text');
  });

  test('codeBlock(): comment markers and mentions are broken', () => {
    const block = codeBlock(`${MARKER}\n@everyone`);
    assert.ok(!block.includes('<!--'));
    assert.ok(!block.includes('@everyone'));
    assert.ok(block.includes('<!\u200b-- perf-gate:report -->'));
  });
});

describe('fitComment', () => {
  const markdown = renderMarkdown(reportOf());
  const pointer = 'The whole report is in the job summary.';

  test('a body within the limit is returned unchanged', () => {
    // Limits are UTF-8 bytes (issue 23): the report's length in bytes is within it, its length in characters not.
    assert.equal(fitComment(markdown, Buffer.byteLength(markdown), pointer), markdown);
    assert.equal(fitComment(markdown, COMMENT_LIMIT, pointer), markdown);
  });

  test('over the limit: cut before <details>, keeping the headline and the whole table, ending with the pointer', () => {
    const limit = markdown.indexOf('<details>') + 200;
    assert.ok(limit < markdown.length);
    const fitted = fitComment(markdown, limit, pointer);
    assert.ok(fitted.length <= limit, `${fitted.length} > ${limit}`);
    assert.ok(fitted.startsWith('### 🔴 perf-gate: regression\n\n**`feature/seed-cache` makes'));
    assert.match(fitted, /\n\*\*Next:\*\* /, 'what to do next is kept');
    assert.equal(tables(fitted)[0]?.length, 8);
    assert.ok(!fitted.includes('<details>'), 'no unclosed <details>');
    assert.ok(fitted.trimEnd().endsWith(pointer));
    assert.ok(fitted.includes('trimmed'));
  });

  test('a limit before the tables still keeps the title and the headline', () => {
    const limit = 400;
    const fitted = fitComment(markdown, limit, pointer);
    assert.ok(fitted.length <= limit);
    const lines = nonEmptyLines(fitted);
    assert.equal(lines[0], '### 🔴 perf-gate: regression');
    assert.ok(lines[1]!.startsWith('**`feature/seed-cache` makes'));
    assert.ok(fitted.trimEnd().endsWith(pointer));
  });

  test('a 500-pair report fits GitHub’s limit with the marker and keeps the table', () => {
    const many: Round[] = [];
    for (let k = 0; k < 63; k++) {
      for (const r of fixture.rounds) many.push({ ...r, pair: r.pair + 8 * k });
    }
    const big = renderMarkdown(
      reportOf({
        rounds: many,
        settings: { ...fixture.settings, pairs: 504 },
        sequential: fixture.sequential && { ...fixture.sequential, pairs: 504, looked: [504] },
      }),
    );
    assert.ok(big.length > COMMENT_LIMIT, `${big.length}`);
    const limit = COMMENT_LIMIT - MARKER.length - 1;
    const fitted = fitComment(big, limit, pointer);
    assert.ok(`${MARKER}\n${fitted}`.length <= COMMENT_LIMIT);
    assert.equal(tables(fitted)[0]?.length, 8);
    assert.ok(fitted.includes('504 pairs of interleaved rounds'));
    assert.ok(fitted.trimEnd().endsWith(pointer));
  });
});

describe('error reports', () => {
  test('a base failure is neutral: a warning, the message, and the last output in a code block', () => {
    const output = 'npm ERR! code ERESOLVE\nnpm ERR! ```\n@everyone <!-- perf-gate:report -->';
    const markdown = renderMarkdown(
      errorReport({
        code: 'install',
        message: '`npm ci` failed in the base tree (exit code 1)',
        side: 'base',
        output,
        neutral: true,
      }),
    );
    const lines = markdown.split('\n');
    assert.equal(
      lines[0],
      '### 🟡 perf-gate: inconclusive, the check passes as neutral: the base could not be measured, so nothing was compared',
    );
    assert.equal(lines[2], '**perf-gate could not measure the base, `main`**: the check stays neutral.');
    assert.match(
      lines[4]!,
      /^\*\*Next:\*\* Nothing in this pull request: the base branch does not build or start/,
    );
    const warning = lines.indexOf('> [!WARNING]');
    assert.ok(warning > 0);
    assert.equal(lines[warning + 1], '> \\`npm ci\\` failed in the base tree (exit code 1)');
    assert.ok(!markdown.includes('[!CAUTION]'));
    const details = lines.indexOf('<details><summary>Last output</summary>');
    assert.ok(details > warning);
    assert.deepEqual(lines.slice(details + 2, details + 7), [
      '````text',
      'npm ERR! code ERESOLVE',
      'npm ERR! ```',
      '@\u200beveryone <!\u200b-- perf-gate:report -->',
      '````',
    ]);
    assert.equal(lines[details + 8], '</details>');
    assert.ok(!markdown.includes('| scenario | metric |'), 'no comparison without a decision');
    assert.ok(!markdown.includes('Every round'), 'no rounds table without rounds');
    assert.ok(!markdown.includes(MARKER));
  });

  test('a head failure fails the gate: a caution, the message and the last output', () => {
    const markdown = renderMarkdown(
      errorReport({
        code: 'server-start',
        message: 'the head server exited with code 1 before answering GET /',
        side: 'head',
        output: 'Error: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle',
        neutral: false,
      }),
    );
    const lines = markdown.split('\n');
    assert.equal(lines[0], '### ❌ perf-gate: error', 'never a regression title over an error');
    assert.equal(
      lines[2],
      '**perf-gate could not measure `feature/seed-cache` against `main`**: the error below.',
    );
    assert.match(
      lines[4]!,
      /^\*\*Next:\*\* Fix what the error says \(the last output is below\), then re-run the job\.$/,
    );
    const caution = lines.indexOf('> [!CAUTION]');
    assert.ok(caution > 0);
    assert.equal(lines[caution + 1], '> the head server exited with code 1 before answering GET /');
    assert.ok(!markdown.includes('[!WARNING]'));
    const fence = lines.indexOf('```text');
    assert.ok(fence > caution);
    assert.deepEqual(lines.slice(fence + 1, fence + 4), [
      'Error: listen EADDRINUSE: address already in use :::3000',
      '    at Server.setupListenHandle',
      '```',
    ]);
  });

  test('a multi-line message stays in its blockquote; no output, no details', () => {
    const markdown = renderMarkdown(
      errorReport({
        code: 'config',
        message: 'input `paths`: no path given.\nGive one request path per line',
        side: undefined,
        output: undefined,
        neutral: false,
      }),
    );
    const lines = markdown.split('\n');
    const caution = lines.indexOf('> [!CAUTION]');
    assert.equal(lines[caution + 1], '> input \\`paths\\`: no path given. Give one request path per line');
    assert.equal(lines[caution + 2], '');
    assert.ok(!markdown.includes('<summary>Last output'));
  });
});

describe('renderMarkdown: several named scenarios from a config file, one shard of three', () => {
  // The fixture's two scenarios renamed as a config file names them: `/` as "home page", and `/seed/v1` as a
  // POST that answers 201 with a threshold of its own (15%, above its 12% slowdown).
  const rename: Record<string, string> = { 'GET /': 'home page', 'GET /seed/v1': 'create order' };
  const rounds = fixture.rounds.map((r) => ({
    ...r,
    scenario: rename[r.scenario]!,
    measurement:
      r.scenario === 'GET /seed/v1'
        ? { ...r.measurement, statusCodes: { '201': r.measurement.responses } }
        : r.measurement,
  }));
  const scenarios = [
    { ...fixture.settings.scenarios[0]!, name: 'home page' },
    {
      ...fixture.settings.scenarios[1]!,
      name: 'create order',
      method: 'POST',
      path: '/orders',
      expectStatus: 201,
      connections: 4,
      threshold: 0.15,
    },
  ];
  const report = reportOf({
    rounds,
    settings: { ...fixture.settings, scenarios },
    shard: { index: 2, count: 3 },
    scenarioCount: 5,
  });
  const markdown = renderMarkdown(report);

  test('one row per scenario and metric, named by the scenario', () => {
    const rows = tables(markdown)[0]!.slice(2).map(cells);
    assert.deepEqual(
      rows.map((r) => `${r[0]} ${r[1]}`),
      [
        'home page req/s',
        'home page latency p50',
        'home page latency p99',
        'create order req/s',
        'create order latency p50',
        'create order latency p99',
      ],
    );
  });

  test("the scenario's own threshold holds: 12% slower is not a regression against 15%", () => {
    const rps = report.decision.comparisons.find((c) => c.scenario === 'create order' && c.metric === 'rps')!;
    assert.ok(rps.change < -0.1 && rps.change > -0.14, `change ${rps.change}`);
    assert.equal(rps.threshold, 0.15);
    assert.notEqual(rps.verdict, 'regression');
    const row = tables(markdown)[0]!
      .map(cells)
      .find((r) => r[0] === 'create order' && r[1] === 'req/s');
    assert.ok(row && !row[5]!.includes('regression'), String(row));
  });

  test('201 answers of a scenario expecting 201 are no failures: no failed-requests row, 0 / 0 per round', () => {
    assert.ok(!markdown.includes('| failed requests |'));
    const open = nonEmptyLines(markdown).indexOf('<details><summary>Every round</summary>');
    const rows = nonEmptyLines(markdown)
      .slice(open + 3)
      .filter((l) => l.startsWith('| '))
      .map(cells);
    assert.equal(rows.filter((r) => r[2] === 'create order').length, 8);
    for (const row of rows) assert.equal(row[8], '0 / 0');
  });

  test('a line names the shard and what the table does not show: request, expected status, connections, threshold', () => {
    const line = nonEmptyLines(markdown).find((l) => l.startsWith('Shard '));
    assert.equal(
      line,
      'Shard 2 of 3: 2 of 5 scenarios. Scenarios: home page: GET / · create order: POST /orders (expects 201, 4 connections, threshold ±15%).',
    );
  });

  test('without a shard and with `paths` scenarios there is no such line', () => {
    assert.ok(
      !nonEmptyLines(renderMarkdown(reportOf())).some(
        (l) => l.startsWith('Shard ') || l.startsWith('Scenarios:'),
      ),
    );
  });

  test('head answering 200 where 201 is expected: a failed-requests regression that names the scenario', () => {
    const wrong = rounds.map((r) =>
      r.scenario === 'create order' && r.side === 'head'
        ? { ...r, measurement: { ...r.measurement, statusCodes: { '200': r.measurement.responses } } }
        : r,
    );
    const failing = reportOf({ rounds: wrong, settings: { ...fixture.settings, scenarios } });
    assert.equal(failing.verdict, 'regression');
    assert.match(
      reportHeadline(failing),
      /^head answers 200 on create order: [\d,]+ of [\d,]+ requests failed \(base: 0, p < 0\.001\)$/,
    );
    const row = tables(renderMarkdown(failing))[0]!
      .map(cells)
      .find((r) => r[1] === 'failed requests');
    assert.deepEqual(row?.slice(0, 2), ['create order', 'failed requests']);
    assert.equal(row?.[5], '🔴 regression');
    assert.match(
      renderMarkdown(failing),
      /^\*\*`feature\/seed-cache` breaks create order\*\*: [\d,]+ of [\d,]+ requests failed \(answers 200; base: 0\); sure\.$/m,
    );
  });
});
