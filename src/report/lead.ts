/**
 * The first lines of the comment, in plain words: the title, then one sentence with the branches and the pull
 * request (what head does to the worst scenario, by how much, the measured values, how sure), then what to do next
 * (the function that got hotter and the flame graphs, how to accept an intended slowdown, how to measure again).
 * Pure; branch, scenario and function names are untrusted and escaped.
 */
import type { Decision, ErrorComparison, MetricComparison } from '../model/decision.ts';
import type { Acceptance, HotFunction, MeasuredMedians, Report } from '../model/report.ts';
import { code, escapeMarkdown } from './escape.ts';
import {
  formatCount,
  formatShare,
  formatSize,
  formatValue,
  metricLabel,
  VERDICT_ICON,
  VERDICT_TEXT,
} from './format.ts';
import { furthestOpen } from './headline.ts';
import { allocationClause, leaked, leakSentence, memoryNext, moreAllocation } from './memory-text.ts';
import { headlineComparison, isAccepted } from './outputs.ts';
import { callerSubject, formatBusyShare, formatUs, hotSubject } from './profile.ts';

/** What the lead needs besides the report. */
export interface LeadOptions {
  /** The gate's `name`, shown in the title. */
  name?: string | undefined;
  /** The pull request accepted its regression. */
  accepted?: Acceptance | undefined;
  /** The label that accepts an intended slowdown; undefined: accepting is off. */
  acceptLabel?: string | undefined;
  /** A line of the description that starts with the label accepts too (`accept-in-description`). */
  acceptInDescription?: boolean | undefined;
  /** The artifact with the flame graphs. */
  detailsUrl?: string | undefined;
  /** This workflow run's page, where a job is re-run. */
  runUrl?: string | undefined;
  /** Each comparison's measured medians (publish/markdown.ts). */
  medians?: readonly MeasuredMedians[] | undefined;
}

/** A failure of head (or of perf-gate): the step fails, and no regression title may stand over it. */
export function failed(report: Report): boolean {
  return report.error !== undefined && !report.error.neutral;
}

/** The title: what happened, in one or two words, with the gate's name when it has one. */
export function titleLine(report: Report, options: LeadOptions): string {
  const gate = options.name ? `perf-gate (${escapeMarkdown(options.name)})` : 'perf-gate';
  if (failed(report)) return `### ❌ ${gate}: error`;
  if (isAccepted(report, options.accepted)) return `### 🟠 ${gate}: regression, accepted`;
  const open = (report.decision?.comparisons ?? []).filter((c) => c.verdict === 'inconclusive').length;
  // Nothing is called better (or unchanged) over the whole gate while a comparison is still open.
  const title =
    open > 0 && (report.verdict === 'improvement' || report.verdict === 'no-change')
      ? `### ${VERDICT_ICON.inconclusive} ${gate}: ${report.verdict === 'improvement' ? 'an improvement, ' : ''}${open} comparison${open === 1 ? '' : 's'} still open`
      : `### ${VERDICT_ICON[report.verdict]} ${gate}: ${VERDICT_TEXT[report.verdict]}`;
  return report.verdict === 'inconclusive' ? `${title}, ${inconclusiveOutcome(report)}` : title;
}

/** Whether an inconclusive gate lets the pull request through, and why, for the title (decide/outcome.ts). */
function inconclusiveOutcome(report: Report): string {
  const passes = 'the check passes as neutral';
  if (report.error?.neutral) return `${passes}: the base could not be measured, so nothing was compared`;
  if (!report.decision) return `${passes}: too little was measured to compare`;
  return `${passes}: no slowdown was shown, and none was ruled out`;
}

/** An https link, or undefined (a URL from the environment is checked before it becomes a link). */
function safeUrl(url: string | undefined): string | undefined {
  return url && /^https:\/\/[^\s()<>]+$/.test(url) ? url : undefined;
}

/**
 * `#12 (`feature/cache`)`: on a pull request its number (ours, so it may link) and head's branch; the branch alone
 * otherwise. The number comes first, in a text of its own, so that no untrusted name shares a text with it.
 */
function headName(report: Report): string {
  const number = report.pullRequest?.number;
  return number === undefined ? code(report.head.label) : `#${number} (${code(report.head.label)})`;
}

