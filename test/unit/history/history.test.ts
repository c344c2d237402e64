/**
 * The history's pure parts: which tags are releases, a report as a line (valid against history.schema.json, Ajv
 * strict), lines read back, where a series stepped, the drift a pull request's comment names, and the creep alert's
 * plan: open on a regression by the gate's own rule, update, keep while not back, close when back or when a newer
 * release takes over.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { classify } from '../../../src/decide/rule.ts';
import { creepMarker, creepPlan, readMarker, releaseKey, scenarioKey } from '../../../src/history/creep.ts';
import {
  branchRuns,
  driftOf,
  formatLine,
  historyLine,
  monthFile,
  parseHistory,
  type RunFacts,
  seriesOf,
  worseSteps,
} from '../../../src/history/lines.ts';
import {
  compareVersions,
  DEFAULT_RELEASE_PATTERN,
  newestRelease,
} from '../../../src/history/release-choice.ts';
import type { HistoryLine, OpenCreepIssue } from '../../../src/model/history.ts';
import { branchLine } from '../../support/history-lines.ts';
import { violations } from '../../support/json-schema.ts';
import { gateReport } from '../../support/reports.ts';

const SCHEMA: unknown = JSON.parse(
  readFileSync(new URL('../../../history.schema.json', import.meta.url), 'utf8'),
);
const PATTERN = new RegExp(DEFAULT_RELEASE_PATTERN, 'u');
const sha = (c: string): string => c.repeat(40).slice(0, 40);

/** A branch run of main against `tag` whose req/s changed by `change` percent within ±`half`. */
function run(i: number, change: number, half = 1, tag = 'v1.1.0'): HistoryLine {
  return branchLine(
    { change, half },
    {
      date: `2026-11-${String(10 + i).padStart(2, '0')}T00:00:00Z`,
      head: { commit: sha(i.toString(16)), ref: 'main' },
      base: { commit: sha('a'), tag },
    },
  );
}

describe('release tags', () => {
  test('versions compare part by part, numbers as numbers', () => {
    assert.ok(compareVersions('v1.10.0', 'v1.9.2') > 0);
    assert.ok(compareVersions('v2.0.0', 'v10.0.0') < 0);
    assert.ok(compareVersions('1.2', '1.2.1') < 0);
    assert.equal(compareVersions('v1.2.3', 'v1.2.3'), 0);
  });

  test('the default pattern takes v1.2.3 and 1.2.3, not pre-releases or other tags', () => {
    for (const name of ['v1.2.3', '1.2.3', 'v10.20.30']) assert.ok(PATTERN.test(name), name);
    for (const name of ['v1.2.3-rc.1', 'v1.2', 'latest', 'v1', 'release-1.2.3'])
      assert.ok(!PATTERN.test(name), name);
  });

  test('the newest release by version, and the one before on another commit', () => {
    const tags = [
      { name: 'v1.9.0', commit: sha('1') },
      { name: 'v1.10.0', commit: sha('2') },
      { name: '1.10.0', commit: sha('2') },
      { name: 'v1.11.0-rc.1', commit: sha('3') },
      { name: 'nightly', commit: sha('4') },
    ];
    const latest = newestRelease(tags, PATTERN);
    assert.equal(latest?.name, 'v1.10.0');
    assert.equal(newestRelease(tags, PATTERN, latest)?.name, 'v1.9.0');
    assert.equal(newestRelease(tags.slice(4), PATTERN), undefined);
  });
});

