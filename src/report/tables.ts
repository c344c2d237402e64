/** The report's two tables: the comparisons with their verdicts, and every round. Pure. */

import type { Decision, ErrorComparison, FailureClasses, MetricComparison } from '../model/decision.ts';
import { failures } from '../model/derived.ts';
import { METRICS } from '../model/measure.ts';
import type { MeasuredMedians, Report } from '../model/report.ts';
import { escapeMarkdown } from './escape.ts';
import {
  formatCount,
  formatPercent,
  formatShare,
  formatValue,
  metricLabel,
  pText,
  VERDICT_ICON,
  VERDICT_TEXT,
} from './format.ts';
import { leakRow } from './memory-text.ts';

/**
 * The verdict as the table's cell says it, in plain words: no change is "within ±5%" (beside a +2.1% estimate,
 * "no change" reads as a contradiction); inconclusive is "not sure".
 */
export function verdictText(c: Pick<MetricComparison, 'verdict' | 'threshold'>): string {
  if (c.verdict === 'no-change') return `${VERDICT_ICON[c.verdict]} within ±${formatShare(c.threshold)}`;
  if (c.verdict === 'inconclusive') return `${VERDICT_ICON[c.verdict]} not sure`;
  return `${VERDICT_ICON[c.verdict]} ${VERDICT_TEXT[c.verdict]}`;
}

/** Bounds further apart than this factor tell a reader nothing: they are said in words, not printed as figures. */
const MEANINGLESS_SPAN = 10;

/** Whether an interval is too wide to mean anything: its upper bound over ten times its lower, or below −100%. */
function tooWide(ci: readonly [number, number]): boolean {
  return !(1 + ci[0] > 0) || (1 + ci[1]) / (1 + ci[0]) > MEANINGLESS_SPAN;
}

/** A factor as a reader takes it: 40×, 2.5×. */
function times(x: number): string {
  return `${x >= 10 ? formatCount(Math.floor(x)) : Number(x.toFixed(1))}×`;
}

/**
 * An interval as the table shows it; n/a when the pairs cannot reach its level. One too wide to print says what it
 * still shows when it lies on one side of 0 ("at least 40× lower"), else that it says nothing.
 */
