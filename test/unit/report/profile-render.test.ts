/**
 * The profile section of the comment: what it names and how (only with evidence and a change to explain), the
 * figures by package, file and function as data, escaping of names and paths, the line under the table, and the
 * section written from what was named hotter for `mode: report`; which of the two a report's section is.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProfileEvidence, UnitCost } from '../../../src/model/profile.ts';
import { PROFILE_ARTIFACTS } from '../../../src/report/gate-text.ts';
import {
  formatUs,
  formatUsChange,
  hotSubject,
  hotterLine,
  namedSentence,
  profileSection,
  renderHotterSection,
  renderProfileEvidence,
} from '../../../src/report/profile.ts';

function unit(over: Partial<UnitCost> & Pick<UnitCost, 'name'>): UnitCost {
  return {
    level: 'function',
    file: 'lib/util.js',
    line: 12,
    package: '',
    pseudo: false,
    baseSelfUs: 10,
    headSelfUs: 10,
    baseTotalUs: 10,
    headTotalUs: 10,
    deltaUs: 0,
    spreadUs: 1,
    p: 0.5,
    evident: false,
    ...over,
  };
}

const slow = unit({
  name: 'slowPath',
  line: 5,
  baseSelfUs: 2,
  headSelfUs: 40,
  deltaUs: 38,
  p: 1e-9,
  evident: true,
});
const util = unit({
  level: 'file',
  name: 'lib/util.js',
  line: 0,
  baseSelfUs: 5,
  headSelfUs: 43,
  deltaUs: 38,
  p: 1e-9,
  evident: true,
});
const app = unit({
  level: 'package',
  name: '',
  file: '',
  line: 0,
  baseSelfUs: 5,
  headSelfUs: 43,
  deltaUs: 38,
  p: 1e-9,
  evident: true,
});
const node = unit({
  level: 'package',
  name: 'node:',
  file: '',
  line: 0,
  package: 'node:',
  baseSelfUs: 60,
  headSelfUs: 61,
  deltaUs: 1,
  p: 0.4,
});

function evidence(over: Partial<ProfileEvidence> = {}): ProfileEvidence {
  return {
    pairs: 24,
    windowSec: 0.125,
    level: 0.01,
    tested: 40,
    evident: 3,
    explain: true,
    base: { samples: 9000, busy: 6000, requests: 24_000, busyUs: 70 },
    head: { samples: 9000, busy: 7000, requests: 12_000, busyUs: 110 },
    functions: [slow, unit({ name: 'write', file: 'node:net', line: 3 })],
    files: [util],
    packages: [node, app],
    named: [slow],
    ...over,
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

describe('formatUs and formatUsChange', () => {
  test('about three digits, signed changes', () => {
    assert.deepEqual(
      [formatUs(1234.5), formatUs(38.25), formatUs(4.2), formatUs(Number.NaN)],
      ['1235 µs', '38.3 µs', '4.20 µs', 'n/a'],
    );
    assert.deepEqual(
      [formatUsChange(6.8), formatUsChange(-1.2), formatUsChange(0)],
      ['+6.80 µs', '−1.20 µs', '±0.00 µs'],
    );
  });
});

describe('namedSentence', () => {
  test('names what got hotter with its change per request, as evidence over the pairs of windows', () => {
    assert.equal(
      namedSentence(evidence()),
      '**Hotter on head**: `slowPath` in lib/util.js:5 +38.0 µs (2.00 µs → 40.0 µs). (CPU time per request, each beyond its spread between the 24 pairs of windows.)',
    );
  });

  test('a dependency is named as its package, and what got cheaper follows what got hotter', () => {
    const fmtkit = unit({
      level: 'package',
      name: 'fmtkit',
      file: '',
      line: 0,
      package: 'fmtkit',
      baseSelfUs: 13,
      headSelfUs: 19.8,
      deltaUs: 6.8,
      p: 1e-6,
      evident: true,
    });
    const cheaper = unit({
      name: 'format',
      baseSelfUs: 9,
      headSelfUs: 3,
      deltaUs: -6,
      p: 1e-6,
      evident: true,
    });
    assert.match(
      namedSentence(evidence({ named: [fmtkit, cheaper] })),
      /^\*\*Hotter on head\*\*: the package `fmtkit` \+6\.80 µs \(13\.0 µs → 19\.8 µs\)\. Cooler: `format` in lib\/util\.js:12 −6\.00 µs/,
    );
  });

  test('a function of a dependency says whose it is', () => {
    const step = unit({
      name: 'formatNumber',
      file: 'node_modules/fmtkit/index.js',
      line: 21,
      package: 'fmtkit',
      baseSelfUs: 0,
      headSelfUs: 12.8,
      deltaUs: 12.8,
      p: 1e-9,
      evident: true,
    });
    assert.match(
      namedSentence(evidence({ named: [step] })),
      /^\*\*Hotter on head\*\*: `formatNumber` of the package `fmtkit`, in node\\_modules\/fmtkit\/index\.js:21 \+12\.8 µs/,
    );
  });

  test('without a change to explain, without evidence, or without windows, it claims nothing and says why', () => {
    assert.match(
      namedSentence(evidence({ explain: false, named: [] })),
      /^The gate found no change to explain, so no function is named/,
    );
    assert.match(
      namedSentence(evidence({ named: [] })),
      /^No function, file or package changed its CPU time per request beyond its spread between the 24 pairs/,
    );
    assert.match(
      namedSentence(evidence({ pairs: 1, named: [] })),
      /^The samples could not be split into windows of load/,
    );
    for (const e of [evidence({ explain: false, named: [] }), evidence({ named: [] })])
      assert.doesNotMatch(renderProfileEvidence(e), /Hotter|\*\*named\*\*/);
  });
});

