/**
 * The creep alert: from the branch's latest run against its release, which issues to open, update or close. A
 * scenario is alerted when a metric's interval lies beyond the threshold by the rule a pull request gate uses
 * (src/decide/rule.ts: regression); the alert stays open until each metric it named is back (no change or
 * improvement, by the same rule): an inconclusive run keeps it open. One issue per release and scenario, found
 * again by a marker in its body (the keys are hashes, so no text from outside goes into it). Pure.
 */
import { createHash } from 'node:crypto';
import { classify } from '../decide/rule.ts';
import type { CreepAction, CreepMetric, CreepState, HistoryLine, OpenCreepIssue } from '../model/history.ts';
import { METRICS, type Metric } from '../model/measure.ts';
import { branchRuns, metricsOf, resultOf, worseSteps } from './lines.ts';

const MARKER = /^<!-- perf-gate:creep s=([0-9a-f]{12}) r=([0-9a-f]{12}) m=([a-z0-9,]*) -->$/;

function hash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);
}

/** The key of a scenario of a series, in an alert's marker. */
export function scenarioKey(series: string | undefined, scenario: string): string {
  return hash([series ?? '.', scenario]);
}

/** The key of a release, in an alert's marker. */
export function releaseKey(tag: string): string {
  return hash(['release', tag]);
}

/** The first line of an alert's body: what perf-gate finds it again by. */
export function creepMarker(state: Pick<CreepState, 'series' | 'scenario' | 'release' | 'metrics'>): string {
  const metrics = state.metrics.map((m) => m.metric).join(',');
  return `<!-- perf-gate:creep s=${scenarioKey(state.series, state.scenario)} r=${releaseKey(state.release)} m=${metrics} -->`;
}

/** An issue's marker, read back; undefined for any other issue. */
export function readMarker(number: number, body: string): OpenCreepIssue | undefined {
  const match = MARKER.exec(body.split('\n', 1)[0] ?? '');
  if (!match) return undefined;
  const metrics = match[3]!.split(',').filter((m): m is Metric => (METRICS as readonly string[]).includes(m));
  return { number, scenarioKey: match[1]!, releaseKey: match[2]!, metrics };
}

/** A scenario's metrics in a run, each judged again by the gate's rule. */
function judged(line: HistoryLine, scenario: string): CreepMetric[] {
  return metricsOf(line, scenario).flatMap((metric) => {
    const r = resultOf(line, scenario, metric);
    if (!r) return [];
    const change = r[0] / 100;
    const ci: [number, number] = [r[1]! / 100, r[2]! / 100];
    const threshold = r[4] / 100;
    return [{ metric, change, ci, threshold, verdict: classify(metric, change, ci, threshold) }];
  });
}

/** The state of one scenario's alert after `latest`, given the metrics its open issue named. */
function stateOf(
  lines: readonly HistoryLine[],
  latest: HistoryLine,
  scenario: string,
  named: readonly Metric[],
): CreepState {
  const ref = latest.head.ref ?? '';
  const runs = branchRuns(lines, { series: latest.series, ref, tag: latest.base.tag });
  const now = judged(latest, scenario);
  // Named before and not yet back, or beyond the threshold now.
  const metrics = now.filter(
    (m) =>
      m.verdict === 'regression' ||
      (named.includes(m.metric) && m.verdict !== 'no-change' && m.verdict !== 'improvement'),
  );
  const stepMetric = metrics[0]?.metric;
  const steps = stepMetric === undefined ? [] : worseSteps(runs, scenario, stepMetric);
  return {
    series: latest.series,
    scenario,
    release: latest.base.tag,
    ref,
    commit: latest.head.commit,
    date: latest.date,
    run: latest.run,
    metrics,
    current: now,
    steps,
    runs: runs.length,
    firstCommit: runs[0]?.head.commit ?? latest.head.commit,
  };
}

/**
 * What to do after the branch's latest run: open an alert for each scenario beyond the threshold that has none,
 * update the open ones, close those whose metrics are all back, and close the alerts of an older release of the
 * same scenarios (the branch is measured against a newer release now). `lines` includes `latest`.
 */
export function creepPlan(
  lines: readonly HistoryLine[],
  latest: HistoryLine,
  open: readonly OpenCreepIssue[],
): CreepAction[] {
  if (latest.kind !== 'branch') return [];
  const actions: CreepAction[] = [];
  const release = releaseKey(latest.base.tag);
  for (const { name } of latest.scenarios) {
    const key = scenarioKey(latest.series, name);
    const issue = open.find((i) => i.scenarioKey === key && i.releaseKey === release);
    const state = stateOf(lines, latest, name, issue?.metrics ?? []);
    if (issue && state.metrics.length === 0)
      actions.push({ kind: 'close', issue: issue.number, state, reason: 'back' });
    else if (issue) actions.push({ kind: 'update', issue: issue.number, state });
    else if (state.metrics.length > 0) actions.push({ kind: 'open', state });
    for (const old of open.filter((i) => i.scenarioKey === key && i.releaseKey !== release)) {
      actions.push({
        kind: 'close',
        issue: old.number,
        state,
        reason: 'released',
        newRelease: latest.base.tag,
      });
    }
  }
  return actions;
}
