/** `mode: report` merging replicas (`replica: i/n`) and the two stages: the runner as a cluster, one family. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import { comparisonAlpha } from '../../../src/decide/family.ts';
import { needsMore } from '../../../src/decide/needs-more.ts';
import type { ReplicaPlace, Report } from '../../../src/model/report.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { runnersLines } from '../../../src/report/runners-text.ts';
import { stratifiedMean } from '../../../src/stats/stratified.ts';
import {
  asFile,
  gateReport,
  mergeAsMeasured,
  roundsFor,
  SCENARIO_WEIGHT,
  type ShardSpec,
} from '../../support/reports.ts';

function replica(spec: ShardSpec, place: ReplicaPlace, runner: string): Report {
  const report = gateReport(spec);
  return {
    ...report,
    replica: place,
    environment: { ...report.environment, runner, cpuModel: `CPU of ${runner}`, kernel: '6.8.0' },
  };
}

/** Each runner's per-pair log ratios of req/s (every pair its own processes: pairs are the units). */
function logRatios(spec: ShardSpec): number[] {
  const rounds = roundsFor(spec);
  const pairs = [...new Set(rounds.map((r) => r.pair))];
  return pairs.map((p) => {
    const of = (side: string) => rounds.find((r) => r.pair === p && r.side === side)!.measurement.rps;
    return Math.log(of('head') / of('base'));
  });
}

const specs: ShardSpec[] = [1, 2, 3].map((seed) => ({ paths: { '/': 0.97 }, pairs: 10, noise: 0.02, seed }));

