/**
 * The words of `mode: history` outside the alert issues (creep-text.ts): the job summary of a run, with a Mermaid
 * chart of the branch against its release, and the one line a pull request's comment gets about its base branch's
 * drift. Text from outside (scenario, branch and release names) is escaped. Pure.
 */
import type { Verdict } from '../model/decision.ts';
import type { DriftView, HistoryChart, HistoryLine, HistoryRunView } from '../model/history.ts';
import { code, escapeMarkdown } from './escape.ts';
import { formatPercent, formatShare, VERDICT_ICON, VERDICT_TEXT } from './format.ts';

/** Runs of the current release drawn in the job summary's chart, at most. */
const SUMMARY_RUNS = 60;
/** Scenarios named in the drift line, at most. */
const DRIFT_SCENARIOS = 4;

/** A short commit id, or the text escaped if it is not one (the history is read back from a branch). */
export function shortSha(sha: string): string {
  return /^[0-9a-f]{7,64}$/.test(sha) ? sha.slice(0, 7) : escapeMarkdown(sha.slice(0, 12));
}

/** A req/s change in words: `4.1% slower`, `3.0% faster`, `within ±2%` (when the verdict is no change). */
export function speedWords(change: number, verdict: Verdict, threshold: number): string {
  if (verdict === 'no-change') return `within ±${formatShare(threshold)}`;
  const size = formatPercent(Math.abs(change)).replace(/^[+±]/, '');
  const words = `${size} ${change < 0 ? 'slower' : 'faster'}`;
  return verdict === 'inconclusive' ? `${words} (unresolved)` : words;
}

/**
 * The pull request comment's line on its base branch: "main is already 4.1% slower than v2.3.0 on GET /orders",
 * for the scenarios the pull request measured, from the history's latest run of the branch.
 */
export function driftLine(drift: DriftView): string {
  const shown = drift.scenarios.slice(0, DRIFT_SCENARIOS);
  const parts = shown.map(
    (s) =>
      `${speedWords(s.change, s.verdict, s.threshold)}${s.verdict === 'no-change' ? ' of' : ' than'} ${code(drift.release)} on ${escapeMarkdown(s.scenario)}`,
  );
  const more = drift.scenarios.length - shown.length;
  const slower = drift.scenarios.some((s) => s.verdict === 'regression');
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return (
    `📈 Before this pull request, ${code(drift.ref)} is ${slower ? 'already ' : ''}${list}` +
    `${more > 0 ? ` (and ${more} more scenarios)` : ''}, as its history measured it at ${shortSha(drift.commit)} on ${escapeMarkdown(drift.date.slice(0, 10))}.`
  );
}

/** A Mermaid title or label: letters, digits and a few marks only. */
function mermaidText(text: string): string {
  return text.replace(/[^\w .,:/+±%()-]/g, ' ');
}

/** A number as Mermaid reads it (percent, two decimals). */
function value(x: number): string {
  return (Math.round(x * 10_000) / 100).toString();
}

/** The branch's runs against its current release as a Mermaid xychart: change, interval, ±threshold. */
export function summaryChart(chart: HistoryChart): string[] {
  const release = chart.points.at(-1)?.release;
  const points = chart.points.filter((p) => p.release === release).slice(-SUMMARY_RUNS);
  if (points.length < 2) return [];
  const series = [
    points.map((p) => p.change),
    points.map((p) => p.low ?? p.change),
    points.map((p) => p.high ?? p.change),
    points.map(() => chart.threshold),
    points.map(() => -chart.threshold),
  ];
  const all = series.flat();
  const [lo, hi] = [Math.min(...all), Math.max(...all)];
  const pad = Math.max(0.005, (hi - lo) * 0.08);
  return [
    '```mermaid',
    '%%{init: {"xyChart": {"width": 720, "height": 300}, "themeVariables": {"xyChart": {"plotColorPalette": "#0969da, #9ec5f4, #9ec5f4, #cf222e, #cf222e"}}}}%%',
    'xychart-beta',
    `  title "${mermaidText(`req/s change against ${release ?? ''} (%), run by run (light: interval, red: ±${formatShare(chart.threshold)})`)}"`,
    `  x-axis "run" [${points.map((_, i) => i + 1).join(', ')}]`,
    `  y-axis "change (%)" ${value(lo - pad)} --> ${value(hi + pad)}`,
    ...series.map((s) => `  line [${s.map(value).join(', ')}]`),
    '```',
  ];
}

