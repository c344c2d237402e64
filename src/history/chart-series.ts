/**
 * The charts of the history: for each branch, series and scenario, the req/s change of each run against its release
 * (in the order measured), and each release against the one before it. src/report/history-chart.ts draws them. Pure.
 */
import { createHash } from 'node:crypto';
import type { ChartPoint, ChartRelease, HistoryChart, HistoryLine } from '../model/history.ts';
import type { Metric } from '../model/measure.ts';
import { byDate, resultOf } from './lines.ts';

/** The metric the charts show: req/s, the metric every gate compares. */
const CHART_METRIC: Metric = 'rps';

/** A file name for a chart: the scenario's letters and digits, and a hash that keeps two names apart. */
export function chartFile(series: string | undefined, ref: string, scenario: string): string {
  const slug = scenario
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const hash = createHash('sha256')
    .update(JSON.stringify([series ?? '.', ref, scenario]))
    .digest('hex')
    .slice(0, 8);
  return `charts/${slug === '' ? 'scenario' : slug}-${hash}.svg`;
}

function fraction(x: number | null): number | null {
  return x === null ? null : x / 100;
}

/** The release lines of a series, as chart releases of `scenario`. */
function releasesOf(
  lines: readonly HistoryLine[],
  series: string | undefined,
  scenario: string,
): ChartRelease[] {
  return lines.flatMap((line) => {
    if (line.kind !== 'release' || line.series !== series || line.head.tag === undefined) return [];
    const r = resultOf(line, scenario, CHART_METRIC);
    if (!r) return [];
    const [change, low, high, , , verdict] = r;
    return [
      {
        tag: line.head.tag,
        previous: line.base.tag,
        date: line.date,
        change: change / 100,
        low: fraction(low),
        high: fraction(high),
        verdict,
      },
    ];
  });
}

/** Every chart of the history, by branch, series and scenario in the order they first appear. */
export function historyCharts(all: readonly HistoryLine[]): HistoryChart[] {
  const lines = byDate(all);
  const charts = new Map<string, HistoryChart>();
  for (const line of lines) {
    if (line.kind !== 'branch' || line.head.ref === undefined) continue;
    for (const scenario of line.scenarios) {
      const r = resultOf(line, scenario.name, CHART_METRIC);
      if (!r) continue;
      const key = JSON.stringify([line.series ?? '.', line.head.ref, scenario.name]);
      let chart = charts.get(key);
      if (!chart) {
        chart = {
          series: line.series,
          ref: line.head.ref,
          scenario: scenario.name,
          metric: CHART_METRIC,
          threshold: r[4] / 100,
          points: [],
          releases: releasesOf(lines, line.series, scenario.name),
          file: chartFile(line.series, line.head.ref, scenario.name),
        };
        charts.set(key, chart);
      }
      const point: ChartPoint = {
        date: line.date,
        commit: line.head.commit,
        release: line.base.tag,
        change: r[0] / 100,
        low: fraction(r[1]),
        high: fraction(r[2]),
        verdict: r[5],
      };
      chart.points.push(point);
      chart.threshold = r[4] / 100;
    }
  }
  return [...charts.values()];
}
