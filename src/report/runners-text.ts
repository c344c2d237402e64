/**
 * The words of a decision over several runners (replicas, two stages): how many runners and what they cost, that a
 * regression is confirmed on all of them, a runner whose change differs (named, with its CPU), each runner's row,
 * and what more runners would catch, from the variance components this run measured. Pure.
 */
import type { MetricComparison, RunnerSpread } from '../model/decision.ts';
import type { Report, ShardSummary } from '../model/report.ts';
import { escapeMarkdown } from './escape.ts';
import { formatPercent, formatShare, metricLabel, pText } from './format.ts';

/** The runners a merged report was decided over (the summaries of replicas), in the merge's order. */
function runnersOf(report: Report): ShardSummary[] {
  return (report.shards ?? []).filter((s) => s.replica !== undefined);
}

/** Runner-minutes: every runner's wall time, in minutes. */
function runnerMinutes(runners: readonly ShardSummary[]): number {
  return runners.reduce((sum, r) => sum + (r.wallSec ?? 0), 0) / 60;
}

/** A runner as the reader knows it: its name (or file), and its CPU model when known. Untrusted: escaped. */
function runnerLabel(r: ShardSummary | undefined): string {
  if (!r) return 'a runner';
  const name = escapeMarkdown(r.environment?.runner ?? r.source);
  const cpu = r.environment?.cpuModel;
  return cpu ? `${name} (${escapeMarkdown(cpu)})` : name;
}

function stages(runners: readonly ShardSummary[]): string {
  const second = runners.filter((r) => r.replica?.stage === 2).length;
  const first = runners.filter((r) => r.replica?.stage === 1).length;
  return second > 0 && first > 0 ? ` (${first} in the first stage, ${second} in the second)` : '';
}

/** The comparisons measured on several runners whose verdict stands on all of them. */
function spreadOf(report: Report): { c: MetricComparison; s: RunnerSpread }[] {
  return (report.decision?.comparisons ?? []).flatMap((c) => (c.runners ? [{ c, s: c.runners }] : []));
}

/**
 * The runners of a comparison, in the order of its spread: those of its shard that ended without an error (of the
 * second stage alone where it confirmed the first's alarm).
 */
function runnersOfComparison(report: Report, c: MetricComparison): ShardSummary[] {
  return runnersOf(report).filter(
    (r) =>
      r.keys.includes(c.scenario) &&
      r.error === undefined &&
      (!c.runners?.confirmation || r.replica?.stage === 2),
  );
}

/** What a runner saw where the runners differ, against the others. */
function differLine(c: MetricComparison, s: RunnerSpread, runners: readonly ShardSummary[]): string {
  const what = `${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}`;
  return `⚠️ The runners disagree beyond their noise on ${what} (F test of their changes, ${pText(s.pF, 0.01)}): ${runnerLabel(runners[s.apart])} saw ${formatPercent(s.changes[s.apart]!)} where the others saw ${formatPercent(s.othersChange)}. The change depends on the machine: the verdict is about the mean of these runners, and another set of machines may see more or less.`;
}

/**
 * The unfolded lines under the table: how many runners, their cost, "confirmed on N runners" for a regression, and
 * each comparison whose runners disagree. [] for a report of one runner.
 */
export function runnersLines(report: Report): string[] {
  const runners = runnersOf(report);
  const spreads = spreadOf(report);
  if (runners.length < 2 || spreads.length === 0) return [];
  const minutes = runnerMinutes(runners);
  const fresh = runners.filter((r) => r.replica?.stage === 2).length;
  const confirming = spreads.some(({ s }) => s.confirmation);
  const regression = report.verdict === 'regression' && !report.error;
  const confirmed = confirming
    ? ` The first stage's runner raised the alarm, so the ${fresh} runners of the second stage decided alone${regression ? ': they confirm the regression' : ''}.`
    : regression
      ? ` The regression is the mean change of these ${runners.length} runners.`
      : '';
  const lines = [
    `Decided over ${runners.length} runners${stages(runners)}, ${minutes.toFixed(1)} runner-minutes, each runner's units about its own mean.${confirmed}`,
  ];
  for (const { c, s } of spreads)
    if (s.differ) lines.push('', differLine(c, s, runnersOfComparison(report, c)));
  return lines;
}

/** What more runners would buy: the smallest change of the headline comparison caught with 2, 4 and 8 runners. */
function reachLine(report: Report): string {
  const spreads = spreadOf(report);
  const lead = spreads.find(({ c }) => c.metric === 'rps') ?? spreads[0];
  if (!lead) return '';
  const { c, s } = lead;
  const within = Math.sqrt(s.within) * 100;
  const between = Math.sqrt(s.between) * 100;
  const reach = s.reach
    .filter((r) => Number.isFinite(r.detectable))
    .map((r) => `with ${r.runners} runners ≈${(r.detectable * 100).toFixed(1)}%`);
  if (reach.length === 0) return '';
  return `What more runners would buy (${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}, from this run's spread: ±${within.toFixed(2)}% within a runner's estimate, ±${between.toFixed(2)}% between runners' changes, which the mean of these runners leaves out): this gate would catch ${reach.join(', ')} (threshold ${formatShare(c.threshold)}), in 80% of runs. Each runner costs about ${(runnerMinutes(runnersOf(report)) / Math.max(1, runnersOf(report).length)).toFixed(1)} runner-minutes.`;
}

/** The folded section: a row per runner (its change of the headline comparison), then what more would buy. */
export function runnersSection(report: Report): string[] {
  const lead = spreadOf(report).find(({ c }) => c.metric === 'rps') ?? spreadOf(report)[0];
  if (!lead) return [];
  const { c, s } = lead;
  const runners = runnersOfComparison(report, c);
  const rows = runners.map((r, i) => {
    const place = r.replica
      ? `${r.replica.stage ? `stage ${r.replica.stage}, ` : ''}${r.replica.index}/${r.replica.count}`
      : '';
    const change = s.changes[i] === undefined ? 'n/a' : formatPercent(s.changes[i]!);
    const env = r.environment;
    const where = env ? `${env.cpus} CPUs${env.kernel ? `, Linux ${escapeMarkdown(env.kernel)}` : ''}` : '';
    return `| ${runnerLabel(r)} | ${place} | ${where} | ${change} | ${r.pairs} | ${((r.wallSec ?? 0) / 60).toFixed(1)} |`;
  });
  const reach = reachLine(report);
  return [
    `| runner | replica | machine | ${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)} | pairs | minutes |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    ...(reach === '' ? [] : ['', reach]),
  ];
}

/**
 * One runner's gate: what merges of 4 and 8 runners like it would catch of its headline comparison (req/s where
 * tested), and what they would cost in its runner-minutes; '' for a merge of runners or without an interval.
 */
export function oneRunnerLine(report: Report): string {
  const cs = report.decision?.comparisons ?? [];
  if (cs.some((c) => c.runners)) return '';
  const c = cs.find((x) => x.metric === 'rps' && x.reach) ?? cs.find((x) => x.reach);
  if (!c?.reach) return '';
  const minutes = report.timing.wallSec / 60;
  const reach = c.reach.map((r) => `${r.runners} runners ≈${(r.detectable * 100).toFixed(1)}%`).join(', ');
  return `More runners would see smaller changes: merged over ${reach} (\`replica: i/n\`, docs/replicas.md), for that many times this run's ${minutes.toFixed(1)} runner-minutes.`;
}
