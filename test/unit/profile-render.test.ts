import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { DiffRow, ProfileDiff } from '../../src/model/profile.ts';
import { describeTopChange, renderProfileSection } from '../../src/profile/compare.ts';
import { diffProfiles } from '../../src/profile/diff.ts';
import { buildProfile, readTicks } from '../../src/profile/ticks.ts';
import { formatPoints, formatShare } from '../../src/report/profile.ts';

const fixtures = new URL('../fixtures/profile/', import.meta.url);
const recorded = JSON.parse(readFileSync(new URL('recorded.json', fixtures), 'utf8')) as Record<
  'base' | 'head',
  { root: string }
>;

function recordedDiff(): ProfileDiff {
  const load = (side: 'base' | 'head') =>
    buildProfile(readTicks(JSON.parse(readFileSync(new URL(`${side}.ticks.json`, fixtures), 'utf8'))), {
      roots: [recorded[side].root],
    });
  return diffProfiles(load('base'), load('head'));
}

function row(fields: Partial<DiffRow> & Pick<DiffRow, 'fn' | 'baseSelf' | 'headSelf'>): DiffRow {
  return {
    file: 'lib/util.js',
    line: 12,
    pseudo: false,
    baseTotal: fields.baseSelf,
    headTotal: fields.headSelf,
    deltaSelf: fields.headSelf - fields.baseSelf,
    deltaTotal: fields.headSelf - fields.baseSelf,
    baseUs: Number.NaN,
    headUs: Number.NaN,
    deltaUs: Number.NaN,
    ...fields,
  };
}

function diffOf(rows: DiffRow[], busy = 5000): ProfileDiff {
  const sorted = [...rows].sort((a, b) => b.deltaSelf - a.deltaSelf);
  return {
    rows: sorted,
    grown: sorted.filter((r) => r.deltaSelf > 0),
    shrunk: sorted.filter((r) => r.deltaSelf < 0).reverse(),
    base: { samples: busy, busy, requests: Number.NaN },
    head: { samples: busy, busy, requests: Number.NaN },
  };
}

