/**
 * The sentence under the headline (why the verdict is what it is, from the interval that decided it) and the one
 * line on noise (what this run could see), as Markdown: the scenario names they quote are escaped here. Pure.
 */
import type { Decision, ErrorComparison, MetricComparison } from '../model/decision.ts';
import { METRICS, type Metric } from '../model/measure.ts';
import { escapeMarkdown } from './escape.ts';
import { formatCount, formatPercent, formatShare, metricLabel, pText } from './format.ts';
import { leadingChange } from './headline.ts';
import { leaked, leakRuleSentence } from './memory-text.ts';
import { familySize, incidentsText, intervalText } from './tables.ts';

/** "req/s of GET /". */
function what(c: MetricComparison): string {
  return `${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}`;
}

/** A side's bound as the report writes it, to two decimals at most: −5%, −2.53%, +2.04%. */
function bound(share: number): string {
  return `${share < 0 ? '−' : '+'}${formatShare(Math.abs(share))}`;
}

function changed(c: MetricComparison, floor: number, side: 'worse' | 'better', verdict: string): string {
  const b = c.bounds[side];
  const clear =
    floor > 0 ? `${bound(b.floor)} (${floor === 0.5 ? 'half' : `${floor} ×`} the threshold)` : '0';
  return `${what(c)} changed by ${formatPercent(c.change)}: its interval, ${intervalText(c.ci)}, lies wholly beyond ${clear} and the estimate beyond ${bound(b.threshold)}, so this is ${verdict}.`;
}

/** Failed requests that decided: how many on each side, in how many units, and that chance would rarely give as many. */
function failureSentence(e: ErrorComparison, alpha: number): string {
  const units = incidentsText(e);
  const counts = `${formatCount(e.headFailures)} of ${formatCount(e.headResponses)} requests on head against ${formatCount(e.baseFailures)} of ${formatCount(e.baseResponses)} on base${units === '' ? '' : ` (${units})`}`;
  return e.verdict === 'regression'
    ? `Head failed ${counts} on ${escapeMarkdown(e.scenario)}: more than chance allows between two sides that fail alike (${pText(e.pAdjusted, alpha)}), and that alone fails the gate.`
    : `Base failed more often than head on ${escapeMarkdown(e.scenario)} (${counts}, ${pText(e.pAdjusted, alpha)}): head fails less, an improvement.`;
}

