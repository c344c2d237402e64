import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fSf, oneWayAnova } from '../../../src/stats/anova.ts';
import { studentTSf } from '../../../src/stats/distributions.ts';

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual} is not within ${tolerance} of ${expected}`,
  );

describe('F distribution', () => {
  test('with 2 numerator degrees of freedom it has the closed form (1 + 2f/df2)^(−df2/2)', () => {
    for (const [f, df2] of [
      [0.5, 3],
      [3.2, 10],
      [9.7, 25],
      [40, 7],
    ] as const) {
      close(fSf(f, 2, df2), (1 + (2 * f) / df2) ** (-df2 / 2), 1e-12, `F(2, ${df2}) > ${f}`);
    }
  });

  test('with 1 numerator degree of freedom F is t squared: P(F > t²) = 2 P(T > t)', () => {
    for (const [t, df] of [
      [0.4, 4],
      [2.1, 12],
      [4.5, 30],
    ] as const) {
      close(fSf(t * t, 1, df), 2 * studentTSf(t, df), 1e-12, `F(1, ${df}) > ${t}²`);
    }
  });

  test('critical values from the standard tables sit at their levels', () => {
    // F(0.01; 3, 28) = 4.57, F(0.05; 4, 20) = 2.87, F(0.05; 7, 24) = 2.42 (three significant digits).
    close(fSf(4.57, 3, 28), 0.01, 0.0002, 'F(3, 28) > 4.57');
    close(fSf(2.87, 4, 20), 0.05, 0.0005, 'F(4, 20) > 2.87');
    close(fSf(2.42, 7, 24), 0.05, 0.0005, 'F(7, 24) > 2.42');
  });

  test('ends: 1 at and below 0, 0 at infinity, NaN for NaN; bad degrees of freedom throw', () => {
    assert.equal(fSf(0, 3, 5), 1);
    assert.equal(fSf(-1, 3, 5), 1);
    assert.equal(fSf(Number.POSITIVE_INFINITY, 3, 5), 0);
    assert.ok(Number.isNaN(fSf(Number.NaN, 3, 5)));
    assert.throws(() => fSf(1, 0, 5), /degrees of freedom/);
  });
});

describe('one-way ANOVA', () => {
  test('two groups by hand: means 2 and 5, squares 13.5 between and 4 within: F = 13.5 on (1, 4)', () => {
    const r = oneWayAnova([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    close(r.f, 13.5, 1e-12, 'F');
    assert.equal(r.df1, 1);
    assert.equal(r.df2, 4);
    // The pooled two-sample t of the same data is 3 / √(2/3): its two-sided p.
    close(r.p, 2 * studentTSf(3 / Math.sqrt(2 / 3), 4), 1e-12, 'p');
  });

  test('three groups of unequal size by hand', () => {
    // Means 2, 6, 10 (grand 6 over 8 values); between = 3·16 + 2·0 + 3·16 = 96, within = 2 + 2 + 8 = 12.
    const r = oneWayAnova([
      [1, 2, 3],
      [5, 7],
      [8, 10, 12],
    ]);
    close(r.f, 96 / 2 / (12 / 5), 1e-12, 'F');
    assert.deepEqual([r.df1, r.df2], [2, 5]);
    close(r.p, (1 + (2 * r.f) / 5) ** -2.5, 1e-12, 'p');
  });

  test('shifting one group moves F; shifting all of them does not', () => {
    const groups = [
      [0.1, -0.2, 0.05, 0.0],
      [0.02, 0.1, -0.1, 0.03],
      [-0.05, 0.07, 0.0, 0.12],
    ];
    const f = oneWayAnova(groups).f;
    close(oneWayAnova(groups.map((g) => g.map((v) => v + 5))).f, f, 1e-9, 'all shifted');
    assert.ok(oneWayAnova([groups[0]!, groups[1]!, groups[2]!.map((v) => v + 1)]).f > 50 * f);
  });

  test('degenerate groups follow SciPy: equal constants give NaN, different constants Infinity (p 0)', () => {
    assert.ok(
      Number.isNaN(
        oneWayAnova([
          [2, 2],
          [2, 2],
        ]).f,
      ),
    );
    const apart = oneWayAnova([
      [1, 1],
      [3, 3],
    ]);
    assert.equal(apart.f, Number.POSITIVE_INFINITY);
    assert.equal(apart.p, 0);
  });

  test('too little data throws, naming what it needs', () => {
    assert.throws(() => oneWayAnova([[1, 2, 3]]), /at least two non-empty groups/);
    assert.throws(() => oneWayAnova([[1], []]), /at least two non-empty groups/);
    assert.throws(() => oneWayAnova([[1], [2]]), /more values than groups/);
  });
});
