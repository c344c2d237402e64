/**
 * The words of what the gate logs while it runs and notes in its report (said from typed notes and events by
 * note-text.ts and log-text.ts; the gate's code holds mechanics only, and its errors' messages are in
 * error-text.ts). Functions of plain data. Pure.
 */
import type { Futility, Verdict } from '../model/decision.ts';
import type { PacedMeasurement, Round, Side } from '../model/measure.ts';
import type { Disturbance, NotProfiled, PairRow, Step } from '../model/notes.ts';
import type { ScenarioPlan } from '../model/plan.ts';
import { statusSummary } from './error-text.ts';
import { metricLabel, VERDICT_TEXT } from './format.ts';

// Preparing and removing the trees

export function baseTreeGroup(label: string, sha: string): string {
  return `base tree: ${label} (${sha.slice(0, 7)})`;
}

export function baseCheckedOutLog(dir: string): string {
  return `base checked out at ${dir}`;
}

export function nothingToInstallLog(side: Side): string {
  return `install ${side}: nothing to install`;
}

/** The log group a step's output goes in. */
export function stepGroup(step: Step, side: Side, command: string): string {
  return `${step} ${side}: ${command}`;
}

export function stepTookLog(step: Step, side: Side, durationMs: number): string {
  return `${step} ${side} took ${(durationMs / 1000).toFixed(1)} s`;
}

/** A teardown that failed: the verdict stands. */
export function teardownNote(message: string): string {
  return `${message} (the verdict stands).`;
}

export function keepTreesLog(dir: string): string {
  return `keep-trees: the base tree stays at ${dir} (remove it with \`git worktree remove --force\`)`;
}

/** `kept`: whether the base tree stays (keep-trees); undefined when there was none. Sizes already formatted. */
export function diskUseLog(
  tree: string,
  kept: boolean | undefined,
  outputs: string,
  outputDir: string,
): string {
  const fate = kept === undefined ? 'none' : kept ? 'kept' : 'removed';
  return `disk use of this run: base tree ${tree} (${fate}), outputs ${outputs} in ${outputDir}`;
}

// The notes when the gate ends

/** `loadgenCpu`: the median of the rounds' load generator CPU, in cores. */
export function loadgenBusyNote(loadgenCpu: number): string {
  return `the load generator kept ${(loadgenCpu * 100).toFixed(0)}% of a core busy: on this runner it, not the server, may set the pace, so changes in req/s may be understated.`;
}

/** In place of loadgenBusyNote when the server's CPU time per request was compared (decide/pace.ts). */
export function generatorPacedNote(scenarios: readonly string[], all: boolean): string {
  const where = all ? '' : ` on ${scenarios.join(', ')}`;
  return `the load generator set the pace${where} (in the first pair it had no idle time left, or was busier than the server), so req/s and latency understate a change in the server's own cost: the server's CPU time per request was compared too, against the req/s threshold.`;
}

// Profiling

export const NO_ROOM_FOR_PROFILES =
  'no flame graphs: the time limit (input `timeout`) left no room for the profiling pass.';

export const PROFILING_GROUP = 'profiling base and head with 0x';

/** Where the flame graphs can be found, as the profile section names it. */
export const PROFILE_ARTIFACTS = 'the flame-graph artifact of this run';

export function profilingTookLog(seconds: number): string {
  return `profiling took ${seconds.toFixed(1)} s`;
}

/** Why the gate did not profile, though flame graphs are on. */
export function notProfiledLog(reason: NotProfiled): string {
  return reason === 'no-change'
    ? 'not profiled: no change to explain (flame graphs come with a change, or an inconclusive gate)'
    : 'not profiled: runner 1 of the matrix profiles for all (`replica: 1/n`)';
}

export function noFlameGraphsNote(message: string): string {
  return `no flame graphs: ${message}`;
}

export function profilingFailedLog(message: string): string {
  return `profiling failed (the verdict stands): ${message}`;
}

// Measuring: what a server was doing when it died (completes "… exited during …")

// Measuring: the log of the pairs

/** `capped`: the share of base's req/s was more than the open-loop client sustains. */
export function openLoopRateLog(scenario: string, rate: number, share: number, baseRps: number): string {
  const capped = rate < share * baseRps ? `, capped at what the open-loop client sustains` : '';
  return `${scenario}: open-loop load at ${rate} req/s (${Math.round(share * 100)}% of base's ${Math.round(baseRps)} req/s${capped})`;
}

/** What disturbed a round: other processes' busy CPU, in cores. */
/** What disturbed a pair most, in words. */
export function disturbanceReason(d: Disturbance): string {
  return d.cause === 'foreign' ? foreignCpuReason(d.cores) : stolenCpuReason(d.cores);
}

