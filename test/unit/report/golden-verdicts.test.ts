/**
 * A golden comment for every verdict the gate can reach: regression (golden.test.ts), improvement, no change,
 * inconclusive (and one whose interval is too wide to mean anything), an error of head, base's error (neutral) and
 * an accepted regression; each with the outputs `verdict` and `accepted` and the outcomes of the step and the check,
 * so that the words of the first screen can be held against them (golden-contradictions.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkConclusion, stepOutcome } from '../../../src/decide/outcome.ts';
import type { Acceptance, Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { checkTitle, stepMessage } from '../../../src/report/headline.ts';
import { acceptedOutput } from '../../../src/report/outputs.ts';
import { golden } from '../../support/golden.ts';
import { gateReport } from '../../support/reports.ts';

const PUBLISHED = {
  acceptLabel: 'perf-gate:accept',
  runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/42',
};

const ACCEPTED: Acceptance = {
  by: 'octocat',
  how: 'label',
  label: 'perf-gate:accept',
  reason: '',
  commit: 'b'.repeat(40),
};

function outcomes(report: Report, accepted: boolean): string {
  const lines = [true, false].map((fail) => ({
    failOnRegression: fail,
    step: stepOutcome(report, fail, accepted),
    message: stepMessage(report, stepOutcome(report, fail, accepted)),
    check: checkConclusion(report, fail, accepted),
  }));
  const output = {
    verdict: report.verdict,
    accepted: acceptedOutput(report, accepted ? ACCEPTED : undefined),
  };
  return `${JSON.stringify({ ...output, title: checkTitle(report), outcomes: lines }, null, 2)}\n`;
}

function render(name: string, report: Report, accepted?: Acceptance): void {
  golden(`verdict-${name}.md`, renderMarkdown(report, { ...PUBLISHED, accepted }));
  golden(`verdict-${name}.outputs.json`, outcomes(report, accepted !== undefined));
}

test('an improvement renders its golden comment', () => {
  const report = gateReport({ paths: { '/fast': 1.3, '/same': 1 }, pairs: 10, seed: 11 });
  assert.equal(report.verdict, 'improvement');
  render('improvement', report);
});

test('no change renders its golden comment', () => {
  const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 12, seed: 12 });
  assert.equal(report.verdict, 'no-change');
  render('no-change', report);
});

test('an inconclusive gate renders its golden comment, saying in its title that the check passes', () => {
  const report = gateReport({ paths: { '/a': 1.04 }, pairs: 6, noise: 0.05, seed: 13 });
  assert.equal(report.verdict, 'inconclusive');
  render('inconclusive', report);
});

test('an interval too wide to mean anything is said in words, never as a 14-digit percentage', () => {
  const report = gateReport({ paths: { '/slow': 0.01 }, pairs: 4, noise: 2.5, seed: 14 });
  assert.equal(report.verdict, 'inconclusive');
  const ci = report.decision!.comparisons[0]!.ci;
  assert.ok((1 + ci[1]) / (1 + ci[0]) > 10, `the fixture's interval is wide: ${ci}`);
  render('inconclusive-wide', report);
});

test("an error of head's renders its golden comment", () => {
  const report = gateReport({
    paths: { '/a': 1 },
    error: {
      code: 'server-start',
      message: 'head did not start',
      side: 'head',
      output: 'Error: boom',
      neutral: false,
    },
  });
  render('error', report);
});

test("base's error leaves the check neutral and renders its golden comment", () => {
  const report = gateReport({
    paths: { '/a': 1 },
    error: {
      code: 'server-start',
      message: 'base did not start',
      side: 'base',
      output: 'Error: boom',
      neutral: true,
    },
  });
  render('error-base', report);
});

test('an accepted regression renders its golden comment', () => {
  const report = gateReport({ paths: { '/slow': 0.8, '/same': 1 }, pairs: 10, seed: 15 });
  assert.equal(report.verdict, 'regression');
  render('accepted', report, ACCEPTED);
  render('regression', report);
});