/** Why the decision's verdict is what it is, in one sentence. */
export function verdictSentence(decision: Decision): string {
  const cs = decision.comparisons;
  const failing = decision.errors.find((e) => e.verdict === 'regression');
  if (failing) return failureSentence(failing, decision.alpha);
  const floor = decision.rule.floor;
  // The comparison the headline names.
  const regression = leadingChange(cs.filter((c) => c.verdict === 'regression'));
  if (regression) return changed(regression, floor, 'worse', 'a regression');
  const leak = leaked(decision);
  if (leak) return leakRuleSentence(leak);
  const improvement = leadingChange(cs.filter((c) => c.verdict === 'improvement'));
  if (improvement) return changed(improvement, floor, 'better', 'an improvement');
  const fewer = decision.errors.find((e) => e.verdict === 'improvement');
  if (fewer) return failureSentence(fewer, decision.alpha);
  const open = cs.find((c) => c.verdict === 'inconclusive');
  const leakOpen = decision.leaks?.find((l) => l.verdict !== 'no-change');
  if (open === undefined && leakOpen) return leakRuleSentence(leakOpen);
  if (open === undefined) {
    const small = cs.filter((c) => c.significant);
    const note =
      small.length === 0
        ? ''
        : ` (${small.map((c) => `${what(c)} ${formatPercent(c.change)}`).join(', ')}: significant, but below the threshold)`;
    return `Each comparison's own interval for "no change" (each end a one-sided ${formatShare(1 - decision.alpha / 2)} bound over the looks, as the table shows it) lies inside its threshold, so whatever changed is smaller than what matters here${note}; a regression would need the family's simultaneous interval beyond half the threshold.`;
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

/** A noise or a detectable change as a percentage; past tenfold, in words (a figure that large says nothing). */
function share(x: number, sign: string): string {
  return x > 9 ? 'over tenfold' : `${sign}${(x * 100).toFixed(1)}%`;
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
    (m) =>
      `${metricLabel(m)} ${share(
        largest(decision.comparisons, m, (c) => c.noise),
        '±',
      )}`,
  );
  const could = metrics.map((m) => {
    const d = largest(decision.comparisons, m, (c) => c.detectable);
    const t = largest(decision.comparisons, m, (c) => c.threshold);
    return Number.isFinite(d)
      ? `${metricLabel(m)} ${share(d, '≈')} (threshold ${formatShare(t)})`
      : `${metricLabel(m)}: nothing yet (too few pairs)`;
  });
  return `Noise per pair: ${noise.join(', ')}. This run would catch a change of ${could.join(', ')} in 80% of runs like it.`;
}

/** What the intervals were computed from: the units (pairs or blocks) and the methods seen. */
function unitsText(cs: readonly MetricComparison[]): string {
  const blocks = cs.find((c) => c.unit === 'blocks');
  const unit = blocks
    ? `each block's mean log ratio (pairs that shared their processes, \`restart-every: ${blocks.processes?.restartEvery ?? 'n'}\`, move alike, so a block is one unit)`
    : "each pair's log ratio of head to base (base and head of a pair share the machine's speed of their moment)";
  const methods = new Set(cs.map((c) => c.method));
  if (methods.has('combination'))
    return `The units are ${unit}, each runner's about its own mean; the two stages are combined by the inverse normal method: each stage's own p-value (the first stage's runner, the second stage's runners' mean), weighed by the pairs each stage planned, fixed before the data, so the test holds whatever the first stage did or asked (docs/how-it-decides.md).`;
  if (methods.has('stratified'))
    return `The units are ${unit}, each runner's about its own mean; the interval is Student's t of the mean change of these runners, on the pooled variance within runners (docs/how-it-decides.md), chosen before the data.`;
  const how =
    methods.size > 1
      ? "the exact signed-rank (Walsh) interval and Hodges-Lehmann estimate where the units can reach the level, Student's t and the mean where too few can"
      : methods.has('t')
        ? "Student's t interval and the mean (too few units for the exact signed-rank interval to reach the level)"
        : 'the exact signed-rank (Walsh) interval and the Hodges-Lehmann estimate';
  return `The units are ${unit}; the interval is ${how}, chosen from the number of units and the level alone.`;
}

/** The first comparison's threshold on both sides, as an example of the mirror: " (req/s: −5% and +5.26%)". */
function mirror(cs: readonly MetricComparison[]): string {
  const c = cs.find((x) => x.metric === 'rps') ?? cs[0];
  return c
    ? ` (${metricLabel(c.metric)}: ${bound(c.bounds.worse.threshold)} and ${bound(c.bounds.better.threshold)})`
    : '';
}

/**
 * Each comparison's own level: req/s's (or the first comparison's), and that the others take smaller shares of
 * alpha where they do (the family's weights, docs/how-it-decides.md).
 */
function aloneText(decision: Decision): string {
  const levels = [...decision.comparisons, ...(decision.leaks ?? [])].map((c) => c.level);
  const lead = decision.comparisons.find((c) => c.metric === 'rps')?.level ?? levels[0];
  if (lead === undefined || !Number.isFinite(lead)) return '';
  const smaller = levels.some((l) => l < lead * (1 - 1e-9))
    ? "; the other comparisons' are wider still, as they take smaller shares of α (docs/how-it-decides.md)"
    : '';
  return `each alone a ${formatShare(1 - lead)} interval${smaller}`;
}

/** How to read the table: what base, head, change, the interval, p and the verdict are. */
export function readingNote(decision: Decision, looks: number): string {
  const cs = decision.comparisons;
  const family = familySize(decision);
  const alone = aloneText(decision);
  const floor = decision.rule.floor;
  const gc = decision.shown.some((s) => s.metric === 'gc') ? ' GC pause per request is shown too.' : '';
  const shown =
    decision.shown.length > 0
      ? ` Latency p50 is shown, not tested (in a closed loop it largely mirrors req/s).${gc}`
      : '';
  const leak =
    (decision.leaks?.length ?? 0) > 0
      ? " The leak test compares, block by block, the slope of each side's heap after a full collection against the requests its server had served, in the same family."
      : '';
  return [
    `How to read the table: base and head are the medians of each side's rounds, as measured (each round is under "Every round"); the change is not their ratio but the paired estimate, which the noise of the machine from minute to minute moves far less.`,
    unitsText(cs),
    `The intervals, and the exact tests of failed requests (head's share of all failures given each side's requests), are simultaneous over ${family === 1 ? 'the one comparison' : `all ${family} comparisons`} and ${looks === 1 ? 'the one planned look' : `all ${looks} planned looks`}: together they cover their true changes with probability ${formatShare(1 - decision.alpha)}${alone === '' ? '' : ` (${alone})`}.${shown}`,
    `p is adjusted the same way: the smallest α at which the interval would leave out 0, so p ≤ ${decision.alpha} exactly when it does.`,
    `A regression needs the whole interval beyond ${floor === 0.5 ? 'half the threshold' : floor > 0 ? `${floor} × the threshold` : '0'} on the worse side and the estimate beyond the threshold; an improvement the same on the better side, taken on the log scale so that the two mirror each other${mirror(cs)}; no change, the interval inside both; anything else is inconclusive. Failed requests are a regression when head fails more often than chance allows, an improvement when base does.${leak}`,
  ].join(' ');
}
