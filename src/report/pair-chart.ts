/**
 * The picture of a report: each pair's head ÷ base of every compared metric, with the threshold band, as Mermaid
 * xycharts (GitHub renders ```mermaid blocks in comments). Only the plainest syntax (`xychart-beta`, a title, two
 * axes, `line` series, a palette in an init directive), which every Mermaid since 10.5 parses. Pure.
 */
import type { Decision } from '../model/decision.ts';
import { metricValue } from '../model/derived.ts';
import type { Metric, Round } from '../model/measure.ts';
import { formatShare, metricLabel } from './format.ts';

/** Series colours: the scenarios' lines, then the band's two lines in grey. */
export const PALETTE = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
const BAND = '#9e9e9e';
export const COLOUR_NAMES = ['red', 'blue', 'green', 'purple', 'orange', 'brown'];

/** Scenarios drawn in one chart at most (one colour each). */
export const MAX_SERIES = PALETTE.length;

/** A scenario's per-pair head ÷ base of a metric, in pair order; NaN where a side has no value. */
function ratios(
  rounds: readonly Round[],
  scenario: string,
  metric: Metric,
  pairs: readonly number[],
): number[] {
  return pairs.map((pair) => {
    const side = (s: 'base' | 'head'): number => {
      const round = rounds.find((r) => r.pair === pair && r.scenario === scenario && r.side === s);
      return round === undefined ? Number.NaN : metricValue(round.measurement, metric);
    };
    return side('head') / side('base');
  });
}

/** A ratio as Mermaid reads it (no NaN: a missing pair is drawn at 1, on the line of no change). */
export function value(x: number): string {
  return Number.isFinite(x) ? x.toFixed(4).replace(/\.?0+$/, '') : '1';
}

/** A title for Mermaid's quoted string: no double quotes, no line breaks. */
function quoted(text: string): string {
  return `"${text.replace(/["\r\n]/g, ' ')}"`;
}

/** What xyChart draws: our own title and axis words, numbers already written, one colour a line. */
export interface XyChart {
  title: string;
  pairs: readonly number[];
  axis: string;
  range: [number, number];
  lines: readonly (readonly string[])[];
  palette: readonly string[];
}

/** A Mermaid xychart over the pairs (numbered from 1) as a fenced block. */
export function xyChart(c: XyChart): string[] {
  return [
    '```mermaid',
    `%%{init: {"xyChart": {"width": 720, "height": 320}, "themeVariables": {"xyChart": {"plotColorPalette": "${c.palette.join(', ')}"}}}}%%`,
    'xychart-beta',
    `  title ${quoted(c.title)}`,
    `  x-axis "pair" [${c.pairs.map((p) => p + 1).join(', ')}]`,
    `  y-axis ${quoted(c.axis)} ${value(c.range[0])} --> ${value(c.range[1])}`,
    ...c.lines.map((line) => `  line [${line.join(', ')}]`),
    '```',
  ];
}

/** A scenario's line: its colour and where it runs (the median of its ratios), so it is found without colour. */
interface Line {
  name: string;
  colour: string;
  level: number;
}

/**
 * The legend of a chart of several scenarios, in words that do not rely on colour: the lines from the bottom up,
 * each by where it runs, then the colour as a second cue.
 */
function legend(lines: readonly Line[], threshold: number, names: (s: string) => string): string[] {
  if (lines.length < 2) return [];
  const sorted = [...lines].sort((a, b) => a.level - b.level);
  const text = sorted.map((l) => `${names(l.name)} near ${l.level.toFixed(2)} (${l.colour})`).join(', ');
  return ['', `Lines from the bottom up: ${text}; the two grey lines are ±${formatShare(threshold)}.`];
}

/** The median of the finite values; 1 when there are none (a ratio's line of no change). */
export function median(xs: readonly number[]): number {
  const finite = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return 1;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 === 1 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/** One metric's chart with its legend, or undefined when it has no pairs to draw. */
function metricChart(
  decision: Decision,
  rounds: readonly Round[],
  metric: Metric,
  names: (s: string) => string,
): string[] | undefined {
  const compared = decision.comparisons.filter((c) => c.metric === metric).slice(0, MAX_SERIES);
  if (compared.length === 0) return undefined;
  const pairs = [...new Set(rounds.map((r) => r.pair))].sort((a, b) => a - b);
  if (pairs.length === 0) return undefined;
  const threshold = compared[0]!.threshold;
  const series = compared.map((c) => ratios(rounds, c.scenario, metric, pairs));
  const band = [1 - threshold, 1 + threshold];
  const finite = [...series.flat(), ...band].filter(Number.isFinite);
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const pad = Math.max(0.01, (high - low) * 0.08);
  const lines = compared.map((c, i) => ({
    name: c.scenario,
    colour: COLOUR_NAMES[i]!,
    level: median(series[i]!),
  }));
  const chart = xyChart({
    title: `${metricLabel(metric)}: head ÷ base per pair (grey: ±${formatShare(threshold)})`,
    pairs,
    axis: 'head ÷ base',
    range: [Math.max(0, low - pad), high + pad],
    lines: [...series.map((s) => s.map(value)), ...band.map((b) => pairs.map(() => value(b)))],
    palette: [...PALETTE.slice(0, series.length), BAND, BAND],
  });
  return [...legend(lines, threshold, names), '', ...chart];
}

/**
 * The charts of a decision's metrics (req/s first), each preceded by a blank line and, when it draws several
 * scenarios, a legend that names each line by where it runs; [] when there is nothing to draw.
 */
export function pairCharts(
  decision: Decision,
  rounds: readonly Round[],
  names: (s: string) => string,
): string[] {
  const metrics = [...new Set(decision.comparisons.map((c) => c.metric))];
  const charts = metrics.flatMap((metric) => metricChart(decision, rounds, metric, names) ?? []);
  if (charts.length === 0) return [];
  const scenarios = new Set(decision.comparisons.map((c) => c.scenario)).size;
  const more = scenarios > MAX_SERIES ? ['', `${scenarios - MAX_SERIES} more scenarios are not drawn.`] : [];
  return [...more, ...charts];
}
