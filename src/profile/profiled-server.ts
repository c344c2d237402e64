/**
 * One tree's server under 0x: 0x starts `node --prof …` on the server's entry file and we wait until it answers
 * (startProfiled); the caller loads it; then we stop it the way 0x expects (SIGINT to its process group: 0x's
 * preload makes the server exit, 0x itself waits for it and then turns the V8 log into ticks.json and
 * flamegraph.html) and read the samples with their times (finishProfiled). Every step has a deadline, since 0x
 * waits forever for a server that never listens and exits 0 when the server crashed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ALLOCATION_ENV } from '../diagnostics/alloc-preload.ts';
import { PORT_MAP_ENV } from '../diagnostics/port-preload.ts';
import { ownCpus, repin } from '../io/affinity.ts';
import { freePort } from '../io/ports.ts';
import { Child, liveProcesses, processTree, safeEnv } from '../io/proc.ts';
import { GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import { parseNodeCommand } from './command.ts';
import { noInliningFlags, readScripts, resolveNode } from './node.ts';
import { logText } from './plain-output.ts';
import { checkPortFree, tail, waitReady } from './ready.ts';
import { rawLogFacts, readV8Log, type TimedTicks, v8LogFile } from './v8-log.ts';

/** One server to run under 0x: where, how, and where 0x writes. */
export interface ProfileTarget {
  side: Side;
  /** Directory the server runs in (the tree's root or working-directory). */
  cwd: string;
  /** The start command line (`node index.js`, `npm start`, …); see command.ts for what is understood. */
  start: string;
  /** A fixed port the server listens on; undefined: a free one is passed in PORT. */
  port: number | undefined;
  /**
   * With `port`: the free port it is moved to by the port preload (`portPreload`), so that base and head run side
   * by side; undefined: the server listens on the fixed port itself.
   */
  movedTo?: number | undefined;
  /** The port preload (src/diagnostics/port-preload.ts) loaded with `--require` when the port is moved. */
  portPreload?: string | undefined;
  env?: Record<string, string>;
  /** Path of the readiness probe (GET). */
  readyPath: string;
  /** The status the readiness probe must get; undefined: any answer. */
  readyStatus?: number | undefined;
  /** Where 0x writes (created if missing); flamegraph.html and ticks.json end up directly in it. */
  outDir: string;
  /** 0x's CLI entry (from ensureZeroX). */
  zeroxBin: string;
  readyTimeoutMs: number;
  /** CPUs 0x and the server are pinned to (taskset -c) until the load is over; undefined: not pinned. */
  cpus?: string | undefined;
  /** Limit for 0x to turn the V8 log into its files once the server stopped; default 120 s. */
  processTimeoutMs?: number;
  /**
   * Let V8 inline functions into their callers (the way the server runs when measured). Default false: the
   * profiled server runs with --no-turbo-inlining --no-maglev-inlining, because ticks.json cannot tell which
   * inlined function a sample was in, and would charge a hot helper to its caller.
   */
  inlining?: boolean;
  /** V8's sampling interval (--prof-sampling-interval), µs; default V8's own, 1000. */
  samplingIntervalUs?: number;
  /**
   * The allocation preload (src/diagnostics/alloc-preload.ts) loaded with `--require` into the server alone, and
   * the file it appends its window profiles to; undefined: no allocation profile.
   */
  allocation?: { preload: string; outFile: string } | undefined;
  /** Keep 0x's intermediate V8 logs (several MB); default false. */
  keepLogs?: boolean;
  /** Called with the output of 0x and of the server as it comes. */
  onOutput?: (chunk: string) => void;
}

export interface ProfileRun {
  /** The output directory (absolute). */
  dir: string;
  flamegraphHtml: string;
  ticksJson: string;
  /** The directory the server ran in: strip it from paths in the profile. */
  root: string;
  /** The node command line that was profiled, e.g. `node --no-turbo-inlining index.js`. */
  command: string;
  /** The node executable that ran the server. */
  node: string;
  /** The samples with their times, from the V8 log (undefined when 0x left none to read). */
  timed: TimedTicks | undefined;
}

/** A server running under 0x, answering on `origin`. */
export interface Profiled {
  target: ProfileTarget;
  child: Child;
  /** The server process (0x's only child until the server stops). */
  serverPid: number;
  origin: string;
  /** When 0x was started and when the server first answered (performance.now(), ms). */
  spawnedMs: number;
  readyMs: number;
  /** How messages name it: the side, its start command and what was profiled. */
  what: string;
  root: string;
  command: string;
  node: string;
  dir: string;
  work: string;
}

/** Members of a process group that still run (not zombies). */
function groupMembers(pgid: number): number[] {
  return liveProcesses()
    .filter((p) => p.pgid === pgid)
    .map((p) => p.pid);
}