describe('history lines', () => {
  const facts: RunFacts = {
    kind: 'branch',
    date: '2026-11-25T12:34:56Z',
    series: undefined,
    head: { commit: sha('c'), ref: 'main' },
    base: { commit: sha('b'), tag: 'v1.1.0' },
    runner: { cpu: 'AMD EPYC 7763 64-Core Processor', cpus: 4, node: 'v24.21.0' },
    perfGate: '0.1.0',
    run: 'https://github.com/octo-org/octo-repo/actions/runs/1',
  };

  test('a report becomes one line valid against history.schema.json, changes in percent', () => {
    const report = gateReport({ paths: { '/orders': 0.5, '/health': 1 }, pairs: 12 });
    const line = historyLine(report, facts);
    assert.deepEqual(violations(SCHEMA, line), []);
    assert.equal(line.v, 1);
    assert.equal(line.verdict, report.verdict);
    const orders = line.scenarios.find((s) => s.name === 'GET /orders')!;
    const rps = report.decision!.comparisons.find((c) => c.scenario === 'GET /orders' && c.metric === 'rps')!;
    assert.equal(orders.rps![0], Math.round(rps.change * 10_000) / 100);
    assert.equal(orders.rps![5], 'regression');
    assert.equal(orders.rps![4], 5, 'the threshold, in percent');
    // The tested comparisons (p50 is shown in the report, not tested: no interval or verdict to record).
    assert.deepEqual(Object.keys(orders).sort(), ['name', 'p99', 'rps']);
    const text = formatLine(line);
    assert.equal(text.split('\n').length, 2, 'one line and its newline');
    assert.deepEqual(parseHistory(text).lines, [line]);
  });

  test("a gate's memory: allocation per request by scenario and the leak test, valid against the schema", () => {
    const memory = { bytes: 20_000, alloc: { '/a': 1.3 }, keeps: { base: 0, head: 200 } };
    const report = gateReport({ paths: { '/a': 1, '/b': 1 }, pairs: 8, memory });
    const line = historyLine(report, facts);
    assert.deepEqual(violations(SCHEMA, line), []);
    assert.equal(line.scenarios.find((s) => s.name === 'GET /a')!.alloc![5], 'regression');
    assert.equal(line.leak![4], 'regression');
    assert.ok(Math.abs(line.leak![0] - 200) < 5, `${line.leak![0]} bytes per request`);
    assert.deepEqual(parseHistory(formatLine(line)).lines, [line]);
  });

  test('a line of a gate that failed keeps its error code, and is valid too', () => {
    const report = gateReport({
      paths: { '/': 1 },
      error: { code: 'server-start', message: 'x', side: 'head', output: undefined, neutral: false },
    });
    const line = historyLine(report, { ...facts, series: 'packages/api' });
    assert.equal(line.error, 'server-start');
    assert.deepEqual(line.scenarios, []);
    assert.equal(line.series, 'packages/api');
    assert.deepEqual(violations(SCHEMA, line), []);
  });

  test('the schema refuses what the format is not', () => {
    const line = historyLine(gateReport({ paths: { '/': 1 } }), facts);
    assert.notDeepEqual(violations(SCHEMA, { ...line, v: 2 }), []);
    assert.notDeepEqual(violations(SCHEMA, { ...line, date: '25 Nov' }), []);
    const scenario = { ...line.scenarios[0]!, rps: [1, 2, 3] };
    assert.notDeepEqual(violations(SCHEMA, { ...line, scenarios: [scenario] }), []);
  });

  test('reading skips blank, damaged and other-version lines, and counts them', () => {
    const good = formatLine(run(1, 0));
    const text = `${good}\n{"v":2,"kind":"branch"}\nnot json\n{"v":1}\n${good}`;
    const { lines, skipped } = parseHistory(text);
    assert.equal(lines.length, 2);
    assert.equal(skipped, 3);
  });

  test('a line goes to the file of its UTC month; the root is no series', () => {
    assert.equal(monthFile('2026-11-30T23:59:59Z'), 'history/2026-11.jsonl');
    assert.equal(seriesOf('.'), undefined);
    assert.equal(seriesOf('./'), undefined);
    assert.equal(seriesOf('./packages/api/'), 'packages/api');
  });
});

