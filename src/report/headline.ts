/** The gate's headline: one sentence that says what was found, or why nothing could be. Pure. */

import type { Decision, ErrorComparison, MetricComparison, Verdict } from '../model/decision.ts';
import type { Metric } from '../model/measure.ts';
import type { Report, ReportError, StepOutcome } from '../model/report.ts';
import {
  formatCount,
  formatPercent,
  formatShare,
  formatSize,
  formatValue,
  metricLabel,
  pText,
} from './format.ts';
import { allocationClause, leaked, leakHeadline, leakSentence, moreAllocation } from './memory-text.ts';
import { intervalText } from './tables.ts';

/** The headline of a gate that ended too early to compare anything. */
export const NO_ROUNDS_HEADLINE = 'inconclusive: not enough rounds were measured to compare';

/** The headline of a gate that ended with an error: neutral ones (base's fault) are inconclusive. */
export function errorHeadline(error: Pick<ReportError, 'neutral' | 'message'>): string {
  return `${error.neutral ? 'inconclusive' : 'error'}: ${error.message}`;
}

/** The rule a decision was made with, as far as its headline names it. */
export interface HeadlineRule {
  /** The gate's req/s threshold (named when no comparison has one of its own). */
  threshold: number;
  alpha: number;
}

function describeChange(c: MetricComparison, alpha: number): string {
  const p = pText(c.pAdjusted, alpha);
  const size = formatSize(c.change);
  if (c.metric === 'rps') {
    const values = `req/s ${formatCount(Math.round(c.base))} → ${formatCount(Math.round(c.head))}`;
    return `head is ${size} ${c.change < 0 ? 'slower' : 'faster'} on ${c.scenario} (${values}, ${p})`;
  }
  const values =
    c.metric === 'cpu' || c.metric === 'alloc'
      ? `${formatValue(c.metric, c.base)} → ${formatValue(c.metric, c.head)}`
      : `${c.base.toFixed(2)} ms → ${c.head.toFixed(2)} ms`;
  return `head's ${metricLabel(c.metric)} is ${size} ${c.change > 0 ? 'higher' : 'lower'} on ${c.scenario} (${values}, ${p})`;
}

/**
 * Which comparison leads the headline: throughput first, then its cost (the server's CPU per request), then the
 * tail, then the median; larger first.
 */
function leading(candidates: readonly MetricComparison[]): MetricComparison | undefined {
  const rank: Record<Metric, number> = { rps: 0, cpu: 1, p99open: 2, p99: 3, alloc: 4, p50: 5, gc: 6 };
  return [...candidates].sort(
    (a, b) => rank[a.metric] - rank[b.metric] || Math.abs(b.change) - Math.abs(a.change),
  )[0];
}

/** Size of a change on a scale where halving and doubling weigh the same. */
function magnitude(c: MetricComparison): number {
  return Math.abs(Math.log1p(c.change));
}

/**
 * The scenario a regression (or improvement) headline names: the one with the largest confirmed change; when
 * none is confirmed, the most significant one (the larger change breaks ties).
 */
export function worstScenario(candidates: readonly MetricComparison[]): string | undefined {
  const confirmed = candidates.filter((c) => c.confirmed);
  const pick =
    confirmed.length > 0
      ? [...confirmed].sort((a, b) => magnitude(b) - magnitude(a))[0]
      : [...candidates].sort((a, b) => a.pAdjusted - b.pAdjusted || magnitude(b) - magnitude(a))[0];
  return pick?.scenario;
}

/** The comparison a regression (or improvement) headline names: the worst scenario's leading metric. */
export function leadingChange(candidates: readonly MetricComparison[]): MetricComparison | undefined {
  const scenario = worstScenario(candidates);
  return scenario === undefined ? undefined : leading(candidates.filter((c) => c.scenario === scenario));
}

/**
 * The headline of a regression or improvement: the worst scenario's leading metric (with, when its allocation per
 * request regressed too, that it allocates more), and how many more.
 */
function changeHeadline(candidates: readonly MetricComparison[], what: string, alpha: number): string {
  const lead = leadingChange(candidates)!;
  const others = new Set(candidates.map((c) => c.scenario)).size - 1;
  const alloc =
    lead.metric === 'alloc' ? undefined : moreAllocation({ comparisons: candidates }, lead.scenario);
  return `${describeChange(lead, alpha)}${alloc ? `: ${allocationClause(alloc)}` : ''}${others > 0 ? `; ${others} more scenario${others === 1 ? '' : 's'} ${what}` : ''}`;
}

/** Head fails more often than chance allows: its commonest statuses and how many requests failed on each side. */
function failureHeadline(failing: ErrorComparison, alpha: number): string {
  const codes = Object.entries(failing.headStatus)
    .sort((a, b) => b[1] - a[1])
    .map(([code]) => code)
    .slice(0, 3);
  const what = codes.length > 0 ? `answers ${codes.join('/')}` : 'fails';
  return `head ${what} on ${failing.scenario}: ${formatCount(failing.headFailures)} of ${formatCount(failing.headResponses)} requests failed (base: ${formatCount(failing.baseFailures)}, ${pText(failing.pAdjusted, alpha)})`;
}

/** Base failed more often than head: the improvement is that head fails less. */
function fewerFailuresHeadline(e: ErrorComparison, alpha: number): string {
  return `head fails less on ${e.scenario}: ${formatCount(e.headFailures)} of ${formatCount(e.headResponses)} requests failed (base: ${formatCount(e.baseFailures)} of ${formatCount(e.baseResponses)}, ${pText(e.pAdjusted, alpha)})`;
}