/** Waits until no process of the group runs any more (a SIGKILLed process takes a moment to go). */
async function groupGone(pgid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && groupMembers(pgid).length > 0) await sleep(20);
}

/** Kills 0x, the server and whatever they started, at once. */
async function abort(child: Child): Promise<void> {
  if (child.pid > 0) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await child.stop(0);
  await groupGone(child.pid, 3000);
}

/** true while pid runs (not a zombie). */
function running(pid: number): boolean {
  return pid > 0 && processTree(pid)[0] === pid;
}

/**
 * Starts the server under 0x and waits until it answers. Throws a GateError when it does not answer in time or
 * exits first (`server-start`); nothing of it is left running then.
 */
export async function startProfiled(target: ProfileTarget): Promise<Profiled> {
  const cwd = resolve(target.cwd);
  const command = parseNodeCommand(target.start, () => readScripts(cwd));
  if (!existsSync(target.zeroxBin))
    throw new GateError('install', `the profiler 0x is not installed: ${target.zeroxBin} does not exist`);
  const moved = target.port !== undefined && target.movedTo !== undefined && target.portPreload !== undefined;
  const port = (moved ? target.movedTo : target.port) ?? (await freePort());
  if (target.port !== undefined && !moved) await checkPortFree(target.port, target.side);
  // PORT is the server's own port: the fixed one when there is one (moved or not), else the free one we picked.
  const env = safeEnv({
    NODE_ENV: 'production',
    ...target.env,
    PORT: String(target.port ?? port),
    ...(moved ? { [PORT_MAP_ENV]: `${target.port}=${port}` } : {}),
    ...(target.allocation ? { [ALLOCATION_ENV]: target.allocation.outFile } : {}),
    ...command.env,
  });
  const node = resolveNode(command, cwd, env);
  const dir = resolve(target.outDir);
  const work = join(dir, '.0x-work');
  mkdirSync(work, { recursive: true });
  const v8Flags = [
    ...(target.inlining === true ? [] : await noInliningFlags(node, env)),
    ...(target.samplingIntervalUs === undefined
      ? []
      : [`--prof-sampling-interval=${target.samplingIntervalUs}`]),
  ];
  const preload = [
    ...(moved ? ['--require', target.portPreload!] : []),
    ...(target.allocation ? ['--require', target.allocation.preload] : []),
  ];
  const program = [...command.nodeFlags, command.file, ...command.args];
  const shown = ['node', ...v8Flags, ...program].join(' ');
  const spawnedMs = performance.now();
  const child = new Child(target.cpus === undefined ? process.execPath : 'taskset', {
    cwd,
    env,
    args: [
      ...(target.cpus === undefined ? [] : ['-c', target.cpus, process.execPath]),
      ...zeroXArgs(target, { dir, work, shown, argv: [node, ...v8Flags, ...preload, ...program] }),
    ],
    ...outputOption(target.onOutput),
  });
  const what = `the ${target.side} server \`${target.start}\` (profiled as \`${shown}\`)`;
  try {
    const origin = await waitReady(child, target, what, port);
    const readyMs = performance.now();
    // 0x's only child until the server stops is the server itself (under taskset: 0x is the process itself).
    const serverPid = processTree(child.pid)[1] ?? -1;
    return {
      target,
      child,
      serverPid,
      origin,
      spawnedMs,
      readyMs,
      what,
      root: cwd,
      command: shown,
      node,
      dir,
      work,
    };
  } catch (error) {
    await abort(child);
    throw error;
  }
}

function outputOption(onOutput: ((chunk: string) => void) | undefined): {
  onOutput?: (chunk: string) => void;
} {
  if (onOutput === undefined) return {};
  return {
    onOutput: (chunk: string) => {
      const text = logText(chunk);
      if (text !== '') onOutput(text);
    },
  };
}

/** Throws a GateError (`server-crash`) when the profiled server is gone, saying what it was doing. */
export function assertProfiledAlive(profiled: Profiled, during: string): void {
  if (running(profiled.serverPid) && profiled.child.exit === undefined) return;
  const exit = /Target subprocess error, code: (-?\d+)/.exec(profiled.child.output.toString());
  throw new GateError(
    'server-crash',
    `${profiled.what} ${exit ? `exited with code ${exit[1]}` : 'exited'} during profiling (${during}) under 0x`,
    { side: profiled.target.side, output: tail(profiled.child) },
  );
}

/** Stops a profiled server whose profile is lost anyway: no grace (0x would start processing the log). */
export async function abortProfiled(profiled: Profiled): Promise<void> {
  await abort(profiled.child);
}

/**
 * Stops the server, lets 0x write its files and reads the timed samples. Throws a GateError when 0x does not
 * finish (`timeout`) or the server crashed (`server-crash`); the whole process tree is gone when it returns or throws.
 */
