/**
 * The allocation profile in the comment: a scenario slower because it allocates more, with the profile that names
 * the app's own function allocating more (the Next line points at it, the folded section shows the figures), and
 * the words of the section when nothing is named and why; a leak with the kept profile that names the function
 * keeping more, read back from report.json as `mode: report` reads it. Golden comments, plus the sentences alone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AllocationEvidence, AllocationUnit } from '../../../src/model/profile.ts';
import type { AllocationSite, AllocationSummary } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { allocationSentence, allocationSubject } from '../../../src/report/allocation-text.ts';
import { memoryNext } from '../../../src/report/memory-text.ts';
import { golden } from '../../support/golden.ts';
import { asFile, gateReport, mergeAsMeasured } from '../../support/reports.ts';

const unit = (
  name: string,
  file: string,
  line: number,
  base: number,
  head: number,
  p?: number,
): AllocationUnit => ({
  ...{ level: 'function', name, file, line, package: '', pseudo: false },
  ...{ baseBytes: base, headBytes: head, deltaBytes: head - base, p, evident: p !== undefined && p < 1e-4 },
});
const SCRATCH = unit('buildScratch', 'server.js', 4, 0, 16_402, 1e-9);
const SERIALISE = unit('serialise', 'server.js', 9, 2_410, 2_398, 0.61);

function evidence(named: AllocationUnit[], explain = true): AllocationEvidence {
  return {
    ...{ pairs: 24, windowSec: 0.125, level: 0.01, tested: 4, explain },
    base: { bytes: 24_100, samples: 1_420, requests: 9_870 },
    head: { bytes: 40_650, samples: 2_210, requests: 9_010 },
    functions: [SCRATCH, SERIALISE, unit('(anonymous)', 'server.js', 7, 1_210, 1_190)],
    named,
  };
}

const SITE: AllocationSite = {
  unit: 'function',
  fn: 'buildScratch',
  file: 'server.js',
  line: 4,
  baseBytes: 0,
  headBytes: 16_402,
};

test('slower because it allocates more: the Next line names the function, the section shows the figures', () => {
  const report = gateReport({
    paths: { '/json': 0.83, '/health': 1 },
    pairs: 10,
    seed: 21,
    memory: { bytes: 24_000, alloc: { '/json': 1.66 }, keeps: { base: 0, head: 0 } },
  });
  const allocation: AllocationSummary = { evidence: evidence([SCRATCH]), more: [SITE] };
  report.profile = { files: [], dir: '', seconds: 9, hotter: [], allocation };
  const markdown = renderMarkdown(report, { acceptLabel: 'perf-gate:accept' });
  golden('memory-allocation-profile.md', markdown);
  assert.match(
    markdown,
    /\*\*Next:\*\* Look at what GET \/json allocates per request \([^)]*\): head allocates more in `buildScratch` in `server\.js:4` \(0 B → 16\.0 KB per request\)\./,
  );
  assert.match(markdown, /<summary>Where the memory went: the allocation profile<\/summary>/);
  assert.match(
    markdown,
    /\*\*Allocates more on head\*\*: `buildScratch` in server\.js:4 \+16\.0 KB \(0 B → 16\.0 KB\)/,
  );
  // Read back as `mode: report` reads a fork's report.json: the same allocation profile, the same words.
  const read = asFile(report, 'report.json').report;
  assert.deepEqual(read.profile?.allocation, JSON.parse(JSON.stringify(allocation)));
  const again = renderMarkdown(read, { acceptLabel: 'perf-gate:accept' });
  const section = (m: string) => m.slice(m.indexOf('<summary>Where the memory went'));
  assert.equal(section(again).split('</details>')[0], section(markdown).split('</details>')[0]);
  assert.throws(
    () =>
      asFile({ ...report, profile: { ...report.profile, allocation: { more: [{ fn: 'x' }] } } }, 'r.json'),
    /allocation/,
  );
});

const REMEMBER = unit('remember', 'server.js', 5, 0, 66, 1e-7);
const KEPT: AllocationSummary = {
  evidence: {
    ...evidence([REMEMBER]),
    ...{ pairs: 16, tested: 3 },
    base: { bytes: 41, samples: 61, requests: 24_210 },
    head: { bytes: 108, samples: 160, requests: 23_870 },
    functions: [REMEMBER, unit('(anonymous)', 'server.js', 8, 22, 23, 0.7)],
  },
  more: [{ unit: 'function', fn: 'remember', file: 'server.js', line: 5, baseBytes: 0, headBytes: 66 }],
};
const leakReport = (seed: number) =>
  gateReport({
    paths: { '/a': 1, '/b': 1 },
    pairs: 10,
    seed,
    memory: { bytes: 24_000, alloc: {}, keeps: { base: 0, head: 400 } },
  });

test('a leak with a kept profile: the Next line names what keeps more, and `mode: report` names it the same', () => {
  const report = leakReport(23);
  assert.equal(report.decision?.leaks?.[0]?.verdict, 'regression');
  const kept = KEPT;
  report.profile = { files: [], dir: '', seconds: 9, hotter: [], kept };
  const markdown = renderMarkdown(report, { acceptLabel: 'perf-gate:accept' });
  golden('memory-kept-profile.md', markdown);
  const next = markdown.split('\n').find((l) => l.startsWith('**Next:**'))!;
  assert.match(
    next,
    /Look for what head keeps from each request: a list or cache that only grows, a listener added per request: head keeps more in `remember` in `server\.js:5` \(0 B → 66 B kept per request\)\./,
  );
  assert.match(markdown, /<summary>What head keeps: the kept profile<\/summary>/);
  assert.match(markdown, /\*\*Keeps more on head\*\*: `remember` in server\.js:5 \+66 B \(0 B → 66 B\)/);
  assert.doesNotMatch(markdown, /the allocation profile/);
  // Read back and decided again, as `mode: report` does with a fork's report.json.
  const read = mergeAsMeasured([asFile(report, 'report.json')]);
  assert.deepEqual(read.profile?.kept, JSON.parse(JSON.stringify(kept)));
  const again = renderMarkdown(read, { acceptLabel: 'perf-gate:accept' });
  assert.equal(
    again.split('\n').find((l) => l.startsWith('**Next:**')),
    next,
  );
  assert.throws(
    () => asFile({ ...report, profile: { ...report.profile, kept: { more: [{ fn: 'x' }] } } }, 'r.json'),
    /kept/,
  );
});

test('0x failed on a side: no CPU section, the kept profile and the note stay, and `mode: report` reads the same', () => {
  const report = leakReport(23);
  const message = '0x recorded no CPU samples of the base server `node server.js`';
  report.notes.push({ kind: 'no-flame-graphs', message });
  report.profile = { files: [], dir: '', seconds: 9, hotter: [], cpu: false, kept: KEPT };
  const shown = (r: typeof report) => {
    const markdown = renderMarkdown(r, { acceptLabel: 'perf-gate:accept' });
    assert.doesNotMatch(markdown, /Where the CPU time went|named hotter/);
    assert.match(markdown, /<summary>What head keeps: the kept profile<\/summary>/);
    assert.match(markdown, /no flame graphs: 0x recorded no CPU samples of the base server/);
    assert.match(markdown, /head keeps more in `remember` in `server\.js:5`/);
  };
  shown(report);
  const read = asFile(report, 'report.json');
  assert.equal(read.report.profile?.cpu, false);
  shown(mergeAsMeasured([read]));
  // Shards: the CPU section is left out only when every shard lost its CPU profile.
  const shard = (index: number, cpu: boolean) => {
    const r = gateReport({
      paths: { [`/s${index}`]: 1 },
      pairs: 10,
      seed: 30 + index,
      shard: { index, count: 2 },
    });
    r.profile = { files: [], dir: '', seconds: 9, hotter: [], ...(cpu ? {} : { cpu: false as const }) };
    return asFile(r, `s${index}.json`);
  };
  assert.equal(mergeAsMeasured([shard(1, false), shard(2, false)]).profile?.cpu, false);
  assert.equal(mergeAsMeasured([shard(1, false), shard(2, true)]).profile?.cpu, undefined);
});

test('a leak with an allocation site: the Next line says where head allocates more', () => {
  const leakOnly = { comparisons: [], leaks: [{ verdict: 'regression' }] } as unknown as Parameters<
    typeof memoryNext
  >[0];
  assert.match(
    memoryNext(leakOnly, SITE),
    /a listener added per request: head allocates more in `buildScratch`/,
  );
  assert.doesNotMatch(memoryNext(leakOnly), /allocates more/);
});

test('a leak and more allocation: the Next line names what allocates more, then what keeps more', () => {
  const both = {
    comparisons: [
      {
        scenario: 'GET /items',
        metric: 'alloc',
        verdict: 'regression',
        base: 7200,
        head: 7300,
        change: 0.014,
        threshold: 0.01,
      },
    ],
    leaks: [{ verdict: 'regression' }],
  } as unknown as Parameters<typeof memoryNext>[0];
  const keeps: AllocationSite = { ...SITE, fn: 'remember', line: 5, baseBytes: 0, headBytes: 73 };
  assert.match(
    memoryNext(both, SITE, keeps),
    /^Look at what GET \/items allocates per request \([^)]*\): head allocates more in `buildScratch` in `server\.js:4` \(0 B → 16\.0 KB per request\)\. Look for what head keeps from each request: [^:]*: head keeps more in `remember` in `server\.js:5` \(0 B → 73 B kept per request\)\.$/,
  );
});

test("Node's own code is named through the program's frame that called it", () => {
  const site: AllocationSite = {
    ...{ unit: 'file', fn: 'node:buffer', file: 'node:buffer', line: 0, baseBytes: 100, headBytes: 9_000 },
    caller: { fn: 'encode', file: 'lib/codec.js', line: 12, package: '' },
  };
  assert.equal(
    allocationSubject(site),
    '`encode` in `lib/codec.js:12`, through the file `node:buffer` (100 B → 8.8 KB per request)',
  );
});

test("a dependency's function with its version", () => {
  const site: AllocationSite = {
    ...{ unit: 'function', fn: 'pad', file: 'node_modules/fmtkit/a.js', line: 3, version: '2.1.0' },
    ...{ baseBytes: 100, headBytes: 900 },
  };
  assert.equal(
    allocationSubject(site),
    '`pad` of the package `fmtkit`, in `node_modules/fmtkit/a.js:3`, version `2.1.0` (100 B → 900 B per request)',
  );
});

test('why nothing is named: no change of memory to explain, or none beyond its spread', () => {
  assert.match(allocationSentence(evidence([], false)), /^The gate found no change of memory to explain/);
  assert.match(
    allocationSentence(evidence([])),
    /^No function, file or package changed the bytes it allocates/,
  );
  assert.match(allocationSentence({ ...evidence([]), pairs: 2 }), /^Too few windows of load/);
});
