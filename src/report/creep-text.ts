/**
 * The creep alert's issue: its title, its body (the change, the interval, the chart, the commit range where the
 * series stepped) and the comments that close it. Every text from outside (scenario, branch and release names,
 * commits read back from the history branch) is escaped as in the pull request comment: no mention, link or
 * Markdown can come from it. The first line of the body is the marker perf-gate finds the issue by
 * (src/history/creep.ts), given by the caller. Pure.
 */
import type { CreepMetric, CreepState, CreepStep } from '../model/history.ts';
import { code, escapeMarkdown } from './escape.ts';
import { formatPercent, formatShare, metricLabel, VERDICT_ICON, VERDICT_TEXT } from './format.ts';
import { shortSha, speedWords } from './history-text.ts';

/** Where the links lead (URLs perf-gate made from the repository and the history branch). */
export interface CreepLinks {
  /** The scenario's chart as an image (the SVG's raw URL on the history branch), and its page. */
  image: string;
  chart: string;
  /** index.html on the history branch. */
  page: string;
  /** The comparison of two commits on GitHub. */
  compare: (from: string, to: string) => string;
}

/** How a metric moved, as the title says it: `12.3% slower` for req/s, `+25.0% latency p99` for the others. */
function movement(m: CreepMetric): string {
  return m.metric === 'rps'
    ? speedWords(m.change, m.verdict, m.threshold)
    : `${formatPercent(m.change)} ${metricLabel(m.metric)}`;
}

/** `perf-gate: main is 12.3% slower than v1.1.0 on GET /orders`. */
export function creepTitle(state: CreepState): string {
  const lead = state.metrics[0];
  const what =
    lead === undefined
      ? 'has drifted from'
      : `is ${movement(lead)}${lead.metric === 'rps' ? ' than' : ' against'}`;
  return `perf-gate: ${escapeMarkdown(state.ref)} ${what} ${escapeMarkdown(state.release)} on ${escapeMarkdown(state.scenario)}`;
}

function metricRow(m: CreepMetric, release: string): string {
  return `| ${metricLabel(m.metric)} | ${formatPercent(m.change)} against ${code(release)} | [${formatPercent(m.ci[0])}, ${formatPercent(m.ci[1])}] | ±${formatShare(m.threshold)} | ${VERDICT_ICON[m.verdict]} ${VERDICT_TEXT[m.verdict]} |`;
}

/** The commits of a range as a link, when both are commit ids; else as text. */
function range(from: string, to: string, links: CreepLinks): string {
  const hex = /^[0-9a-f]{7,64}$/;
  const text = `${shortSha(from)}…${shortSha(to)}`;
  return hex.test(from) && hex.test(to) ? `[${text}](${links.compare(from, to)})` : text;
}

function stepLines(state: CreepState, links: CreepLinks): string[] {
  const steps = state.steps;
  if (steps.length === 0) {
    return [
      `**No single step:** no run's interval left the one before it, so the drift crept in over the ${state.runs} runs since ${code(state.release)}: ${range(state.firstCommit, state.commit, links)}.`,
    ];
  }
  const describe = (s: CreepStep): string =>
    `between ${shortSha(s.from.commit)} (${s.from.date.slice(0, 10)}, ${formatPercent(s.from.change)}) and ${shortSha(s.to.commit)} (${s.to.date.slice(0, 10)}, ${formatPercent(s.to.change)}): ${range(s.from.commit, s.to.commit, links)}`;
  const [first, ...rest] = steps;
  return [
    `**Where it stepped** (${metricLabel(first!.metric)}; the first run whose interval left the previous run's): ${describe(first!)}.`,
    ...(rest.length > 0 ? ['', `Later steps: ${rest.slice(-3).map(describe).join('; ')}.`] : []),
    '',
    `A gate of the two commits against each other confirms a step: check out the later one and run \`npx perf-gate compare --base <the earlier one>\` with this workflow's inputs.`,
  ];
}

/** The body after `marker` (its first line). */
export function creepBody(marker: string, state: CreepState, links: CreepLinks): string {
  const lead = state.metrics[0];
  const headline = lead
    ? `**${escapeMarkdown(state.ref)} is ${movement(lead)}${lead.metric === 'rps' ? ' than' : ' against'} ${escapeMarkdown(state.release)} on ${escapeMarkdown(state.scenario)}**`
    : `**${escapeMarkdown(state.ref)} has drifted from ${escapeMarkdown(state.release)} on ${escapeMarkdown(state.scenario)}**`;
  const run =
    state.run && /^https:\/\/[\w.-]+\/[\w./-]+$/.test(state.run) ? ` ([the run](${state.run}))` : '';
  return [
    marker,
    `${headline}, as its latest run measured it at ${shortSha(state.commit)} on ${state.date.slice(0, 10)}${run}: the interval lies beyond the threshold by the rule a pull request gate uses, or has not come back yet.`,
    '',
    '| metric | change | interval | threshold | verdict |',
    '| --- | --- | --- | --- | --- |',
    ...state.metrics.map((m) => metricRow(m, state.release)),
    '',
    ...stepLines(state, links),
    '',
    `[![req/s of ${escapeMarkdown(state.ref)} against its release, run by run](${links.image})](${links.chart})`,
    '',
    `[Every chart](${links.page}) · perf-gate updates this issue on every run of ${escapeMarkdown(state.ref)} against ${code(state.release)} and closes it when each metric named here is back (no change, or an improvement).`,
    '',
  ].join('\n');
}

/** The comment that closes an alert. */
export function creepClosing(state: CreepState, reason: 'back' | 'released', newRelease?: string): string {
  if (reason === 'released') {
    return `${escapeMarkdown(state.ref)} is now measured against ${code(newRelease ?? '')}, a newer release: closing this alert about the release before. Whatever drift remained shipped in that release; its own history compares it with the one before.`;
  }
  const rps = state.current.find((m) => m.metric === 'rps');
  const now = rps ? ` (req/s ${formatPercent(rps.change)})` : '';
  return `✅ ${escapeMarkdown(state.ref)} is back on ${escapeMarkdown(state.scenario)}${now}: at ${shortSha(state.commit)} on ${state.date.slice(0, 10)} every metric this alert named is no change or an improvement against ${code(state.release)}. Closing.`;
}