describe('renderProfileEvidence', () => {
  test('the named table first, then packages, files and functions with self and total per request', () => {
    const markdown = renderProfileEvidence(evidence(), { artifacts: 'the `perf-gate` artifact' });
    const tables = markdown.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
    const headers = tables.filter((l) => /self, base|^\| named/.test(l)).map((l) => cells(l)[0]);
    assert.deepEqual(headers, ['named', 'package', 'file', 'function']);
    const named = cells(tables[1]!);
    assert.deepEqual(named.slice(0, 5), [
      '`slowPath` `lib/util.js:5`',
      'function',
      '2.00 µs',
      '40.0 µs',
      '+38.0 µs',
    ]);
    assert.match(named[5]!, /< 0\.001 \*\*named\*\*/);
    assert.ok(tables.some((l) => l.startsWith("| the app's own files | 5.00 µs | 43.0 µs | +38.0 µs |")));
    assert.ok(tables.some((l) => l.startsWith('| Node.js (`node:` modules) |')));
    assert.match(markdown, /24 pairs of 0\.125 s windows/);
    assert.match(markdown, /held at 1% over the 40 tested together by Holm/);
    assert.match(markdown, /<code>perf-gate<\/code> artifact/);
  });

  test('escapes function names and paths', () => {
    const odd = unit({
      name: 'a|b`c @octocat <b>x</b>',
      file: 'lib/we|rd.js',
      baseSelfUs: 1,
      headSelfUs: 30,
      deltaUs: 29,
      p: 1e-9,
      evident: true,
    });
    const markdown = renderProfileEvidence(evidence({ functions: [odd], named: [odd] }));
    assert.doesNotMatch(markdown, /@octocat/, 'no mention');
    const row = markdown
      .split('\n')
      .find((l) => l.includes('octocat') && l.startsWith('|') && l.includes('function'))!;
    assert.equal(cells(row).length, 6, row);
    assert.ok(cells(row)[0]!.startsWith('``'), 'the name is inline code, fenced past its backtick');
    assert.match(namedSentence(evidence({ named: [odd] })), /lib\/we\\\|rd\.js:12/);
  });

  test('an empty side is reported, not divided by', () => {
    const e = evidence();
    assert.match(
      renderProfileEvidence({ ...e, head: { ...e.head, busy: 0 } }),
      /head profile has no busy samples/,
    );
  });
});

