/**
 * What people read of the history: the alert issue's title and body, the pull request comment's drift line and the
 * job summary make no mention, link or Markdown of text from outside; the charts are well-formed SVG with no script;
 * 5,000 runs stay under 5 MB of history and build their charts in under 2 s; and the page is checked in headless
 * Chromium (test/support/chromium.ts installs Debian's where there is none, as root): every chart and SVG file
 * renders, no label overlaps another or leaves its chart, and the screenshot is docs/history.png.
 *
 * `PERF_GATE_UPDATE_SCREENSHOT=1 node --test test/unit/history/history-render.test.ts` writes docs/history.png.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { historyCharts } from '../../../src/history/chart-series.ts';
import { creepMarker, creepPlan } from '../../../src/history/creep.ts';
import { formatLine, monthFile } from '../../../src/history/lines.ts';
import type { CreepState, DriftView, HistoryLine } from '../../../src/model/history.ts';
import { type CreepLinks, creepBody, creepClosing, creepTitle } from '../../../src/report/creep-text.ts';
import { historySvg } from '../../../src/report/history-chart.ts';
import { branchReadme, historyPage } from '../../../src/report/history-page.ts';
import { driftLine, historySummary } from '../../../src/report/history-text.ts';
import { chromium as browser } from '../../support/chromium.ts';
import { simulateHistory } from '../../support/history-sim.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HOSTILE = 'GET /x @octo-org/team #12 [here](https://evil.example) <img src=x> `code` *bold*';
const LINKS: CreepLinks = {
  image: 'https://github.com/o/r/raw/perf-gate-history/charts/x.svg',
  chart: 'https://github.com/o/r/blob/perf-gate-history/charts/x.svg',
  page: 'https://github.com/o/r/tree/perf-gate-history',
  compare: (a, b) => `https://github.com/o/r/compare/${a}...${b}`,
};
const FACTS = {
  repository: 'octo-org/octo-repo',
  date: '2026-11-26T10:00:00Z',
  perfGate: '0.1.0',
  runs: 0,
  skipped: 0,
};

/** A history whose scenario and release names are hostile, ending in a creep. */
function hostileHistory(): HistoryLine[] {
  return simulateHistory({ runs: 40, scenarios: [HOSTILE], releaseEvery: 25, seed: 3 }).map((line) => ({
    ...line,
    head: line.head.ref ? { ...line.head, ref: 'main @octo-org/team' } : line.head,
    base: { ...line.base, tag: `${line.base.tag} @octo-org/team` },
  }));
}