describe('steps and drift', () => {
  const series = [run(1, 0), run(2, -0.5), run(3, -6), run(4, -6.5), run(5, -12, 1.5)];

  test('a step is a run whose interval left the previous run’s on the worse side', () => {
    const steps = worseSteps(series, 'GET /orders', 'rps');
    assert.deepEqual(
      steps.map((s) => [s.from.commit, s.to.commit]),
      [
        [sha('2'), sha('3')],
        [sha('4'), sha('5')],
      ],
    );
    assert.equal(steps[0]!.to.change, -0.06);
    // Upward (faster) steps are not steps into a creep.
    assert.deepEqual(worseSteps([run(1, -6), run(2, 0)], 'GET /orders', 'rps'), []);
  });

  test('the runs of a branch against one release, oldest first', () => {
    const mixed = [run(3, 0), run(1, 0), run(2, 0, 1, 'v1.0.0')];
    assert.deepEqual(
      branchRuns(mixed, { series: undefined, ref: 'main', tag: 'v1.1.0' }).map((l) => l.date),
      [mixed[1]!.date, mixed[0]!.date],
    );
  });

  test('the drift is the latest run of the pull request’s base on the scenarios it measured', () => {
    const drift = driftOf(series, {
      series: undefined,
      ref: 'main',
      scenarios: ['GET /other', 'GET /orders'],
    });
    assert.ok(drift);
    assert.equal(drift.release, 'v1.1.0');
    assert.equal(drift.commit, sha('5'));
    assert.deepEqual(
      drift.scenarios.map((s) => [s.scenario, s.change, s.verdict]),
      [['GET /orders', -0.12, 'regression']],
    );
    assert.equal(
      driftOf(series, { series: undefined, ref: 'develop', scenarios: ['GET /orders'] }),
      undefined,
    );
    assert.equal(driftOf(series, { series: 'api', ref: 'main', scenarios: ['GET /orders'] }), undefined);
  });
});

describe('the creep alert', () => {
  const issueFor = (number: number, metrics: OpenCreepIssue['metrics'], tag = 'v1.1.0'): OpenCreepIssue => ({
    number,
    scenarioKey: scenarioKey(undefined, 'GET /orders'),
    releaseKey: releaseKey(tag),
    metrics,
  });

  test('a regression by the gate’s rule opens an alert that names where the series stepped', () => {
    const lines = [run(1, 0), run(2, -0.5), run(3, -6)];
    const actions = creepPlan(lines, lines[2]!, []);
    assert.equal(actions.length, 1);
    const action = actions[0]!;
    assert.equal(action.kind, 'open');
    assert.deepEqual(
      action.state.metrics.map((m) => [m.metric, m.verdict]),
      [['rps', 'regression']],
    );
    assert.equal(action.state.steps[0]?.from.commit, sha('2'));
    assert.equal(action.state.runs, 3);
    assert.equal(action.state.firstCommit, sha('1'));
  });

  test('no change opens nothing; nor does an inconclusive run', () => {
    for (const latest of [run(1, 0), run(1, -2.5, 3)]) assert.deepEqual(creepPlan([latest], latest, []), []);
  });

  test('an open alert is updated while not back (inconclusive), and closed once back', () => {
    const inconclusive = run(4, -2.5, 3);
    assert.equal(classify('rps', -0.025, [-0.055, 0.005], 0.02), 'inconclusive');
    const [update] = creepPlan([inconclusive], inconclusive, [issueFor(7, ['rps'])]);
    assert.equal(update?.kind, 'update');
    assert.deepEqual(
      update?.state.metrics.map((m) => m.metric),
      ['rps'],
    );
    const back = run(5, 0.2, 1);
    const [close] = creepPlan([back], back, [issueFor(7, ['rps'])]);
    assert.deepEqual([close?.kind, close?.kind === 'close' && close.reason], ['close', 'back']);
  });

  test('an alert of an older release is closed when the branch is measured against a newer one', () => {
    const latest = run(1, 0, 1, 'v1.2.0');
    const actions = creepPlan([latest], latest, [issueFor(7, ['rps'], 'v1.1.0')]);
    assert.deepEqual(
      actions.map((a) => [a.kind, a.kind === 'close' && a.reason]),
      [['close', 'released']],
    );
  });

  test('release runs raise no alert', () => {
    const release = { ...run(1, -20), kind: 'release' as const };
    assert.deepEqual(creepPlan([release], release, []), []);
  });

  test('the marker holds hashes and metric names only, and reads back', () => {
    const latest = run(3, -6);
    const [action] = creepPlan([latest], latest, []);
    const hostile = { ...action!.state, scenario: 'GET /x --> <script>@team', release: 'v1 -->' };
    const marker = creepMarker(hostile);
    assert.match(marker, /^<!-- perf-gate:creep s=[0-9a-f]{12} r=[0-9a-f]{12} m=rps -->$/);
    assert.deepEqual(readMarker(9, `${marker}\nbody`), {
      number: 9,
      scenarioKey: scenarioKey(undefined, hostile.scenario),
      releaseKey: releaseKey('v1 -->'),
      metrics: ['rps'],
    });
    assert.equal(readMarker(9, `text\n${marker}`), undefined, 'only on the first line');
  });
});
