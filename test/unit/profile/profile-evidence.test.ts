/**
 * The statistics of the side-by-side profile on synthetic windows: the paired t test and Holm's step-down, what is
 * named and where (a function, its file, a dependency), that nothing is named without a change to explain, and
 * that windows of the same code name nothing beyond the stated level; then the same on recorded 0x runs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { UnitCost } from '../../../src/model/profile.ts';
import { WINDOW_SEC, windowedSide } from '../../../src/profile/compare.ts';
import {
  holm,
  pairedTP,
  type WindowedSide,
  weighEvidence,
  whereItLives,
} from '../../../src/profile/evidence.ts';
import { buildProfile, type RawTicks } from '../../../src/profile/ticks.ts';
import { mulberry32 } from '../../../src/stats/describe.ts';
import { readRecording } from '../../support/profile-recording.ts';

/** A JS frame of the synthetic app (tree root /app). */
const js = (fn: string, file: string, line = 1) => ({ name: `${fn} /app/${file}:${line}:1`, type: 'JS' });
const HANDLER = js('handle', 'index.js');

/** Samples of a window: for each leaf frame, how many samples end in it (under the handler). */
function ticks(counts: ReadonlyMap<ReturnType<typeof js>, number>): RawTicks {
  return [...counts].flatMap(([leaf, n]) => Array.from({ length: n }, () => [HANDLER, leaf]));
}

/** A side of `windows` windows, each serving 1000 requests and running 1 ms of CPU per sample. */
function side(windows: RawTicks[]): WindowedSide {
  const profiles = windows.map((w) => buildProfile(w, { roots: ['/app'] }));
  return {
    whole: buildProfile(windows.flat(), { roots: ['/app'] }),
    windows: profiles,
    responses: windows.map(() => 1000),
    cpuSec: profiles.map((p) => p.busy / 1000),
    sampleUs: 1000,
  };
}

/** A Poisson count of mean `lambda` (Knuth's method; the means here are small). */
function poisson(lambda: number, next: () => number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  for (let p = next(); p > limit; p *= next()) k++;
  return k;
}

/** Windows whose samples are Poisson with the given mean per frame. */
function noisy(
  means: ReadonlyMap<ReturnType<typeof js>, number>,
  windows: number,
  next: () => number,
): RawTicks[] {
  return Array.from({ length: windows }, () =>
    ticks(new Map([...means].map(([frame, mean]) => [frame, poisson(mean, next)]))),
  );
}

const unit = (over: Partial<UnitCost>): UnitCost => ({
  level: 'function',
  name: 'f',
  file: 'lib/a.js',
  line: 1,
  package: '',
  pseudo: false,
  baseSelfUs: 10,
  headSelfUs: 20,
  baseTotalUs: 10,
  headTotalUs: 20,
  deltaUs: 10,
  spreadUs: 1,
  p: 1e-9,
  evident: true,
  ...over,
});

describe('pairedTP and holm', () => {
  test('the paired t test: two-sided p of the mean difference, from the t distribution with n − 1 df', () => {
    // t = 3 / (sd / √5) = √18 with 4 df, whose two-sided tail has a closed form: 1 − u(3 − u²)/2, u = t/√(t² + 4).
    const u = Math.sqrt(18) / Math.sqrt(22);
    assert.ok(Math.abs(pairedTP([1, 2, 3, 4, 5]) - (1 - (u * (3 - u * u)) / 2)) < 1e-12);
    assert.equal(pairedTP([2, -2, 2, -2]), 1);
    assert.equal(pairedTP([0, 0, 0]), 1, 'no difference at all');
    assert.equal(pairedTP([3, 3, 3]), 0, 'the same difference every time');
  });

  test("Holm's step-down stops at the first p above its share of the level", () => {
    assert.deepEqual(holm([0.01, 0.04, 0.03, 0.005], 0.05), [true, false, false, true]);
    assert.deepEqual(holm([0.01, 0.011, 0.012], 0.05), [true, true, true]);
    assert.deepEqual(holm([0.03, 0.9], 0.05), [false, false]);
  });
});

