import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { diffFlameGraphHtml, matchFunctions } from '../../../src/profile/diff.ts';
import { buildProfile, type Profile, type RawTicks, readTicks } from '../../../src/profile/ticks.ts';

const fixtures = new URL('../../fixtures/profile/', import.meta.url);
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

/** The matched pairs of two profiles: [base line, head line] of each function of `fn`. */
function matched(base: Profile, head: Profile, fn: string): [number | undefined, number | undefined][] {
  return matchFunctions(base.functions, head.functions)
    .pairs.filter((p) => (p.head ?? p.base)!.fn === fn)
    .map((p) => [p.base?.line, p.head?.line]);
}

describe('matchFunctions', () => {
  test('base and head worktrees line up: the handler is one function though the roots differ', () => {
    assert.notEqual(recorded.base.root, recorded.head.root);
    assert.equal(matched(recordedProfile('base'), recordedProfile('head'), 'handle').length, 1);
  });

  test('a function that moved within its file is still one', () => {
    const base = buildProfile(times(10, [js('handle /b/index.js:3:1'), js('render /b/lib/view.js:10:1')]), {
      roots: ['/b'],
    });
    const head = buildProfile(times(10, [js('handle /h/index.js:3:1'), js('render /h/lib/view.js:25:1')]), {
      roots: ['/h'],
    });
    assert.deepEqual(matched(base, head, 'render'), [[10, 25]]);
  });

  test('functions of one name in one file are told apart by line', () => {
    const ticks = (shift: number): RawTicks => [
      ...times(5, [js(`(anonymous) /r/app.js:${5 + shift}:1`)]),
      ...times(5, [js(`(anonymous) /r/app.js:${40 + shift}:1`)]),
    ];
    const pairs = matched(
      buildProfile(ticks(0), { roots: ['/r'] }),
      buildProfile(ticks(3), { roots: ['/r'] }),
      '(anonymous)',
    );
    assert.deepEqual(
      pairs.sort((a, b) => a[0]! - b[0]!),
      [
        [5, 8],
        [40, 43],
      ],
    );
  });

  test('a function only one side ran has no partner', () => {
    const base = buildProfile([[js('gone /r/a.js:7:1')], [js('kept /r/a.js:1:1')]], { roots: ['/r'] });
    const head = buildProfile([[js('kept /r/a.js:1:1')]], { roots: ['/r'] });
    assert.deepEqual(matched(base, head, 'gone'), [[7, undefined]]);
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