/** One scenario of a run in a sentence: `4.1% slower than v1.1.0 [−5.0%, −3.2%] 🔴 regression`. */
function scenarioSentence(line: HistoryLine, name: string): string {
  const r = line.scenarios.find((s) => s.name === name)?.rps;
  if (!r) return 'not compared';
  const [change, low, high, , threshold, verdict] = r;
  const interval =
    low === null || high === null ? '' : ` [${formatPercent(low / 100)}, ${formatPercent(high / 100)}]`;
  return `${speedWords(change / 100, verdict, threshold / 100)} than ${code(line.base.tag)}${interval} ${VERDICT_ICON[verdict]} ${VERDICT_TEXT[verdict]}`;
}

/** The run's lines: the branch against its release, and a new release against the one before. */
function runLines(view: HistoryRunView): string[] {
  const out: string[] = [];
  const branch = view.branchRun;
  if (branch) {
    for (const s of branch.scenarios)
      out.push(`- **${escapeMarkdown(s.name)}**: ${code(view.ref)} is ${scenarioSentence(branch, s.name)}`);
    if (branch.scenarios.length === 0)
      out.push(`- ${code(view.ref)}: nothing was compared (${branch.verdict}).`);
  } else if (view.skipped)
    out.push(`- ${escapeMarkdown(headIsReleaseText(view.skipped.ref, view.skipped.release))}`);
  else if (view.noRelease)
    out.push(`- ${escapeMarkdown(noReleaseText(view.noRelease.ref, view.noRelease.pattern))}`);
  const release = view.releaseRun;
  if (release) {
    for (const s of release.scenarios)
      out.push(
        `- release ${code(release.head.tag ?? '')} on **${escapeMarkdown(s.name)}**: ${scenarioSentence(release, s.name)}`,
      );
  }
  return out;
}

