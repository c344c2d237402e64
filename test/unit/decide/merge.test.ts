/**
 * src/merge.ts: one report merged alone keeps its gate's decision; shards are decided as one family (Holm over
 * the union, intervals at the merged simultaneous level, each shard's looks kept); mismatched, duplicate and
 * missing shards; errors carried; notes, new paths and profiles concatenated.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { levelAt } from '../../../src/decide/boundary.ts';
import { comparisonAlpha, weightOf } from '../../../src/decide/family.ts';
import { inferUnits } from '../../../src/decide/interval.ts';
import { mergeReports, roundKey } from '../../../src/decide/merge.ts';
import { stepOutcome } from '../../../src/decide/outcome.ts';
import { decide } from '../../../src/decide/verdict.ts';
import { GateError } from '../../../src/model/errors.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { reportHeadline } from '../../../src/report/headline.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { sequentialP } from '../../../src/stats/sequential-boundary.ts';
import { asFile, gateReport, HEAD_SHA, mergeAsMeasured, roundsFor } from '../../support/reports.ts';

function mergeError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GateError, String(error));
    assert.match(error.message, /^input `results`: /);
    return error.message;
  }
  assert.fail('expected an error');
}

describe('mergeReports', () => {
  test('one report merged alone gets exactly the decision, verdict and headline its gate made', () => {
    for (const looks of [[12], [6, 8, 10, 12]]) {
      const gate = gateReport({ paths: { '/a': 0.85, '/b': 1 }, pairs: 12, looks, seed: 3 });
      const merged = mergeAsMeasured([asFile(gate, 'report.json')]);
      assert.deepEqual(merged.decision, gate.decision);
      assert.equal(merged.verdict, gate.verdict);
      assert.equal(reportHeadline(merged), reportHeadline(gate));
      assert.equal(merged.shards, undefined);
      assert.deepEqual(merged.sequential, gate.sequential);
      assert.deepEqual(merged.pullRequest, gate.pullRequest);
    }
  });

  test('the family is the comparisons of ALL shards: 9, and below 16 units the interval is t', () => {
    // 7 pairs: Student's t alone (req/s at a third of alpha) and merged (a ninth), from their number and the level.
    const a = gateReport({ paths: { '/a': 0.8 }, pairs: 7, seed: 1 });
    assert.equal(a.verdict, 'regression', 'alone, shard a is a regression');
    const aloneRps = a.decision!.comparisons.find((x) => x.metric === 'rps')!;
    assert.equal(aloneRps.method, 't');
    const b = gateReport({ paths: { '/b': 1 }, seed: 2, noise: 0.02 });
    const c = gateReport({ paths: { '/c': 1 }, seed: 4, noise: 0.02 });
    const merged = mergeAsMeasured([
      asFile(a, 'a/report.json'),
      asFile(b, 'b/report.json'),
      asFile(c, 'c/report.json'),
    ]);
    const decision = merged.decision!;
    // Req/s and p99 of each of the 3 scenarios, and their failed requests: a family of 9.
    assert.equal(decision.comparisons.length, 6);
    assert.equal(decision.errors.length, 3);
    const weights = 3 * (weightOf('rps') + weightOf('p99') + weightOf('failures'));
    const rps = decision.comparisons.find((x) => x.scenario === 'GET /a' && x.metric === 'rps')!;
    assert.equal(rps.method, 't');
    assert.ok(Math.abs(rps.level - 0.05 / weights) < 1e-15);
    assert.equal(merged.verdict, 'regression', 'a 20% slowdown with 0.5% noise stands among 9');
    // And the adjusted p of every comparison is its p times the union's weight over its own (one look each).
    for (const x of decision.comparisons) {
      const expected = Math.min(1, (weights / weightOf(x.metric)) * x.p);
      assert.ok(Math.abs(x.pAdjusted - expected) < 1e-12 || x.significant === expected <= 0.05);
    }
  });

  test('each shard keeps its own looks: p made sequential over them, times the family of all; intervals at the per-look level of its share', () => {
    const schedule = [6, 8, 10, 12];
    const a = gateReport({ paths: { '/a': 0.9 }, pairs: 12, looks: schedule, seed: 5, noise: 0.02 });
    const b = gateReport({ paths: { '/b': 1.0 }, pairs: 12, seed: 6, noise: 0.02 });
    const merged = mergeAsMeasured([asFile(a, 'a.json'), asFile(b, 'b.json')]);
    const cs = merged.decision!.comparisons;
    const looks = cs.map((x) => (x.scenario === 'GET /a' ? schedule : [12]));
    const weights = 2 * (weightOf('rps') + weightOf('p99') + weightOf('failures'));
    cs.forEach((x, i) => {
      const expected = Math.min(1, (weights / weightOf(x.metric)) * sequentialP(x.p, looks[i]!));
      assert.ok(Math.abs(x.pAdjusted - expected) < 1e-12 || x.significant === expected <= 0.05, x.metric);
    });
    const rounds = roundsFor({ paths: { '/a': 0.9 }, pairs: 12, seed: 5, noise: 0.02 });
    const ratios = Array.from({ length: 12 }, (_, pair) => {
      const of = (side: string) => rounds.find((r) => r.pair === pair && r.side === side)!.measurement.rps;
      return Math.log(of('head') / of('base'));
    });
    // 12 pairs: Student's t (below 16 units) at the last look's level and the t looks' share.
    const expected = inferUnits(ratios, levelAt(comparisonAlpha(0.05, weights), schedule, 12, 0))!.inference;
    const rps = cs.find((x) => x.scenario === 'GET /a' && x.metric === 'rps')!;
    assert.equal(rps.method, 't');
    assert.ok(Math.abs(rps.ci[0] - Math.expm1(expected.lower)) < 1e-12);
    assert.ok(Math.abs(rps.ci[1] - Math.expm1(expected.upper)) < 1e-12);
    // Wider than the shard's own interval (3 comparisons, the same looks).
    const alone = a.decision!.comparisons.find((x) => x.metric === 'rps')!;
    assert.ok(rps.ci[1] - rps.ci[0] > alone.ci[1] - alone.ci[0]);
  });

  test('a clear regression in one of two shards: one merged regression, rounds and paths of both, one family', () => {
    const a = gateReport({ paths: { '/a': 0.5 }, pairs: 12, seed: 7 });
    const b = gateReport({ paths: { '/b': 1 }, pairs: 12, seed: 8 });
    const merged = mergeAsMeasured([asFile(a, 'shard-1/report.json'), asFile(b, 'shard-2/report.json')]);
    assert.equal(merged.verdict, 'regression');
    assert.match(reportHeadline(merged), /slower on GET \/a/);
    assert.deepEqual(
      merged.settings.scenarios.map((s) => s.path),
      ['/a', '/b'],
    );
    assert.equal(merged.rounds.length, a.rounds.length + b.rounds.length);
    assert.deepEqual(new Set(merged.rounds.map(roundKey)), new Set(['GET /a', 'GET /b']));
    assert.equal(merged.shards?.length, 2);
    assert.deepEqual(
      merged.shards!.map((s) => [s.source, s.keys, s.pairs]),
      [
        ['shard-1/report.json', ['GET /a'], 12],
        ['shard-2/report.json', ['GET /b'], 12],
      ],
    );
    const markdown = renderMarkdown(merged);
    assert.match(markdown, /2 shards of 12, 12 pairs of interleaved rounds/);
    assert.match(
      markdown,
      /intervals simultaneous and p-values adjusted over 6 comparisons \(across all shards\) and every planned look/,
    );
    assert.match(markdown, /\| GET \/a \| req\/s \|/);
    assert.match(markdown, /\| GET \/b \| req\/s \|/);
  });

  test('shards of different commits, pull requests or decision rules are refused, naming the files', () => {
    const a = gateReport({ paths: { '/a': 1 } });
    const other = { ...gateReport({ paths: { '/b': 1 } }), head: { sha: 'e'.repeat(40), label: 'x' } };
    assert.match(
      mergeError(() => mergeAsMeasured([asFile(a, 'one/report.json'), asFile(other, 'two/report.json')])),
      /one\/report\.json measured base bbbbbbb and head ccccccc, but two\/report\.json measured base bbbbbbb and head eeeeeee/,
    );
    const pr = {
      ...gateReport({ paths: { '/b': 1 } }),
      pullRequest: { number: 8, headSha: HEAD_SHA, baseSha: HEAD_SHA },
    };
    assert.match(
      mergeError(() => mergeAsMeasured([asFile(a, 'a.json'), asFile(pr, 'b.json')])),
      /different pull requests/,
    );
    const rule = gateReport({ paths: { '/b': 1 } });
    rule.settings.alpha = 0.01;
    assert.match(
      mergeError(() => mergeAsMeasured([asFile(a, 'a.json'), asFile(rule, 'b.json')])),
      /b\.json was measured with `alpha` 0\.01, but this job decides with .*the same `alpha` \(in `measure`\)/,
    );
    // `memory-threshold` is an input of its own, not a setting of `measure`.
    const memory = gateReport({ paths: { '/b': 1 } });
    memory.settings.memoryThreshold = 0.05;
    assert.match(
      mergeError(() =>
        mergeReports([asFile(a, 'a.json'), asFile(memory, 'b.json')], {
          rule: { threshold: 0.05, latencyThreshold: 0.2, memoryThreshold: 0.01, alpha: 0.05 },
          runId: undefined,
        }),
      ),
      /measured with `memory-threshold` 5%, .*the same `memory-threshold` \(a threshold/,
    );
  });

  test('the same shard twice counts once (with a note); two shards measuring one path are refused', () => {
    const a = gateReport({ paths: { '/a': 1 } });
    const b = gateReport({ paths: { '/b': 1 }, seed: 9 });
    const merged = mergeAsMeasured([
      asFile(a, 'x/report.json'),
      asFile(b, 'y/report.json'),
      asFile(a, 'z/report.json'),
    ]);
    assert.equal(merged.shards?.length, 2);
    assert.ok(
      merged.notes.map(noteText).some((n) => /z\/report\.json is the same shard as x\/report\.json/.test(n)),
    );
    const again = gateReport({
      paths: { '/a': 1, '/c': 1 },
      seed: 10,
      startedAt: '2025-01-02T00:00:00.000Z',
    });
    assert.match(
      mergeError(() => mergeAsMeasured([asFile(a, 'x/report.json'), asFile(again, 'w/report.json')])),
      /\/a is measured by both x\/report\.json and w\/report\.json/,
    );
  });

  test('a missing shard (reports that say which shard they are) fails the merge; found shards still decided', () => {
    const one = gateReport({ paths: { '/a': 1 }, shard: { index: 1, count: 3 } });
    const three = gateReport({ paths: { '/c': 1 }, seed: 2, shard: { index: 3, count: 3 } });
    const merged = mergeAsMeasured([asFile(one, '1.json'), asFile(three, '3.json')]);
    assert.equal(merged.error?.neutral, false);
    assert.match(merged.error!.message, /^1 of 3 shards have no report \(found 1, 3\)/);
    assert.equal(merged.verdict, 'inconclusive');
    assert.equal(merged.decision?.comparisons.length, 4);
    assert.equal(merged.decision?.errors.length, 2);
    assert.equal(stepOutcome(merged, true).kind, 'fail');
  });

  test('errors are carried: a failing shard fails the merge, a neutral one keeps it neutral unless another regressed', () => {
    const ok = gateReport({ paths: { '/a': 1 }, pairs: 12 });
    const failing = gateReport({
      paths: { '/b': 1 },
      error: {
        code: 'server-crash',
        message: 'the head server crashed',
        side: 'head',
        output: 'boom',
        neutral: false,
      },
    });
    const neutral = gateReport({
      paths: { '/b': 1 },
      error: {
        code: 'build',
        message: 'base does not build',
        side: 'base',
        output: undefined,
        neutral: true,
      },
    });
    const failed = mergeAsMeasured([asFile(ok, 'ok.json'), asFile(failing, 'bad.json')]);
    assert.equal(failed.error?.neutral, false);
    assert.equal(failed.error?.message, 'shard bad.json: the head server crashed');
    assert.equal(reportHeadline(failed), 'error: shard bad.json: the head server crashed');
    assert.equal(failed.verdict, 'inconclusive');
    assert.equal(stepOutcome(failed, true).kind, 'fail');

    const calm = mergeAsMeasured([asFile(ok, 'ok.json'), asFile(neutral, 'base.json')]);
    assert.equal(calm.error?.neutral, true);
    assert.equal(calm.verdict, 'inconclusive');
    assert.match(reportHeadline(calm), /^inconclusive: shard base\.json: base does not build/);
    assert.equal(stepOutcome(calm, true).kind, 'warn');

    const slow = gateReport({ paths: { '/a': 0.5 }, pairs: 12 });
    const both = mergeAsMeasured([asFile(slow, 'slow.json'), asFile(neutral, 'base.json')]);
    assert.equal(both.verdict, 'regression');
    assert.match(reportHeadline(both), /slower on GET \/a/);
    assert.equal(stepOutcome(both, true).kind, 'fail');
  });

  test('notes (marked by shard), new paths and profiles are concatenated; the profile section is written from their rows', () => {
    const a = {
      ...gateReport({ paths: { '/a': 1, '/new': 1 }, notes: [{ kind: 'loadgen-busy', loadgenCpu: 0.95 }] }),
      newScenarios: ['GET /new'],
      profile: {
        markdown: '<img src=x onerror=alert(1)>',
        files: ['/etc/passwd'],
        dir: '/',
        hotter: [{ fn: 'slow', file: 'a.js', line: 3, baseSelf: 0.01, headSelf: 0.3 }],
        seconds: 9,
      },
    };
    const b = {
      ...gateReport({ paths: { '/b': 1 }, seed: 4, notes: [{ kind: 'time-limit', pairs: 8 }] }),
      profile: {
        markdown: '',
        files: [],
        dir: '',
        hotter: [{ fn: 'other', file: 'b.js', line: 1, baseSelf: 0, headSelf: 0.1 }],
        seconds: 8,
      },
    };
    const merged = mergeAsMeasured([asFile(a, 'a.json'), asFile(b, 'b.json')]);
    assert.deepEqual(merged.newScenarios, ['GET /new']);
    assert.deepEqual(merged.notes, [
      {
        kind: 'of-shard',
        source: 'a.json',
        note: { kind: 'loadgen-busy', loadgenCpu: 0.95 },
        jobs: 'shards',
      },
      { kind: 'of-shard', source: 'b.json', note: { kind: 'time-limit', pairs: 8 }, jobs: 'shards' },
    ]);
    assert.match(
      noteText(merged.notes[1]!),
      /^shard b\.json: the gate's time limit \(input `timeout`\) ran out after 8 pairs\.$/,
    );
    assert.deepEqual(
      merged.profile?.hotter.map((h) => h.fn),
      ['slow', 'other'],
    );
    assert.deepEqual(merged.profile?.files, []);
    assert.equal(merged.profile?.seconds, 17);
    assert.ok(!('markdown' in merged.profile!), "a file's own Markdown is not kept");
    const markdown = renderMarkdown(merged);
    assert.doesNotMatch(markdown, /<img/);
    assert.match(markdown, /\| `slow` \| `a\.js:3` \| 1\.0% \| 30\.0% \|/);
    assert.match(markdown, /\| `other` \| `b\.js:1` \| 0\.0% \| 10\.0% \|/);
    // /new is not compared: only /a and /b (req/s and p99 each).
    assert.equal(merged.decision?.comparisons.length, 4);
  });

  test('a merge of one equals decide() on its rounds even when the file carries a forged decision', () => {
    const gate = gateReport({ paths: { '/a': 1 }, pairs: 10 });
    const forged = {
      ...gate,
      verdict: 'improvement',
      decision: { verdict: 'improvement' },
    };
    const merged = mergeAsMeasured([asFile(forged, 'f.json')]);
    assert.deepEqual(
      merged.decision,
      decide(gate.rounds, gate.settings.scenarios, { threshold: 0.05, latencyThreshold: 0.2, alpha: 0.05 }),
    );
    assert.equal(merged.verdict, merged.decision?.verdict);
  });
});
