/**
 * The history branch's own pages: index.html (every chart inline, the latest run of each and the releases: one
 * self-contained file, no script, that GitHub Pages can serve from the branch) and README.md (what GitHub shows on
 * the branch: the charts as images and what the files are). Text from outside is escaped for HTML or Markdown. Pure.
 */
import type { ChartPoint, HistoryChart } from '../model/history.ts';
import { escapeMarkdown } from './escape.ts';
import { formatPercent, formatShare, VERDICT_TEXT } from './format.ts';
import { chartTitle, historySvg, VERDICT_COLOUR, xml } from './history-chart.ts';

/** What the pages say about where they come from. */
export interface PageFacts {
  /** `owner/repo`. */
  repository: string;
  /** When they were written (ISO 8601). */
  date: string;
  perfGate: string;
  /** Runs in the history, and lines skipped (another format version, or damaged). */
  runs: number;
  skipped: number;
}

const INTRO =
  "Each chart follows a branch's req/s against its last release: every run measures the branch's head against the release " +
  'on one runner, in interleaved pairs, as a pull request gate does. The line is the estimated change, the band its interval ' +
  '(simultaneous over every comparison of the run), the dashed lines ±threshold. Each shaded segment holds the runs against one ' +
  "release, labelled with that release's own change against the release before it.";

/** A run's result in words: `−4.1% [−5.0%, −3.2%] regression`. */
function resultText(p: Pick<ChartPoint, 'change' | 'low' | 'high' | 'verdict'>): string {
  const interval =
    p.low === null || p.high === null ? '' : ` [${formatPercent(p.low)}, ${formatPercent(p.high)}]`;
  return `${formatPercent(p.change)}${interval} ${VERDICT_TEXT[p.verdict]}`;
}

function verdictCell(p: Pick<ChartPoint, 'change' | 'low' | 'high' | 'verdict'>): string {
  return `<td style="color:${VERDICT_COLOUR[p.verdict]}">${xml(resultText(p))}</td>`;
}

/** A chart's section: its title, the latest run in a sentence, the SVG, the last runs and the releases. */
function section(chart: HistoryChart): string {
  const latest = chart.points.at(-1)!;
  const recent = chart.points.slice(-12).reverse();
  const rows = recent.map(
    (p) =>
      `<tr><td>${xml(p.date.slice(0, 16).replace('T', ' '))}</td><td><code>${xml(p.commit.slice(0, 7))}</code></td><td>${xml(p.release)}</td>${verdictCell(p)}</tr>`,
  );
  const releases = chart.releases
    .slice(-12)
    .reverse()
    .map(
      (r) =>
        `<tr><td>${xml(r.tag)}</td><td>${xml(r.previous)}</td><td>${xml(r.date.slice(0, 10))}</td>${verdictCell(r)}</tr>`,
    );
  return [
    `<section id="${xml(chart.file.replace(/^charts\/|\.svg$/g, ''))}">`,
    `<h2>${xml(chart.scenario)} <small>${xml(chart.ref)}${chart.series ? ` · ${xml(chart.series)}` : ''}</small></h2>`,
    `<p>Latest: <code>${xml(latest.commit.slice(0, 7))}</code> on ${xml(latest.date.slice(0, 10))}, against ${xml(latest.release)}: <strong style="color:${VERDICT_COLOUR[latest.verdict]}">${xml(resultText(latest))}</strong> (threshold ±${xml(formatShare(chart.threshold))}). <a href="${xml(chart.file)}">SVG</a></p>`,
    historySvg(chart).trimEnd(),
    '<details><summary>The last runs</summary>',
    '<table><thead><tr><th>date (UTC)</th><th>commit</th><th>against</th><th>req/s change</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table></details>`,
    ...(releases.length === 0
      ? []
      : [
          `<details open><summary>Releases against the one before${chart.releases.length > 12 ? ` (the last 12 of ${chart.releases.length})` : ''}</summary>`,
          '<table><thead><tr><th>release</th><th>against</th><th>measured</th><th>req/s change</th></tr></thead>',
          `<tbody>${releases.join('')}</tbody></table></details>`,
        ]),
    '</section>',
  ].join('\n');
}

const STYLE = [
  'body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#24292f;background:#fff}',
  'main{max-width:1000px;margin:0 auto;padding:24px}',
  'h1{font-size:24px;margin:0 0 8px}h2{font-size:18px;margin:32px 0 4px}h2 small{color:#57606a;font-weight:400}',
  'svg{max-width:100%;height:auto;border:1px solid #d0d7de;border-radius:6px}',
  'table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left}',
  'code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}',
  'summary{cursor:pointer;color:#57606a}footer{margin-top:40px;color:#57606a;font-size:12px}',
].join('');

/** index.html: every chart, inline. */
export function historyPage(charts: readonly HistoryChart[], facts: PageFacts): string {
  const title = `Performance history of ${facts.repository}`;
  const nav =
    charts.length > 1
      ? `<nav><ul>${charts.map((c) => `<li><a href="#${xml(c.file.replace(/^charts\/|\.svg$/g, ''))}">${xml(chartTitle(c))}</a></li>`).join('')}</ul></nav>`
      : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${xml(title)}</title><style>${STYLE}</style></head>`,
    '<body><main>',
    `<h1>${xml(title)}</h1>`,
    `<p>${xml(INTRO)}</p>`,
    nav,
    ...(charts.length === 0 ? ['<p>No runs yet.</p>'] : charts.map(section)),
    `<footer>${xml(footer(facts))}</footer>`,
    '</main></body></html>',
    '',
  ].join('\n');
}

function footer(facts: PageFacts): string {
  const skipped =
    facts.skipped > 0 ? ` (${facts.skipped} lines of another format version or damaged were left out)` : '';
  return `${facts.runs} runs${skipped}, one JSON line each in history/*.jsonl on this branch (format version 1: history.schema.json in perf-gate). Written by perf-gate ${facts.perfGate} on ${facts.date.slice(0, 16).replace('T', ' ')} UTC.`;
}

/** README.md of the branch: GitHub shows it on the branch's page, with the charts. */
export function branchReadme(charts: readonly HistoryChart[], facts: PageFacts): string {
  const lines = [
    `# Performance history of ${escapeMarkdown(facts.repository)}`,
    '',
    'Written by perf-gate (`mode: history`): do not edit by hand. index.html shows every chart with the latest runs; it can be ' +
      'served by GitHub Pages from this branch.',
    '',
    escapeMarkdown(INTRO),
    '',
  ];
  for (const chart of charts) {
    const latest = chart.points.at(-1)!;
    lines.push(
      `## ${escapeMarkdown(chart.scenario)} (${escapeMarkdown(chart.ref)}${chart.series ? `, ${escapeMarkdown(chart.series)}` : ''})`,
      '',
      `Latest: ${latest.commit.slice(0, 7)} against ${escapeMarkdown(latest.release)}: ${escapeMarkdown(resultText(latest))}.`,
      '',
      `![req/s against the release, run by run](${chart.file})`,
      '',
    );
  }
  lines.push(escapeMarkdown(footer(facts)), '');
  return lines.join('\n');
}