export function foreignCpuReason(cores: number): string {
  return `other processes kept ${cores.toFixed(2)} cores busy`;
}

/** What disturbed a round: CPU the hypervisor stole, in cores. */
export function stolenCpuReason(cores: number): string {
  return `the hypervisor stole ${cores.toFixed(2)} cores`;
}

/** `pair`: 0-based. */
export function measuredAgainLog(pair: number, reason: string): string {
  return `pair ${pair + 1} was disturbed (${reason}): measuring it again`;
}

/** `pair`: 0-based; `measuredAgain`: pairs measured again so far; `budget`: kept for the budget's sake. */
export function keptDisturbedLog(
  pair: number,
  reason: string,
  measuredAgain: number,
  why: { budget?: boolean | undefined; steady?: boolean | undefined } = {},
): string {
  const because = why.steady
    ? 'as busy as the machine has been throughout, which a pair measured again would meet too'
    : why.budget
      ? 'but measuring it again would leave the time budget short of the next look'
      : `after ${measuredAgain} pairs were measured again`;
  return `pair ${pair + 1} was disturbed (${reason}) ${because}: kept, base and head took turns in it`;
}

/** A scenario's turns refitted to what they cost (src/gate/turn-fit.ts). */
export function turnsRefittedLog(
  scenario: string,
  turns: number,
  planned: number,
  turnSec: number,
  extraSec: number,
): string {
  const slot = `${Math.round(turnSec * 1000)} ms`;
  const extra = `${extraSec.toFixed(2)} s`;
  return turns === planned
    ? `${scenario}: turns cost what was planned again: back to ${planned} turns a side of ${slot}`
    : `${scenario}: ${turns} turns a side of ${slot} instead of ${planned}, so that a pair costs what was planned (a base and a head turn took ${extra} beyond their slots, waiting for the requests in flight)`;
}

/** A signed percentage with one decimal: +1.2%, −0.4%. */
function signedPercent(share: number): string {
  const text = Math.abs(share * 100).toFixed(1);
  return `${share > 0 && text !== '0.0' ? '+' : share < 0 && text !== '0.0' ? '−' : ''}${text}%`;
}

/**
 * A measured pair (0-based `pair`): each scenario's req/s per side, the change, the open loop's p99, and the
 * running estimate where given.
 */
export function pairLog(pair: number, rows: readonly PairRow[]): string {
  const scenarios = rows.map(({ scenario, base, head, running }) => {
    const [b, h] = [base.rps, head.rps];
    const so =
      running && Number.isFinite(running.change)
        ? `, so far ${signedPercent(running.change)} over ${pairCount(running.pairs)}`
        : '';
    return `${scenario}: base ${Math.round(b)} req/s, head ${Math.round(h)} req/s (${signedPercent((h - b) / b)})${so}${pacedLine(base.paced, head.paced)}`;
  });
  return `pair ${pair + 1}: ${scenarios.join('; ')}`;
}

export const MEASURING_GROUP = 'measuring base and head in interleaved pairs';

/** The open loop's part of a pair's log line: p99 at the rate per side, and any requests that were not answered. */
function pacedLine(base: PacedMeasurement | undefined, head: PacedMeasurement | undefined): string {
  if (!base && !head) return '';
  const side = (p: PacedMeasurement | undefined): string => {
    if (!p) return 'no open-loop load';
    const p99 = p.latencyMs.p99;
    const value = p99 === null || !Number.isFinite(p99) ? 'n/a' : `${p99.toFixed(2)} ms`;
    return p.responses < p.sent ? `${value} (${p.sent - p.responses} of ${p.sent} unanswered)` : value;
  };
  return `, p99 at ${Math.round((base ?? head)?.rate ?? 0)} req/s: base ${side(base)}, head ${side(head)}`;
}

function pairCount(pairs: number): string {
  return `${pairs} pair${pairs === 1 ? '' : 's'}`;
}

export function timeLimitNote(pairs: number): string {
  return `the gate's time limit (input \`timeout\`) ran out after ${pairCount(pairs)}.`;
}

export function timeLimitLog(pairs: number): string {
  return `the time limit ran out after ${pairCount(pairs)}: deciding on what was measured`;
}

/** A scenario settled at a look (src/decide/settle.ts): measured no further, its time given to the others. */
export function settledNote(scenario: string, verdict: Verdict, pairs: number): string {
  const as = verdict === 'no-change' ? 'no change' : `a confirmed ${VERDICT_TEXT[verdict]}`;
  return `${scenario} settled as ${as} after ${pairCount(pairs)}; its time went to the others (its comparisons are as they were decided then).`;
}

