/** The report's two tables: the comparisons with their verdicts, and every round. Pure. */

import type { Decision, MetricComparison } from '../model/decision.ts';
import { failures } from '../model/derived.ts';
import type { Report } from '../model/report.ts';
import { escapeMarkdown } from './escape.ts';
import {
  formatCount,
  formatP,
  formatPercent,
  formatShare,
  formatValue,
  metricLabel,
  VERDICT_ICON,
  VERDICT_TEXT,
} from './format.ts';

/** The verdict as the table's cell says it: a significant change inside the threshold is named as such. */
export function verdictText(c: Pick<MetricComparison, 'verdict' | 'significant'>): string {
  const text = `${VERDICT_ICON[c.verdict]} ${VERDICT_TEXT[c.verdict]}`;
  if (c.verdict === 'no-change' && c.significant) return `${text} (significant, below the threshold)`;
  if (c.verdict === 'inconclusive' && c.significant) return `${text} (significant, size unclear)`;
  return text;
}

/** An interval as the table shows it; n/a when the pairs cannot reach its level. */
export function intervalText(ci: readonly [number, number]): string {
  return Number.isFinite(ci[0]) && Number.isFinite(ci[1])
    ? `${formatPercent(ci[0])} … ${formatPercent(ci[1])}`
    : 'n/a (too few pairs)';
}

/**
 * One row per comparison, after a row of failed requests for each scenario that had any. head is base × (1 +
 * change), so the three agree; the interval is simultaneous and the p-value adjusted (the footnote says how).
 */
export function comparisonTable(decision: Decision): string[] {
  const lines = [
    `| scenario | metric | base (median) | head (base × change) | change | ${formatShare(1 - decision.alpha)} simultaneous interval | p (adjusted) | verdict |`,
    '| --- | --- | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const e of decision.errors) {
    if (e.headFailures === 0 && e.baseFailures === 0) continue;
    lines.push(
      `| ${escapeMarkdown(e.scenario)} | failed requests | ${formatCount(e.baseFailures)} of ${formatCount(e.baseResponses)} | ${formatCount(e.headFailures)} of ${formatCount(e.headResponses)} |  |  |  | ${VERDICT_ICON[e.verdict]} ${VERDICT_TEXT[e.verdict]} |`,
    );
  }
  for (const c of decision.comparisons) {
    lines.push(
      `| ${escapeMarkdown(c.scenario)} | ${metricLabel(c.metric)} | ${formatValue(c.metric, c.base)} | ${formatValue(c.metric, c.head)} | ${formatPercent(c.change)} | ${intervalText(c.ci)} | ${formatP(c.pAdjusted, decision.alpha)} | ${verdictText(c)} |`,
    );
  }
  return lines;
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
