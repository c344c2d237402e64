/**
 * Issue 50, item 3: a merge of runners is bound to the merging job and its run. It decides with the job's own
 * `threshold`, `latency-threshold` and `alpha` (a file that differs is refused, naming the file, the field, both
 * values and the fix), only the reports of the run it merges (each records GITHUB_RUN_ID), each runner once and
 * none beyond the count, and a scenario any runner found new is compared on none.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ReportFile } from '../../../src/config/report-file.ts';
import { type MergingJob, mergeReports } from '../../../src/decide/merge.ts';
import type { ReplicaPlace, Report } from '../../../src/model/report.ts';
import { asFile, gateReport } from '../../support/reports.ts';

const JOB: MergingJob = {
  rule: { threshold: 0.05, latencyThreshold: 0.1, memoryThreshold: 0.01, alpha: 0.05 },
  runId: '777',
};

function runner(place: ReplicaPlace, seed: number, change: Partial<Report> = {}): Report {
  const report = gateReport({ paths: { '/a': 0.97, '/b': 1 }, pairs: 8, noise: 0.02, seed });
  const settings = { ...report.settings, ...JOB.rule };
  return { ...report, settings, replica: place, run: { id: '777', attempt: 1 }, ...change };
}

const files = (...reports: Report[]): ReportFile[] =>
  reports.map((r, i) => asFile(r, `runner-${i + 1}/report.json`));

function refusal(list: ReportFile[], job: MergingJob = JOB): string {
  try {
    mergeReports(list, job);
  } catch (error) {
    return (error as Error).message;
  }
  return assert.fail('the merge went through');
}

describe('the merge decides with the merging job’s own inputs', () => {
  test('a file measured with another threshold, latency threshold or alpha is refused, naming both values and the fix', () => {
    const loose = runner({ index: 2, count: 2 }, 2);
    loose.settings.threshold = 0.5;
    const message = refusal(files(runner({ index: 1, count: 2 }, 1), loose));
    assert.match(
      message,
      /runner-2\/report\.json was measured with `threshold` 50%, but this job decides with 5%/,
    );
    assert.match(message, /give this job \(`mode: report`\) and every measuring job the same `threshold`/);
    for (const [field, input] of [
      ['latencyThreshold', 'latency-threshold'],
      ['alpha', 'alpha'],
    ] as const) {
      const other = runner({ index: 1, count: 1 }, 1);
      other.settings[field] = 0.2;
      assert.match(refusal(files(other)), new RegExp(`measured with \`${input}\` `));
    }
  });

  test('both files agreeing among themselves is not enough: the job’s inputs decide', () => {
    const strict = { ...JOB, rule: { ...JOB.rule, threshold: 0.01 } };
    assert.match(
      refusal(files(runner({ index: 1, count: 2 }, 1), runner({ index: 2, count: 2 }, 2)), strict),
      /`threshold` 5%, but this job decides with 1%/,
    );
    const merged = mergeReports(
      files(runner({ index: 1, count: 2 }, 1), runner({ index: 2, count: 2 }, 2)),
      JOB,
    );
    assert.deepEqual(
      [merged.settings.threshold, merged.settings.latencyThreshold, merged.settings.alpha],
      [0.05, 0.1, 0.05],
    );
  });

  test('two stages: the files record the gate’s alpha, and the merge decides at the second stage’s half of it', () => {
    const merged = mergeReports(
      files(runner({ index: 1, count: 1, stage: 1 }, 1), runner({ index: 1, count: 2, stage: 2 }, 2)),
      JOB,
    );
    assert.equal(merged.settings.alpha, JOB.rule.alpha);
    assert.equal(merged.decision!.alpha, JOB.rule.alpha / 2);
  });
});

describe('the merge takes its own run’s reports only', () => {
  test('a report of another run, or of none, is refused when the job runs in a workflow', () => {
    const stale = runner({ index: 2, count: 2 }, 2, { run: { id: '700', attempt: 1 } });
    assert.match(
      refusal(files(runner({ index: 1, count: 2 }, 1), stale)),
      /runner-2\/report\.json was measured in workflow run 700, but this job merges run 777's reports only/,
    );
    const none = runner({ index: 2, count: 2 }, 2, { run: undefined });
    assert.match(refusal(files(runner({ index: 1, count: 2 }, 1), none)), /names no workflow run/);
    assert.doesNotThrow(() => mergeReports(files(none), { ...JOB, runId: undefined }));
  });
});

describe('each runner once, none beyond the count', () => {
  test('two different reports that say they are the same runner are refused', () => {
    assert.match(
      refusal(files(runner({ index: 1, count: 2 }, 1), runner({ index: 1, count: 2 }, 2))),
      /runner-1\/report\.json and runner-2\/report\.json both say they are `replica: 1\/2`/,
    );
  });

  test('a runner beyond the count, or a count that differs, is refused', () => {
    // Beyond its own count, the file is not read at all.
    assert.throws(() => files(runner({ index: 3, count: 2 }, 3)), /`replica\.index` is out of range/);
    assert.match(
      refusal(files(runner({ index: 1, count: 2 }, 1), runner({ index: 3, count: 3 }, 3))),
      /says it is `replica: 3\/3`, beyond the runners the others say there are/,
    );
  });
});

test('a scenario any runner found new is compared on none (not only runner 1’s)', () => {
  const merged = mergeReports(
    files(runner({ index: 1, count: 2 }, 1), runner({ index: 2, count: 2 }, 2, { newScenarios: ['GET /b'] })),
    JOB,
  );
  const compared = new Set(merged.decision!.comparisons.map((c) => c.scenario));
  assert.deepEqual([...compared], ['GET /a']);
  assert.deepEqual(merged.newScenarios, ['GET /b']);
});
