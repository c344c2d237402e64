/** The words of a decision over several runners: cost, "confirmed on N runners", a runner that differs, reach. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { oneRunnerLine, runnersLines, runnersSection } from '../../../src/report/runners-text.ts';
import { asFile, gateReport, mergeAsMeasured } from '../../support/reports.ts';

function merged(factors: number[], runner = (i: number) => `runner ${i + 1}`): Report {
  const files = factors.map((factor, i) => {
    const r = gateReport({ paths: { '/': factor }, pairs: 10, noise: 0.01, seed: i + 1 });
    const environment = { ...r.environment, runner: runner(i), cpuModel: `CPU ${i % 2}`, kernel: '6.8.0' };
    const timing = { ...r.timing, wallSec: 90 };
    return asFile({ ...r, replica: { index: i + 1, count: factors.length }, environment, timing }, `r${i}`);
  });
  return mergeAsMeasured(files);
}

describe('words of many runners', () => {
  test('a regression seen alike on 3 runners: confirmed on 3 runners, and their runner-minutes', () => {
    const report = merged([0.8, 0.8, 0.8]);
    assert.equal(report.verdict, 'regression');
    const lines = runnersLines(report).join('\n');
    assert.match(lines, /Decided over 3 runners, 4\.5 runner-minutes/);
    assert.match(lines, /The regression is the mean change of these 3 runners\./);
    assert.doesNotMatch(lines, /disagree/);
    const markdown = renderMarkdown(report);
    assert.match(markdown, /3 runners of 10, 10, 10 pairs/);
    assert.match(markdown, /adjusted over 3 comparisons \(across all runners\)/);
    assert.match(
      markdown,
      /each runner's about its own mean; the interval is Student's t of the mean change of these runners/,
    );
  });

  test('a runner whose change differs is named with its CPU', () => {
    const report = merged([1, 1, 1, 0.8]);
    const lines = runnersLines(report).join('\n');
    assert.match(lines, /runners disagree beyond their noise on req\/s of GET \//);
    assert.match(lines, /runner 4 \(CPU 1\) saw −20\.\d% where the others saw [−+±]\d\.\d%/);
  });

  test('what more runners would buy, for 2, 4 and 8 runners, in the folded section with a row per runner', () => {
    const section = runnersSection(merged([0.97, 0.98, 0.96])).join('\n');
    assert.match(section, /with 2 runners ≈\d+\.\d%, with 4 runners ≈\d+\.\d%, with 8 runners ≈\d+\.\d%/);
    assert.equal(section.split('\n').filter((l) => /^\| runner \d/.test(l)).length, 3);
  });

  test('a runner name is untrusted: no mention, link or table cell breaks out of it', () => {
    const report = merged([1, 1, 0.8], (i) => (i === 2 ? '@octocat [x](https://evil.test) | cell' : `r${i}`));
    const markdown = renderMarkdown(report);
    assert.doesNotMatch(markdown, /@octocat/);
    assert.doesNotMatch(markdown, /\]\(https:\/\/evil/);
    assert.match(markdown, /\\\| cell/);
  });

  test('one runner says nothing of runners', () => {
    const one = mergeAsMeasured([asFile(gateReport({ paths: { '/': 0.8 }, pairs: 10 }), 'a')]);
    assert.deepEqual(runnersLines(one), []);
    assert.deepEqual(runnersSection(one), []);
  });
});

describe('one runner’s reach with more runners', () => {
  test('a gate of one runner says what 4 and 8 runners like it would catch, and its runner-minutes', () => {
    const report = mergeAsMeasured([
      asFile(gateReport({ paths: { '/': 0.99 }, pairs: 10, noise: 0.02 }), 'a'),
    ]);
    const rps = report.decision!.comparisons.find((c) => c.metric === 'rps')!;
    assert.deepEqual(
      rps.reach!.map((r) => r.runners),
      [4, 8],
    );
    assert.ok(rps.reach![0]!.detectable >= rps.reach![1]!.detectable);
    assert.ok(rps.reach![1]!.detectable >= rps.threshold);
    assert.match(
      oneRunnerLine(report),
      /merged over 4 runners ≈\d+\.\d%, 8 runners ≈\d+\.\d%.*1\.0 runner-minutes/,
    );
    assert.equal(oneRunnerLine(merged([0.97, 0.98, 0.96])), '', 'a merge of runners has its own section');
  });
});