/** What head does to a scenario's metric, as a verb phrase: "makes GET /x 2.0× slower than `main`". */
function effect(c: MetricComparison, base: string): string {
  const scenario = escapeMarkdown(c.scenario);
  const up = c.change > 0;
  if (c.metric === 'rps')
    return `makes ${scenario} ${formatSize(c.change)} ${up ? 'faster' : 'slower'} than ${base}`;
  if (c.metric === 'cpu')
    return `makes each request of ${scenario} cost ${formatSize(c.change)} ${up ? 'more' : 'less'} server CPU than on ${base}`;
  if (c.metric === 'alloc')
    return `makes ${scenario} allocate ${formatSize(c.change)} ${up ? 'more' : 'less'} per request than ${base}`;
  return `${up ? 'raises' : 'lowers'} the ${metricLabel(c.metric)} of ${scenario} by ${formatSize(c.change)} against ${base}`;
}

/** The measured values of a comparison: "3,862 req/s against 4,365". */
function values(c: MetricComparison, medians: readonly MeasuredMedians[] | undefined): string {
  const m = medians?.find((x) => x.scenario === c.scenario && x.metric === c.metric);
  const [base, head] = m && Number.isFinite(m.head) ? [m.base, m.head] : [c.base, c.head];
  const unit = c.metric === 'rps' ? ' req/s' : '';
  return `${formatValue(c.metric, head)}${unit} against ${formatValue(c.metric, base)}`;
}

/**
 * How sure the verdict is, in words that follow both its p-value (in the fold, not on the first screen) and its
 * interval: very sure only when p is a tenth of alpha or less and the whole interval lies beyond the threshold; else
 * sure, though only just (p near alpha, as with few pairs however clear they are); a change that
 * clears only the rule's floor (half the threshold) is likely; an interval inside the threshold is sure to be no
 * change; anything else is not sure. Every verdict already holds at `alpha` over all comparisons and looks.
 */
export function howSure(c: MetricComparison, alpha: number): string {
  const [low, high] = c.ci;
  if (c.verdict === 'no-change') return 'sure';
  if (c.verdict === 'inconclusive' || !Number.isFinite(low) || !Number.isFinite(high)) return 'not sure';
  const beyond = c.change < 0 ? high <= -c.threshold : low >= c.threshold;
  if (!beyond) return 'likely';
  return c.pAdjusted <= alpha / 10 ? 'very sure' : 'sure, though only just';
}

/** Head's failed requests: "breaks GET /x: 1,234 of 5,000 requests failed (answers 500; base: 0)". */
function failureSentence(report: Report, e: ErrorComparison): string {
  const codes = Object.entries(e.headStatus)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([status]) => status);
  const answers = codes.length > 0 ? `answers ${codes.join('/')}; ` : '';
  return `**${headName(report)} breaks ${escapeMarkdown(e.scenario)}**: ${formatCount(e.headFailures)} of ${formatCount(e.headResponses)} requests failed (${answers}base: ${formatCount(e.baseFailures)}); sure.`;
}

/** The sentence of a decision: what head does, by how much, the measured values, how sure. */
export function decisionSentence(report: Report, decision: Decision, options: LeadOptions): string {
  const base = code(report.base.label);
  const who = headName(report);
  const failing = decision.errors.find((e) => e.verdict === 'regression');
  if (decision.verdict === 'regression' && failing) return failureSentence(report, failing);
  const c = headlineComparison(decision);
  const leak = leaked(decision);
  if (decision.verdict === 'regression' && leak && c?.verdict !== 'regression')
    return `**${who} leaks memory**: ${leakSentence(leak)}; sure.`;
  if (!c) return `**${who} was not compared with ${base}**: no scenario could be.`;
  if (decision.verdict === 'regression' || decision.verdict === 'improvement') {
    const more = new Set(
      decision.comparisons.filter((x) => x.verdict === decision.verdict).map((x) => x.scenario),
    ).size;
    const also =
      more > 1
        ? `; ${more - 1} more scenario${more === 2 ? '' : 's'} ${decision.verdict === 'regression' ? 'got worse' : 'got better'} too (below)`
        : '';
    const alloc = c.metric === 'alloc' ? undefined : moreAllocation(decision, c.scenario);
    const why = alloc && decision.verdict === 'regression' ? `; ${allocationClause(alloc)}` : '';
    const leaks = leak ? `; and it leaks memory: ${leakSentence(leak)}` : '';
    return `**${who} ${effect(c, base)}**: ${values(c, options.medians)}${why}; ${howSure(c, decision.alpha)}${also}${leaks}.`;
  }
  const scenarios = new Set(decision.comparisons.map((x) => x.scenario)).size;
  if (decision.verdict === 'no-change') {
    if (scenarios > 1)
      return `**${who} leaves ${scenarios === 2 ? 'both' : `all ${scenarios}`} scenarios within their thresholds of ${base}**; sure.`;
    return `**${who} leaves ${escapeMarkdown(c.scenario)} within ±${formatShare(c.threshold)} of ${base}**: ${values(c, options.medians)}; sure.`;
  }
  const open = furthestOpen(decision.comparisons) ?? c;
  return `**perf-gate cannot tell yet whether ${who} changes the ${metricLabel(open.metric)} of ${escapeMarkdown(open.scenario)} by more than ±${formatShare(open.threshold)} against ${base}**: ${values(open, options.medians)}; not sure.`;
}