/** The job summary's history section (the gates' own reports follow it). */
export function historySummary(view: HistoryRunView): string {
  const against = view.release === undefined ? '' : ` against ${code(view.release)}`;
  const out = [
    `### 📈 perf-gate history: ${code(view.ref)} (${shortSha(view.head)})${against}`,
    '',
    ...runLines(view),
    '',
  ];
  for (const alert of view.alerts) {
    out.push(
      `- Alert on ${escapeMarkdown(alert.scenario)} ${alert.kind}: [issue ${alert.number}](${alert.url})`,
    );
  }
  if (view.alerts.length > 0) out.push('');
  for (const { chart, url } of view.charts) {
    const picture = summaryChart(chart);
    if (picture.length === 0) continue;
    out.push(
      `#### ${escapeMarkdown(chart.scenario)}`,
      '',
      ...picture,
      '',
      `[The whole history as SVG](${url})`,
      '',
    );
  }
  if (view.handedOver !== undefined) {
    out.push(
      `Measured only (\`history-job: measure\`): the lines are in ${code(view.handedOver)}, for the job that publishes them (\`history-job: publish\`).`,
    );
  } else if (view.pushed === undefined) {
    out.push(`Nothing new for the branch ${code(view.historyBranch)}: [every chart](${view.pageUrl}).`);
  } else if ('commit' in view.pushed) {
    out.push(
      `Written to the branch ${code(view.historyBranch)} (${shortSha(view.pushed.commit)}): [every chart](${view.pageUrl}).`,
    );
  } else {
    out.push(
      `Nothing was written to the branch ${code(view.historyBranch)}: ${escapeMarkdown(view.pushed.error)}`,
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The log's line before a release is measured against the one before it. */
export function releaseGateLog(release: string, previous: string): string {
  return `the history has not compared release ${release} with ${previous} yet: measuring it first`;
}

/** Why the branch is not measured: its head is the release itself. */
export function headIsReleaseText(ref: string, release: string): string {
  return `${ref} is at ${release} itself: nothing to compare it with until the next commit.`;
}

/**
 * mode history before the first release: a note, not a failure; the history starts at the first tag that matches
 * `release-tags`.
 */
export function noReleaseText(ref: string, pattern: string): string {
  return `${ref} has no release yet (no tag that matches ${pattern} is reachable from it), so there is nothing to measure it against: this run only notes it and passes. The history starts with the first release tag (e.g. git tag v1.0.0 && git push origin v1.0.0), or set base to measure against a commit of your choice.`;
}

/** The log's line when a measuring job left its lines for the publishing job. */
export function historyHandedOverLog(file: string, lines: number): string {
  return `${lines} line${lines === 1 ? '' : 's'} of the history left in ${file} for the publishing job (history-job: publish)`;
}

/** Why the publishing job refuses the lines it was handed (they come from a job that ran project code). */
export function historyLinesRefusedMessage(problem: string): string {
  return `input \`results\`: refusing the history's lines: ${problem}. Nothing was written. Publish only the \`history-lines.jsonl\` of this workflow run's measuring job (\`history-job: measure\`).`;
}

/** Why a history run outside a repository's workflow cannot say where its branch and links are. */
export function historyRepositoryMessage(): string {
  return '`mode: history` needs GITHUB_REPOSITORY (owner/name), which GitHub Actions sets: run it in a workflow of the repository it follows.';
}

/** Why the publishing job refuses to run on this event. */
export function historyPublishEventMessage(event: string): string {
  return `input \`history-job\`: \`publish\` runs on \`push\`, \`schedule\` and \`workflow_dispatch\` of the branch measured, not on \`${event}\`: its lines would not be of a commit this workflow trusts. Run both jobs of the history in one workflow on those events.`;
}

/** The log's line on the history read before measuring. */
export function historyReadLog(branch: string, runs: number): string {
  return `the history on ${branch} holds ${runs} run${runs === 1 ? '' : 's'}`;
}

/** The log's line naming the history's lines that were left out (the first ten): file, line number, bad field. */
export function historySkippedLog(bad: readonly string[]): string {
  const named = bad.slice(0, 10).join('; ');
  const more = bad.length > 10 ? ` and ${bad.length - 10} more` : '';
  return `${bad.length} line${bad.length === 1 ? '' : 's'} of the history ${bad.length === 1 ? 'was' : 'were'} left out (another format version, or damaged): ${named}${more}`;
}

/** The log's line when another run pushed to the history branch first. */
export function historyRetryLog(attempt: number): string {
  return `the history branch moved while this run wrote to it: writing again (attempt ${attempt + 1})`;
}

/** The log's line once the history is written. */
export function historyWrittenLog(branch: string, commit: string, attempts: number): string {
  return `history written to ${branch}: ${commit.slice(0, 7)}${attempts > 1 ? ` (${attempts} attempts)` : ''}`;
}

/** The log's line for each alert issue opened, updated or closed. */
export function alertLog(scenario: string, kind: string, url: string): string {
  return `creep alert on ${scenario} ${kind}: ${url}`;
}

/** The warning when the alert could not be checked; the history stands. */
export function alertWarning(problem: string | undefined): string {
  return problem === undefined
    ? 'no `github-token`: the creep alert was not checked (the history stands)'
    : `could not open or update the creep alert (${problem}): the job needs \`permissions: { issues: write }\`. The history stands.`;
}

/** The warning of a history run whose branch regressed: the issue is the alert, the step does not fail. */
export function historyRegressionWarning(headline: string): string {
  return `perf-gate: ${headline} (mode: history reports it in an issue, and does not fail)`;
}

/** The log's line when a pull request gate could not read the history for its drift line. */
export function driftUnreadLog(ref: string, problem: string): string {
  return `the history branch could not be read, so the comment says nothing of ${ref}'s drift (${problem})`;
}
