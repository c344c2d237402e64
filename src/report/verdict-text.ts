/**
 * The sentence under the headline (why the verdict is what it is, from the interval that decided it) and the one
 * line on noise (what this run could see), as Markdown: the scenario names they quote are escaped here. Pure.
 */
import type { Decision, MetricComparison } from '../model/decision.ts';
import { METRICS, type Metric } from '../model/measure.ts';
import { escapeMarkdown } from './escape.ts';
import { formatPercent, formatShare, metricLabel } from './format.ts';
import { leadingChange } from './headline.ts';
import { intervalText } from './tables.ts';

/** "req/s of GET /". */
function what(c: MetricComparison): string {
  return `${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}`;
}

/** The threshold on the side that counts: −2% for req/s, +20% for latency (better: the other sign). */
function signed(c: MetricComparison, share: number, side: 'worse' | 'better'): string {
  const down = (c.metric === 'rps') === (side === 'worse');
  return `${down ? '−' : '+'}${formatShare(share)}`;
}

function changed(c: MetricComparison, floor: number, side: 'worse' | 'better', verdict: string): string {
  const clear =
    floor > 0
      ? `${signed(c, floor * c.threshold, side)} (${floor === 0.5 ? 'half' : `${floor} ×`} the threshold)`
      : '0';
  return `${what(c)} changed by ${formatPercent(c.change)}: its interval, ${intervalText(c.ci)}, lies wholly beyond ${clear} and the estimate beyond ${signed(c, c.threshold, side)}, so this is ${verdict}.`;
}

/** Why the decision's verdict is what it is, in one sentence. */
export function verdictSentence(decision: Decision): string {
  const cs = decision.comparisons;
  const failing = decision.errors.find((e) => e.verdict === 'regression');
  if (failing)
    return `Head failed requests on ${escapeMarkdown(failing.scenario)} that base did not: that alone fails the gate.`;
  const floor = decision.rule.floor;
  // The comparison the headline names.
  const regression = leadingChange(cs.filter((c) => c.verdict === 'regression'));
  if (regression) return changed(regression, floor, 'worse', 'a regression');
  const improvement = leadingChange(cs.filter((c) => c.verdict === 'improvement'));
  if (improvement) return changed(improvement, floor, 'better', 'an improvement');
  const open = cs.find((c) => c.verdict === 'inconclusive');
  if (open === undefined) {
    const small = cs.filter((c) => c.significant);
    const note =
      small.length === 0
        ? ''
        : ` (${small.map((c) => `${what(c)} ${formatPercent(c.change)}`).join(', ')}: significant, but below the threshold)`;
    return `Every interval lies inside its threshold, so whatever changed is smaller than what matters here${note}.`;
  }
  if (open.significant && Math.abs(open.change) >= open.threshold)
    return `${what(open)} is estimated at ${formatPercent(open.change)}, significant, but its interval (${intervalText(open.ci)}) is not wholly beyond ${floor === 0.5 ? 'half' : `${floor} ×`} the ±${formatShare(open.threshold)} threshold: not enough to call it; more pairs (a longer \`time-budget\`) would tell.`;
  return `The interval of ${what(open)} (${intervalText(open.ci)}) reaches past the ±${formatShare(open.threshold)} threshold without settling on either side: more pairs (a longer \`time-budget\`) would narrow it.`;
}

/** The largest of a metric's values over the comparisons, where finite. */
function largest(
  cs: readonly MetricComparison[],
  metric: Metric,
  pick: (c: MetricComparison) => number,
): number {
  const values = cs
    .filter((c) => c.metric === metric)
    .map(pick)
    .filter(Number.isFinite);
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

/**
 * One line: the per-pair noise of each metric and the smallest change this run's rule would call in 80% of runs
 * (at least the threshold: the rule needs an estimate beyond it).
 */
export function noiseLine(decision: Decision): string {
  const metrics = METRICS.filter((m) =>
    decision.comparisons.some((c) => c.metric === m && Number.isFinite(c.noise)),
  );
  if (metrics.length === 0) return '';
  const noise = metrics.map(
    (m) => `${metricLabel(m)} ±${(largest(decision.comparisons, m, (c) => c.noise) * 100).toFixed(1)}%`,
  );
  const could = metrics.map((m) => {
    const d = largest(decision.comparisons, m, (c) => c.detectable);
    const t = largest(decision.comparisons, m, (c) => c.threshold);
    return Number.isFinite(d)
      ? `${metricLabel(m)} ≈${(d * 100).toFixed(1)}% (threshold ${formatShare(t)})`
      : `${metricLabel(m)}: nothing yet (too few pairs)`;
  });
  return `Noise per pair: ${noise.join(', ')}. This run would catch a change of ${could.join(', ')} in 80% of runs like it.`;
}

/** How to read the table: what base, head, change, the interval, p and the verdict are. */
export function readingNote(decision: Decision, looks: number): string {
  const cs = decision.comparisons;
  const level = Math.min(...cs.map((c) => c.level).filter(Number.isFinite), 1);
  const alone = Number.isFinite(level)
    ? `each alone a ${Number(((1 - level) * 100).toFixed(2))}% interval`
    : '';
  const blocks = cs.some((c) => c.unit === 'blocks')
    ? " Where the note says blocks of processes differed, the units are the blocks' mean log ratios and the interval is Student's t."
    : '';
  const floor = decision.rule.floor;
  return [
    `How to read the table: base and head are the medians of each side's rounds, as measured (each round is under "Every round"); the change is not their ratio but the paired estimate, which the noise of the machine from minute to minute moves far less.`,
    `The change is the Hodges-Lehmann estimate of the per-pair log ratios of head to base (base and head of a pair share the machine's speed of their moment), with the signed-rank (Walsh) interval.${blocks}`,
    `The interval is simultaneous over ${cs.length === 1 ? 'the one comparison' : `all ${cs.length} comparisons`} and ${looks === 1 ? 'the one planned look' : `all ${looks} planned looks`}: together they cover their true changes with probability ${formatShare(1 - decision.alpha)}${alone === '' ? '' : ` (${alone})`}.`,
    `p is adjusted the same way: the smallest α at which the interval would leave out 0, so p ≤ ${decision.alpha} exactly when it does.`,
    `A regression needs the whole interval beyond ${floor === 0.5 ? 'half the threshold' : floor > 0 ? `${floor} × the threshold` : '0'} on the worse side and the estimate beyond the threshold; no change, the interval inside ±threshold; anything else is inconclusive.`,
  ].join(' ');
}