/** Table cells of a Markdown row, split on pipes that are not escaped. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe('formatShare and formatPoints', () => {
  test('percentages read like the sentence in the issue', () => {
    assert.equal(formatShare(0.003), '0.3%');
    assert.equal(formatShare(0.61), '61%');
    assert.equal(formatShare(0), '0%');
    assert.equal(formatShare(0.0004), '<0.1%');
    assert.equal(formatPoints(0.607), '+61 pts');
    assert.equal(formatPoints(-0.012), '−1.2 pts');
    assert.equal(formatPoints(0.00001), '±0 pts');
  });
});

describe('renderProfileSection on recorded 0x runs', () => {
  const markdown = renderProfileSection(recordedDiff(), { durationSec: 2 });
  const lines = markdown.split('\n');

  test('says in words which function got hotter', () => {
    assert.match(markdown, /`slowPath` in lib\/util\.js:5 went from 0% to \d+% of busy time on head/);
  });

  test('has a short table whose first row is that function', () => {
    const header = lines.findIndex((l) =>
      l.startsWith('| function | file:line | base % | head % | change |'),
    );
    assert.ok(header >= 0, markdown);
    const first = cells(lines[header + 2]!);
    assert.deepEqual(first.slice(0, 3), ['`slowPath`', '`lib/util.js:5`', '0%']);
    assert.match(first[4]!, /^\+\d+ pts$/);
    const rows = lines.slice(header + 2).filter((l) => l.startsWith('|'));
    assert.ok(rows.length >= 1 && rows.length <= 8);
  });

  test('shows no tree root', () => {
    assert.ok(!markdown.includes(recorded.base.root) && !markdown.includes(recorded.head.root));
    assert.doesNotMatch(markdown, /\/tmp\//);
  });
});

describe('renderProfileSection', () => {
  test('paths are shown relative to the repository, whichever worktree they come from', () => {
    const diff = diffOf([
      row({
        fn: 'onAfter',
        file: '/home/runner/work/_gate/head/lib/util.js',
        baseSelf: 0.003,
        headSelf: 0.61,
      }),
      row({ fn: 'old', file: '/home/runner/work/_gate/base/lib/old.js', baseSelf: 0.3, headSelf: 0.1 }),
    ]);
    const roots = ['/home/runner/work/_gate/base', '/home/runner/work/_gate/head/'];
    const markdown = renderProfileSection(diff, { roots });
    assert.match(markdown, /`onAfter` in lib\/util\.js:12 went from 0\.3% to 61% of busy time on head\./);
    assert.doesNotMatch(markdown, /_gate/);
  });

  test('escapes function names and paths', () => {
    const diff = diffOf([
      row({ fn: 'a|b`c @octocat <b>x</b>', file: 'lib/we|rd.js', baseSelf: 0.01, headSelf: 0.5 }),
      row({ fn: 'rest', baseSelf: 0.99, headSelf: 0.5 }),
    ]);
    const markdown = renderProfileSection(diff);
    assert.doesNotMatch(markdown, /@octocat/, 'no mention');
    assert.match(markdown, /@\u200boctocat/);
    const tableRow = markdown.split('\n').find((l) => l.includes('octocat') && l.startsWith('|'))!;
    assert.equal(cells(tableRow).length, 5, tableRow);
    assert.ok(cells(tableRow)[0]!.startsWith('``'), 'the name is inline code, fenced past its backtick');
    const sentence = markdown.split('\n').find((l) => l.includes('went from'))!;
    assert.match(sentence, /lib\/we\\\|rd\.js:12/);
  });

  test('lists only changes beyond noise, grown ones first', () => {
    const diff = diffOf([
      row({ fn: 'hot', baseSelf: 0.1, headSelf: 0.4 }),
      row({ fn: 'warm', baseSelf: 0.1, headSelf: 0.15 }),
      row({ fn: 'jitter', baseSelf: 0.1, headSelf: 0.101 }),
      row({ fn: 'cold', baseSelf: 0.7, headSelf: 0.349 }),
    ]);
    const markdown = renderProfileSection(diff);
    const names = markdown
      .split('\n')
      .filter((l) => /^\| `/.test(l))
      .map((l) => cells(l)[0]);
    assert.deepEqual(names, ['`hot`', '`warm`']);
  });

  test('says so when nothing grew beyond noise', () => {
    const diff = diffOf([
      row({ fn: 'a', baseSelf: 0.5, headSelf: 0.501 }),
      row({ fn: 'b', baseSelf: 0.5, headSelf: 0.499 }),
    ]);
    assert.equal(
      describeTopChange(diff),
      "No function's share of busy time grew by 0.5 pts or more on head.",
    );
    assert.doesNotMatch(renderProfileSection(diff), /\| function \|/);
  });

  test('names what shrank when nothing grew', () => {
    const diff = diffOf([
      row({ fn: 'gone', baseSelf: 0.3, headSelf: 0 }),
      row({ fn: 'rest', baseSelf: 0.7, headSelf: 0.7 }),
      row({ fn: '(native code)', file: '', line: 0, pseudo: true, baseSelf: 0, headSelf: 0.3 }),
    ]);
    diff.grown = [];
    assert.match(describeTopChange(diff), /`gone` in lib\/util\.js:12 went down from 30% to 0%/);
  });

  test('an empty side is reported, not divided by', () => {
    const diff = diffOf([]);
    diff.head = { samples: 0, busy: 0, requests: Number.NaN };
    assert.match(renderProfileSection(diff), /head profile has no busy samples/);
  });
});

describe('per request: a faster head does not make a function hotter', () => {
  /** A profile of `counts` self samples per function (JS frames of lib/x.js), as buildProfile makes it. */
  function profileOf(counts: Record<string, number>) {
    const ticks = Object.entries(counts).flatMap(([fn, n], i) =>
      Array.from({ length: n }, () => [{ name: `${fn} /repo/lib/x.js:${i + 1}:1`, type: 'JS', kind: 'Opt' }]),
    );
    return buildProfile(readTicks(ticks), { roots: ['/repo'] });
  }

  // Head does the same work in `render` per request, and half the work in `parse`: it serves more requests in the
  // same time, so render's share of busy time grows though it costs no more per request.
  const base = profileOf({ render: 2000, parse: 2000 });
  const head = profileOf({ render: 2000, parse: 1000 });
  const served = { base: 10_000, head: 10_000 };

  test('ranked by the change of CPU time per request, both ways', () => {
    const diff = diffProfiles(base, head, served);
    const render = diff.rows.find((r) => r.fn === 'render')!;
    const parse = diff.rows.find((r) => r.fn === 'parse')!;
    assert.ok(render.headSelf > render.baseSelf, 'its share grew');
    assert.equal(render.baseUs, 200);
    assert.equal(render.headUs, 200);
    assert.equal(render.deltaUs, 0, 'its time per request did not');
    assert.equal(parse.deltaUs, -100);
    assert.ok(!diff.grown.includes(render), 'render is not hotter');
    assert.deepEqual(
      diff.shrunk.map((r) => r.fn),
      ['parse'],
    );
    assert.deepEqual({ base: diff.base.requests, head: diff.head.requests }, { base: 10_000, head: 10_000 });
  });

  test('the section says so per request, and lists what got cheaper', () => {
    const markdown = renderProfileSection(diffProfiles(base, head, served), { roots: ['/repo'] });
    assert.match(
      markdown,
      /No function takes noticeably more CPU per request on head; `parse` in lib\/x\.js:2 takes −100 µs/,
    );
    assert.match(markdown, /\| function \| file:line \| base µs\/request \| head µs\/request \| change \|/);
    assert.doesNotMatch(markdown, /`render`/);
    assert.doesNotMatch(markdown, /<sub>[^<]*`/, 'no backtick shows in <sub>');
  });

  test('a function that costs more per request is hotter, with its time per request', () => {
    const slower = profileOf({ render: 4000, parse: 2000 });
    const diff = diffProfiles(base, slower, served);
    assert.equal(diff.grown[0]!.fn, 'render');
    assert.equal(diff.grown[0]!.deltaUs, 200);
    assert.match(
      renderProfileSection(diff, { roots: ['/repo'] }),
      /`render` in lib\/x\.js:1 takes \+200 µs of CPU per request on head \(200 µs → 400 µs\)/,
    );
  });
});
