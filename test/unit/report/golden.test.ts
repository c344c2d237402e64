/**
 * Golden tests: recorded inputs through the decision, the report and its renderings must give the same bytes as
 * the files under test/fixtures/golden. They pin behaviour across refactors; a change that alters them on purpose
 * regenerates them with `PERF_GATE_UPDATE_GOLDEN=1 node --test test/unit/report/golden.test.ts` and shows the diff.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { checkConclusion, stepOutcome } from '../../../src/decide/outcome.ts';
import { decide } from '../../../src/decide/verdict.ts';
import { type ReplaySource, replayPairs } from '../../../src/gate/loop.ts';
import type { Round } from '../../../src/model/measure.ts';
import type { Report } from '../../../src/model/report.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { CHECK_SUMMARY_BYTES, fitComment } from '../../../src/report/fit.ts';
import { checkTitle, stepMessage } from '../../../src/report/headline.ts';
import { asFile, gateReport, mergeAsMeasured, roundsFor } from '../../support/reports.ts';

const DIR = new URL('../../fixtures/golden/', import.meta.url);
const UPDATE = process.env.PERF_GATE_UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const file = new URL(name, DIR);
  if (UPDATE || !existsSync(file)) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, actual);
    if (!UPDATE) assert.fail(`golden file ${name} did not exist: written now, check it in`);
    return;
  }
  assert.equal(actual, readFileSync(file, 'utf8'), `${name} differs from its golden file`);
}

function outputs(report: Report): string {
  const lines = [true, false].map((fail) => ({
    failOnRegression: fail,
    step: { ...stepOutcome(report, fail), message: stepMessage(report, stepOutcome(report, fail)) },
    check: checkConclusion(report, fail),
  }));
  return `${JSON.stringify({ verdict: report.verdict, title: checkTitle(report), outcomes: lines }, null, 2)}\n`;
}

/** What the action passes besides the report: the label that accepts a regression, the run's page. */
const PUBLISHED = {
  acceptLabel: 'perf-gate:accept',
  runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/42',
};

/** What the action renders of a report: the comment (plain, linked, trimmed), the check's summary, the outputs. */
function renderingsOf(
  report: Report,
): Record<'md' | 'linked.md' | 'trimmed.md' | 'summary.md' | 'outputs.json', string> {
  const markdown = renderMarkdown(report, PUBLISHED);
  return {
    md: markdown,
    'linked.md': renderMarkdown(report, { ...PUBLISHED, detailsUrl: 'https://example.invalid/artifact/1' }),
    'trimmed.md': fitComment(markdown, 3000, 'The whole report is in the job summary.'),
    'summary.md': fitComment(markdown, CHECK_SUMMARY_BYTES, 'The whole report is in the job summary.'),
    'outputs.json': outputs(report),
  };
}

/** The renderings against their golden files; a check summary that is the whole comment is asserted so, not kept. */
function renderings(name: string, report: Report): void {
  const rendered = renderingsOf(report);
  for (const [suffix, text] of Object.entries(rendered)) {
    if (suffix === 'summary.md' && Buffer.byteLength(rendered.md) <= CHECK_SUMMARY_BYTES)
      assert.equal(text, rendered.md, `${name}: a comment that fits is the check summary whole`);
    else golden(`${name}.${suffix}`, text);
  }
}

/** The recorded rounds of test/fixtures/report-regression.json, decided as the gate decides them. */
function recordedReport(): Report {
  const recorded = JSON.parse(
    readFileSync(new URL('../../fixtures/report-regression.json', import.meta.url), 'utf8'),
  ) as Omit<Report, 'verdict' | 'headline' | 'decision' | 'error'>;
  const settings = { ...recorded.settings, port: undefined };
  const decision = decide(recorded.rounds, settings.scenarios, {
    threshold: settings.threshold,
    latencyThreshold: settings.latencyThreshold,
    alpha: settings.alpha,
  });
  return {
    ...recorded,
    settings,
    verdict: decision.verdict,
    decision,
    error: undefined,
    notes: [{ kind: 'loadgen-busy', loadgenCpu: 0.95 }],
    profile: undefined,
    changedFiles: ['server.js'],
    diagnostics: undefined,
    // The pull request it measured: the comment names it.
    pullRequest: { number: 12, headSha: recorded.head.sha, baseSha: recorded.base.sha },
  };
}

const fixture = recordedReport();

test('a recorded gate report renders to the same comment, summary and outputs', () => {
  renderings('report-regression', fixture);
});

test('a recorded report read back as `mode: report` reads it gives the same report.json and comment', () => {
  const merged = mergeAsMeasured([asFile(fixture, 'report.json')]);
  golden('report-regression.reread.json', `${JSON.stringify(merged, null, 2)}\n`);
  // The round trip: what is read back renders as the report that was written.
  assert.deepEqual(renderingsOf(merged), renderingsOf(fixture));
});

