/** The gate's report as Markdown: the PR comment, the job summary and the check run's summary. Pure. */

import type { StopReason } from '../model/decision.ts';
import type { DriftView } from '../model/history.ts';
import type { Acceptance, Report, ReportView, RunRecord } from '../model/report.ts';
import { allocationSection } from './allocation-text.ts';
import { acceptedLine, historySection } from './comment-runs-text.ts';
import { renderDiagnosticsSection } from './diagnostics.ts';
import { code, codeBlock, escapeMarkdown, inlineText } from './escape.ts';
import { formatSeconds, formatShare } from './format.ts';
import { driftLine } from './history-text.ts';
import { decisionSentence, type LeadOptions, leadSentence, nextLine, titleLine } from './lead.ts';
import { memoryCharts } from './memory-chart.ts';
import { noteText } from './note-text.ts';
import { carryOverNote, droppedNote, openLoopText, processOffsetNote, scenariosLine } from './notes.ts';
import { isAccepted } from './outputs.ts';
import { pairCharts } from './pair-chart.ts';
import { planSentence } from './plan-text.ts';
import { hotterLine, profileSection } from './profile.ts';
import { oneRunnerLine, runnersLines, runnersSection } from './runners-text.ts';
import { comparisonTable, familySize, pValuesLine, roundsTable } from './tables.ts';
import { noiseLine, readingNote, verdictSentence } from './verdict-text.ts';

// gate/run-gate.ts imports these from here; ./notes.ts is their home.
export { processOffsetNote, processOffsetOverruled } from './notes.ts';

const STOP_TEXT: Record<StopReason, string> = {
  resolved: 'stopped early: every comparison was resolved',
  budget: 'stopped at the time budget',
  fixed: 'a fixed number of pairs',
  deadline: "stopped by the gate's time limit",
  'no-scenarios': 'no scenario left to compare',
  noise: "stopped early: this hour's noise could not resolve the threshold within the budget",
};

/**
 * Why the gate stopped, in words: a confirmed regression settles the verdict while other comparisons may still be
 * undecided, and then the words say so rather than that every comparison was resolved.
 */
function stopText(report: Report, stoppedBy: StopReason): string {
  const open = (report.decision?.comparisons ?? []).filter((c) => c.verdict === 'inconclusive').length;
  if (stoppedBy !== 'resolved' || open === 0) return STOP_TEXT[stoppedBy];
  return `stopped early: a confirmed regression settles the verdict; ${open} comparison${open === 1 ? ' was' : 's were'} left undecided`;
}

function interleaving(s: Report['settings']): string {
  const warmup = `after ${s.warmupSec} s warm-up`;
  if (!s.sliceSec) return `base and head alternating ABBA, ${s.durationSec} s each ${warmup}`;
  return `${s.durationSec} s of load per side in each pair, ${warmup}, base and head taking turns ABBA of ${s.sliceSec} s`;
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
      ? `${shards.length} ${shards.every((x) => x.replica) ? 'runners' : 'shards'} of ${shards.map((x) => x.pairs).join(', ')}`
      : (q?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size);
  const adaptive =
    q === undefined || shards.length > 1
      ? ''
      : s.pairs === undefined
        ? ` (adaptive, ${stopText(report, q.stoppedBy)}; looked after ${q.looked.join(', ')} pairs of ${q.schedule.length} planned looks${q.confirmationPairs > 0 ? `; ${q.confirmationPairs} pairs added to confirm a borderline regression` : ''}${q.disturbedPairs > 0 ? `; ${q.disturbedPairs} disturbed pairs measured again` : ''}${q.keptDisturbedPairs > 0 ? `; ${q.keptDisturbedPairs} disturbed pairs kept` : ''})`
        : ` (${stopText(report, q.stoppedBy)})`;
  return `${pairs} pairs of interleaved rounds${adaptive}`;
}

function howMeasured(report: Report, comparisons: number): string {
  const s = report.settings;
  const shards = report.shards ?? [];
  const across =
    shards.length > 1 ? ` (across all ${shards.every((x) => x.replica) ? 'runners' : 'shards'})` : '';
  // The plan says how this gate measured; a report written before there were plans has its settings only.
  const how = report.plan
    ? planSentence(report.plan)
    : `${interleaving(s)}, ${s.connections} connections, ${lifecycle(s.restartEvery)}`;
  return (
    `${pairsMeasured(report)}, ${how} · ` +
    `threshold ±${formatShare(s.threshold)} (req/s), ±${formatShare(s.latencyThreshold ?? s.threshold)} (latency) · intervals simultaneous and p-values adjusted over ${comparisons} comparisons${across} and every planned look (α = ${s.alpha}) · ` +
    `measuring ${formatSeconds(report.timing.measureSec)}, ${formatSeconds(report.timing.wallSec)} in all`
  );
}