describe('merging replicas', () => {
  const files = specs.map((s, i) =>
    asFile(replica(s, { index: i + 1, count: 3 }, `runner-${i + 1}`), `r${i}`),
  );
  const merged = mergeAsMeasured(files);
  const rps = merged.decision!.comparisons.find((c) => c.metric === 'rps')!;

  test('one comparison per scenario and metric: the mean change of these runners, stratified, at one look of the family', () => {
    assert.equal(merged.decision!.comparisons.filter((c) => c.metric === 'rps').length, 1);
    assert.equal(rps.method, 'stratified');
    assert.equal(rps.units, 30);
    // rps, p99 and failed requests: req/s's share of alpha, one look (runners merged decide once, on all they measured).
    const level = comparisonAlpha(0.05, SCENARIO_WEIGHT);
    const expected = stratifiedMean(specs.map(logRatios), level);
    assert.ok(Math.abs(Math.log1p(rps.change) - expected.estimate) < 1e-12);
    assert.ok(Math.abs(Math.log1p(rps.ci[0]) - expected.lower) < 1e-12);
    assert.ok(Math.abs(Math.log1p(rps.ci[1]) - expected.upper) < 1e-12);
    assert.equal(rps.level, level);
    assert.equal(rps.runners!.changes.length, 3);
  });

  test('its rounds keep every runner’s pairs apart, and each runner is summarised with where it ran', () => {
    const keys = merged.rounds.map((r) => `${r.pair} ${r.side} ${r.scenario}`);
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(merged.rounds.length, 3 * 10 * 2);
    assert.deepEqual(
      merged.shards!.map((s) => s.environment?.runner),
      ['runner-1', 'runner-2', 'runner-3'],
    );
    assert.deepEqual(
      merged.settings.scenarios.map((s) => s.name),
      ['GET /'],
    );
  });

  test('what more runners would catch shrinks with the runners, never below the threshold', () => {
    const reach = rps.runners!.reach;
    assert.deepEqual(
      reach.map((r) => r.runners),
      [2, 4, 8],
    );
    assert.ok(reach[0]!.detectable > reach[1]!.detectable && reach[1]!.detectable > reach[2]!.detectable);
    assert.ok(reach[2]!.detectable >= rps.threshold);
  });

  test('a runner whose change differs beyond the noise is named, not averaged away', () => {
    const odd = [...specs.slice(0, 2), { ...specs[2]!, paths: { '/': 0.85 } }];
    const m = mergeAsMeasured(
      odd.map((s, i) => asFile(replica(s, { index: i + 1, count: 3 }, `runner-${i + 1}`), `r${i}`)),
    );
    const spread = m.decision!.comparisons.find((c) => c.metric === 'rps')!.runners!;
    assert.equal(spread.differ, true);
    assert.equal(spread.apart, 2);
    assert.ok(spread.pF < 0.01);
    const same = rps.runners!;
    assert.equal(same.differ, same.pF < 0.01);
  });

  test('two stages: the first stage’s runner and the second’s are one set of three runners', () => {
    const stage = (s: ShardSpec, place: ReplicaPlace, i: number) =>
      asFile(replica(s, place, `runner-${i}`), `s${i}`);
    const m = mergeAsMeasured([
      stage(specs[1]!, { index: 1, count: 2, stage: 2 }, 1),
      stage(specs[0]!, { index: 1, count: 1, stage: 1 }, 0),
      stage(specs[2]!, { index: 2, count: 2, stage: 2 }, 2),
    ]);
    const c = m.decision!.comparisons.find((x) => x.metric === 'rps')!;
    assert.equal(c.runners!.changes.length, 3);
    // First stage first; the two stages combined by the inverse normal method, not pooled.
    assert.equal(m.shards![0]!.replica!.stage, 1);
    assert.equal(c.method, 'combination');
    assert.equal(c.runners!.confirmation, undefined);
  });

  test('two stages: the first stage’s confirmation pairs, added for what it saw, stay out of the combination', () => {
    const stage = (s: ShardSpec, place: ReplicaPlace, i: number) =>
      asFile(replica(s, place, `runner-${i}`), `s${i}`);
    // The first stage planned 10 pairs (its budget's last look) and took 2 more to confirm (the look at 12).
    const first = stage(
      { ...specs[0]!, pairs: 12, looks: [6, 8, 10, 12] },
      { index: 1, count: 1, stage: 1 },
      0,
    );
    const second = [
      stage(specs[1]!, { index: 1, count: 2, stage: 2 }, 1),
      stage(specs[2]!, { index: 2, count: 2, stage: 2 }, 2),
    ];
    const m = mergeAsMeasured([first, ...second]);
    // The merge pools (and its report.json holds) the first stage's 10 planned pairs and the second stage's 2 × 10.
    assert.equal(m.rounds.length, (10 + 10 + 10) * 2);
    assert.equal(m.decision!.comparisons.find((x) => x.metric === 'rps')!.method, 'combination');
    // The same merge with the first stage cut to its planned pairs: the same decision.
    const planned = stage(
      { ...specs[0]!, pairs: 10, looks: [6, 8, 10, 12] },
      { index: 1, count: 1, stage: 1 },
      0,
    );
    const cut = mergeAsMeasured([planned, ...second]);
    assert.deepEqual(m.decision!.comparisons, cut.decision!.comparisons);
  });

  test('confirming a first stage that raised a regression: the second stage’s runners decide alone, and it says so', () => {
    const stage = (s: ShardSpec, place: ReplicaPlace, i: number) =>
      asFile(replica(s, place, `runner-${i}`), `s${i}`);
    const alarm = stage({ ...specs[0]!, paths: { '/': 0.5 } }, { index: 1, count: 1, stage: 1 }, 0);
    // Its own gate (at half of alpha, `confirm: true`) raised the alarm.
    const first = { ...alarm, report: { ...alarm.report, verdict: 'regression' as const } };
    const m = mergeAsMeasured([
      first,
      stage(specs[1]!, { index: 1, count: 2, stage: 2 }, 1),
      stage(specs[2]!, { index: 2, count: 2, stage: 2 }, 2),
    ]);
    const c = m.decision!.comparisons.find((x) => x.metric === 'rps')!;
    assert.equal(c.runners!.confirmation, true);
    assert.equal(c.runners!.changes.length, 2, 'the first stage’s runner is not counted');
    // The second stage's runners are 3% slower, not 50%: the alarm's size does not carry into the verdict.
    assert.ok(c.change > -0.1, `${c.change}`);
    assert.match(runnersLines(m).join('\n'), /the 2 runners of the second stage decided alone/);
  });

  test('a note every runner made is said once, with the runners that made it', () => {
    const noted = specs.map((spec, i) =>
      asFile(
        replica(
          { ...spec, notes: [{ kind: 'loadgen-busy', loadgenCpu: 0.95 }] },
          { index: i + 1, count: 3 },
          `r${i}`,
        ),
        `r${i}`,
      ),
    );
    const busy = mergeAsMeasured(noted).notes.filter(
      (n) => n.kind === 'of-shard' && n.note.kind === 'loadgen-busy',
    );
    assert.equal(busy.length, 1);
    assert.equal(busy[0]!.kind === 'of-shard' && busy[0]!.source, 'r0, r1, r2');
    // Runners, not shards: each of them measured the same scenarios.
    assert.match(noteText(busy[0]!), /^runner r0, r1, r2: /);
  });

  test('what differs between runners, and a runner’s error, is said of runners, not shards', () => {
    const files = specs.map((spec, i) =>
      asFile(replica({ ...spec, seed: 40 + i }, { index: i + 1, count: 3 }, `r${i}`), `r${i}`),
    );
    files[1]!.report.settings.durationSec += 1;
    files[2]!.report.environment.cpus += 2;
    files[0]!.report.error = {
      code: 'server-crash',
      message: 'head exited',
      side: 'head',
      output: undefined,
      neutral: false,
    };
    const merged = mergeAsMeasured(files);
    assert.equal(merged.error?.message, 'runner r0: head exited');
    const words = merged.notes.map(noteText).join('\n');
    assert.match(words, /the runners were measured with different `duration`.*the first runner’s are shown/);
    assert.match(words, /the runners ran on different Node\.js versions or CPU counts; the first runner’s/);
    assert.doesNotMatch(words, /shard/);
  });

  test('shards × replicas: each shard’s runners are one cluster set, and the family counts every shard’s comparisons', () => {
    const file = (path: string, shard: number, index: number, seed: number) =>
      asFile(
        replica(
          { paths: { [path]: 0.97 }, pairs: 10, noise: 0.02, seed, shard: { index: shard, count: 2 } },
          { index, count: 2 },
          `s${shard}r${index}`,
        ),
        `s${shard}r${index}`,
      );
    const m = mergeAsMeasured([
      file('/a', 1, 1, 1),
      file('/b', 2, 1, 2),
      file('/a', 1, 2, 3),
      file('/b', 2, 2, 4),
    ]);
    const rps = m.decision!.comparisons.filter((c) => c.metric === 'rps');
    assert.deepEqual(
      rps.map((c) => [c.scenario, c.runners?.changes.length]),
      [
        ['GET /a', 2],
        ['GET /b', 2],
      ],
    );
    // 2 scenarios × (req/s, p99, failed requests), one look each.
    assert.equal(rps[0]!.level, comparisonAlpha(0.05, 2 * SCENARIO_WEIGHT));
    assert.deepEqual(
      m.settings.scenarios.map((x) => x.name),
      ['GET /a', 'GET /b'],
    );
  });

  test('runners merged decide once, on all each measured, whatever looks each planned (a pooled runner never stops early)', () => {
    const looked = (looks: number[], i: number) =>
      asFile(replica({ ...specs[i]!, looks }, { index: i + 1, count: 2 }, `r${i}`), `r${i}`);
    const m = mergeAsMeasured([looked([4, 6, 8, 10], 0), looked([6, 10], 1)]);
    const c = m.decision!.comparisons.find((x) => x.metric === 'rps')!;
    assert.equal(c.level, comparisonAlpha(0.05, SCENARIO_WEIGHT));
  });

  test('a missing runner is said; files that measured the same scenarios without `replica` are refused as before', () => {
    const m = mergeAsMeasured(files.slice(0, 2));
    assert.ok(m.notes.some((n) => n.kind === 'replicas-missing' && n.found === 2 && n.count === 3));
    const plain = specs.slice(0, 2).map((s, i) => asFile(gateReport(s), `p${i}`));
    assert.throws(() => mergeAsMeasured(plain), /measured by both.*replica: i\/n/s);
  });

  test('needs-more: open on the worse side (inconclusive leaning worse, or a regression near the threshold)', () => {
    const gate = (factor: number, noise: number) =>
      gateReport({ paths: { '/': factor }, pairs: 10, noise, seed: 4 });
    const rpsOf = (r: Report) => r.decision!.comparisons.find((c) => c.metric === 'rps')!;
    const leaning = gate(0.96, 0.08);
    assert.equal(rpsOf(leaning).verdict, 'inconclusive');
    assert.ok(rpsOf(leaning).change < -0.025);
    assert.equal(needsMore(leaning), true);
    const better = gate(1.03, 0.08);
    assert.equal(better.verdict, 'inconclusive');
    assert.equal(needsMore(better), false, 'leaning better: more runners could not fail it');
    assert.equal(needsMore(gate(0.5, 0.005)), false, 'a clear regression');
    assert.equal(needsMore(gate(1, 0.002)), false, 'no change');
    const near = gate(0.93, 0.02);
    const c = rpsOf(near);
    assert.equal(c.verdict, 'regression');
    assert.equal(
      needsMore(near),
      Math.max(...c.ci) > -0.05,
      'a regression whose interval reaches inside the threshold',
    );
    assert.equal(
      needsMore({
        ...leaning,
        error: { code: 'load', message: 'x', side: undefined, output: undefined, neutral: false },
      }),
      false,
    );
  });
});

