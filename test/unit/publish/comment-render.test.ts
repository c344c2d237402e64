/**
 * The comment as GitHub shows it: rendered with marked (GitHub-flavoured Markdown) into HTML, its Mermaid charts
 * parsed by Mermaid itself, and the page screenshotted in headless Chromium (test/support/chromium.ts installs
 * Debian's where there is none, as root). The report is a 2× regression as the demo's
 * (`npm run demo`) reads: one scenario, GET /seed/v1, with diagnostics and a profile.
 *
 * `PERF_GATE_UPDATE_SCREENSHOT=1 node --test test/unit/publish/comment-render.test.ts` writes docs/comment.png, with the
 * hash of the Markdown it shows in a text chunk: a change to the comment's words fails the test until it is taken again.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { hotterUnits } from '../../../src/gate/profiling.ts';
import type { DiagnosticsSummary, SideDiagnostics } from '../../../src/model/diagnostics.ts';
import type { Report } from '../../../src/model/report.ts';
import { keptEvidence, WINDOW_SEC, windowedSide } from '../../../src/profile/compare.ts';
import { weighEvidence } from '../../../src/profile/evidence.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { chromium as browser } from '../../support/chromium.ts';
import { textOf, withText } from '../../support/png-text.ts';
import { readRecording } from '../../support/profile-recording.ts';
import { gateReport } from '../../support/reports.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function side(rssMb: number, p99: number): SideDiagnostics {
  return {
    windows: 12,
    processes: 3,
    eventLoopDelayMs: { p50: 10.2, p99, max: p99 * 1.6 },
    eventLoopUtilization: 0.5,
    cpuCores: 0.49,
    peakRssMb: rssMb,
    peakHeapMb: rssMb / 5,
    rssTrendMbPerRound: 0.2,
    rssTrend: { mode: 'across-rounds', slopeMb: 0.2, unit: 'round', points: 12, growing: 5, of: 9 },
    leak: false,
  };
}

/**
 * The profile: the recorded side-by-side 0x runs of test/fixtures/profile (a server whose head adds a hot helper),
 * weighed as the gate weighs them when it found a change to explain — the section's shape, with real samples.
 */
function recordedProfile(): Report['profile'] {
  const { sides } = readRecording('ab');
  const evidence = weighEvidence(windowedSide(sides.base, true), windowedSide(sides.head, true), {
    explain: true,
    windowSec: WINDOW_SEC,
  });
  return {
    files: [],
    dir: '',
    hotter: hotterUnits(evidence, '/repo', '/repo'),
    evidence: keptEvidence(evidence),
    seconds: 21,
  };
}

/** The demo's comment: GET /seed/v1 twice as slow, 12 pairs, diagnostics and a profile. */
export function demoReport(): Report {
  const report = gateReport({ paths: { '/seed/v1': 0.5 }, pairs: 12, noise: 0.02, seed: 11 });
  const diagnostics: DiagnosticsSummary = {
    base: side(71.5, 13.1),
    head: side(88.2, 14.0),
    comparison: { eventLoopP99Ratio: 1.07, eventLoop: 'similar', leak: 'none' },
    blockedMs: 20,
  };
  return {
    ...report,
    base: { ...report.base, label: 'main' },
    head: { ...report.head, label: 'fresh-catalogue' },
    settings: { ...report.settings, sliceSec: 0.25, restartEvery: 4, threshold: 0.05 },
    diagnostics,
    profile: recordedProfile(),
  };
}

/** The comment as GitHub would show it: GFM to HTML, a ```mermaid block as a <pre class="mermaid">. */
function html(markdown: string): string {
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      code({ text, lang }) {
        if (lang !== 'mermaid') return false;
        return `<pre class="mermaid">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>\n`;
      },
    },
  });
  return marked.parse(markdown) as string;
}

/** Text nodes outside <code> and <pre> that show a backtick: Markdown that did not render. */
function literalBackticks(body: string): string[] {
  const { document, NodeFilter } = new JSDOM(`<body>${body}</body>`).window;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.parentElement?.closest('code, pre')) continue;
    if (node.textContent?.includes('`')) found.push(node.textContent);
  }
  return found;
}

/** The Mermaid blocks of a comment's Markdown. */
function charts(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
}