describe('hotterLine and renderHotterSection', () => {
  const hot = {
    unit: 'function' as const,
    fn: 'slowPath',
    file: 'lib/util.js',
    line: 5,
    baseSelf: 0.03,
    headSelf: 0.4,
    baseUsPerRequest: 2,
    headUsPerRequest: 40,
  };
  const pkg = {
    unit: 'package' as const,
    fn: 'fmtkit',
    file: 'node_modules/fmtkit',
    line: 0,
    baseSelf: 0.1,
    headSelf: 0.15,
    baseUsPerRequest: 13,
    headUsPerRequest: 19.8,
  };

  test('functions with file:line, packages as packages, per request', () => {
    assert.equal(
      hotterLine([hot, pkg]),
      '**Hotter on head** (CPU time per request, beyond its spread): `slowPath` `lib/util.js:5` +38.0 µs (2.00 µs → 40.0 µs), `fmtkit` (package) +6.80 µs (13.0 µs → 19.8 µs).',
    );
    assert.equal(hotterLine([]), '');
  });

  test('what got hotter in words, for the comment’s lead: a function with file:line, a file, a package', () => {
    assert.equal(hotSubject(hot), '`slowPath` in `lib/util.js:5`');
    assert.equal(hotSubject(pkg), 'the package `fmtkit`');
    assert.equal(
      hotSubject({ ...hot, fn: 'step', file: 'node_modules/@acme/fmt/node_modules/fmtkit/a.js', line: 3 }),
      '`step` of the package `fmtkit`, in `node_modules/@\u200bacme/fmt/node_modules/fmtkit/a.js:3`',
      "a dependency's function names its package, where the time went",
    );
    assert.equal(
      hotSubject({ ...hot, fn: 'emit', file: 'node_modules/@acme/fmt/lib/x.js', line: 9 }),
      '`emit` of the package `@\u200bacme/fmt`, in `node_modules/@\u200bacme/fmt/lib/x.js:9`',
    );
    assert.equal(hotSubject({ ...hot, unit: 'file', fn: 'lib/util.js' }), 'the file `lib/util.js`');
    assert.equal(
      hotSubject({ ...hot, unit: undefined }),
      '`slowPath` in `lib/util.js:5`',
      'reports before units',
    );
  });

  test('re-rendered from numbers, escaped, with shares where a report has no per-request figures', () => {
    assert.match(
      renderHotterSection([pkg]),
      /\| `fmtkit` \| `node_modules\/fmtkit` \| 13\.0 µs \| 19\.8 µs \|/,
    );
    const old = { fn: 'a|b', file: '@x/y.js', line: 2, baseSelf: 0.1, headSelf: 0.5 };
    assert.match(renderHotterSection([old]), /\| `a\\\|b` \| `@\u200bx\/y\.js:2` \| 10\.0% \| 50\.0% \|/);
    assert.match(renderHotterSection([]), /Nothing of the pull request is named hotter on head/);
  });
});

describe('profileSection', () => {
  const hotter = [
    {
      unit: 'function' as const,
      fn: 'slowPath',
      file: 'lib/util.js',
      line: 5,
      baseSelf: 0.01,
      headSelf: 0.3,
    },
  ];

  test("a gate's own profile is written from its evidence, naming the run's flame-graph artifact", () => {
    const section = profileSection({ files: [], dir: '', hotter, evidence: evidence(), seconds: 3 });
    assert.equal(section, renderProfileEvidence(evidence(), { artifacts: PROFILE_ARTIFACTS }));
    assert.match(section, /held at 1% over the 40 tested together/);
  });

  test('a profile without evidence (read back, or merged from shards) is written from what was named hotter', () => {
    const section = profileSection({ files: [], dir: '', hotter, seconds: 3 });
    assert.equal(section, renderHotterSection(hotter));
    assert.match(section, /\| `slowPath` \| `lib\/util\.js:5` \|/);
  });
});