describe('confirm', () => {
  test('with `confirm`, a first stage’s clear regression asks for fresh runners; without it, or on one runner alone, not', () => {
    const clear = gateReport({ paths: { '/': 0.5 }, pairs: 10, noise: 0.005, seed: 4 });
    assert.equal(clear.verdict, 'regression');
    const first = { ...clear, replica: { index: 1, count: 1, stage: 1 as const } };
    assert.equal(needsMore(first, { confirm: true }), true);
    assert.equal(needsMore(first), false);
    assert.equal(needsMore(clear, { confirm: true }), false, 'not a first stage: nothing would run after it');
    const same = gateReport({ paths: { '/': 1 }, pairs: 10, noise: 0.002, seed: 4 });
    assert.equal(needsMore({ ...same, replica: { index: 1, count: 1, stage: 1 } }, { confirm: true }), false);
  });
});

describe('report.json of a replica, read back', () => {
  const json = (patch: (r: Record<string, unknown>) => void) => {
    const r = JSON.parse(JSON.stringify(replica(specs[0]!, { index: 1, count: 2, stage: 2 }, 'r1')));
    patch(r);
    return JSON.stringify(r);
  };

  test('keeps its place and where it ran', () => {
    const f = parseReportFile(
      json(() => {}),
      'a',
    );
    assert.deepEqual(f.report.replica, { index: 1, count: 2, stage: 2 });
    assert.equal(f.report.environment.runner, 'r1');
    assert.equal(f.report.environment.cpuModel, 'CPU of r1');
  });

  test('refuses a place out of range, a third stage and a runner name beyond 200 characters', () => {
    assert.throws(
      () =>
        parseReportFile(
          json((r) => Object.assign(r, { replica: { index: 3, count: 2 } })),
          'a',
        ),
      /`replica.index` is out of range/,
    );
    assert.throws(
      () =>
        parseReportFile(
          json((r) => Object.assign(r, { replica: { index: 1, count: 300 } })),
          'a',
        ),
      /`replica.count` is out of range/,
    );
    assert.throws(
      () =>
        parseReportFile(
          json((r) => Object.assign(r, { replica: { index: 1, count: 2, stage: 3 } })),
          'a',
        ),
      /`replica.stage` is out of range/,
    );
    assert.throws(
      () =>
        parseReportFile(
          json((r) => Object.assign(r.environment as object, { runner: 'x'.repeat(201) })),
          'a',
        ),
      /`environment.runner` is longer than 200/,
    );
  });
});