/**
 * What a reviewer reads first: the verdict, one sentence in plain words (branches, the pull request, by how much,
 * how sure), what to do next, the error if any, and the table of what was measured. An error never stands under a
 * regression title: the title says error, and what was measured before it follows under "Of what was measured".
 */
function head(report: Report, view: ReportView, options: RenderOptions): string[] {
  const lead = leadOptions(view, options);
  const out = [titleLine(report, lead), '', leadSentence(report, lead), '', nextLine(report, lead), ''];
  if (isAccepted(report, options.accepted)) out.push(acceptedLine(options.accepted), '');
  if (report.error) {
    const e = report.error;
    out.push(e.neutral ? '> [!WARNING]' : '> [!CAUTION]', `> ${escapeMarkdown(e.message)}`, '');
    if (e.output)
      out.push('<details><summary>Last output</summary>', '', codeBlock(e.output), '', '</details>', '');
  }
  const decision = report.decision;
  if (decision && report.error)
    out.push(`Of what was measured: ${decisionSentence(report, decision, lead)}`, '');
  if (decision) out.push(...comparisonTable(decision, view.medians), '');
  const runners = runnersLines(report);
  if (runners.length > 0) out.push(...runners, '');
  if (options.drift) out.push(driftLine(options.drift), '');
  if (report.newScenarios.length > 0) {
    out.push(
      `New on head (base answers them with errors, so they are not compared): ${report.newScenarios.map(escapeMarkdown).join(', ')}.`,
      '',
    );
  }
  return out;
}

/** The rule that decided, the p-values and what this run could detect: folded, for whoever asks why. */
function whySection(report: Report): string[] {
  const decision = report.decision;
  if (!decision) return [];
  // The sentence is Markdown already: its scenario names are escaped where it names them.
  const lines = [verdictSentence(decision)];
  const p = pValuesLine(decision);
  if (p !== '') lines.push('', p);
  const noise = noiseLine(decision);
  if (noise !== '') lines.push('', noise);
  const more = oneRunnerLine(report);
  if (more !== '') lines.push('', more);
  const hotter = report.profile ? hotterLine(report.profile.hotter) : '';
  if (hotter !== '') lines.push('', hotter);
  return section('Why: the rule, the p-values, what this run could detect', lines);
}

function leadOptions(view: ReportView, options: RenderOptions): LeadOptions {
  return { ...options, medians: view.medians };
}

/** A `<details>` section (open: shown unfolded) of Markdown lines; [] when there are none. */
function section(summary: string, body: readonly string[], open = false): string[] {
  if (body.length === 0) return [];
  return [`<details${open ? ' open' : ''}><summary>${summary}</summary>`, '', ...body, '', '</details>', ''];
}

/**
 * The pictures: req/s pair by pair unfolded (folded on "no change", with nothing to show), each side's memory
 * unfolded when a leak or allocation regressed (drawn only then), the other metrics folded.
 */
function charts(report: Report): string[] {
  const decision = report.decision;
  if (!decision || report.rounds.length === 0) return [];
  const names = (s: string): string => escapeMarkdown(s);
  const first = decision.comparisons[0]?.metric;
  const split = (keep: (metric: string) => boolean) => ({
    ...decision,
    comparisons: decision.comparisons.filter((c) => keep(c.metric)),
  });
  const lead = pairCharts(
    split((m) => m === first),
    report.rounds,
    names,
  );
  const rest = pairCharts(
    split((m) => m !== first),
    report.rounds,
    names,
  );
  return [
    ...section('Each pair: head ÷ base', lead.slice(1), report.verdict !== 'no-change'),
    ...section(
      'Memory: each side over the gate',
      memoryCharts(decision, report.rounds, names).slice(1),
      true,
    ),
    ...section('Each pair: head ÷ base of the other metrics', rest.slice(1)),
  ];
}