describe('weighEvidence', () => {
  const slow = js('slowPath', 'lib/util.js', 5);
  const fast = js('fastPath', 'lib/util.js', 20);
  const other = js('route', 'lib/router.js', 3);

  test('a function that costs more in every pair is named, with its cost per request on both sides', () => {
    const next = mulberry32(1);
    const base = side(
      noisy(
        new Map([
          [slow, 40],
          [fast, 200],
          [other, 100],
        ]),
        16,
        next,
      ),
    );
    const head = side(
      noisy(
        new Map([
          [slow, 120],
          [fast, 200],
          [other, 100],
        ]),
        16,
        next,
      ),
    );
    const e = weighEvidence(base, head, { explain: true, windowSec: 0.125 });
    assert.equal(e.pairs, 16);
    const first = e.named[0];
    assert.ok(first, 'something is named');
    assert.deepEqual(
      [first.level, first.name, first.file, first.line],
      ['function', 'slowPath', 'lib/util.js', 5],
    );
    assert.ok(
      Math.abs(first.baseSelfUs - 40) < 6 && Math.abs(first.headSelfUs - 120) < 10,
      JSON.stringify(first),
    );
    assert.ok(first.p! < 1e-6);
    // Its file changed as much, so the function stands for it: the file is not named as well.
    assert.ok(!e.named.some((u) => u.level === 'file'));
    assert.ok(e.files.find((u) => u.file === 'lib/util.js')?.evident);
  });

  test('without a change to explain nothing is named, though the evidence is there', () => {
    const next = mulberry32(2);
    const base = side(
      noisy(
        new Map([
          [slow, 40],
          [fast, 200],
        ]),
        12,
        next,
      ),
    );
    const head = side(
      noisy(
        new Map([
          [slow, 120],
          [fast, 200],
        ]),
        12,
        next,
      ),
    );
    const e = weighEvidence(base, head, { explain: false, windowSec: 0.125 });
    assert.deepEqual(e.named, []);
    assert.ok(e.evident >= 1);
    assert.equal(e.explain, false);
  });

  test('a cost spread over many small functions of a dependency is named as the package', () => {
    const dep = Array.from({ length: 10 }, (_, i) =>
      js(`step${i}`, 'node_modules/fmtkit/index.js', 10 * i + 1),
    );
    const next = mulberry32(3);
    const means = (extra: number) => new Map([[fast, 300], ...dep.map((f) => [f, 8 + extra] as const)]);
    const e = weighEvidence(side(noisy(means(0), 24, next)), side(noisy(means(3), 24, next)), {
      explain: true,
      windowSec: 0.125,
    });
    const first = e.named[0];
    assert.ok(
      first,
      `nothing named; packages: ${JSON.stringify(e.packages.map((u) => [u.name, u.deltaUs, u.p]))}`,
    );
    assert.deepEqual([first.level, first.name], ['package', 'fmtkit']);
    assert.ok(first.deltaUs > 20 && first.deltaUs < 40, String(first.deltaUs));
    assert.ok(
      !e.named.some((u) => u.level === 'function' && u.package === 'fmtkit'),
      'no step stands for it',
    );
  });

  test('a unit too small to name is not tested at all', () => {
    const tiny = js('tiny', 'lib/tiny.js');
    const e = weighEvidence(
      side(
        [
          ticks(
            new Map([
              [fast, 1000],
              [tiny, 1],
            ]),
          ),
        ].concat(Array(5).fill(ticks(new Map([[fast, 1000]])))),
      ),
      side(
        Array(6).fill(
          ticks(
            new Map([
              [fast, 1000],
              [tiny, 2],
            ]),
          ),
        ),
      ),
      {
        explain: true,
        windowSec: 0.125,
      },
    );
    assert.equal(e.functions.find((u) => u.name === 'tiny')?.p, undefined);
    assert.notEqual(e.functions.find((u) => u.name === 'fastPath')?.p, undefined);
  });

  test('windows of the same code name nothing, beyond the 1% family-wise level, over 50 gates', () => {
    const means = new Map([
      [slow, 15],
      [fast, 60],
      [other, 30],
      [js('parse', 'node_modules/dep/parse.js'), 10],
      [js('write', 'node_modules/dep/write.js'), 6],
      ...Array.from({ length: 30 }, (_, i) => [js(`small${i}`, `lib/small${i % 5}.js`, i + 1), 2] as const),
    ]);
    let gates = 0;
    for (let seed = 0; seed < 50; seed++) {
      const next = mulberry32(1000 + seed);
      const e = weighEvidence(side(noisy(means, 24, next)), side(noisy(means, 24, next)), {
        explain: true,
        windowSec: 0.125,
      });
      assert.ok(e.tested > 30, `${e.tested} tested`);
      if (e.named.length > 0) gates++;
    }
    // At most 1% of gates in expectation (half a gate of 50); 3 or more would happen with probability below 2%.
    assert.ok(gates <= 2, `${gates} of 50 A/A gates named something`);
  });
});

