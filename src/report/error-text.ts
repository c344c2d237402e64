/**
 * The messages of the errors the gate raises (a GateError carries its message from where it is thrown), and what a
 * server was doing when it failed. The one file of report/ that gate/, config/ and io/ may import: every other word
 * they need is a typed note or event (src/model/notes.ts) that report/ says. Pure.
 */
import type { PlanCheck } from '../model/decision.ts';
import type { Round, Side } from '../model/measure.ts';
import { planNote } from './plan-check-text.ts';

/** `relativeDir`: the working directory relative to the tree's root ('' for the root itself). */
export function noDirectoryMessage(side: Side, relativeDir: string): string {
  return `the ${side} tree has no directory ${relativeDir || '.'} (input \`working-directory\`)`;
}

export function stepTimedOutMessage(
  step: 'install' | 'build',
  side: Side,
  command: string,
  ms: number,
): string {
  return `${step} of ${side} (\`${command}\`) did not finish within ${Math.round(ms / 1000)} s (input \`build-timeout\`, the limit of install and build each)`;
}

export function stepFailedMessage(
  step: 'install' | 'build',
  side: Side,
  command: string,
  code: number | null,
): string {
  return `${step} of ${side} (\`${command}\`) failed with exit code ${code}`;
}

/** How a hook (`setup`, `teardown`) failed: it overran, was killed by `signal`, or exited with `code`. */
export type HookFailure =
  | { timedOutMs: number }
  | { code: null; signal: string | null }
  | { code: number; signal?: undefined };

export function hookFailedMessage(
  step: 'setup' | 'teardown',
  side: Side,
  command: string,
  failure: HookFailure,
): string {
  const problem =
    'timedOutMs' in failure
      ? `did not finish within ${Math.round(failure.timedOutMs / 1000)} s (the \`build-timeout\` input limits it)`
      : failure.code === null
        ? `was killed by ${failure.signal}`
        : `failed with exit code ${failure.code}`;
  return `${step} of ${side} (\`${command}\`) ${problem}`;
}

export function roundDuring(pair: number, scenario: string): string {
  return `round ${pair + 1} (${scenario})`;
}

export function primingDuring(pair: number, scenario: string): string {
  return `priming before pair ${pair + 1} (${scenario})`;
}

export function openLoopBaseDuring(scenario: string): string {
  return `measuring base for the open loop (${scenario})`;
}

/** A server on a fixed port that opened it itself instead of the port perf-gate handed it (`movedTo`). */
export function portNotMovedMessage(side: Side, start: string, fixed: number, movedTo: number): string {
  return `the ${side} server \`${start}\` opened port ${fixed} (input \`port\`) itself instead of port ${movedTo}, where perf-gate moved it to run beside its twin: perf-gate moves a fixed port only inside Node.js processes that load the NODE_OPTIONS it gives them`;
}

/** A server (`what`) that exited before it answered while another program listened on its port (`where`). */
export function portTakenMessage(what: string, where: string, fixed: boolean): string {
  const fix = fixed
    ? 'stop whatever else listens on the port in `port`, or choose another'
    : 'perf-gate picked that port free, and another program took it before the server opened it';
  return `${what} exited before it answered, while another program, not one of the server's processes, listened on ${where}: ${fix}`;
}

/** What a side's rounds got back: each status with its count (most first), then connection errors. */
export function statusSummary(rounds: readonly Round[]): string {
  const counts: Record<string, number> = {};
  for (const r of rounds)
    for (const [c, n] of Object.entries(r.measurement.statusCodes)) counts[c] = (counts[c] ?? 0) + n;
  const errors = rounds.reduce((sum, r) => sum + r.measurement.errors + r.measurement.timeouts, 0);
  const parts = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${n} × ${c}`);
  if (errors > 0) parts.push(`${errors} connection errors or timeouts`);
  return parts.join(', ') || 'no answer';
}

/** Both sides failed a scenario's requests in the first pair (`configFile` undefined: the `paths` input). */
export function bothFailMessage(
  scenario: { name: string; expectStatus: number | undefined },
  base: readonly Round[],
  head: readonly Round[],
  configFile: string | undefined,
): string {
  const expect =
    scenario.expectStatus === undefined ? 'the scenario' : `\`expect: ${scenario.expectStatus}\``;
  const rule =
    configFile === undefined
      ? 'Every path in `paths` must answer 2xx: check the path'
      : `Every scenario must answer its \`expect\` status (default 2xx): check ${expect} in ${configFile}`;
  return `both base and head fail ${scenario.name} (base: ${statusSummary(base)}; head: ${statusSummary(head)}). ${rule} and the server's setup.`;
}

/** Base failed a scenario its own config file lists, which head answers: compared, never dropped as new on head. */
export function baseFailsMessage(
  scenario: string,
  base: readonly Round[],
  configFile: string | undefined,
): string {
  const file = configFile ?? 'config file';
  return `base fails ${scenario} (${statusSummary(base)}) but head does not: base's config file ${file} lists it, so it is compared, not dropped as new on head. Make base answer it (check base's server and its setup), or take it out of base's ${file} first.`;
}

/** An error's message with the output shown under it, for an annotation. */
export function errorWithOutput(message: string, output: string | undefined): string {
  return `${message}${output ? `\n${output}` : ''}`;
}

/** perf-gate's own load generator changed on disk after it was checked (the pull request's code could do that). */
export function tamperedMessage(file: string): string {
  return `perf-gate's own ${file} changed on disk while the gate ran (the pull request's install, build or server can write to it): refusing to measure with it. Run perf-gate where the pull request's code cannot write to the action's files (docs/security.md)`;
}

/** A gate refused on an event that hands the job a write token, for code it cannot prove is the repository's own. */
export function privilegedEventMessage(eventName: string): string {
  return `refusing to run perf-gate on \`${eventName}\`: that event may give the job a write token and the repository's secrets, and nothing in it proves that the checked-out code comes from this repository (a fork's pull request, or one whose fork was deleted, does not), yet perf-gate runs its install, build and server. Measure on \`pull_request\` and post the report from a \`workflow_run\` workflow with \`mode: report\` (see "Pull requests from forks" in the README).`;
}

/** A plan that cannot decide anything at all (src/decide/plan-check.ts), refused before any tree is prepared. */
export function planErrorMessage(check: PlanCheck, restartEvery: number, scenarios: number): string {
  return planNote(check, restartEvery, scenarios) ?? 'this plan cannot decide anything';
}

/** A `history-branch` whose tip is not a commit of perf-gate's history: pushing would replace it. */
export function notHistoryBranchMessage(branch: string, tip: string): string {
  return `input \`history-branch\`: \`${branch}\` is not a perf-gate history branch (its tip ${tip.slice(0, 7)} is not a root commit of perf-gate's with a \`history/\` folder), and perf-gate replaces its branch's commit on every run: its history would be gone. Name a branch of its own, e.g. \`history-branch: perf-gate-history\`.`;
}

/** A `history-branch` that is the repository's default branch or the branch being measured. */
export function historyBranchRefusedMessage(
  branch: string,
  what: 'the default branch' | 'the branch measured',
): string {
  return `input \`history-branch\`: \`${branch}\` is ${what}, and perf-gate replaces its branch's commit on every run. Name a branch of its own, e.g. \`history-branch: perf-gate-history\`.`;
}
