/**
 * The picture of a history chart (src/history/chart-series.ts) as a self-contained SVG: the branch's req/s change
 * against its release run by run (the line), each run's simultaneous interval (the band), ±threshold (dashed), and
 * each release a shaded segment of its own, labelled with the release and its change against the one before.
 * Every text from outside (the scenario, branch and release names) is escaped for XML. Pure.
 */
import type { Verdict } from '../model/decision.ts';
import type { ChartPoint, HistoryChart } from '../model/history.ts';
import { formatPercent, formatShare, metricLabel, VERDICT_TEXT } from './format.ts';

const WIDTH = 960;
const HEIGHT = 348;
const LEFT = 64;
const RIGHT = 24;
const TOP = 64;
const BOTTOM = 44;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
/** Up to this many runs, each is a dot with a tooltip; beyond, only regressions are (the file stays small). */
const DOTS = 400;

export const VERDICT_COLOUR: Record<Verdict, string> = {
  regression: '#cf222e',
  improvement: '#1a7f37',
  'no-change': '#6e7781',
  inconclusive: '#bf8700',
};

/** Text for XML: element content and attribute values alike. */
export function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A coordinate with one decimal (enough for a screen, and a fifth of the bytes of a full number). */
function n(x: number): string {
  return (Math.round(x * 10) / 10).toString();
}

/** The change axis: all estimates and ±1.5 × threshold, and the intervals as far as half that span again. */
function domain(chart: HistoryChart): [number, number] {
  const estimates = chart.points.map((p) => p.change);
  let lo = Math.min(-1.5 * chart.threshold, ...estimates);
  let hi = Math.max(1.5 * chart.threshold, ...estimates);
  const span = hi - lo;
  const lows = chart.points.flatMap((p) => (p.low === null ? [] : [p.low]));
  const highs = chart.points.flatMap((p) => (p.high === null ? [] : [p.high]));
  lo = Math.max(Math.min(lo, ...lows), lo - span / 2);
  hi = Math.min(Math.max(hi, ...highs), hi + span / 2);
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/** About five round ticks over [lo, hi]: steps of 1, 2 or 5 × a power of ten. */
function ticks(lo: number, hi: number): number[] {
  const raw = (hi - lo) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-12; t += step) out.push(Math.round(t / step) * step);
  return out;
}

/** Consecutive runs against one release: [first index, last index]. */
function segmentsOf(points: readonly ChartPoint[]): { release: string; from: number; to: number }[] {
  const segments: { release: string; from: number; to: number }[] = [];
  points.forEach((p, i) => {
    const last = segments.at(-1);
    if (last && last.release === p.release) last.to = i;
    else segments.push({ release: p.release, from: i, to: i });
  });
  return segments;
}

interface Scale {
  x: (i: number) => number;
  y: (v: number) => number;
  step: number;
}

function scale(count: number, [lo, hi]: [number, number]): Scale {
  const step = PLOT_W / Math.max(1, count);
  return {
    x: (i) => LEFT + (i + 0.5) * step,
    y: (v) => TOP + ((hi - Math.min(hi, Math.max(lo, v))) / (hi - lo)) * PLOT_H,
    step,
  };
}

/** The shaded segments of the releases, their separators and labels. */
function releaseSegments(chart: HistoryChart, s: Scale): string[] {
  return segmentsOf(chart.points).flatMap((segment, k) => {
    const x0 = LEFT + segment.from * s.step;
    const width = (segment.to - segment.from + 1) * s.step;
    const release = chart.releases.find((r) => r.tag === segment.release);
    const label = `against ${segment.release}${release ? ` (${formatPercent(release.change)} vs ${release.previous})` : ''}`;
    const out = [
      `<rect class="segment" x="${n(x0)}" y="${TOP}" width="${n(width)}" height="${PLOT_H}" fill="${k % 2 === 0 ? '#f6f8fa' : '#eaeef2'}"/>`,
    ];
    if (k > 0)
      out.push(
        `<line x1="${n(x0)}" x2="${n(x0)}" y1="${TOP - 6}" y2="${TOP + PLOT_H}" stroke="#8c959f" stroke-width="0.75"/>`,
      );
    // A label only where it fits (about 6.5 px per character at 12 px).
    if (width >= Math.min(label.length * 6.5, 140)) {
      const shown = width >= label.length * 6.5 ? label : `against ${segment.release}`;
      out.push(
        `<text class="release" x="${n(x0 + 4)}" y="${TOP - 8}">${xml(shown)}<title>${xml(label)}</title></text>`,
      );
    }
    return out;
  });
}

