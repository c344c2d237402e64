/** The report's notes: open loop, scenarios, differing processes, carry-over. Pure. */

import type { Decision, ProcessBlocks } from '../model/decision.ts';
import type { OpenLoopView, Report } from '../model/report.ts';
import { escapeMarkdown } from './escape.ts';
import { formatPercent, formatShare, formatValue, metricLabel, pText } from './format.ts';

/** How late the open-loop client may send (p99) before the report says it could not keep up. */
const PACED_LAG_MS = 5;

/**
 * The open-loop load, when the rounds had one: its rate per scenario, what "p99 at fixed rate" means, and whether
 * the load generator kept to its schedule. '' without open-loop rounds.
 */
export function openLoopText(view: OpenLoopView | undefined): string {
  if (view === undefined || view.rates.length === 0) return '';
  const rates = view.rates.map(
    ({ scenario, rate }) => `${formatValue('rps', rate)} req/s for ${escapeMarkdown(scenario)}`,
  );
  const lag = view.sendLagP99Ms;
  const behind =
    lag > PACED_LAG_MS
      ? ` The load generator fell behind its schedule (p99 ${lag.toFixed(1)} ms late): the rate is too high for it on this runner, so lower \`latency-rate\`.`
      : '';
  return `"p99 at fixed rate": after its closed-loop load, each side got ${Number(view.sec.toFixed(2))} s per pair of open-loop load at ${rates.join(', ')} (the same for base and head), requests sent on schedule whatever the server does and timed from when they were due, so a stall's queue counts and cannot hide (coordinated omission).${behind}`;
}

/**
 * The scenarios whose request or settings the table does not show (a name other than `METHOD path`, an expected
 * status, their own connections or threshold), and the shard. '' when there is nothing to add.
 */
export function scenariosLine(report: Report): string {
  const s = report.settings;
  const parts: string[] = [];
  for (const scenario of s.scenarios) {
    const request = `${scenario.method} ${scenario.path}`;
    const extras = [
      ...(scenario.expectStatus === undefined ? [] : [`expects ${scenario.expectStatus}`]),
      ...(scenario.connections === s.connections ? [] : [`${scenario.connections} connections`]),
      ...(scenario.threshold === s.threshold ? [] : [`threshold ±${formatShare(scenario.threshold)}`]),
    ];
    if (scenario.name === request && extras.length === 0) continue;
    const what =
      scenario.name === request
        ? escapeMarkdown(request)
        : `${escapeMarkdown(scenario.name)}: ${escapeMarkdown(request)}`;
    parts.push(extras.length === 0 ? what : `${what} (${extras.join(', ')})`);
  }
  const shard = report.shard
    ? `Shard ${report.shard.index} of ${report.shard.count}: ${s.scenarios.length} of ${report.scenarioCount} scenarios.`
    : '';
  const list = parts.length === 0 ? '' : `Scenarios: ${parts.join(' · ')}.`;
  return [shard, list].filter((text) => text !== '').join(' ');
}

/**
 * When the pairs shared their processes in blocks and the F test says the blocks of a comparison differed
 * (MetricComparison.processes.differed): what was seen; undefined when none did. Descriptive: the blocks are the
 * unit of every comparison of such a design whatever the test says.
 */
export function processOffsetNote(decision: Decision | undefined): string | undefined {
  const differed = (decision?.comparisons ?? []).flatMap((c) =>
    c.processes?.differed ? [{ c, blocks: c.processes }] : [],
  );
  const first = differed[0]?.blocks;
  if (first === undefined) return undefined;
  const changes = (blocks: ProcessBlocks): string =>
    blocks.changes.map((change) => formatPercent(change)).join(', ');
  const seen = differed
    .map(
      ({ c, blocks }) =>
        `${c.scenario} ${metricLabel(c.metric)} ${changes(blocks)} (F = ${blocks.f.toFixed(1)}, ${pText(blocks.p)})`,
    )
    .join('; ');
  return `the server's processes differed for their whole life: in blocks of ${first.restartEvery} pairs that shared a base and a head process, the change moved from block to block more than the pairs within a block allow (${seen}). A process that runs faster or slower than its twin moves all the pairs of its block alike, so with \`restart-every\` of 2 or more each block is one unit of every comparison: the intervals and p-values above come from the ${first.changes.length} blocks' mean changes, not from the pairs, and already account for it. If this recurs, the server's speed differs from one start to the next: a longer \`time-budget\` gives more blocks, and \`restart-every: 1\` (in \`measure\`) gives every pair new processes (then measured in their first seconds, JIT warm-up included).`;
}

/**
 * The scenarios decided without the pairs in which they came right after a scenario that regressed further
 * (MetricComparison.carryOver); undefined when none were.
 */
export function carryOverNote(decision: Decision | undefined): string | undefined {
  const seen = new Map<string, { after: string; pairs: number; left: number }>();
  for (const c of decision?.comparisons ?? []) {
    if (c.carryOver && !seen.has(c.scenario)) seen.set(c.scenario, { ...c.carryOver, left: c.pairs });
  }
  if (seen.size === 0) return undefined;
  const list = [...seen]
    .map(
      ([scenario, { after, pairs, left }]) =>
        `${scenario} right after ${after} in ${pairs} pair${pairs === 1 ? '' : 's'} (decided on the other ${left})`,
    )
    .join('; ');
  return `a scenario can slow down for what the one measured before it left in the processes (garbage, a cache, a queue), so a regression measured right after a larger one is decided without those pairs: ${list}. The scenarios' order rotates from pair to pair, each one after each other equally often; where too few pairs are left, the comparison stays open.`;
}

/** The comparisons that left pairs out for want of a value on a side; undefined when none did. */
export function droppedNote(decision: Decision | undefined): string | undefined {
  const dropped = (decision?.comparisons ?? []).filter((c) => (c.dropped ?? 0) > 0);
  if (dropped.length === 0) return undefined;
  const list = dropped
    .map((c) => `${c.scenario} ${metricLabel(c.metric)}: ${c.dropped} of ${c.pairs + c.dropped!}`)
    .join('; ');
  return `pairs in which a side had no value were left out of these comparisons (a side that served 0 req/s has no ratio and no latency): ${list}. A side that answers nothing is down or stalled for the whole turn: its failed requests say how often.`;
}

/** Whether processOffsetNote's blocks decided a call (worth an annotation on the run, not only a note): never now. */
export function processOffsetOverruled(decision: Decision | undefined): boolean {
  return (decision?.comparisons ?? []).some((c) => c.processes?.overruled !== undefined);
}