export async function finishProfiled(profiled: Profiled): Promise<ProfileRun> {
  const { child, target, dir, work, what } = profiled;
  try {
    await stopAndCollect(child, profiled.serverPid, target, what);
  } catch (error) {
    await abort(child);
    throw error;
  }
  await child.stop(500);
  await groupGone(child.pid, 3000);
  const { flamegraphHtml, ticksJson } = checkOutput(child, target, dir, what);
  const log = v8LogFile(dir);
  let timed: TimedTicks | undefined;
  try {
    timed = log === undefined ? undefined : readV8Log(JSON.parse(readFileSync(log, 'utf8')));
  } catch {
    timed = undefined;
  }
  if (target.keepLogs !== true) removeLogs(dir, work);
  const { root, command, node } = profiled;
  return { dir, flamegraphHtml, ticksJson, root, command, node, timed };
}

/** 0x's command line: where it writes, the ticks file, and the node command it profiles. */
function zeroXArgs(
  spec: ProfileTarget,
  run: { dir: string; work: string; shown: string; argv: readonly string[] },
): string[] {
  return [
    spec.zeroxBin,
    '--output-dir',
    run.dir,
    '--working-dir',
    run.work,
    '--write-ticks',
    '--title',
    `perf-gate ${spec.side}: ${run.shown}`,
    '--',
    ...run.argv,
  ];
}

/** The flame graph and ticks 0x wrote; throws when either is missing or holds no samples. */
function checkOutput(
  child: Child,
  spec: ProfileTarget,
  dir: string,
  what: string,
): { flamegraphHtml: string; ticksJson: string } {
  const flamegraphHtml = join(dir, 'flamegraph.html');
  const ticksJson = join(dir, 'ticks.json');
  const missing = [flamegraphHtml, ticksJson].filter((file) => !existsSync(file));
  if (missing.length > 0)
    throw new GateError(
      'server-crash',
      `0x finished profiling ${what} but did not write ${missing.map((f) => f.slice(dir.length + 1)).join(' and ')}`,
      { side: spec.side, output: tail(child) },
    );
  if (statSync(ticksJson).size <= 2) {
    const log = rawLogFacts(dir);
    const facts = log ? `V8's log: ${log.bytes} bytes, ${log.ticks} samples` : "V8's log is missing";
    throw new GateError('server-crash', `0x recorded no CPU samples of ${what} (${facts})`, {
      side: spec.side,
      output: tail(child),
    });
  }
  return { flamegraphHtml, ticksJson };
}

/** Removes 0x's working directory and its intermediate V8 logs. */
function removeLogs(dir: string, work: string): void {
  rmSync(work, { recursive: true, force: true });
  for (const file of readdirSync(dir))
    if (/^isolate-.*-v8\.(?:log|json)(?:\.preprocess-ready|\.json)?$/.test(file) || /\.log\.json$/.test(file))
      rmSync(join(dir, file), { force: true });
}

/**
 * SIGINT to the process group, as Ctrl+C would: 0x's soft-exit preload makes the server exit, 0x waits for that
 * and then processes the V8 log. A server that does not exit within a grace period (a busy loop, a SIGINT
 * handler that never returns) is killed, so that 0x still processes what was logged.
 */
async function stopAndCollect(
  child: Child,
  serverPid: number,
  spec: ProfileTarget,
  what: string,
): Promise<void> {
  const processTimeoutMs = spec.processTimeoutMs ?? 120_000;
  // The load is over: 0x processes its log on every CPU we have, not on the server's (the other side's 0x is there).
  const cpus = spec.cpus === undefined ? undefined : ownCpus();
  if (cpus !== undefined) repin(processTree(child.pid), cpus);
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    // The group is gone: handled below through child.exit.
  }
  const graceDeadline = Date.now() + 10_000;
  const deadline = Date.now() + processTimeoutMs;
  let killedServer = false;
  while (child.exit === undefined) {
    if (Date.now() > deadline)
      throw new GateError(
        'timeout',
        `0x did not finish processing the profile of ${what} within ${Math.round(processTimeoutMs / 1000)} s after the server was stopped`,
        { side: spec.side, output: tail(child) },
      );
    if (!killedServer && Date.now() > graceDeadline && running(serverPid)) {
      killedServer = true;
      try {
        process.kill(serverPid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await Promise.race([child.exited, sleep(100)]);
  }
  const exit = child.exit;
  if (exit.code !== 0)
    throw new GateError(
      'server-crash',
      `0x failed while profiling ${what} (${exit.signal !== null ? `killed by ${exit.signal}` : `exit code ${exit.code}`})`,
      { side: spec.side, output: tail(child) },
    );
  const targetExit = /Target subprocess error, code: (-?\d+)/.exec(child.output.toString());
  if (targetExit)
    throw new GateError('server-crash', `${what} exited with code ${targetExit[1]} while being profiled`, {
      side: spec.side,
      output: tail(child),
    });
}