/** The lead sentence of the report: the decision's, or what stopped the gate. */
export function leadSentence(report: Report, options: LeadOptions): string {
  const base = code(report.base.label);
  if (report.error?.neutral)
    return `**perf-gate could not measure the base, ${base}**: the check stays neutral.`;
  if (report.error)
    return `**perf-gate could not measure ${headName(report)} against ${base}**: the error below.`;
  if (!report.decision)
    return `**perf-gate measured too little to compare ${headName(report)} with ${base}**.`;
  return decisionSentence(report, report.decision, options);
}

/**
 * What got hotter: "`serialise` in `index.js:12`, which got hotter (4.20 µs → 38.0 µs per request" (open); a file or
 * a package by its name; Node's own code through the program's frame that called it, the internal frame as context.
 */
function hotterPhrase(hot: HotFunction): string {
  const change =
    hot.baseUsPerRequest !== undefined && hot.headUsPerRequest !== undefined
      ? `${formatUs(hot.baseUsPerRequest)} → ${formatUs(hot.headUsPerRequest)} per request`
      : `${formatBusyShare(hot.baseSelf)} → ${formatBusyShare(hot.headSelf)} of busy time`;
  if (hot.caller)
    return `${callerSubject(hot.caller)}, whose call into ${hotSubject(hot)} got hotter (${change}`;
  return `${hotSubject(hot)}, which got hotter (${change}`;
}

/** "re-run the job", linked to the run's page when there is one. */
function rerun(options: LeadOptions, capital = false): string {
  const text = `${capital ? 'R' : 'r'}e-run the job`;
  const url = safeUrl(options.runUrl);
  return url ? `[${text}](${url})` : text;
}

/** What to do about a regression: look at what got hotter, accept it if intended, or measure again. */
function regressionNext(report: Report, options: LeadOptions): string {
  const parts: string[] = [];
  const hot = report.profile?.hotter[0];
  const flames = safeUrl(options.detailsUrl);
  const { allocation, kept } = report.profile ?? {};
  const memory = report.decision ? memoryNext(report.decision, allocation?.more[0], kept?.more[0]) : '';
  if (memory !== '') parts.push(memory);
  if (hot) parts.push(`Look at ${hotterPhrase(hot)}${flames ? `; [flame graphs](${flames})` : ''}).`);
  else if (flames) parts.push(`Look at the [flame graphs](${flames}).`);
  if (options.acceptLabel) {
    const line = options.acceptInDescription
      ? ` (or a line ${code(`${options.acceptLabel} <why>`)} to the description)`
      : '';
    parts.push(`Intended? Add the label ${code(options.acceptLabel)}${line} and re-run the job.`);
  }
  parts.push(
    `${parts.length > 0 ? 'Otherwise fix' : 'Fix'} it and push, or ${rerun(options)} to measure again.`,
  );
  return parts.join(' ');
}

/** The **Next** line: what to do now. */
export function nextLine(report: Report, options: LeadOptions): string {
  let next: string;
  if (failed(report)) next = `Fix what the error says (the last output is below), then ${rerun(options)}.`;
  else if (report.error)
    next = 'Nothing in this pull request: the base branch does not build or start; fix it there.';
  else if (isAccepted(report, options.accepted)) {
    const undo =
      options.accepted.how === 'label'
        ? `remove the label ${code(options.accepted.label)}`
        : 'remove the line from the description';
    next = `Nothing. To stop accepting it, ${undo} and ${rerun(options)}.`;
  } else if (report.verdict === 'regression') next = regressionNext(report, options);
  else if (report.verdict === 'inconclusive')
    next = `Give the gate more time (\`time-budget\`; the notes say how much when the runner was too noisy) or more runners (\`replica: i/n\`, docs/replicas.md); ${rerun(options)} only after a noisy hour.`;
  else next = 'Nothing to do.';
  return `**Next:** ${next}`;
}