test('merged shards (one failed) give the same report.json and comment', () => {
  const shards = [
    gateReport({ paths: { '/a': 0.8, '/b': 1 }, pairs: 10, seed: 3, shard: { index: 1, count: 3 } }),
    gateReport({
      paths: { '/c': 1.02 },
      pairs: 12,
      seed: 4,
      shard: { index: 2, count: 3 },
      notes: [{ kind: 'time-limit', pairs: 12 }],
    }),
    gateReport({
      paths: { '/d': 1 },
      shard: { index: 3, count: 3 },
      error: {
        code: 'server-start',
        message: 'head did not start',
        side: 'head',
        output: 'Error: boom',
        neutral: false,
      },
    }),
  ];
  const merged = mergeAsMeasured(shards.map((report, i) => asFile(report, `shard-${i + 1}/report.json`)));
  golden('shards.json', `${JSON.stringify(merged, null, 2)}\n`);
  renderings('shards', merged);
});

interface Recording {
  settings: { threshold: number; latencyThreshold: number; alpha: number };
  pairSec: number;
  rounds: (Omit<Round, 'scenario'> & { path: string })[];
}

/** A recorded real gate replayed through the sequential rule with a fake clock: looks, stop and decision. */
test('a recorded real gate replayed through the sequential rule decides the same way', async () => {
  const recording = JSON.parse(
    readFileSync(new URL('../../../bench/data/slower5.json', import.meta.url), 'utf8'),
  ) as Recording;
  const rounds: Round[] = recording.rounds.map(({ path, ...r }) => ({ ...r, scenario: `GET ${path}` }));
  const pairs = Math.max(...rounds.map((r) => r.pair)) + 1;
  const source: ReplaySource = {
    scenarios: () => [{ name: 'GET /', expectStatus: undefined, threshold: undefined }],
    async next(pair) {
      if (pair >= pairs) return undefined;
      return rounds.filter((r) => r.pair === pair);
    },
  };
  const result = await replayPairs(source, {
    pairMs: recording.pairSec * 1000,
    threshold: 0.02,
    latencyThreshold: 0.02,
    alpha: recording.settings.alpha,
    restartEvery: 8,
    fixedPairs: undefined,
    budgetMs: 180_000,
    limitMs: 270_000,
  });
  const { rounds: _rounds, ...rest } = result;
  golden('replay-slower5.json', `${JSON.stringify(rest, null, 2)}\n`);
});

/**
 * A gate of 8 scenarios, one of them 2× slower, deciding: synthetic rounds (seeded; per-pair sd of req/s 3%) through
 * the gate's loop with the default budget and a pair's cost as the gate spends it over scenarios (each side 2 s of
 * load shared by the 8, 0.5 s between, and a block of processes started and primed in 3 s every 4 pairs).
 */
test('a gate of 8 scenarios, one 2× slower, decides: regression on that one, no change on the others', async () => {
  const paths = Object.fromEntries(
    ['orders', 'users', 'items', 'search', 'cart', 'login', 'health', 'stats'].map((p) => [
      `/${p}`,
      p === 'orders' ? 0.5 : 1,
    ]),
  );
  const shell = gateReport({ paths, pairs: 1 });
  const all = roundsFor({ paths, pairs: 60, noise: 0.03 / Math.SQRT2, seed: 8 });
  const source: ReplaySource = {
    scenarios: () =>
      shell.settings.scenarios.map((s) => ({ name: s.name, expectStatus: undefined, threshold: undefined })),
    next: async (pair) => all.filter((r) => r.pair === pair),
  };
  const pairMs = (2 * Math.max(2, 0.25 * 8) + 0.5 + 3 / 4) * 1000;
  const result = await replayPairs(source, {
    pairMs,
    threshold: 0.05,
    latencyThreshold: 0.2,
    alpha: 0.05,
    restartEvery: 4,
    fixedPairs: undefined,
    budgetMs: 180_000,
    limitMs: 270_000,
  });
  const decision = result.decision!;
  assert.equal(decision.verdict, 'regression');
  const called = decision.comparisons.filter((c) => c.verdict === 'regression');
  assert.deepEqual([...new Set(called.map((c) => c.scenario))], ['GET /orders']);
  assert.ok(decision.comparisons.every((c) => c.scenario === 'GET /orders' || c.verdict !== 'regression'));
  const { rounds, ...rest } = result;
  golden('eight-scenarios.json', `${JSON.stringify(rest, null, 2)}\n`);
  renderings('eight-scenarios', {
    ...shell,
    settings: { ...shell.settings, pairs: undefined, restartEvery: 4 },
    verdict: decision.verdict,
    decision,
    rounds,
    sequential: {
      pairs: result.pairs,
      looked: result.looked,
      schedule: result.schedule,
      stoppedBy: result.stoppedBy,
      confirmationPairs: result.confirmationPairs,
      disturbedPairs: 0,
      keptDisturbedPairs: 0,
    },
  });
});
