/** The gate's report as Markdown: the PR comment, the job summary and the check run's summary. Pure. */

import type { StopReason } from '../model/decision.ts';
import type { Report, ReportView } from '../model/report.ts';
import { renderDiagnosticsSection } from './diagnostics.ts';
import { code, codeBlock, escapeMarkdown, inlineText } from './escape.ts';
import { formatSeconds, formatShare, VERDICT_ICON, VERDICT_TEXT } from './format.ts';
import { noiseLine, openLoopText, processOffsetNote, scenariosLine } from './notes.ts';
import { comparisonTable, roundsTable } from './tables.ts';

// gate/run.ts imports these from here; ./notes.ts is their home.
export { processOffsetNote, processOffsetOverruled } from './notes.ts';

/**
 * The report with every occurrence of each secret (e.g. the token, if some output echoed it) replaced by `***`.
 * Secrets shorter than 8 characters are left alone (they would mangle ordinary words).
 */
export function redact(report: Report, secrets: readonly string[]): Report {
  const hidden = secrets.filter((secret) => secret.length >= 8);
  if (hidden.length === 0) return report;
  const json = JSON.stringify(report);
  let clean = json;
  for (const secret of hidden) {
    const encoded = JSON.stringify(secret).slice(1, -1);
    clean = clean.replaceAll(encoded, '***');
  }
  return clean === json ? report : (JSON.parse(clean) as Report);
}

const STOP_TEXT: Record<StopReason, string> = {
  resolved: 'stopped early: every comparison was resolved',
  budget: 'stopped at the time budget',
  fixed: 'a fixed number of pairs',
  deadline: "stopped by the gate's time limit",
  'no-scenarios': 'no scenario left to compare',
};

function interleaving(s: Report['settings']): string {
  const warmup = `after ${s.warmupSec} s warm-up`;
  if (!s.sliceSec) return `base and head alternating ABBA, ${s.durationSec} s each ${warmup}`;
  return `${s.durationSec} s of load per side in each pair, ${warmup}, base and head taking turns ABBA in slices of ${s.sliceSec} s`;
}

function lifecycle(restartEvery: number | undefined): string {
  if (!restartEvery) return 'a fresh server process per round';
  if (restartEvery === 1)
    return 'new base and head server processes for every pair, started together, not primed';
  return `base and head servers side by side, restarted together and primed every ${restartEvery} pairs`;
}

/** How many pairs, and how an adaptive gate got there. */
function pairsMeasured(report: Report): string {
  const s = report.settings;
  const q = report.sequential;
  const shards = report.shards ?? [];
  const pairs =
    shards.length > 1
      ? `${shards.length} shards of ${shards.map((x) => x.pairs).join(', ')}`
      : (q?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size);
  const adaptive =
    q === undefined || shards.length > 1
      ? ''
      : s.pairs === undefined
        ? ` (adaptive, ${STOP_TEXT[q.stoppedBy]}; looked after ${q.looked.join(', ')} pairs of ${q.schedule.length} planned looks${q.confirmationPairs > 0 ? `; ${q.confirmationPairs} pairs added to confirm a borderline regression` : ''}${q.disturbedPairs > 0 ? `; ${q.disturbedPairs} disturbed pairs measured again` : ''}${q.keptDisturbedPairs > 0 ? `; ${q.keptDisturbedPairs} disturbed pairs kept` : ''})`
        : ` (${STOP_TEXT[q.stoppedBy]})`;
  return `${pairs} pairs of interleaved rounds${adaptive}`;
}

function howMeasured(report: Report, comparisons: number): string {
  const s = report.settings;
  const across = (report.shards ?? []).length > 1 ? ' (across all shards)' : '';
  return (
    `${pairsMeasured(report)}, ${interleaving(s)}, ${s.connections} connections, ${lifecycle(s.restartEvery)} · ` +
    `threshold ±${formatShare(s.threshold)} (req/s), ±${formatShare(s.latencyThreshold ?? s.threshold)} (latency) · p-values Holm-adjusted across ${comparisons} comparisons${across} counting every planned look (α = ${s.alpha}) · ` +
    `measuring ${formatSeconds(report.timing.measureSec)}, ${formatSeconds(report.timing.wallSec)} in all`
  );
}

/** The verdict, the headline, the error if any, the comparisons and the sections. */
function head(report: Report): string[] {
  const out = [`### ${VERDICT_ICON[report.verdict]} perf-gate: ${VERDICT_TEXT[report.verdict]}`, ''];
  out.push(`**${escapeMarkdown(report.headline)}**`, '');
  if (report.error) {
    const e = report.error;
    out.push(e.neutral ? '> [!WARNING]' : '> [!CAUTION]', `> ${escapeMarkdown(e.message)}`, '');
    if (e.output)
      out.push('<details><summary>Last output</summary>', '', codeBlock(e.output), '', '</details>', '');
  }
  if (report.decision) out.push(...comparisonTable(report.decision), '');
  const diagnostics = report.diagnostics
    ? renderDiagnosticsSection(report.diagnostics, { sliced: (report.settings.sliceSec ?? 0) > 0 })
    : '';
  if (diagnostics !== '') out.push(diagnostics.trim(), '');
  if (report.profile) out.push(report.profile.markdown.trim(), '');
  if (report.newScenarios.length > 0) {
    out.push(
      `New on head (base answers them with errors, so they are not compared): ${report.newScenarios.map(escapeMarkdown).join(', ')}.`,
      '',
    );
  }
  return out;
}

/** How it was measured, on what, what the runner could see, and the notes. */
function footer(report: Report, view: ReportView): string[] {
  const decision = report.decision;
  const out = [howMeasured(report, decision?.comparisons.length ?? 0)];
  const open = openLoopText(view.openLoop);
  if (open !== '') out.push('', open);
  const scenarios = scenariosLine(report);
  if (scenarios !== '') out.push('', scenarios);
  out.push(
    '',
    `base ${code(report.base.label)} (${report.base.sha.slice(0, 7)}) · head ${code(report.head.label)} (${report.head.sha.slice(0, 7)}) · Node ${report.environment.node} · ${report.environment.cpus} CPUs`,
  );
  const noise = decision ? noiseLine(decision) : '';
  if (noise) out.push('', noise);
  const offsets = processOffsetNote(decision);
  if (offsets) out.push('', `Note: ${inlineText(offsets)}`);
  for (const note of report.notes) out.push('', `Note: ${inlineText(note)}`);
  return out;
}

export interface RenderOptions {
  /** Where the full report lives (job summary, artifact), linked when the comment is trimmed. */
  detailsUrl?: string;
}

/** The Markdown of a report, given the numbers computed from it (publish/markdown.ts renderMarkdown). */
export function renderReport(report: Report, view: ReportView, options: RenderOptions = {}): string {
  const out = [...head(report), ...footer(report, view)];
  if (report.rounds.length > 0) {
    out.push('', '<details><summary>Every round</summary>', '', ...roundsTable(report), '', '</details>');
  }
  if (options.detailsUrl) out.push('', `[Flame graphs and raw numbers (artifact)](${options.detailsUrl})`);
  out.push(
    '',
    '<sub>How to read this: base and head of each pair run close together (taking turns every fraction of a second, or in adjacent rounds), so they share the machine’s speed of that moment, and the change is estimated from per-pair ratios (Hodges-Lehmann) with a Wilcoxon signed-rank test. A regression needs significance and a change beyond the threshold.</sub>',
  );
  return `${out.join('\n')}\n`;
}