describe('whereItLives', () => {
  test('a function carrying half of its file’s change stands for it; one that does not leaves the file named', () => {
    const file = unit({ level: 'file', name: 'lib/a.js', line: 0, deltaUs: 10 });
    const carrying = unit({ name: 'big', deltaUs: 6 });
    assert.deepEqual(whereItLives([file, carrying]), [carrying]);
    const small = unit({ name: 'small', deltaUs: 3 });
    assert.deepEqual(whereItLives([file, small]), [file]);
  });

  test('a function whose file changed the other way, or not evidently, is named alone', () => {
    const file = unit({ level: 'file', name: 'lib/a.js', line: 0, deltaUs: -10 });
    const f = unit({ name: 'grew', deltaUs: 4 });
    assert.deepEqual(whereItLives([file, f]), [f, file]);
    assert.deepEqual(whereItLives([{ ...file, evident: false }, f]), [f]);
  });

  test("a dependency lives in its package; the app's files and Node's internals in their files", () => {
    const pkg = unit({ level: 'package', name: 'fmtkit', file: '', line: 0, package: 'fmtkit', deltaUs: 12 });
    const depFile = unit({
      level: 'file',
      name: 'node_modules/fmtkit/a.js',
      file: 'node_modules/fmtkit/a.js',
      package: 'fmtkit',
      line: 0,
      deltaUs: 12,
    });
    const app = unit({ level: 'package', name: '', file: '', line: 0, package: '', deltaUs: 5 });
    const node = unit({ level: 'package', name: 'node:', file: '', line: 0, package: 'node:', deltaUs: 5 });
    assert.deepEqual(whereItLives([pkg, depFile, app, node]), [pkg]);
  });

  test('hotter first, then cooler, each largest change first; pseudo-functions only as themselves', () => {
    const gc = unit({
      name: '(garbage collection)',
      file: '',
      line: 0,
      package: '(garbage collection)',
      pseudo: true,
      deltaUs: 2,
    });
    const gcPackage = { ...gc, level: 'package' as const };
    const a = unit({ name: 'a', deltaUs: 5, file: 'a.js' });
    const b = unit({ name: 'b', deltaUs: 9, file: 'b.js' });
    const c = unit({ name: 'c', deltaUs: -20, file: 'c.js' });
    assert.deepEqual(
      whereItLives([c, a, gc, gcPackage, b]).map((u) => u.name),
      ['b', 'a', '(garbage collection)', 'c'],
    );
  });
});

describe('weighEvidence on recorded side-by-side 0x runs (test/fixtures/profile)', () => {
  const weigh = (name: string, explain = true) => {
    const { sides } = readRecording(name);
    return weighEvidence(windowedSide(sides.base, true), windowedSide(sides.head, true), {
      explain,
      windowSec: WINDOW_SEC,
    });
  };

  test('head’s new hot function is named first, at its line on head, far beyond its spread', () => {
    const e = weigh('ab');
    assert.equal(e.pairs, 24);
    const first = e.named[0]!;
    assert.deepEqual(
      [first.level, first.name, first.file, first.line],
      ['function', 'slowPath', 'lib/util.js', 5],
    );
    assert.equal(first.baseSelfUs, 0);
    assert.ok(first.p! < 1e-10);
    // The handler runs on both sides, under two tree roots: one function.
    assert.equal(e.functions.filter((u) => u.name === 'handle').length, 1);
  });

  test('the same code on both sides names nothing, nor has evidence for anything', () => {
    const e = weigh('aa');
    assert.ok(e.tested > 20, `${e.tested} tested`);
    assert.equal(e.evident, 0);
    assert.deepEqual(e.named, []);
  });

  test('the recording names nothing either when the gate has no change to explain', () => {
    assert.deepEqual(weigh('ab', false).named, []);
  });
});
