/** The gate's report: the JSON document every run writes, and its Markdown rendering. Pure. */

import { formatP, formatPercent, formatShare, metricLabel } from '../decide/verdict.ts';
import { openLoopSec } from '../gate/plan.ts';
import type { Decision, ProcessBlocks, StopReason, Verdict } from '../model/decision.ts';
import { failures, METRICS, type Metric } from '../model/measure.ts';
import type { HotFunction, Report } from '../model/report.ts';
import { median } from '../stats/index.ts';
import { renderDiagnosticsSection } from './diagnostics.ts';

/**
 * The report with every occurrence of each secret (e.g. the token, if some output echoed it) replaced by `***`,
 * in every text it holds. Secrets shorter than 8 characters are left alone (they would mangle ordinary words).
 */
export function redact(report: Report, secrets: readonly string[]): Report {
  const hidden = secrets.filter((secret) => secret.length >= 8);
  if (hidden.length === 0) return report;
  const json = JSON.stringify(report);
  let clean = json;
  for (const secret of hidden) {
    const encoded = JSON.stringify(secret).slice(1, -1);
    clean = clean.replaceAll(encoded, '***');
  }
  return clean === json ? report : (JSON.parse(clean) as Report);
}

export const VERDICT_ICON: Record<Verdict, string> = {
  regression: '🔴',
  improvement: '🟢',
  'no-change': '⚪',
  inconclusive: '🟡',
};

/**
 * Text from outside (branch names, paths, server output) made inert in Markdown: no tags, no mentions, no
 * links, no table breaks, no comment markers.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]|<>~]/g, (c) => `\\${c}`)
    .replace(/@/g, '@\u200b')
    .replace(/\r\n?|\n/g, ' ');
}

/** Inline code that cannot be broken out of, whatever it contains. */
export function code(text: string): string {
  const clean = text
    .replace(/\r\n?|\n/g, ' ')
    .replace(/@/g, '@\u200b')
    .replace(/<!--/g, '<!\u200b--');
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${clean.startsWith('`') || clean.endsWith('`') ? ` ${clean} ` : clean}${fence}`;
}

/**
 * A sentence of ours that may quote inputs in backticks (`timeout`) and may carry text from outside: the code
 * spans stay code (made safe by `code`), everything else is escaped.
 */
export function inlineText(text: string): string {
  return text
    .split(/`([^`\r\n]+)`/)
    .map((part, i) => (i % 2 === 1 ? code(part) : escapeMarkdown(part)))
    .join('');
}

/** A fenced block for program output, fence longer than any run of backticks inside. */
export function codeBlock(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text.replace(/<!--/g, '<!\u200b--').replace(/@/g, '@\u200b')}\n${fence}`;
}

function formatValue(metric: Metric, value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (metric === 'rps') return Math.round(value).toLocaleString('en-US');
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 10
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(2)} ms`;
}