/**
 * The open comparison that leans furthest: its estimate the most thresholds from 0 (a +14.8% change of one route
 * before a +1.4% of the first); undefined when none is open.
 */
export function furthestOpen(comparisons: readonly MetricComparison[]): MetricComparison | undefined {
  const lean = (c: MetricComparison) => Math.abs(Math.log1p(c.change) / Math.log1p(c.threshold)) || 0;
  return comparisons
    .filter((c) => c.verdict === 'inconclusive')
    .reduce<MetricComparison | undefined>(
      (far, c) => (far === undefined || lean(c) > lean(far) ? c : far),
      undefined,
    );
}

/** No change, or inconclusive: the threshold, and req/s with the interval that decided (or the furthest open one). */
function unchangedHeadline(
  verdict: 'no-change' | 'inconclusive',
  comparisons: readonly MetricComparison[],
  rule: HeadlineRule,
): string {
  const thresholds = new Set(comparisons.filter((c) => c.metric === 'rps').map((c) => c.threshold));
  const threshold =
    thresholds.size > 1
      ? "each scenario's threshold"
      : `±${formatShare([...thresholds][0] ?? rule.threshold)}`;
  const scenarios = [...new Set(comparisons.map((c) => c.scenario))];
  const where = scenarios.length === 1 ? scenarios[0] : `${scenarios.length} scenarios`;
  const rps = comparisons.find((c) => c.metric === 'rps');
  if (verdict === 'no-change') {
    const within = rps
      ? `req/s ${formatPercent(rps.change)}, within ${intervalText(rps.equivalence.ci)}`
      : '';
    return `no change beyond ${threshold} on ${where} (${within})`;
  }
  const far = furthestOpen(comparisons);
  const primary = far ?? rps;
  const primaryText = primary
    ? `${metricLabel(primary.metric)} of ${primary.scenario} ${formatPercent(primary.change)}, ${formatShare(1 - rule.alpha)} simultaneous interval ${intervalText(primary.ci)}`
    : '';
  const open = [...comparisons]
    .filter((c) => c.verdict === 'inconclusive')
    .sort((a, b) => (a === far ? -1 : b === far ? 1 : 0))
    .map((c) => `${metricLabel(c.metric)} of ${c.scenario}`);
  return `inconclusive: the data cannot tell whether ${open.slice(0, 2).join(' and ')}${open.length > 2 ? ` and ${open.length - 2} more` : ''} changed by more than ${threshold} (${primaryText})`;
}

/** The headline of a decision: what it found, from its verdict, comparisons and errors. */
export function decisionHeadline(
  decision: Pick<Decision, 'verdict' | 'comparisons' | 'errors' | 'threshold' | 'alpha' | 'leaks'>,
): string {
  const { verdict, comparisons, errors } = decision;
  if (verdict === 'regression') {
    const failing = errors.find((e) => e.verdict === 'regression');
    if (failing) return failureHeadline(failing, decision.alpha);
    const regressed = comparisons.filter((c) => c.verdict === 'regression');
    const leak = leaked(decision);
    if (regressed.length === 0) return leak ? leakHeadline(leak, decision.alpha) : NO_ROUNDS_HEADLINE;
    const headline = changeHeadline(regressed, 'regressed', decision.alpha);
    return leak ? `${headline}; and ${leakHeadline(leak, decision.alpha)}` : headline;
  }
  if (verdict === 'improvement') {
    const improved = comparisons.filter((c) => c.verdict === 'improvement');
    const fewer = errors.find((e) => e.verdict === 'improvement');
    if (improved.length === 0 && fewer) return fewerFailuresHeadline(fewer, decision.alpha);
    const fixed = decision.leaks?.find((l) => l.verdict === 'improvement');
    if (improved.length === 0 && fixed) return `head keeps less memory: ${leakSentence(fixed)}`;
    return changeHeadline(improved, 'improved', decision.alpha);
  }
  return unchangedHeadline(verdict, comparisons, decision);
}

/**
 * The gate's headline from its verdict (decide/final.ts finalVerdict), decision and error: the error's where it
 * made the verdict (or fails the step), else the decision's.
 */
export function gateHeadline(
  verdict: Verdict,
  decision: Parameters<typeof decisionHeadline>[0] | undefined,
  error: Pick<ReportError, 'neutral' | 'message'> | undefined,
): string {
  if (error && (!error.neutral || verdict !== 'regression')) return errorHeadline(error);
  return decision ? decisionHeadline(decision) : NO_ROUNDS_HEADLINE;
}

/** A report's headline, from its verdict, decision and error. */
export function reportHeadline(report: Pick<Report, 'verdict' | 'decision' | 'error'>): string {
  return gateHeadline(report.verdict, report.decision, report.error);
}

/** GitHub accepts check run titles of any reasonable length; ours is the headline, kept to one short line. */
export function checkTitle(report: Pick<Report, 'verdict' | 'decision' | 'error'>): string {
  const line = reportHeadline(report).replace(/\s+/g, ' ').trim();
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}

/** What the step says where it fails or warns (decide/outcome.ts stepOutcome); '' where it passes. */
export function stepMessage(
  report: Pick<Report, 'verdict' | 'decision' | 'error'>,
  outcome: StepOutcome,
): string {
  if (outcome.kind === 'pass') return '';
  if (outcome.kind === 'fail' && outcome.cause === 'error')
    return report.error?.message ?? reportHeadline(report);
  const headline = reportHeadline(report);
  return outcome.kind === 'warn' && outcome.cause === 'regression-allowed'
    ? `${headline} (fail-on-regression is off)`
    : headline;
}
