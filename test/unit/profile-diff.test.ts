import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { changeZ, diffFlameGraphHtml, diffProfiles } from '../../src/profile/diff.ts';
import { buildProfile, type Profile, type RawTicks, readTicks } from '../../src/profile/ticks.ts';

const fixtures = new URL('../fixtures/profile/', import.meta.url);
const recorded = JSON.parse(readFileSync(new URL('recorded.json', fixtures), 'utf8')) as Record<
  'base' | 'head',
  { root: string }
>;

function recordedProfile(side: 'base' | 'head'): Profile {
  const ticks = readTicks(JSON.parse(readFileSync(new URL(`${side}.ticks.json`, fixtures), 'utf8')));
  return buildProfile(ticks, { roots: [recorded[side].root] });
}

const js = (name: string): { name: string; type: string; kind: string } => ({
  name,
  type: 'JS',
  kind: 'Opt',
});

/** n copies of a stack. */
function times(n: number, stack: RawTicks[number]): RawTicks {
  return Array.from({ length: n }, () => stack);
}

describe('diffProfiles on recorded 0x runs', () => {
  const base = recordedProfile('base');
  const head = recordedProfile('head');
  const diff = diffProfiles(base, head);

  test('the first row is the new hot function, with its file and line on head', () => {
    const first = diff.rows[0]!;
    assert.equal(first.fn, 'slowPath');
    assert.equal(first.file, 'lib/util.js');
    assert.equal(first.line, 5);
    assert.equal(first.baseSelf, 0);
    assert.ok(first.headSelf > 0.5, `head self ${first.headSelf}`);
    assert.equal(first.deltaSelf, first.headSelf - first.baseSelf);
    assert.equal(diff.grown[0], first);
  });

  test('base and head worktrees line up: the handler is one row though the roots differ', () => {
    assert.notEqual(recorded.base.root, recorded.head.root);
    const handle = diff.rows.filter((r) => r.fn === 'handle');
    assert.equal(handle.length, 1);
    assert.equal(handle[0]!.file, 'index.js');
    assert.ok(handle[0]!.baseTotal > 0 && handle[0]!.headTotal > 0);
  });

  test('work head no longer does is among the shrunk rows', () => {
    const legacy = diff.shrunk.find((r) => r.fn === 'legacyFormat');
    assert.ok(legacy, 'legacyFormat shrank');
    assert.equal(legacy.headSelf, 0);
    assert.equal(legacy.file, 'lib/util.js');
    assert.equal(legacy.line, 4);
  });

  test('the shares add up: self shares sum to 1 on each side, deltas to 0', () => {
    const sum = (f: (r: (typeof diff.rows)[number]) => number): number =>
      diff.rows.reduce((s, r) => s + f(r), 0);
    assert.ok(Math.abs(sum((r) => r.baseSelf) - 1) < 1e-9);
    assert.ok(Math.abs(sum((r) => r.headSelf) - 1) < 1e-9);
    assert.ok(Math.abs(sum((r) => r.deltaSelf)) < 1e-9);
  });

  test('rows are ordered by growth of self share, then of total share', () => {
    for (let i = 1; i < diff.rows.length; i++) {
      const a = diff.rows[i - 1]!;
      const b = diff.rows[i]!;
      assert.ok(
        a.deltaSelf > b.deltaSelf || (a.deltaSelf === b.deltaSelf && a.deltaTotal >= b.deltaTotal),
        `${a.fn} before ${b.fn}`,
      );
    }
    for (let i = 1; i < diff.shrunk.length; i++)
      assert.ok(diff.shrunk[i - 1]!.deltaSelf <= diff.shrunk[i]!.deltaSelf);
    assert.equal(
      diff.grown.length +
        diff.shrunk.length +
        diff.rows.filter((r) => r.deltaSelf === 0 && r.deltaTotal === 0).length,
      diff.rows.length,
    );
  });

  test('the growth is far beyond sampling noise', () => {
    assert.ok(changeZ(diff.rows[0]!, diff) > 10);
  });
});