export function intervalText(ci: readonly [number, number]): string {
  if (!Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return 'n/a (too few pairs)';
  if (!tooWide(ci)) return `${formatPercent(ci[0])} … ${formatPercent(ci[1])}`;
  if (ci[1] < 0) return `at least ${times(1 / (1 + ci[1]))} lower`;
  if (ci[0] > 0) return `at least ${times(1 + ci[0])} higher`;
  return `too wide to mean anything: over ${MEANINGLESS_SPAN}× from end to end`;
}

/**
 * A failed-requests verdict in words: "no change" is head's failure rate bounded within the margin of base's
 * (src/decide/failures.ts); a difference within chance that cannot be bounded so is "not sure".
 */
export function failuresVerdictText(e: Pick<ErrorComparison, 'verdict' | 'margin'>): string {
  if (e.verdict === 'no-change') return `within ±${formatShare(e.margin)} of base's rate`;
  if (e.verdict === 'inconclusive') return 'not sure';
  return VERDICT_TEXT[e.verdict];
}

/** Where the failures were, in the units they were tested in: "head in 3 of 6 blocks, base in 0"; '' if unknown. */
export function incidentsText(e: ErrorComparison): string {
  if (e.units === undefined || e.incidents === undefined) return '';
  return `head in ${e.incidents.head} of ${e.units} ${e.unit === 'blocks' ? 'blocks' : 'pairs'}, base in ${e.incidents.base}`;
}

/** A side's failed requests in a cell: "3 of 12,345 (2 timeouts, 1 connection error)", statuses by code. */
function failedCell(failed: number, requests: number, classes: FailureClasses): string {
  const parts = [
    ...(classes.timeouts > 0
      ? [`${formatCount(classes.timeouts)} timeout${classes.timeouts === 1 ? '' : 's'}`]
      : []),
    ...(classes.connectionErrors > 0
      ? [
          `${formatCount(classes.connectionErrors)} connection error${classes.connectionErrors === 1 ? '' : 's'}`,
        ]
      : []),
    ...Object.entries(classes.statuses)
      .sort((a, b) => b[1] - a[1])
      .map(([code, count]) => `${formatCount(count)} × ${escapeMarkdown(code)}`),
  ];
  return `${formatCount(failed)} of ${formatCount(requests)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/**
 * One row per comparison, after a row of failed requests for each scenario that had any: what was measured (the
 * medians of base's and of head's rounds), the paired change with its simultaneous interval, and the verdict; the
 * shown (untested) changes (p50) in their place among them. p-values and the rule are folded away (pValuesLine,
 * verdictSentence).
 */
export function comparisonTable(decision: Decision, medians: readonly MeasuredMedians[] = []): string[] {
  const lines = [
    `| scenario | metric | base | head | change (${formatShare(1 - decision.alpha)} interval) | verdict |`,
    '| --- | --- | ---: | ---: | ---: | --- |',
  ];
  for (const e of decision.errors) {
    if (e.headFailures === 0 && e.baseFailures === 0) continue;
    lines.push(
      `| ${escapeMarkdown(e.scenario)} | failed requests | ${failedCell(e.baseFailures, e.baseResponses, e.classes.base)} | ${failedCell(e.headFailures, e.headResponses, e.classes.head)} | ${incidentsText(e)} | ${VERDICT_ICON[e.verdict]} ${failuresVerdictText(e)} |`,
    );
  }
  // Scenario by scenario, the tested comparisons and the shown changes (p50) in the metrics' order.
  const rows = [
    ...decision.comparisons.map((c) => ({
      c,
      // "No change" shows the interval that decided it: the comparison's own equivalence interval.
      cells: `${formatPercent(c.change)} (${intervalText(c.verdict === 'no-change' ? c.equivalence.ci : c.ci)}) | ${verdictText(c)}`,
    })),
    ...decision.shown.map((c) => ({ c, cells: `${formatPercent(c.change)} (not tested) | shown only` })),
  ];
  const scenarios = [...new Set(rows.map(({ c }) => c.scenario))];
  const order = (r: (typeof rows)[number]) =>
    scenarios.indexOf(r.c.scenario) * METRICS.length + METRICS.indexOf(r.c.metric);
  for (const { c, cells } of rows.sort((a, b) => order(a) - order(b))) {
    const m = medians.find((x) => x.scenario === c.scenario && x.metric === c.metric);
    const [base, head] = m ? [m.base, m.head] : [c.base, c.head];
    lines.push(
      `| ${escapeMarkdown(c.scenario)} | ${metricLabel(c.metric)} | ${formatValue(c.metric, base)} | ${formatValue(c.metric, head)} | ${cells} |`,
    );
  }
  lines.push(...(decision.leaks ?? []).map(leakRow));
  return lines;
}

/** The comparisons the family counts: the metrics', the failed requests' and the leak tests. */
export function familySize(decision: Pick<Decision, 'comparisons' | 'errors' | 'leaks'>): number {
  return decision.comparisons.length + decision.errors.length + (decision.leaks?.length ?? 0);
}

/**
 * The adjusted p-values, one per distinct value with the comparisons that have it (a table column would repeat one
 * value on every row), failed requests among them: "p = 0.047 for GET /x (req/s, latency p99); p = 0.89 for GET /
 * (latency p99)".
 */
export function pValuesLine(decision: Decision): string {
  const groups = new Map<string, Map<string, string[]>>();
  const add = (scenario: string, what: string, pAdjusted: number): void => {
    const p = pText(pAdjusted, decision.alpha);
    const byScenario = groups.get(p) ?? new Map<string, string[]>();
    byScenario.set(scenario, [...(byScenario.get(scenario) ?? []), what]);
    groups.set(p, byScenario);
  };
  for (const c of decision.comparisons) add(c.scenario, metricLabel(c.metric), c.pAdjusted);
  // Failed requests where there were any (without any their p is 1, and the table has no row for them).
  for (const e of decision.errors)
    if (e.baseFailures + e.headFailures > 0) add(e.scenario, 'failed requests', e.pAdjusted);
  if (groups.size === 0) return '';
  for (const l of decision.leaks ?? []) add('whole server', 'heap kept', l.pAdjusted);
  const n = familySize(decision);
  const each = [...groups].map(
    ([p, byScenario]) =>
      `${p} for ${[...byScenario].map(([scenario, metrics]) => `${escapeMarkdown(scenario)} (${metrics.join(', ')})`).join(', ')}`,
  );
  return groups.size === 1
    ? `p-values, adjusted over the ${n === 1 ? 'one comparison' : `${n} comparisons`} and every planned look: ${[...groups.keys()][0]} for every one.`
    : `p-values, adjusted over the ${n} comparisons and every planned look: ${each.join('; ')}.`;
}

/** Every pair of every scenario, in the order measured. */
export function roundsTable(report: Report): string[] {
  const lines = [
    '| pair | order | scenario | base req/s | head req/s | head/base | base p99 | head p99 | failed (base/head) |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const pairs = [...new Set(report.rounds.map((r) => r.pair))].sort((a, b) => a - b);
  for (const pair of pairs) {
    for (const { name, expectStatus } of report.settings.scenarios) {
      const base = report.rounds.find((r) => r.pair === pair && r.scenario === name && r.side === 'base');
      const head = report.rounds.find((r) => r.pair === pair && r.scenario === name && r.side === 'head');
      if (!base || !head) continue;
      const order = base.position === 0 ? 'base → head' : 'head → base';
      const ratio = head.measurement.rps / base.measurement.rps;
      lines.push(
        `| ${pair + 1} | ${order} | ${escapeMarkdown(name)} | ${formatValue('rps', base.measurement.rps)} | ${formatValue('rps', head.measurement.rps)} | ${ratio.toFixed(3)} | ${formatValue('p99', base.measurement.latencyMs.p99)} | ${formatValue('p99', head.measurement.latencyMs.p99)} | ${failures(base.measurement, expectStatus)} / ${failures(head.measurement, expectStatus)} |`,
      );
    }
  }
  return lines;
}