/** What is drawn at one x: a run, or (beyond one run per pixel) the runs that fall on one pixel column. */
interface Column {
  x: number;
  change: number;
  /** The widest interval of its runs; undefined when one of them has none. */
  low: number | undefined;
  high: number | undefined;
  regression: boolean;
}

/** The runs of a segment as columns: one per run, or one per pixel column when the runs are denser than pixels. */
function columnsOf(chart: HistoryChart, s: Scale, from: number, to: number): Column[] {
  const columns: (Column & { runs: number })[] = [];
  for (let i = from; i <= to; i++) {
    const p = chart.points[i]!;
    const x = s.step < 1 ? Math.round(s.x(i)) : s.x(i);
    const last = columns.at(-1);
    const known = p.low !== null && p.high !== null;
    if (last && last.x === x) {
      last.change += (p.change - last.change) / ++last.runs;
      last.low = known && last.low !== undefined ? Math.min(last.low, p.low!) : undefined;
      last.high = known && last.high !== undefined ? Math.max(last.high, p.high!) : undefined;
      last.regression ||= p.verdict === 'regression';
      continue;
    }
    const interval = known ? { low: p.low!, high: p.high! } : { low: undefined, high: undefined };
    columns.push({ x, change: p.change, ...interval, regression: p.verdict === 'regression', runs: 1 });
  }
  return columns;
}

/** The band of intervals and the line of estimates, one piece per release (and per run of known intervals). */
function bandsAndLines(chart: HistoryChart, s: Scale): string[] {
  const out: string[] = [];
  for (const segment of segmentsOf(chart.points)) {
    const columns = columnsOf(chart, s, segment.from, segment.to);
    let run: Column[] = [];
    const flush = (): void => {
      if (run.length === 1) {
        // A lone run gets a band as wide as part of its step, so it shows.
        const [c, half] = [run[0]!, Math.max(1.5, s.step * 0.3)];
        const [top, bottom] = [s.y(c.high!), s.y(c.low!)];
        out.push(
          `<rect class="band" x="${n(c.x - half)}" y="${n(top)}" width="${n(2 * half)}" height="${n(Math.max(1, bottom - top))}"/>`,
        );
      } else if (run.length > 1) {
        const upper = run.map((c) => `${n(c.x)},${n(s.y(c.high!))}`);
        const lower = run.map((c) => `${n(c.x)},${n(s.y(c.low!))}`).reverse();
        out.push(`<polygon class="band" points="${[...upper, ...lower].join(' ')}"/>`);
      }
      run = [];
    };
    for (const c of columns) {
      if (c.low === undefined || c.high === undefined) flush();
      else run.push(c);
    }
    flush();
    const line = columns.map((c) => `${n(c.x)},${n(s.y(c.change))}`);
    if (line.length > 1) out.push(`<polyline class="estimate" points="${line.join(' ')}"/>`);
  }
  return out;
}

/**
 * A dot per run with its numbers as a tooltip; beyond DOTS runs, a dot without one on each pixel column that holds
 * a regression.
 */
function dots(chart: HistoryChart, s: Scale): string[] {
  if (chart.points.length > DOTS) {
    return segmentsOf(chart.points).flatMap((segment) =>
      columnsOf(chart, s, segment.from, segment.to)
        .filter((c) => c.regression)
        .map(
          (c) =>
            `<circle cx="${n(c.x)}" cy="${n(s.y(c.change))}" r="2" fill="${VERDICT_COLOUR.regression}"/>`,
        ),
    );
  }
  return chart.points.map((p, i) => {
    const interval =
      p.low === null || p.high === null
        ? 'no interval'
        : `[${formatPercent(p.low)}, ${formatPercent(p.high)}]`;
    const tip = `${p.commit.slice(0, 7)} on ${p.date.slice(0, 10)}: ${formatPercent(p.change)} ${interval} against ${p.release}, ${VERDICT_TEXT[p.verdict]}`;
    return `<circle cx="${n(s.x(i))}" cy="${n(s.y(p.change))}" r="3" fill="${VERDICT_COLOUR[p.verdict]}"><title>${xml(tip)}</title></circle>`;
  });
}