/** What an attacker would want to get through into Markdown, checked against `text`. */
function assertInert(text: string): void {
  assert.doesNotMatch(text, /@octo-org/, 'a mention');
  assert.doesNotMatch(text, /\]\(https:\/\/evil/, 'a link');
  assert.doesNotMatch(text, /(^|[^\\])<img/, 'HTML');
  assert.doesNotMatch(text, /(^|[^\\])#12/, 'an issue reference');
  assert.doesNotMatch(text, /(^|[^\\])\*bold/, 'emphasis');
}

function creepState(lines: HistoryLine[]): CreepState {
  const regressed = lines.map((l) => ({
    ...l,
    scenarios: l.scenarios.map((s) => ({ ...s, rps: [-12, -14, -10, 2, 2, 'regression'] as const })),
  })) as HistoryLine[];
  const action = creepPlan(regressed, regressed.at(-1)!, []).find((a) => a.kind === 'open');
  assert.ok(action, 'the creep opens an alert');
  return action.state;
}

describe('the alert issue, the drift line and the summary', () => {
  const lines = hostileHistory();

  test('the issue’s title and body carry no mention, link or Markdown from outside; the marker comes first', () => {
    const state = creepState(lines);
    const title = creepTitle(state);
    assertInert(title);
    assert.match(
      title,
      /^perf-gate: main @\u200bocto-org\/team is 12\.0% slower than v1\.\d\.0 @\u200bocto-org\/team on GET/,
    );
    const body = creepBody(creepMarker(state), state, LINKS);
    assertInert(body);
    assert.match(body.split('\n')[0]!, /^<!-- perf-gate:creep s=[0-9a-f]{12} r=[0-9a-f]{12} m=rps -->$/);
    assert.match(
      body,
      /\| req\/s \| −12\.0% against `v1\.\d\.0 @\u200bocto-org\/team` \| \[−14\.0%, −10\.0%\] \| ±2% \|/,
    );
    assert.match(body, /\]\(https:\/\/github\.com\/o\/r\/raw\/perf-gate-history\/charts\/x\.svg\)/);
    assertInert(creepClosing(state, 'back'));
    assertInert(creepClosing(state, 'released', 'v9 @octo-org/team'));
  });

  test('the commit range links to GitHub’s comparison only for commit ids read back from the branch', () => {
    const state = creepState(lines);
    const forged = { ...state, steps: [], firstCommit: '](https://evil.example) @octo-org/team' };
    const body = creepBody(creepMarker(forged), forged, LINKS);
    assertInert(body);
    assert.doesNotMatch(body, /compare\//);
  });

  test('the drift line: how far the base branch already is from its release', () => {
    const drift: DriftView = {
      ref: 'main',
      release: 'v2.3.0',
      commit: 'a'.repeat(40),
      date: '2026-11-20T00:00:00Z',
      scenarios: [
        {
          scenario: 'GET /orders',
          change: -0.041,
          ci: [-0.05, -0.032],
          threshold: 0.02,
          verdict: 'regression',
        },
        { scenario: 'GET /health', change: 0.002, ci: [-0.01, 0.012], threshold: 0.02, verdict: 'no-change' },
      ],
    };
    assert.equal(
      driftLine(drift),
      '📈 Before this pull request, `main` is already 4.1% slower than `v2.3.0` on GET /orders and within ±2% of `v2.3.0` on GET /health, as its history measured it at aaaaaaa on 2026-11-20.',
    );
    assertInert(
      driftLine({
        ...drift,
        ref: 'x @octo-org/team',
        scenarios: [{ ...drift.scenarios[0]!, scenario: HOSTILE }],
      }),
    );
  });

  test('the job summary', () => {
    const charts = historyCharts(lines);
    const summary = historySummary({
      ref: 'main @octo-org/team',
      head: 'c'.repeat(40),
      release: 'v1.1.0 @octo-org/team',
      branchRun: lines.at(-1),
      releaseRun: undefined,
      skipped: undefined,
      charts: charts.map((chart) => ({ chart, url: LINKS.chart })),
      pageUrl: LINKS.page,
      historyBranch: 'perf-gate-history',
      pushed: { commit: 'd'.repeat(40) },
      alerts: [{ kind: 'opened', scenario: HOSTILE, number: 12, url: 'https://github.com/o/r/issues/12' }],
    });
    assertInert(summary.replace('[issue 12](https://github.com/o/r/issues/12)', ''));
    assert.match(summary, /```mermaid\n/);
    assert.match(summary, /\[issue 12\]\(https:\/\/github\.com\/o\/r\/issues\/12\)/);
  });
});

describe('the charts and pages', () => {
  test('every SVG is well-formed XML with no script, whatever the names', () => {
    const charts = historyCharts(hostileHistory());
    assert.equal(charts.length, 1);
    const svg = historySvg(charts[0]!);
    assert.doesNotThrow(() => new JSDOM(svg, { contentType: 'image/svg+xml' }));
    assert.doesNotMatch(svg, /<script|<img|javascript:|on\w+=/i);
    const page = historyPage(charts, FACTS);
    assert.doesNotMatch(page, /<script|<img|javascript:|\son\w+=/i);
    assertInert(branchReadme(charts, FACTS));
  });

  test('5,000 runs: under 5 MB of history, the charts and pages built in under 2 s', () => {
    const lines = simulateHistory({ runs: 5000 });
    const files = new Map<string, string>();
    for (const line of lines)
      files.set(monthFile(line.date), `${files.get(monthFile(line.date)) ?? ''}${formatLine(line)}`);
    const bytes = [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    assert.ok(bytes < 5_000_000, `${bytes} bytes`);
    // The best of three: the cost of building them, not how busy the machine is this second.
    const times: number[] = [];
    let svgs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const charts = historyCharts(lines);
      svgs = charts.map(historySvg);
      historyPage(charts, { ...FACTS, runs: lines.length });
      times.push(performance.now() - started);
    }
    assert.ok(Math.min(...times) < 2000, `${times.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    for (const svg of svgs) assert.ok(svg.length < 200_000, `an SVG of ${svg.length} bytes`);
  });
});

/** Run in the page once everything has loaded: what does not render, and which labels overlap or leave a chart. */
const CHECK = `<script>
addEventListener('load', () => {
  const problems = [];
  const charts = [...document.querySelectorAll('section > svg')];
  for (const svg of charts) {
    const frame = svg.getBoundingClientRect();
    if (frame.width < 500 || frame.height < 200) problems.push('a chart of ' + frame.width + 'x' + frame.height);
    if (!svg.querySelector('.estimate') || !svg.querySelector('.band')) problems.push('a chart without line or band');
    const labels = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }));
    for (const { text, box } of labels)
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1)
        problems.push('outside its chart: ' + text);
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++) {
        const [a, b] = [labels[i].box, labels[j].box];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
          problems.push('overlap: ' + labels[i].text + ' / ' + labels[j].text);
      }
  }
  const images = [...document.querySelectorAll('img.check')].map((img) => img.naturalWidth);
  document.body.setAttribute('data-check', JSON.stringify({ charts: charts.length, images, problems }));
});
</script>`;

describe('in headless Chromium', () => {
  test('the page renders every chart, its SVG files load, no label overlaps; the screenshot (docs/history.png)', () => {
    const chromium = browser();
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-history-page-'));
    try {
      const lines = simulateHistory({ runs: 150, scenarios: ['GET /orders', 'POST /orders'] });
      const charts = historyCharts(lines);
      mkdirSync(join(dir, 'charts'));
      for (const chart of charts) writeFileSync(join(dir, chart.file), historySvg(chart));
      const page = historyPage(charts, { ...FACTS, runs: lines.length });
      writeFileSync(join(dir, 'index.html'), page);
      const images = charts.map((c) => `<img class="check" src="${c.file}" width="10" height="4">`).join('');
      writeFileSync(join(dir, 'check.html'), page.replace('</main>', `${images}</main>${CHECK}`));
      const flags = [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--hide-scrollbars',
        '--allow-file-access-from-files',
        '--virtual-time-budget=5000',
      ];
      const browse = (args: string[]): string =>
        execFileSync(chromium, [...flags, `--user-data-dir=${mkdtempSync(join(dir, 'profile-'))}`, ...args], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 60_000,
        });
      const dom = browse(['--dump-dom', `file://${join(dir, 'check.html')}`]);
      const found = /data-check="([^"]*)"/.exec(dom)?.[1];
      assert.ok(found, 'the check ran in the page');
      const check = JSON.parse(found.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as {
        charts: number;
        images: number[];
        problems: string[];
      };
      assert.equal(check.charts, charts.length);
      assert.deepEqual(check.problems, []);
      assert.ok(
        check.images.every((width) => width > 0),
        `every SVG file loads as an image: ${check.images}`,
      );
      const png = join(dir, 'history.png');
      browse(['--window-size=1000,760', `--screenshot=${png}`, `file://${join(dir, 'index.html')}`]);
      assert.ok(statSync(png).size > 20_000, 'a screenshot with something in it');
      if (process.env.PERF_GATE_UPDATE_SCREENSHOT === '1') copyFileSync(png, join(ROOT, 'docs/history.png'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
