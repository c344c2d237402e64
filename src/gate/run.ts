/**
 * The gate from two commits to a report: materialise base beside head, install and build both, measure them in
 * interleaved rounds, decide. Shared by the action and the CLI; all GitHub I/O stays outside.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { type PairSource, runSequential, type SequentialResult } from '../decide/sequential.ts';
import {
  DiagnosticsRecorder,
  type DiagnosticsSummary,
  type ServerDiagnostics,
} from '../diagnostics/index.ts';
import { diskUsage, formatBytes } from '../io/disk.ts';
import { addWorktree, type Commit, git, type Worktree } from '../io/git.ts';
import { writeReport } from '../io/report-json.ts';
import { type RunningServer, startServer } from '../io/server.ts';
import { LoadGenerator } from '../load/generator.ts';
import type { Config, Scenario } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import {
  failures,
  type LoadSpec,
  type PacedMeasurement,
  type Round,
  type RoundMeasurement,
} from '../model/measure.ts';
import type { ProfileSummary, PullRequestRef, Report } from '../model/report.ts';
import { compareProfiles } from '../profile/compare.ts';
import { GateError } from '../report/errors.ts';
import { processOffsetNote, processOffsetOverruled, redact } from '../report/render.ts';
import { median } from '../stats/describe.ts';
import {
  measureAgain,
  openLoopRate,
  openLoopSec,
  primingTurns,
  schedule,
  sideBySide,
  slicing,
  startupNote,
} from './plan.ts';
import { prepareTree, runHook, type StepLog } from './trees.ts';

export interface Logger extends StepLog {
  warning(message: string): void;
}

export interface GateContext {
  config: Config;
  /** Root of the head checkout (the repository's work tree). */
  root: string;
  base: Commit;
  head: Commit;
  log: Logger;
  /** The pull request measured (from the event), recorded in the report for `mode: report`. */
  pullRequest?: PullRequestRef | undefined;
}

/** Time kept back at the end of the budget for writing the report and publishing it. */
const PUBLISH_RESERVE_MS = 30_000;
/** Seconds of load in each turn of priming (thrown away; the turns: `primingTurns`). */
const PRIME_SEC = 1;

function failureRate(rounds: readonly Round[], expectStatus: number | undefined): number {
  let failed = 0;
  let total = 0;
  for (const r of rounds) {
    failed += failures(r.measurement, expectStatus);
    total += r.measurement.responses + r.measurement.errors + r.measurement.timeouts;
  }
  return total === 0 ? 1 : failed / total;
}