/** How it was measured, on what, the notes, and how to read the table. */
function measuredSection(report: Report, view: ReportView): string[] {
  const decision = report.decision;
  const out = [howMeasured(report, decision ? familySize(decision) : 0)];
  const open = openLoopText(view.openLoop);
  if (open !== '') out.push('', open);
  const scenarios = scenariosLine(report);
  if (scenarios !== '') out.push('', scenarios);
  out.push(
    '',
    `base ${code(report.base.label)} (${report.base.sha.slice(0, 7)}) · head ${code(report.head.label)} (${report.head.sha.slice(0, 7)}) · Node ${report.environment.node} · ${report.environment.cpus} CPUs`,
  );
  if (decision) out.push('', readingNote(decision, report.sequential?.schedule.length ?? 1));
  return out;
}

/** The notes: the processes' blocks, then the gate's own. */
function notes(report: Report): string[] {
  const own = [processOffsetNote, carryOverNote, droppedNote].flatMap((note) => note(report.decision) ?? []);
  const all = [...own, ...report.notes.map(noteText)];
  return all.flatMap((note, i) => [...(i > 0 ? [''] : []), `Note: ${inlineText(note)}`]);
}

export interface RenderOptions {
  /** Where the full report lives (job summary, artifact), linked when the comment is trimmed. */
  detailsUrl?: string;
  /** The gate's `name`, shown in the title. */
  name?: string | undefined;
  /** The pull request accepted a regression on purpose (publish/accept.ts). */
  accepted?: Acceptance | undefined;
  /** The label that accepts an intended slowdown (`accept-label`); undefined: accepting is off. */
  acceptLabel?: string | undefined;
  /** A line of the description accepts too (`accept-in-description`): the comment offers it only then. */
  acceptInDescription?: boolean | undefined;
  /** The earlier runs of this gate on the pull request, newest first (the comment's history). */
  earlier?: readonly RunRecord[];
  /** This workflow run's page, where the job summary is and the job is re-run (https only). */
  runUrl?: string | undefined;
  /** How far the pull request's base branch already is from its release (mode history's record), when known. */
  drift?: DriftView | undefined;
}

/**
 * The Markdown of a report, given the numbers computed from it (publish/markdown.ts renderMarkdown): what a
 * reviewer reads in ten seconds first, the picture unfolded, everything else folded.
 */
export function renderReport(report: Report, view: ReportView, options: RenderOptions = {}): string {
  const out = [
    ...head(report, view, options),
    ...whySection(report),
    ...section('Each runner, and what more runners would buy', runnersSection(report)),
    ...charts(report),
    ...historySection(options.earlier ?? []),
  ];
  const noteLines = notes(report);
  if (noteLines.length > 0)
    out.push(...section(`Notes (${noteLines.filter((l) => l !== '').length})`, noteLines));
  const diagnostics = report.diagnostics
    ? renderDiagnosticsSection(report.diagnostics, { inTurns: (report.settings.sliceSec ?? 0) > 0 })
    : '';
  if (diagnostics !== '')
    out.push(...section('Inside each server: event loop, CPU, memory', diagnostics.trim().split('\n')));
  if (report.profile && report.profile.cpu !== false)
    out.push(
      ...section('Where the CPU time went: the profile', profileSection(report.profile).trim().split('\n')),
    );
  if (report.profile?.allocation)
    out.push(
      ...section(
        'Where the memory went: the allocation profile',
        allocationSection(report.profile.allocation).trim().split('\n'),
      ),
    );
  if (report.profile?.kept)
    out.push(
      ...section(
        'What head keeps: the kept profile',
        allocationSection(report.profile.kept, 'kept').trim().split('\n'),
      ),
    );
  out.push(...section('How it was measured', measuredSection(report, view)));
  if (report.rounds.length > 0) out.push(...section('Every round', roundsTable(report)));
  if (options.detailsUrl) out.push(`[Flame graphs and raw numbers (artifact)](${options.detailsUrl})`, '');
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The one-line comment of a run the comment is not wanted for (`comment`), which updates the comment an earlier
 * run left: the verdict and the headline, where the whole report is, and the earlier runs.
 */
export function renderBrief(report: Report, options: RenderOptions = {}): string {
  const where =
    options.runUrl && /^https:\/\/[^\s()<>]+$/.test(options.runUrl)
      ? `[the job summary](${options.runUrl})`
      : 'the job summary';
  return `${[
    titleLine(report, options),
    '',
    `${leadSentence(report, options)} The whole report is in ${where}.`,
    '',
    ...historySection(options.earlier ?? []),
  ]
    .join('\n')
    .trimEnd()}\n`;
}