function formatSeconds(sec: number): string {
  const whole = Math.round(sec);
  if (whole < 90) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

const VERDICT_TEXT: Record<Verdict, string> = {
  regression: 'regression',
  improvement: 'improvement',
  'no-change': 'no change',
  inconclusive: 'inconclusive',
};

function formatLevel(level: number): string {
  return `${Number((level * 100).toFixed(2))}%`;
}

function comparisonTable(decision: Decision): string[] {
  const lines = [
    `| scenario | metric | base | head | change | ${formatLevel(1 - decision.alpha)} CI | p | verdict |`,
    '| --- | --- | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const e of decision.errors) {
    if (e.headFailures === 0 && e.baseFailures === 0) continue;
    lines.push(
      `| ${escapeMarkdown(e.scenario)} | failed requests | ${e.baseFailures.toLocaleString('en-US')} of ${e.baseResponses.toLocaleString('en-US')} | ${e.headFailures.toLocaleString('en-US')} of ${e.headResponses.toLocaleString('en-US')} |  |  |  | ${VERDICT_ICON[e.verdict]} ${VERDICT_TEXT[e.verdict]} |`,
    );
  }
  for (const c of decision.comparisons) {
    lines.push(
      `| ${escapeMarkdown(c.scenario)} | ${metricLabel(c.metric)} | ${formatValue(c.metric, c.base)} | ${formatValue(c.metric, c.head)} | ${formatPercent(c.change)} | ${formatPercent(c.ci[0])} … ${formatPercent(c.ci[1])} | ${formatP(c.pAdjusted)} | ${VERDICT_ICON[c.verdict]} ${VERDICT_TEXT[c.verdict]} |`,
    );
  }
  return lines;
}

/** What this runner could see: the noise between adjacent rounds and the smallest change it would detect. */
function noiseLine(decision: Decision): string {
  const parts: string[] = [];
  for (const metric of METRICS) {
    const of = decision.comparisons.filter((c) => c.metric === metric && Number.isFinite(c.noise));
    if (of.length === 0) continue;
    const noise = Math.max(...of.map((c) => c.noise));
    const detectable = Math.max(...of.map((c) => c.detectable));
    parts.push(
      `${metricLabel(metric)} ±${(noise * 100).toFixed(1)}% (could detect ≈${(detectable * 100).toFixed(1)}%)`,
    );
  }
  if (parts.length === 0) return '';
  return `What this runner could see: noise between base and head within a pair (sd of the per-pair log ratio) ${parts.join(', ')}; "could detect" is the change these pairs would catch 80% of the time.`;
}

const WOULD_HAVE_BEEN: Record<Verdict, string> = {
  regression: 'a regression',
  improvement: 'an improvement',
  'no-change': '"no change"',
  inconclusive: 'inconclusive',
};

/**
 * When the pairs shared their processes in blocks and the blocks differed (MetricComparison.processes): what was
 * seen and what it did to the verdict; undefined when no comparison's blocks differed.
 */
export function processOffsetNote(decision: Decision | undefined): string | undefined {
  const guarded = (decision?.comparisons ?? []).flatMap((c) =>
    c.processes ? [{ c, blocks: c.processes }] : [],
  );
  const first = guarded[0]?.blocks;
  if (first === undefined) return undefined;
  const changes = (blocks: ProcessBlocks): string =>
    blocks.changes.map((change) => formatPercent(change)).join(', ');
  const seen = guarded
    .filter(({ blocks }) => blocks.differed)
    .map(
      ({ c, blocks }) =>
        `${c.scenario} ${metricLabel(c.metric)} ${changes(blocks)} (F = ${blocks.f.toFixed(1)}, p ${formatP(blocks.p)})`,
    )
    .join('; ');
  // A comparison whose own blocks did not differ significantly is named with its blocks when it was taken back.
  const overruled = guarded.flatMap(({ c, blocks }) =>
    blocks.overruled
      ? [
          `${c.scenario} ${metricLabel(c.metric)} would have been ${WOULD_HAVE_BEEN[blocks.overruled]}${blocks.differed ? '' : ` (its blocks: ${changes(blocks)})`}`,
        ]
      : [],
  );
  const outcome =
    overruled.length === 0
      ? 'here every verdict did'
      : `${overruled.join(', ')} by the pairs, but not in every block, so ${overruled.length === 1 ? 'it is' : 'they are'} inconclusive`;
  return `the server's processes differed for their whole life: in blocks of ${first.restartEvery} pairs that shared a base and a head process, the change moved from block to block more than the pairs within a block allow (${seen}). A process that runs faster or slower than its twin moves all the pairs of its block alike, in every scenario and metric, so every verdict has to hold in every block: ${outcome}. If this recurs, the server's speed differs from one start to the next: a longer \`time-budget\` gives more blocks, and \`restart-every: 1\` gives every pair new processes (then measured in their first seconds, JIT warm-up included).`;
}

/** Whether the guard of processOffsetNote took a verdict back (worth an annotation on the run, not only a note). */
export function processOffsetOverruled(decision: Decision | undefined): boolean {
  return (decision?.comparisons ?? []).some((c) => c.processes?.overruled !== undefined);
}

const STOP_TEXT: Record<StopReason, string> = {
  resolved: 'stopped early: every comparison was resolved',
  budget: 'stopped at the time budget',
  fixed: 'a fixed number of pairs',
  deadline: "stopped by the gate's time limit",
  'no-scenarios': 'no scenario left to compare',
};

function interleaving(s: Report['settings']): string {
  const warmup = `after ${s.warmupSec} s warm-up`;
  if (!s.sliceSec) return `base and head alternating ABBA, ${s.durationSec} s each ${warmup}`;
  return `${s.durationSec} s of load per side in each pair, ${warmup}, base and head taking turns ABBA in slices of ${s.sliceSec} s`;
}

function lifecycle(restartEvery: number | undefined): string {
  if (!restartEvery) return 'a fresh server process per round';
  if (restartEvery === 1)
    return 'new base and head server processes for every pair, started together, not primed';
  return `base and head servers side by side, restarted together and primed every ${restartEvery} pairs`;
}

function howMeasured(report: Report, comparisons: number): string {
  const s = report.settings;
  const q = report.sequential;
  const shards = report.shards ?? [];
  const pairs =
    shards.length > 1
      ? `${shards.length} shards of ${shards.map((x) => x.pairs).join(', ')}`
      : (q?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size);
  const adaptive =
    q === undefined || shards.length > 1
      ? ''
      : s.pairs === undefined
        ? ` (adaptive, ${STOP_TEXT[q.stoppedBy]}; looked after ${q.looked.join(', ')} pairs of ${q.schedule.length} planned looks${q.confirmationPairs > 0 ? `; ${q.confirmationPairs} pairs added to confirm a borderline regression` : ''}${q.disturbedPairs > 0 ? `; ${q.disturbedPairs} disturbed pairs measured again` : ''}${q.keptDisturbedPairs > 0 ? `; ${q.keptDisturbedPairs} disturbed pairs kept` : ''})`
        : ` (${STOP_TEXT[q.stoppedBy]})`;
  const across = shards.length > 1 ? ' (across all shards)' : '';
  return (
    `${pairs} pairs of interleaved rounds${adaptive}, ${interleaving(s)}, ${s.connections} connections, ${lifecycle(s.restartEvery)} · ` +
    `threshold ±${formatShare(s.threshold)} (req/s), ±${formatShare(s.latencyThreshold ?? s.threshold)} (latency) · p-values Holm-adjusted across ${comparisons} comparisons${across} counting every planned look (α = ${s.alpha}) · ` +
    `measuring ${formatSeconds(report.timing.measureSec)}, ${formatSeconds(report.timing.wallSec)} in all`
  );
}

/**
 * The open-loop load, when the rounds had one: its rate per scenario, what "p99 at fixed rate" means, and whether
 * the load generator kept to its schedule. '' without open-loop rounds.
 */
export function openLoopLine(report: Report): string {
  const rates: string[] = [];
  let lag = 0;
  for (const { name } of report.settings.scenarios) {
    const paced = report.rounds.flatMap((r) =>
      r.scenario === name && r.measurement.paced ? [r.measurement.paced] : [],
    );
    if (paced.length === 0) continue;
    rates.push(`${formatValue('rps', median(paced.map((p) => p.rate)))} req/s for ${escapeMarkdown(name)}`);
    lag = Math.max(lag, ...paced.map((p) => p.sendLagP99Ms));
  }
  if (rates.length === 0) return '';
  const behind =
    lag > PACED_LAG_MS
      ? ` The load generator fell behind its schedule (p99 ${lag.toFixed(1)} ms late): the rate is too high for it on this runner, so lower \`latency-rate\`.`
      : '';
  return `"p99 at fixed rate": after its closed-loop load, each side got ${Number(openLoopSec(report.settings.durationSec).toFixed(2))} s per pair of open-loop load at ${rates.join(', ')} (the same for base and head), requests sent on schedule whatever the server does and timed from when they were due, so a stall's queue counts and cannot hide (coordinated omission).${behind}`;
}

/** How late the open-loop client may send (p99) before the report says it could not keep up. */
const PACED_LAG_MS = 5;

function roundsTable(report: Report): string[] {
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

/**
 * The profile section re-rendered from its numbers, for a report read back from a file (`mode: report`): the
 * Markdown the measuring run wrote is not trusted, so function names and files are escaped here.
 */
export function renderHotterSection(hotter: readonly HotFunction[]): string {
  const out = ['### Where the time went (CPU profile)', ''];
  if (hotter.length === 0) {
    out.push('No function of the pull request got noticeably hotter on head.');
    return out.join('\n');
  }
  const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
  out.push('| function | file:line | base % | head % |', '| --- | --- | ---: | ---: |');
  for (const h of hotter) {
    const at = `${h.file}:${h.line}`;
    out.push(
      `| ${code(h.fn).replace(/\|/g, '\\|')} | ${code(at).replace(/\|/g, '\\|')} | ${pct(h.baseSelf)} | ${pct(h.headSelf)} |`,
    );
  }
  out.push(
    '',
    '<sub>Share of busy CPU samples spent in the function itself, profiled with 0x after measuring.</sub>',
  );
  return out.join('\n');
}

/**
 * The scenarios whose request or settings the table does not show: a name other than `METHOD path`, an expected
 * status, their own connections or threshold; and the shard. Empty when there is nothing to add.
 */
function scenariosLine(report: Report): string {
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

export interface RenderOptions {
  /** Where the full report lives (job summary, artifact), linked when the comment is trimmed. */
  detailsUrl?: string;
}

export function renderMarkdown(report: Report, options: RenderOptions = {}): string {
  const out: string[] = [];
  out.push(`### ${VERDICT_ICON[report.verdict]} perf-gate: ${VERDICT_TEXT[report.verdict]}`, '');
  out.push(`**${escapeMarkdown(report.headline)}**`, '');
  if (report.error) {
    const e = report.error;
    out.push(e.neutral ? '> [!WARNING]' : '> [!CAUTION]', `> ${escapeMarkdown(e.message)}`, '');
    if (e.output)
      out.push('<details><summary>Last output</summary>', '', codeBlock(e.output), '', '</details>', '');
  }
  const decision = report.decision;
  if (decision) {
    out.push(...comparisonTable(decision), '');
  }
  const diagnostics = report.diagnostics
    ? renderDiagnosticsSection(report.diagnostics, { sliced: (report.settings.sliceSec ?? 0) > 0 })
    : '';
  if (diagnostics !== '') out.push(diagnostics.trim(), '');
  if (report.profile) out.push(report.profile.markdown.trim(), '');
  if (report.newScenarios.length > 0) {
    out.push(
      `New on head (base answers them with errors, so they are not compared): ${report.newScenarios.map(escapeMarkdown).join(', ')}.`,
      '',
    );
  }
  out.push(howMeasured(report, decision?.comparisons.length ?? 0));
  const open = openLoopLine(report);
  if (open !== '') out.push('', open);
  const scenarios = scenariosLine(report);
  if (scenarios !== '') out.push('', scenarios);
  out.push(
    '',
    `base ${code(report.base.label)} (${report.base.sha.slice(0, 7)}) · head ${code(report.head.label)} (${report.head.sha.slice(0, 7)}) · Node ${report.environment.node} · ${report.environment.cpus} CPUs`,
  );
  if (decision) {
    const noise = noiseLine(decision);
    if (noise) out.push('', noise);
  }
  const offsets = processOffsetNote(decision);
  if (offsets) out.push('', `Note: ${inlineText(offsets)}`);
  for (const note of report.notes) out.push('', `Note: ${inlineText(note)}`);
  if (report.rounds.length > 0) {
    out.push('', '<details><summary>Every round</summary>', '', ...roundsTable(report), '', '</details>');
  }
  if (options.detailsUrl) out.push('', `[Flame graphs and raw numbers (artifact)](${options.detailsUrl})`);
  out.push(
    '',
    '<sub>How to read this: base and head of each pair run close together (taking turns every fraction of a second, or in adjacent rounds), so they share the machine’s speed of that moment, and the change is estimated from per-pair ratios (Hodges-Lehmann) with a Wilcoxon signed-rank test. A regression needs significance and a change beyond the threshold.</sub>',
  );
  return `${out.join('\n')}\n`;
}

/** GitHub rejects comments over 65,536 characters: trim the detail, never the verdict. */
export const COMMENT_LIMIT = 65_536;

export function fitComment(markdown: string, limit: number, pointer: string): string {
  if (markdown.length <= limit) return markdown;
  const note = `\n\n…trimmed: the report is longer than a comment may be. ${pointer}\n`;
  const details = markdown.indexOf('<details>');
  const cut = details > 0 && details + note.length <= limit ? details : limit - note.length;
  return `${markdown.slice(0, cut).trimEnd()}${note}`;
}