/** The change axis with its ticks, 0, and ±threshold. */
function axes(chart: HistoryChart, s: Scale, [lo, hi]: [number, number]): string[] {
  const out = ticks(lo, hi).map(
    (t) =>
      `<line x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${n(s.y(t))}" y2="${n(s.y(t))}" stroke="#d0d7de" stroke-width="0.5"/><text class="tick" x="${LEFT - 6}" y="${n(s.y(t) + 4)}" text-anchor="end">${xml(formatPercent(t, Math.abs(t) < 0.1 ? 1 : 0))}</text>`,
  );
  out.push(`<line x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${n(s.y(0))}" y2="${n(s.y(0))}" stroke="#24292f"/>`);
  for (const t of [chart.threshold, -chart.threshold]) {
    out.push(
      `<line class="threshold" x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${n(s.y(t))}" y2="${n(s.y(t))}"/>`,
    );
  }
  out.push(
    `<text class="tick" x="${LEFT + PLOT_W}" y="${n(s.y(chart.threshold) - 4)}" text-anchor="end">±${xml(formatShare(chart.threshold))} threshold</text>`,
  );
  return out;
}

/** Dates under the plot: the first and last run's, and a few between where they fit. */
function dates(chart: HistoryChart, s: Scale): string[] {
  const count = chart.points.length;
  const labels = Math.min(count, 6);
  const picked = new Set(
    Array.from({ length: labels }, (_, k) => Math.round((k * (count - 1)) / Math.max(1, labels - 1))),
  );
  return [...picked].map((i) => {
    const anchor = i === 0 ? 'start' : i === count - 1 ? 'end' : 'middle';
    const x = anchor === 'start' ? LEFT : anchor === 'end' ? LEFT + PLOT_W : s.x(i);
    return `<text class="tick" x="${n(x)}" y="${TOP + PLOT_H + 16}" text-anchor="${anchor}">${xml(chart.points[i]!.date.slice(0, 10))}</text>`;
  });
}

/** The chart's title: the scenario, and the branch (and series) it follows. */
export function chartTitle(chart: HistoryChart): string {
  return `${chart.scenario} · ${metricLabel(chart.metric)} of ${chart.ref}${chart.series ? ` (${chart.series})` : ''} against its release`;
}

const STYLE =
  'text{font:12px -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;fill:#24292f}' +
  '.title{font-size:15px;font-weight:600}.tick{fill:#57606a;font-size:11px}.release{font-size:12px;fill:#24292f}' +
  '.band{fill:#0969da;fill-opacity:0.22;stroke:none}.estimate{fill:none;stroke:#0969da;stroke-width:1.5}' +
  '.threshold{stroke:#cf222e;stroke-dasharray:5 4;stroke-width:1}';

/** The chart as a standalone SVG document. */
export function historySvg(chart: HistoryChart): string {
  // Ids of its own, so that several charts can sit inline in one page.
  const id = `c${/([0-9a-f]{8})\.svg$/.exec(chart.file)?.[1] ?? '0'}`;
  const range = domain(chart);
  const s = scale(chart.points.length, range);
  const title = chartTitle(chart);
  const dotLegend = (['regression', 'improvement', 'no-change', 'inconclusive'] as const)
    .map((v) => `<tspan fill="${VERDICT_COLOUR[v]}">●</tspan> ${VERDICT_TEXT[v]}`)
    .join(' ');
  const legend = `line: change run by run · band: its interval · dashed: ±${formatShare(chart.threshold)} · ${chart.points.length} run${chart.points.length === 1 ? '' : 's'}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}t">`,
    `<title id="${id}t">${xml(title)}</title>`,
    `<style>${STYLE}</style>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text class="title" x="${LEFT}" y="20">${xml(title)}</text>`,
    `<text class="tick" x="${LEFT}" y="38">${xml(legend)} · ${dotLegend}</text>`,
    `<defs><clipPath id="${id}p"><rect x="${LEFT}" y="${TOP}" width="${PLOT_W}" height="${PLOT_H}"/></clipPath></defs>`,
    ...releaseSegments(chart, s),
    ...axes(chart, s, range),
    `<g clip-path="url(#${id}p)">`,
    ...bandsAndLines(chart, s),
    ...dots(chart, s),
    '</g>',
    `<text class="tick" transform="translate(14 ${TOP + PLOT_H / 2}) rotate(-90)" text-anchor="middle">${xml(`${metricLabel(chart.metric)}: ↑ faster · slower ↓`)}</text>`,
    ...dates(chart, s),
    '</svg>',
    '',
  ].join('\n');
}