export function settledLog(scenarios: readonly string[], open: readonly ScenarioPlan[]): string {
  const turns = open.map((s) => `${s.name} ${s.turns} turns a side`).join(', ');
  return `${scenarios.join(', ')} settled: measured no further; from the next pair on, ${turns}`;
}

export function confirmationLog(pairs: number): string {
  return `a borderline regression earned ${pairs} more pairs to confirm it`;
}

/** Disturbed pairs kept (`kept` of `pairs`; the worst disturbance's `reason`) after `measuredAgain` were measured again. */
export function busyMachineNote(kept: number, pairs: number, reason: string, measuredAgain: number): string {
  const of = `${kept} of ${pairs} pair${pairs === 1 ? ' was' : 's were'}`;
  const again = measuredAgain === 0 ? '' : `, after ${measuredAgain} had been measured again`;
  return `the machine was busy throughout: ${of} kept although disturbed (worst: ${reason})${again}. Base and head took turns, so both felt it alike: such pairs are noisier, not biased, and the p-values and intervals account for the noise. Run perf-gate in a job of its own, with nothing else running.`;
}

/**
 * With new processes for every pair, starting them took `startupSec` of every pair's `pairSec`: what to set
 * instead (`restartEvery`: the default `restart-every`).
 */
export function startupNoteText(startupSec: number, pairSec: number, restartEvery: number): string {
  return `starting base and head took ${startupSec.toFixed(1)} s of every pair's ${pairSec.toFixed(1)} s (\`restart-every: 1\` starts new processes for every pair). For a server this slow to start, the default \`restart-every: ${restartEvery}\` starts them (and primes them) once per ${restartEvery} pairs, and the time budget buys more pairs.`;
}

// Measuring: a fixed port moved, or not

/** The gate fell back to whole rounds because a server kept its fixed port (`fixed`, input `port`). */
export function portNotMovedNote(fixed: number): string {
  return `base and head did not run side by side: a server kept port ${fixed} (input \`port\`) instead of moving to the port perf-gate handed it, so it measured whole rounds on port ${fixed}, a fresh process per round, one side after the other (noisier than turns side by side). perf-gate moves a fixed port only inside Node.js processes that load the NODE_OPTIONS they are given: not in a start command that runs another program, nor in a process started with NODE_OPTIONS replaced. A server that listens on \`process.env.PORT\` (and no \`port\` input) always runs side by side.`;
}

// Measuring: the first pair's answers

export function newEndpointLog(scenario: string, base: readonly Round[]): string {
  return `${scenario} fails on base (${statusSummary(base)}) but not on head: a new endpoint, not compared`;
}

// Measuring: stopped for noise

/** "about 14 min", "about 2.5 h": a time the noise would need, rounded as a person would say it. */
function aboutTime(sec: number): string {
  if (sec < 90) return `about ${Math.max(1, Math.round(sec))} s`;
  if (sec < 5400) return `about ${Math.round(sec / 60)} min`;
  return `about ${(Math.round(sec / 1800) / 2).toFixed(1).replace(/\.0$/, '')} h`;
}

/**
 * The gate stopped early: with the noise it measured, the threshold could not be resolved within the budget.
 * `pairSec`: what a pair cost; `budgetSec`: the `time-budget`.
 */
export function futilityNote(f: Futility, pairSec: number, budgetSec: number): string {
  const what = `${metricLabel(f.metric)} of ${f.scenario}`;
  const neededSec = f.neededPairs * pairSec;
  const budgetText = `${Math.round(budgetSec / 60) >= 1 ? `${Math.round(budgetSec / 60)}-minute` : `${budgetSec} s`}`;
  const minutes = Math.ceil(neededSec / 60);
  // `timeout` (30 minutes by default) bounds the whole gate, measuring included.
  const setting =
    neededSec > 6 * 3600
      ? 'lengthen `time-budget`'
      : `set \`time-budget: ${minutes}m\`${minutes > 20 ? ` (and \`timeout\` well above it)` : ''}`;
  return `stopped early for noise: on this runner, this hour, ${what} varied by ±${(f.noise * 100).toFixed(1)}% per pair between base and head, so resolving its ${(f.threshold * 100).toFixed(1).replace(/\.0$/, '')}% threshold needs about ${f.neededPairs} pairs (${aboutTime(neededSec)}) where the ${budgetText} \`time-budget\` buys ${f.budgetPairs}. Rather than end inconclusive at the budget's end, the gate stopped after ${f.pairs} pairs (${aboutTime(f.pairs * pairSec)}). To get a verdict, ${setting}, raise \`threshold\`, or run on a quieter runner.`;
}
