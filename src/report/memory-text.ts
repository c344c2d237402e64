/**
 * The words of the memory comparisons: the leak test's row and sentence ("head kept 38.0 MB more after 1.2 M
 * requests; base kept none"), the clause that says allocation is why a scenario got slower, what the `memory`
 * output says regressed. Pure.
 */
import type { Decision, LeakComparison, MetricComparison } from '../model/decision.ts';
import type { AllocationSite } from '../model/report.ts';
import { allocationSubject } from './allocation-text.ts';
import { escapeMarkdown } from './escape.ts';
import {
  formatBytes,
  formatCount,
  formatShare,
  formatSize,
  formatValue,
  pText,
  VERDICT_ICON,
} from './format.ts';

/** Requests as a reader counts them: 60,000; 1.2 M. */
export function formatRequests(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : formatCount(Math.round(n));
}

/** Bytes per request as MB per 100,000 requests (the leak's scale): "+12.4 MB per 100,000 requests". */
function per100k(bytesPerRequest: number): string {
  const sign = bytesPerRequest > 0 ? '+' : '';
  return `${sign}${formatBytes(bytesPerRequest * 100_000)}`;
}

/** What a side kept over the requests: "38.0 MB", or "none" below the leak's threshold over as many. */
function kept(bytesPerRequest: number, l: LeakComparison): string {
  return bytesPerRequest < l.threshold ? 'none' : formatBytes(bytesPerRequest * l.requests);
}

/** "head kept 38.0 MB more after 1.2 M requests; base kept none" (or base's, when it kept more). */
export function leakSentence(l: LeakComparison): string {
  const worse = l.change > 0 ? 'head' : 'base';
  const other = worse === 'head' ? 'base' : 'head';
  const [worseSlope, otherSlope] = worse === 'head' ? [l.head, l.base] : [l.base, l.head];
  return `${worse} kept ${formatBytes(worseSlope * l.requests)} more after ${formatRequests(l.requests)} requests; ${other} kept ${kept(otherSlope, l)}`;
}

/** The leak's verdict as the table's cell says it. */
function leakVerdictText(l: LeakComparison): string {
  if (l.verdict === 'no-change')
    return `${VERDICT_ICON[l.verdict]} within ±${formatBytes(l.threshold * 100_000)} per 100,000`;
  if (l.verdict === 'inconclusive') return `${VERDICT_ICON[l.verdict]} not sure`;
  return `${VERDICT_ICON[l.verdict]} ${l.verdict === 'regression' ? 'leak' : 'leak fixed'}`;
}

/** The interval of a leak in MB per 100,000 requests; n/a with too few blocks. */
function leakInterval(ci: readonly [number, number]): string {
  if (!Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return 'n/a (too few blocks)';
  return `${per100k(ci[0])} … ${per100k(ci[1])}`;
}

/** The comparison table's row of a leak test: each side's heap kept per 100,000 requests, head − base, verdict. */
export function leakRow(l: LeakComparison): string {
  const interval = leakInterval(l.verdict === 'no-change' ? l.equivalence.ci : l.ci);
  return `| whole server | heap kept per 100,000 requests | ${per100k(l.base)} | ${per100k(l.head)} | ${per100k(l.change)} (${interval}) | ${leakVerdictText(l)} |`;
}

/**
 * The rule's sentence of a leak test that decided the verdict (a regression or an improvement where no metric did)
 * or left it open; '' for one that says "no change".
 */
export function leakRuleSentence(l: LeakComparison): string {
  const per = 'per 100,000 requests';
  const half = `half of ${formatBytes(l.threshold * 100_000)} ${per}`;
  if (l.verdict === 'regression' || l.verdict === 'improvement') {
    const who = l.verdict === 'regression' ? 'head' : 'base';
    const what = l.verdict === 'regression' ? 'a regression (a leak)' : 'an improvement (a leak fixed)';
    return `The heap ${who} kept grew by ${formatBytes(Math.abs(l.change) * 100_000)} ${per} more than the other side's (interval ${leakInterval(l.ci)}): wholly beyond ${half}, the estimate beyond the threshold, so this is ${what}.`;
  }
  if (l.verdict === 'inconclusive')
    return `The leak test's interval (${leakInterval(l.ci)}) reaches past ±${formatBytes(l.threshold * 100_000)} ${per} without settling: more pairs (a longer \`time-budget\`) would narrow it.`;
  return '';
}

/** The headline of a leak: "head leaks memory: head kept 38.0 MB more after 1.2 M requests; base kept none (p …)". */
export function leakHeadline(l: LeakComparison, alpha: number): string {
  return `head leaks memory: ${leakSentence(l)} (${pText(l.pAdjusted, alpha)})`;
}

/** The regressed leak test of a decision, if any. */
export function leaked(decision: Pick<Decision, 'leaks'>): LeakComparison | undefined {
  return decision.leaks?.find((l) => l.verdict === 'regression');
}

/** The regressed allocation comparison of a scenario, if any. */
export function moreAllocation(
  decision: { comparisons: readonly MetricComparison[] },
  scenario: string,
): MetricComparison | undefined {
  return decision.comparisons.find(
    (c) => c.scenario === scenario && c.metric === 'alloc' && c.verdict === 'regression',
  );
}

/** The regressed allocation comparison with the largest change (the one the Next line and the chart name). */
export function mostAllocation(decision: Pick<Decision, 'comparisons'>): MetricComparison | undefined {
  return decision.comparisons
    .filter((c) => c.metric === 'alloc' && c.verdict === 'regression')
    .sort((a, b) => b.change - a.change)[0];
}

/** "it allocates 1.6× more per request (25.0 KB → 41.0 KB)": why a scenario whose allocation regressed got slower. */
export function allocationClause(a: MetricComparison): string {
  return `it allocates ${formatSize(a.change)} more per request (${formatValue('alloc', a.base)} → ${formatValue('alloc', a.head)})`;
}

/**
 * The Next line's pointer for a memory regression: where to look when allocation per request grew (the scenario,
 * and what the allocation profile names allocating more on head), or when head keeps what it served (what the kept
 * profile names keeping more; without one, what allocates more).
 */
export function memoryNext(
  decision: Pick<Decision, 'comparisons' | 'leaks'>,
  site?: AllocationSite,
  keptSite?: AllocationSite,
): string {
  const alloc = mostAllocation(decision);
  const leak = leaked(decision);
  const parts: string[] = [];
  const where = site === undefined ? '' : `: head allocates more in ${allocationSubject(site)}`;
  if (alloc)
    parts.push(
      `Look at what ${escapeMarkdown(alloc.scenario)} allocates per request (${formatValue('alloc', alloc.base)} → ${formatValue('alloc', alloc.head)}; threshold ±${formatShare(alloc.threshold)})${where}.`,
    );
  const kept =
    keptSite === undefined
      ? alloc
        ? ''
        : where
      : `: head keeps more in ${allocationSubject(keptSite, 'kept')}`;
  if (leak)
    parts.push(
      `Look for what head keeps from each request: a list or cache that only grows, a listener added per request${kept}.`,
    );
  return parts.join(' ');
}

/** The `memory` output: what regressed in memory, `allocation`, `leak`, both (comma-separated), or ''. */
export function memoryOutput(decision: Pick<Decision, 'comparisons' | 'leaks'> | undefined): string {
  if (!decision) return '';
  const alloc = mostAllocation(decision) !== undefined;
  return [...(alloc ? ['allocation'] : []), ...(leaked(decision) ? ['leak'] : [])].join(',');
}