describe('diffProfiles matching', () => {
  test('a function that moved within its file is still one row', () => {
    const base = buildProfile(times(10, [js('handle /b/index.js:3:1'), js('render /b/lib/view.js:10:1')]), {
      roots: ['/b'],
    });
    const head = buildProfile(times(10, [js('handle /h/index.js:3:1'), js('render /h/lib/view.js:25:1')]), {
      roots: ['/h'],
    });
    const diff = diffProfiles(base, head);
    const render = diff.rows.filter((r) => r.fn === 'render');
    assert.equal(render.length, 1);
    assert.equal(render[0]!.line, 25);
    assert.equal(render[0]!.baseLine, 10);
    assert.equal(render[0]!.deltaSelf, 0);
  });

  test('functions of one name in one file are told apart by line', () => {
    const ticks = (a: number, b: number, shift: number): RawTicks => [
      ...times(a, [js(`(anonymous) /r/app.js:${5 + shift}:1`)]),
      ...times(b, [js(`(anonymous) /r/app.js:${40 + shift}:1`)]),
    ];
    const diff = diffProfiles(
      buildProfile(ticks(5, 5, 0), { roots: ['/r'] }),
      buildProfile(ticks(2, 8, 3), { roots: ['/r'] }),
    );
    assert.equal(diff.rows.length, 2);
    assert.deepEqual(
      diff.rows.map((r) => [r.line, r.baseLine, Math.round(r.deltaSelf * 10)]),
      [
        [43, 40, 3],
        [8, 5, -3],
      ],
    );
  });

  test('a function only base ran keeps its base line', () => {
    const diff = diffProfiles(
      buildProfile([[js('gone /r/a.js:7:1')], [js('kept /r/a.js:1:1')]], { roots: ['/r'] }),
      buildProfile([[js('kept /r/a.js:1:1')]], { roots: ['/r'] }),
    );
    const gone = diff.shrunk.find((r) => r.fn === 'gone');
    assert.equal(gone?.line, 7);
    assert.equal(gone?.headSelf, 0);
  });
});

describe('diffFlameGraphHtml', () => {
  const base = recordedProfile('base');
  const head = recordedProfile('head');
  const headShape = diffFlameGraphHtml(base, head, 'head');
  const baseShape = diffFlameGraphHtml(base, head, 'base');

  test('is one self-contained page that loads nothing', () => {
    for (const html of [headShape, baseShape]) {
      assert.match(html, /^<!doctype html>/);
      assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
      assert.doesNotMatch(html, /<link|<img|<iframe|\ssrc=|\shref=|@import|url\(/i);
      const urls = [...html.matchAll(/https?:\/\/[^\s"'<]+/g)].map((m) => m[0]);
      assert.deepEqual([...new Set(urls)], ['http://www.w3.org/2000/svg'], 'only the SVG namespace');
      assert.ok(html.length < 200_000, `${html.length} bytes`);
    }
  });

  /** The fill of the first frame whose tooltip starts with name. */
  const fillOf = (html: string, name: string): string | undefined =>
    new RegExp(`<title>${name} — [^<]*</title><rect [^>]*fill="([^"]+)"`).exec(html)?.[1];

  test("head's shape shows the new hot function in red, with base and head shares in its tooltip", () => {
    assert.match(fillOf(headShape, 'slowPath') ?? '', /^hsl\(0,/);
    assert.match(
      headShape,
      /<title>slowPath — lib\/util\.js:5\nbase: 0% of busy samples \(self 0%\)\nhead: \d+%/,
    );
  });

  test("base's shape shows the work head dropped in blue", () => {
    assert.match(fillOf(baseShape, 'legacyFormat') ?? '', /^hsl\(214,/);
    assert.equal(fillOf(headShape, 'legacyFormat'), undefined, 'head never ran it');
  });

  test('escapes names', () => {
    const evil = buildProfile(times(5, [js('<img src=x onerror=alert(1)> /r/a.js:1:1')]), { roots: ['/r'] });
    const html = diffFlameGraphHtml(evil, evil, 'head');
    assert.doesNotMatch(html, /<img/);
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  test('copes with empty profiles', () => {
    const empty = buildProfile([]);
    assert.match(diffFlameGraphHtml(empty, empty, 'head'), /<svg/);
  });
});