function statusSummary(rounds: readonly Round[]): string {
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

export async function runGate(context: GateContext): Promise<Report> {
  const { config, log } = context;
  const started = Date.now();
  const deadline = started + config.timeoutMs;
  const rounds: Round[] = [];
  const notes: string[] = [];
  let newScenarios: string[] = [];
  let error: GateError | undefined;
  let prepareSec = 0;
  let measureSec = 0;
  let worktree: Worktree | undefined;
  let measured: Measured | undefined;
  let profile: ProfileSummary | undefined;
  let changedFiles: string[] = [];
  let dirs: Record<Side, string> | undefined;
  // Trees installed and built: each gets its teardown, whatever happens after.
  const prepared: Side[] = [];
  try {
    worktree = await log.group(
      `base tree: ${context.base.label} (${context.base.sha.slice(0, 7)})`,
      async () => {
        const tree = await addWorktree(context.root, context.base.sha);
        log.info(`base checked out at ${tree.dir}`);
        return tree;
      },
    );
    dirs = {
      base: resolve(worktree.dir, config.workingDirectory),
      head: resolve(context.root, config.workingDirectory),
    };
    const roots: Record<Side, string> = { base: worktree.dir, head: context.root };
    for (const side of ['base', 'head'] as const) {
      const remaining = deadline - Date.now() - PUBLISH_RESERVE_MS;
      await prepareTree({
        side,
        root: roots[side],
        dir: dirs[side],
        install: config.install,
        build: config.build,
        installTimeoutMs: Math.max(1000, Math.min(config.installTimeoutMs, remaining)),
        buildTimeoutMs: Math.max(1000, Math.min(config.buildTimeoutMs, remaining)),
        log,
      });
      prepared.push(side);
    }
    if (config.setup !== undefined) {
      for (const side of ['base', 'head'] as const) {
        await runHook({
          what: 'setup',
          side,
          command: config.setup,
          cwd: dirs[side],
          env: config.env,
          timeoutMs: Math.max(
            1000,
            Math.min(config.buildTimeoutMs, deadline - Date.now() - PUBLISH_RESERVE_MS),
          ),
          log,
        });
      }
    }
    prepareSec = (Date.now() - started) / 1000;
    const measureStart = Date.now();
    measured = await measure(context, dirs, deadline, notes);
    newScenarios = measured.newScenarios;
    rounds.push(...measured.rounds);
    measureSec = (Date.now() - measureStart) / 1000;
    changedFiles = await changedSince(context.root, context.base.sha);
    if (config.flamegraphs && measured.decision) {
      profile = await profileBoth(
        context,
        dirs,
        config.scenarios.filter((scenario) => !newScenarios.includes(scenario.name)),
        deadline,
        notes,
      );
    }
  } catch (caught) {
    if (!(caught instanceof GateError)) throw caught;
    error = caught;
    if (prepareSec === 0) prepareSec = (Date.now() - started) / 1000;
  } finally {
    if (config.teardown !== undefined && dirs !== undefined) {
      await teardown(context, config.teardown, dirs, prepared, deadline, notes);
    }
    await cleanUp(worktree, config, log);
  }

  const decision = error ? undefined : measured?.decision;
  const loadgenCpu = rounds.length === 0 ? 0 : median(rounds.map((r) => r.measurement.loadgenCpu));
  if (loadgenCpu > 0.9) {
    notes.push(
      `the load generator kept ${(loadgenCpu * 100).toFixed(0)}% of a core busy: on this runner it, not the server, may set the pace, so changes in req/s may be understated.`,
    );
  }
  const draft: Report = {
    tool: 'perf-gate',
    version: 2,
    verdict: decision?.verdict ?? 'inconclusive',
    headline: error
      ? `${error.neutral ? 'inconclusive' : 'error'}: ${error.message}`
      : (decision?.headline ?? 'inconclusive: not enough rounds were measured to compare'),
    base: { sha: context.base.sha, label: context.base.label },
    head: { sha: context.head.sha, label: context.head.label },
    settings: {
      scenarios: config.scenarios.map((scenario) => ({
        name: scenario.name,
        method: scenario.method,
        path: scenario.path,
        expectStatus: scenario.expectStatus,
        connections: scenario.connections ?? config.connections,
        threshold: scenario.threshold ?? config.threshold,
      })),
      pairs: config.pairs,
      budgetSec: config.budgetMs / 1000,
      durationSec: config.durationSec,
      warmupSec: config.warmupSec,
      sliceSec: slicing(config) ? config.sliceSec : 0,
      connections: config.connections,
      threshold: config.threshold,
      latencyThreshold: config.latencyThreshold,
      alpha: config.alpha,
      port: config.port,
      failOnRegression: config.failOnRegression,
      restartEvery: sideBySide(config) ? config.restartEvery : 0,
    },
    decision,
    sequential: measured
      ? {
          pairs: measured.pairs,
          looked: measured.looked,
          schedule: measured.schedule,
          stoppedBy: measured.stoppedBy,
          confirmationPairs: measured.confirmationPairs,
          disturbedPairs: measured.disturbedPairs,
          keptDisturbedPairs: measured.keptDisturbedPairs,
        }
      : undefined,
    newScenarios,
    shard: config.shard,
    scenarioCount: config.scenarioCount,
    rounds,
    error: error
      ? {
          code: error.code,
          message: error.message,
          side: error.side,
          output: error.output,
          neutral: error.neutral,
        }
      : undefined,
    timing: {
      startedAt: new Date(started).toISOString(),
      wallSec: (Date.now() - started) / 1000,
      prepareSec,
      measureSec,
    },
    environment: {
      node: process.version,
      cpus: availableParallelism(),
      platform: `${process.platform}-${process.arch}`,
    },
    notes,
    profile,
    changedFiles,
    diagnostics: measured?.diagnostics,
    pullRequest: context.pullRequest,
  };
  const report = redact(draft, [config.token]);
  await writeReport(config.outputDir, report);
  return report;
}

/**
 * Removes the base tree (unless `keep-trees`) and logs the run's disk use: the base tree with its install and
 * build, and the output directory (report, flame graphs, diagnostics), which stays for the artifact.
 */
async function cleanUp(worktree: Worktree | undefined, config: Config, log: Logger): Promise<void> {
  const tree = worktree ? await diskUsage(worktree.dir) : 0;
  if (worktree && config.keepTrees) {
    log.info(
      `keep-trees: the base tree stays at ${worktree.dir} (remove it with \`git worktree remove --force\`)`,
    );
  } else {
    await worktree?.remove();
  }
  const outputs = await diskUsage(config.outputDir);
  const fate = config.keepTrees ? 'kept' : 'removed';
  log.info(
    `disk use of this run: base tree ${formatBytes(tree)} (${worktree ? fate : 'none'}), outputs ${formatBytes(outputs)} in ${config.outputDir}`,
  );
}

/**
 * The config file's `teardown` in each prepared tree (after its last server stopped, also when measuring failed).
 * A failure is a note and a warning: the verdict stands.
 */
async function teardown(
  context: GateContext,
  command: string,
  dirs: Record<Side, string>,
  sides: readonly Side[],
  deadline: number,
  notes: string[],
): Promise<void> {
  const { config, log } = context;
  for (const side of sides) {
    try {
      await runHook({
        what: 'teardown',
        side,
        command,
        cwd: dirs[side],
        env: config.env,
        timeoutMs: Math.max(10_000, Math.min(config.buildTimeoutMs, deadline - Date.now())),
        log,
      });
    } catch (error) {
      if (!(error instanceof GateError)) throw error;
      notes.push(`${error.message} (the verdict stands).`);
      log.warning(`${error.message}${error.output ? `\n${error.output}` : ''}`);
    }
  }
}

/** Files that differ between the base commit and the work tree, relative to the repository root. */
async function changedSince(root: string, base: string): Promise<string[]> {
  try {
    return (await git(root, ['diff', '--name-only', base])).split('\n').filter((line) => line !== '');
  } catch {
    return [];
  }
}

/**
 * The profiling pass: after measuring, never during it. It explains a verdict and never makes one, so its
 * failures become notes.
 */
async function profileBoth(
  context: GateContext,
  dirs: Record<Side, string>,
  scenarios: readonly Scenario[],
  deadline: number,
  notes: string[],
): Promise<ProfileSummary | undefined> {
  const { config, log } = context;
  if (scenarios.length === 0) return undefined;
  const needMs = 2 * (config.profileSec * 1000 + 20_000);
  if (Date.now() + needMs > deadline - PUBLISH_RESERVE_MS) {
    notes.push('no flame graphs: the time limit (input `timeout`) left no room for the profiling pass.');
    return undefined;
  }
  const started = Date.now();
  try {
    return await log.group('profiling base and head with 0x', async () => {
      const result = await compareProfiles({
        dirs,
        start: config.start,
        port: config.port,
        env: config.env,
        requests: scenarios.map((scenario) => ({
          method: scenario.method,
          path: scenario.path,
          headers: scenario.headers,
          body: scenario.body,
          connections: scenario.connections,
        })),
        readyPath: config.ready.path,
        readyStatus: config.ready.status,
        durationSec: config.profileSec,
        connections: config.connections,
        readyTimeoutMs: config.readyTimeoutMs,
        outDir: join(config.outputDir, 'profiles'),
        artifacts: 'the `perf-gate` artifact of this run',
        onOutput: (chunk) => log.output(chunk.trimEnd()),
      });
      const hotter = result.diff.grown
        .filter((row) => !row.pseudo && row.file !== '')
        .slice(0, 5)
        .map((row) => ({
          fn: row.fn,
          file: relative(context.root, resolve(dirs.head, row.file)),
          line: row.line,
          baseSelf: row.baseSelf,
          headSelf: row.headSelf,
        }));
      const seconds = (Date.now() - started) / 1000;
      log.info(`profiling took ${seconds.toFixed(1)} s`);
      return {
        markdown: result.markdown,
        files: result.files,
        dir: join(config.outputDir, 'profiles'),
        hotter,
        seconds,
      };
    });
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    notes.push(`no flame graphs: ${error.message}`);
    log.warning(`profiling failed (the verdict stands): ${error.message}`);
    return undefined;
  }
}

/**
 * Where the server and the load generator run: on two or more CPUs, the load generator gets the last one to
 * itself and the server the others, so that they never compete for a core. undefined: no pinning.
 */
export function cpuPlacement(
  pin: boolean,
  cpus = availableParallelism(),
): { server: string; loadgen: string } | undefined {
  if (!pin || cpus < 2 || !existsSync('/usr/bin/taskset')) return undefined;
  return { server: cpus === 2 ? '0' : `0-${cpus - 2}`, loadgen: String(cpus - 1) };
}

/** Busy CPU of other processes (in cores) above which a round counts as disturbed and its pair is measured again. */
export const DISTURBED_CORES = 0.1;
/** Stolen CPU (in cores) above which a round counts as disturbed. */
export const STOLEN_CORES = 0.15;

/** What disturbed a pair's rounds the most (in cores, other processes' or stolen), if beyond the limits. */
function disturbance(rounds: Round[]): { cores: number; reason: string } | undefined {
  let worst: { cores: number; reason: string } | undefined;
  for (const { measurement } of rounds) {
    const { foreignCpu, stealCpu } = measurement;
    const found =
      foreignCpu !== undefined && foreignCpu > DISTURBED_CORES
        ? { cores: foreignCpu, reason: `other processes kept ${foreignCpu.toFixed(2)} cores busy` }
        : stealCpu !== undefined && stealCpu > STOLEN_CORES
          ? { cores: stealCpu, reason: `the hypervisor stole ${stealCpu.toFixed(2)} cores` }
          : undefined;
    if (found && (worst === undefined || found.cores > worst.cores)) worst = found;
  }
  return worst;
}

interface Measured extends SequentialResult {
  newScenarios: string[];
  disturbedPairs: number;
  keptDisturbedPairs: number;
  diagnostics: DiagnosticsSummary;
}

/** Runs interleaved pairs of rounds until the sequential rule stops. */
async function measure(
  context: GateContext,
  dirs: Record<Side, string>,
  deadline: number,
  notes: string[],
): Promise<Measured> {
  const { config, log } = context;
  let active: Scenario[] = [...config.scenarios];
  const newScenarios: string[] = [];
  const started = Date.now();
  // Pairs measured again because they were disturbed, and disturbed pairs kept (see measureAgain).
  let disturbedPairs = 0;
  let keptDisturbedPairs = 0;

  // Servers that take PORT run side by side (only one is loaded at a time) and live for a block of
  // `restartEvery` pairs; both are started together and, in blocks of more than one pair, primed in turns (see
  // runPair); with `restart-every: 1` every pair gets new processes, not primed. A server on a fixed port
  // cannot share it: there each round gets a fresh process, warmed by the round's own warm-up.
  const fresh = !sideBySide(config);
  // Side by side, base and head take turns in slices within each pair.
  const sliced = slicing(config);
  const placement = cpuPlacement(config.pin);
  const servers: Partial<Record<Side, RunningServer>> = {};
  let blocks = 0;
  let primingMs = 0;
  // Of primingMs: starting the servers at the start of each block.
  let startupMs = 0;
  let pairsDone = 0;
  // Event loop, CPU and memory from inside each server, through a preload it does not have to add.
  // The preload goes in front of the NODE_OPTIONS the server would have had (the config file's, else ours).
  const diagnostics = new DiagnosticsRecorder(
    join(config.outputDir, 'diagnostics'),
    config.env.NODE_OPTIONS ?? process.env.NODE_OPTIONS,
  );
  const probes: Partial<Record<Side, ServerDiagnostics>> = {};
  const stopAll = async (): Promise<void> => {
    for (const side of ['base', 'head'] as const) {
      await servers[side]?.stop();
      delete servers[side];
    }
  };
  const generator = new LoadGenerator(placement?.loadgen);
  // The servers must still be up after their load; a server that died is the cause of a failure, not the load
  // generator that lost it.
  const alive = <T>(loaded: readonly RunningServer[], during: string, run: Promise<T>): Promise<T> => {
    const check = (): void => {
      for (const server of loaded) server.assertAlive(during);
    };
    return run.then(
      (result) => {
        check();
        return result;
      },
      (error: unknown) => {
        check();
        throw error;
      },
    );
  };
  // Open loop: each scenario's fixed rate, given (a rate) or set from base's req/s before the first measured pair
  // (a share). Measured rounds get it after their closed-loop load; priming loads do not.
  const open = config.openLoop;
  const rates = new Map<string, number>(
    open && 'rate' in open ? config.scenarios.map((scenario) => [scenario.name, open.rate]) : [],
  );
  const setRate = (scenario: Scenario, baseRps: number): void => {
    if (!open || !('share' in open) || rates.has(scenario.name) || !(Number.isFinite(baseRps) && baseRps > 0))
      return;
    const rate = openLoopRate(open.share, baseRps);
    rates.set(scenario.name, rate);
    log.info(
      `${scenario.name}: open-loop load at ${rate} req/s (${Math.round(open.share * 100)}% of base's ${Math.round(baseRps)} req/s${rate < open.share * baseRps ? `, capped at what the open-loop client sustains` : ''})`,
    );
  };
  const specFor = (server: RunningServer, scenario: Scenario, durationSec: number): LoadSpec => ({
    url: `${server.origin}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    connections: scenario.connections ?? config.connections,
    warmupSec: config.warmupSec,
    durationSec,
    timeoutSec: 10,
    watchPids: [...Object.values(servers).map((s) => s.child.pid), process.pid],
  });
  /** A measured round's load: `duration`, then the open loop at the scenario's rate when there is one. */
  const measuredSpec = (server: RunningServer, scenario: Scenario): LoadSpec => {
    const rate = rates.get(scenario.name);
    const spec = specFor(server, scenario, config.durationSec);
    return rate === undefined
      ? spec
      : { ...spec, paced: { rate, durationSec: openLoopSec(config.durationSec) } };
  };
  const load = (server: RunningServer, during: string, spec: LoadSpec): Promise<RoundMeasurement> =>
    alive([server], during, generator.run(spec, server.side));
  const serverFor = async (side: Side, pair: number): Promise<RunningServer> => {
    const running = servers[side];
    if (running) return running;
    const probe = diagnostics.server(side, `pair${pair + 1}-${side}`);
    const server = await startServer({
      side,
      cwd: dirs[side],
      start: config.start,
      port: config.port,
      readyPath: config.ready.path,
      ...(config.ready.status === undefined ? {} : { readyStatus: config.ready.status }),
      readyTimeoutMs: config.readyTimeoutMs,
      env: { ...config.env, PERF_GATE_SIDE: side, ...probe.env },
      ...(placement ? { wrap: `taskset -c ${placement.server}` } : {}),
    });
    servers[side] = server;
    probes[side] = probe;
    return server;
  };

  /**
   * Base and head start at the same time: a server that takes seconds to start costs that once per block, not twice
   * (with `restart-every: 1`, once per pair). When either fails, the other is stopped before the error goes on.
   */
  const startBoth = async (pair: number): Promise<[RunningServer, RunningServer]> => {
    const [base, head] = await Promise.allSettled([serverFor('base', pair), serverFor('head', pair)]);
    if (base.status === 'fulfilled' && head.status === 'fulfilled') return [base.value, head.value];
    await stopAll();
    // Base's failure first: a head that cannot start beside a base that cannot either is not the news.
    throw [base, head].flatMap((started) => (started.status === 'rejected' ? [started.reason] : []))[0];
  };

  const runRound = async (pair: number, position: number, side: Side): Promise<Round[]> => {
    const server = await serverFor(side, pair);
    const rounds: Round[] = [];
    try {
      for (const scenario of active) {
        const startedAt = new Date().toISOString();
        const measurement = await probes[side]!.measure(
          `scenario${config.scenarios.indexOf(scenario) + 1}`,
          { warmupSec: config.warmupSec, port: server.port },
          () => load(server, `round ${pair + 1} (${scenario.name})`, measuredSpec(server, scenario)),
        );
        rounds.push({ pair, position, side, scenario: scenario.name, measurement, startedAt });
      }
    } catch (error) {
      await stopAll();
      throw error;
    }
    if (fresh) await stopAll();
    return rounds;
  };

  const primeTurns = primingTurns(config.restartEvery);
  const runPair = async (pair: number): Promise<Round[]> => {
    if ((fresh || primeTurns === 0) && open && active.some((scenario) => !rates.has(scenario.name))) {
      // Without priming there is no priming load to take the rate from: one base process is measured first, and
      // stopped, so that the pairs start with processes as cold on one side as on the other.
      const primeStart = Date.now();
      const base = await serverFor('base', pair);
      try {
        for (const scenario of active) {
          const during = `measuring base for the open loop (${scenario.name})`;
          setRate(scenario, (await load(base, during, specFor(base, scenario, PRIME_SEC))).rps);
        }
      } finally {
        await stopAll();
      }
      primingMs += Date.now() - primeStart;
    }
    if (!fresh && (pair % config.restartEvery === 0 || !servers.base || !servers.head)) {
      // A new block: both sides start together and are primed in turns, so that they age alike (a new process
      // keeps getting faster for many seconds: JIT, caches). The priming numbers are thrown away.
      await stopAll();
      const primeStart = Date.now();
      const [base, head] = await startBoth(pair);
      startupMs += Date.now() - primeStart;
      blocks++;
      for (let turn = 0; turn < primeTurns; turn++) {
        for (const server of turn % 2 === 0 ? [base, head] : [head, base]) {
          for (const scenario of active) {
            const primed = await load(
              server,
              `priming before pair ${pair + 1} (${scenario.name})`,
              specFor(server, scenario, PRIME_SEC),
            );
            // Base's last priming load, warm as the pairs will find it, sets the open loop's rate.
            if (server === base && turn === primeTurns - 1) setRate(scenario, primed.rps);
          }
        }
      }
      primingMs += Date.now() - primeStart;
    }
    const order = schedule(pair + 1)[pair]!.order;
    if (sliced) return runSlicedPair(pair, order);
    const rounds: Round[] = [];
    for (const [position, side] of order.entries()) rounds.push(...(await runRound(pair, position, side)));
    return rounds;
  };

  const runSlicedPair = async (pair: number, order: readonly [Side, Side]): Promise<Round[]> => {
    const rounds: Round[] = [];
    const sides: [RunningServer, RunningServer] = [servers[order[0]]!, servers[order[1]]!];
    for (const scenario of active) {
      const startedAt = new Date().toISOString();
      let measurements: [RoundMeasurement, RoundMeasurement];
      try {
        // Each side's diagnostics window is the whole pair after both warm-ups (they come first, one side after
        // the other): a server that degrades as it serves (a listener or memory leak) is read as it was measured.
        const label = `scenario${config.scenarios.indexOf(scenario) + 1}`;
        const window = { warmupSec: 2 * config.warmupSec };
        const run = (): Promise<[RoundMeasurement, RoundMeasurement]> =>
          alive(
            sides,
            `round ${pair + 1} (${scenario.name})`,
            generator.runPair(
              {
                loads: [measuredSpec(sides[0], scenario), measuredSpec(sides[1], scenario)],
                sliceSec: config.sliceSec,
              },
              order,
            ),
          );
        measurements = await probes[order[0]]!.measure(label, { ...window, port: sides[0].port }, () =>
          probes[order[1]]!.measure(label, { ...window, port: sides[1].port }, run),
        );
      } catch (error) {
        await stopAll();
        throw error;
      }
      for (const [position, measurement] of measurements.entries())
        rounds.push({
          pair,
          position,
          side: order[position]!,
          scenario: scenario.name,
          measurement,
          startedAt,
        });
    }
    return rounds;
  };

  const checkFirstPair = (latest: readonly Round[]): void => {
    for (const scenario of active) {
      const of = (side: Side): Round[] =>
        latest.filter((r) => r.scenario === scenario.name && r.side === side);
      const baseRate = failureRate(of('base'), scenario.expectStatus);
      const headRate = failureRate(of('head'), scenario.expectStatus);
      if (baseRate >= 0.5 && headRate >= 0.5) {
        const rule =
          config.configFile === undefined
            ? 'Every path in `paths` must answer 2xx: check the path'
            : `Every scenario must answer its \`expect\` status (default 2xx): check ${scenario.expectStatus === undefined ? 'the scenario' : `\`expect: ${scenario.expectStatus}\``} in ${config.configFile}`;
        throw new GateError(
          'server-errors',
          `both base and head fail ${scenario.name} (base: ${statusSummary(of('base'))}; head: ${statusSummary(of('head'))}). ${rule} and the server's setup.`,
        );
      }
      if (baseRate >= 0.5) {
        newScenarios.push(scenario.name);
        log.info(
          `${scenario.name} fails on base (${statusSummary(of('base'))}) but not on head: a new endpoint, not compared`,
        );
      }
    }
    active = active.filter((scenario) => !newScenarios.includes(scenario.name));
  };

  // Disturbed pairs: measured again or kept (see measureAgain).
  let disturbedInARow = 0;
  let worstKept: { cores: number; reason: string } | undefined;
  let pairMs = 2 * active.length * (config.warmupSec + config.durationSec) * 1000 + 2000;
  const source: PairSource = {
    scenarios: () => active,
    elapsedMs: () => Date.now() - started,
    // Start-up and priming come once per block of `restart-every` pairs: spread them over the block. Pairs measured
    // again count as measured: their time is spent, it is not the cost of the pairs to come (counting them out
    // made four pairs measured again early in a gate stop it on its budget after 2 pairs).
    perPairMs: () => {
      const done = Math.max(1, pairsDone + disturbedPairs);
      const measuring = (Date.now() - started - primingMs) / done;
      return blocks === 0
        ? measuring
        : measuring + primingMs / blocks / Math.max(1, fresh ? 1 : config.restartEvery);
    },
    async next(pair: number): Promise<Round[] | undefined> {
      for (;;) {
        const blockStart = !fresh && pair % config.restartEvery === 0;
        const primeMs = blockStart
          ? primeTurns * 2 * active.length * (config.warmupSec + PRIME_SEC) * 1000
          : 0;
        if (Date.now() + pairMs + primeMs > deadline - PUBLISH_RESERVE_MS) {
          const pairs = `${pair} pair${pair === 1 ? '' : 's'}`;
          notes.push(`the gate's time limit (input \`timeout\`) ran out after ${pairs}.`);
          log.warning(`the time limit ran out after ${pairs}: deciding on what was measured`);
          return undefined;
        }
        const pairStart = Date.now();
        const latest = await runPair(pair);
        pairMs = Math.max(pairMs * 0.5, Date.now() - pairStart);
        const disturbed = pair > 0 ? disturbance(latest) : undefined;
        disturbedInARow = disturbed ? disturbedInARow + 1 : 0;
        if (disturbed && measureAgain(pair, disturbedInARow, disturbedPairs)) {
          disturbedPairs++;
          log.info(`pair ${pair + 1} was disturbed (${disturbed.reason}): measuring it again`);
          continue;
        }
        if (disturbed) {
          keptDisturbedPairs++;
          if (worstKept === undefined || disturbed.cores > worstKept.cores) worstKept = disturbed;
          log.info(
            `pair ${pair + 1} was disturbed (${disturbed.reason}) after ${disturbedPairs} pairs were measured again: kept, base and head took turns in it`,
          );
        }
        log.info(
          `pair ${pair + 1}: ${active
            .map(({ name }) => {
              const base = latest.find((r) => r.side === 'base' && r.scenario === name)!.measurement;
              const head = latest.find((r) => r.side === 'head' && r.scenario === name)!.measurement;
              const [b, h] = [base.rps, head.rps];
              return `${name}: base ${Math.round(b)} req/s, head ${Math.round(h)} req/s (${(((h - b) / b) * 100).toFixed(1)}%)${pacedLine(base.paced, head.paced)}`;
            })
            .join('; ')}`,
        );
        pairsDone = pair + 1;
        if (pair === 0) {
          checkFirstPair(latest);
          return latest.filter((r) => !newScenarios.includes(r.scenario));
        }
        return latest;
      }
    },
  };

  let result: SequentialResult;
  try {
    result = await runSequential(source, {
      threshold: config.threshold,
      latencyThreshold: config.latencyThreshold,
      alpha: config.alpha,
      restartEvery: fresh ? 0 : config.restartEvery,
      fixedPairs: config.pairs,
      budgetMs: config.budgetMs,
      limitMs: Math.min(config.budgetMs * 1.5, deadline - started - PUBLISH_RESERVE_MS),
    });
  } finally {
    await stopAll();
    await generator.stop();
  }
  if (result.confirmationPairs > 0)
    log.info(`a borderline regression earned ${result.confirmationPairs} more pairs to confirm it`);
  if (worstKept !== undefined) {
    const kept = `${keptDisturbedPairs} of ${result.pairs} pair${result.pairs === 1 ? ' was' : 's were'}`;
    const note = `the machine was busy throughout: ${kept} kept although disturbed (worst: ${worstKept.reason}), after ${disturbedPairs} had been measured again. Base and head took turns, so both felt it alike: such pairs are noisier, not biased, and the p-values and intervals account for the noise. Run perf-gate in a job of its own, with nothing else running.`;
    notes.push(note);
    // Also an annotation on the run, where whoever set up the job sees it.
    log.warning(note);
  }
  if (!fresh && config.restartEvery === 1 && blocks > 0) {
    const note = startupNote(startupMs / 1000 / blocks, (Date.now() - started) / 1000 / blocks);
    if (note) notes.push(note);
  }
  // The report renders it from the decision; when it took a verdict back, an annotation on the run too.
  const offsets = processOffsetNote(result.decision);
  if (offsets) {
    if (processOffsetOverruled(result.decision)) log.warning(offsets);
    else log.info(offsets);
  }
  return {
    ...result,
    newScenarios,
    disturbedPairs,
    keptDisturbedPairs,
    diagnostics: diagnostics.summary(),
  };
}

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