/** The text chunk of docs/comment.png that holds the SHA-256 of the Markdown it shows. */
const SOURCE_KEY = 'perf-gate-markdown-sha256';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;max-width:860px;margin:16px auto;padding:0 16px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d1d9e0;padding:4px 10px}th{background:#f6f8fa}
code{background:#eff1f3;border-radius:4px;padding:1px 4px;font-size:85%}h3{margin:8px 0}
details{margin:6px 0}summary{cursor:pointer;color:#0969da}sub{color:#59636e}pre.mermaid{background:none}`;

describe('the comment a reviewer reads in ten seconds (a 2× regression, the demo)', () => {
  const report = demoReport();
  // As the action posts it: the label that accepts, this run's page, the flame graphs' artifact.
  const markdown = renderMarkdown(report, {
    acceptLabel: 'perf-gate:accept',
    runUrl: 'https://github.com/octo-org/shop/actions/runs/42',
    detailsUrl: 'https://github.com/octo-org/shop/actions/runs/42/artifacts/7',
  });

  test('its first screen answers in plain words: slower or not, by how much, how sure, what to do next', (t) => {
    const lines = markdown.split('\n');
    const first = lines.findIndex((l) => l.startsWith('<details'));
    t.diagnostic(lines.slice(0, first).join('\n'));
    assert.ok(first > 0 && first <= 12, `${first} lines before the first <details>`);
    const top = lines.slice(0, first).join('\n');
    // The branches, the pull request, by how much, what was measured, how sure.
    assert.match(
      top,
      /^### 🔴 perf-gate: regression\n\n\*\*#7 \(`fresh-catalogue`\) makes GET \/seed\/v1 2\.0× slower than `main`\*\*: [\d,]+ req\/s against [\d,]+; (very sure|sure, though only just)\.\n/,
    );
    // What to do: the hotter function with file:line and the flame graphs, accepting, measuring again.
    assert.match(
      top,
      /^\*\*Next:\*\* Look at `slowPath` in `lib\/util\.js:5`, which got hotter \([\d.]+ µs → [\d.]+ µs per request; \[flame graphs\]\(https:\/\/github\.com\/octo-org\/shop\/actions\/runs\/42\/artifacts\/7\)\)\. Intended\? Add the label `perf-gate:accept` .* \[re-run the job\]\(https:\/\/github\.com\/octo-org\/shop\/actions\/runs\/42\) to measure again\.$/m,
    );
    // Measured columns only; the rule, the p-values and the power are folded away.
    assert.match(top, /^\| scenario \| metric \| base \| head \| change \(95% interval\) \| verdict \|$/m);
    assert.doesNotMatch(top, /p \(adjusted\)|base × change|lies wholly beyond|Noise per pair|p = /);
    const why = markdown.slice(markdown.indexOf('<summary>Why'));
    assert.match(why, /lies wholly beyond −2\.53% \(half the threshold\) and the estimate beyond −5%/);
    assert.match(
      why,
      /p-values, adjusted over the 3 comparisons and every planned look: p [=<] [\d.]+ for (every one|GET \/seed\/v1)/,
    );
    assert.match(why, /Noise per pair: req\/s ±\d\.\d%/);
    assert.doesNotMatch(markdown, /p = </);
    assert.doesNotMatch(markdown, /95% CI/);
  });

  test('every chart parses as Mermaid: one per metric, req/s unfolded', async () => {
    const dom = new JSDOM('<!doctype html><html><body></body></html>');
    Object.assign(globalThis, { window: dom.window, document: dom.window.document });
    const { default: mermaid } = await import('mermaid');
    mermaid.initialize({ startOnLoad: false });
    const blocks = charts(markdown);
    assert.equal(blocks.length, 2, 'req/s, p99 (p50 is shown in the table, not tested)');
    for (const block of blocks) {
      const parsed = await mermaid.parse(block);
      assert.ok(parsed && parsed.diagramType === 'xychart', block);
    }
    assert.match(
      markdown,
      /<details open><summary>Each pair: head ÷ base<\/summary>\n\n```mermaid\n[^`]*title "req\/s/,
    );
    await assert.rejects(
      mermaid.parse('xychart-beta\n  line [one, two]'),
      'Mermaid does reject a broken chart',
    );
  });

  test('rendered as GitHub-flavoured Markdown: tables, sections, no backtick left showing', () => {
    const body = html(markdown);
    assert.deepEqual(literalBackticks(body), []);
    const { document } = new JSDOM(`<body>${body}</body>`).window;
    assert.equal(
      document.querySelectorAll('table').length >= 4,
      true,
      'comparison, hotter, diagnostics, rounds',
    );
    assert.equal(document.querySelectorAll('pre.mermaid').length, 2);
    assert.ok(document.querySelector('details[open] pre.mermaid'), 'the req/s chart is unfolded');
    const summaries = [...document.querySelectorAll('summary')].map((s) => s.textContent);
    assert.deepEqual(summaries, [
      'Why: the rule, the p-values, what this run could detect',
      'Each pair: head ÷ base',
      'Each pair: head ÷ base of the other metrics',
      'Inside each server: event loop, CPU, memory',
      'Where the CPU time went: the profile',
      'How it was measured',
      'Every round',
    ]);
  });

  test('docs/comment.png shows this comment: it was taken of the Markdown the code renders now', () => {
    const shown = textOf(readFileSync(join(ROOT, 'docs/comment.png')), SOURCE_KEY);
    assert.equal(
      shown,
      sha256(markdown),
      'docs/comment.png is stale: take it again with `PERF_GATE_UPDATE_SCREENSHOT=1 node --test test/unit/publish/comment-render.test.ts` (needs Chromium)',
    );
  });

  test('a screenshot in headless Chromium, as GitHub shows it (docs/comment.png)', () => {
    const chromium = browser();
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-comment-'));
    try {
      const mermaidJs = join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js');
      const page = join(dir, 'comment.html');
      // The verdict's emoji as coloured dots: a headless Chromium here may have no colour-emoji font.
      const dots = html(markdown).replace(
        /🔴|🟢|⚪|🟡/gu,
        (e) =>
          `<span style="color:${{ '🔴': '#d1242f', '🟢': '#1a7f37', '⚪': '#8c959f', '🟡': '#d4a72c' }[e]}">●</span>`,
      );
      writeFileSync(
        page,
        `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style><script src="file://${mermaidJs}"></script></head><body>${dots}<script>mermaid.initialize({ startOnLoad: false, theme: 'default' }); mermaid.run();</script></body></html>`,
      );
      const png = join(dir, 'comment.png');
      execFileSync(
        chromium,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--hide-scrollbars',
          '--allow-file-access-from-files',
          '--window-size=920,990',
          '--virtual-time-budget=10000',
          `--screenshot=${png}`,
          `file://${page}`,
        ],
        { stdio: 'pipe', timeout: 60_000 },
      );
      assert.ok(statSync(png).size > 20_000, 'a screenshot with something in it');
      assert.equal(readFileSync(png).subarray(1, 4).toString(), 'PNG');
      if (process.env.PERF_GATE_UPDATE_SCREENSHOT === '1')
        writeFileSync(
          join(ROOT, 'docs/comment.png'),
          withText(readFileSync(png), SOURCE_KEY, sha256(markdown)),
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
