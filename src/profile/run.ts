/**
 * Profiles one tree's server with 0x under load: 0x starts `node --prof …` on the server's entry file, we wait
 * until it answers, drive the load with the usual load generator, stop the server the way 0x expects (SIGINT to
 * its process group: 0x's preload makes the server exit, 0x itself waits for it and then turns the V8 log into
 * ticks.json and flamegraph.html), and watch every step with a deadline, since 0x waits forever for a server
 * that never listens and exits 0 when the server crashed.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GateError } from '../io/errors.ts';
import { Child, liveProcesses, processTree, safeEnv } from '../io/proc.ts';
import { freePort, listening, probe } from '../io/server.ts';
import { runLoad } from '../load/generator.ts';
import type { Side } from '../model/measure.ts';
import { parseNodeCommand } from './command.ts';
import { logText } from './log-text.ts';
import { noInliningFlags, readScripts, resolveNode } from './node.ts';

/** One request the profiled server is loaded with (a scenario of the config file). */
export interface ProfileRequest {
  method: string;
  /** Starts with `/`. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** undefined: the spec's `connections`. */
  connections?: number | undefined;
}

/** GET requests of the paths, the simple case. */
export function getRequests(paths: readonly string[]): ProfileRequest[] {
  return paths.map((path) => ({ method: 'GET', path, headers: {}, body: undefined }));
}

export interface ProfileSpec {
  side: Side;
  /** Directory the server runs in (the tree's root or working-directory). */
  cwd: string;
  /** The start command line (`node index.js`, `npm start`, …); see command.ts for what is understood. */
  start: string;
  /** A fixed port the server listens on; undefined: a free one is passed in PORT. */
  port: number | undefined;
  env?: Record<string, string>;
  /** Requests to load, one after the other. */
  requests: readonly ProfileRequest[];
  /** Path of the readiness probe (GET); default: the first request's path. */
  readyPath?: string;
  /** The status the readiness probe must get; undefined: any answer. */
  readyStatus?: number | undefined;
  /** Seconds of load in all, shared between the requests (at least 1 s each). */
  durationSec: number;
  connections: number;
  /** Where 0x writes (created if missing); flamegraph.html and ticks.json end up directly in it. */
  outDir: string;
  /** 0x's CLI entry (from ensureZeroX). */
  zeroxBin: string;
  readyTimeoutMs: number;
  /** Limit for 0x to turn the V8 log into its files once the server stopped; default 120 s. */
  processTimeoutMs?: number;
  /**
   * Let V8 inline functions into their callers (the way the server runs when measured). Default false: the
   * profiled server runs with --no-turbo-inlining --no-maglev-inlining, because ticks.json cannot tell which
   * inlined function a sample was in, and would charge a hot helper to its caller.
   */
  inlining?: boolean;
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
  /** Requests the server answered under the profiling load (the per-request figures' denominator). */
  requests: number;
}

const HOSTS = ['127.0.0.1', '::1'] as const;

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

/** 0x's status line redraws itself with ANSI escapes; plain text for messages. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '\n').replace(/\n{2,}/g, '\n');
}

/** The last lines of 0x's output, as plain text, for error messages. */
function tail(child: Child, lines = 40): string {
  return plain(child.output.toString()).trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Runs the server under 0x with load for durationSec and returns where the flame graph and the ticks are.
 * Throws a GateError when the server does not answer in time (`server-start`), dies while profiled
 * (`server-crash`), or 0x does not finish (`timeout`); the whole process tree is gone when it returns or throws.
 */
export async function profileServer(spec: ProfileSpec): Promise<ProfileRun> {
  const cwd = resolve(spec.cwd);
  const command = parseNodeCommand(spec.start, () => readScripts(cwd));
  if (!existsSync(spec.zeroxBin))
    throw new GateError('install', `the profiler 0x is not installed: ${spec.zeroxBin} does not exist`);
  const readyPath = spec.readyPath ?? spec.requests[0]?.path ?? '/';
  const port = spec.port ?? (await freePort());
  if (spec.port !== undefined) await checkPortFree(spec.port, spec.side);
  const env = safeEnv({ NODE_ENV: 'production', ...spec.env, PORT: String(port), ...command.env });
  const node = resolveNode(command, cwd, env);
  const dir = resolve(spec.outDir);
  const work = join(dir, '.0x-work');
  mkdirSync(work, { recursive: true });
  const v8Flags = spec.inlining === true ? [] : await noInliningFlags(node, env);
  const target = [node, ...v8Flags, ...command.nodeFlags, command.file, ...command.args];
  const shown = ['node', ...target.slice(1)].join(' ');
  const onOutput = spec.onOutput;
  const child = new Child(process.execPath, {
    cwd,
    env,
    args: zeroXArgs(spec, { dir, work, shown, target }),
    ...(onOutput
      ? {
          onOutput: (chunk: string) => {
            const text = logText(chunk);
            if (text !== '') onOutput(text);
          },
        }
      : {}),
  });
  const what = `the ${spec.side} server \`${spec.start}\` (profiled as \`${shown}\`)`;
  let requests: number;
  try {
    const origin = await waitReady(child, spec, what, port, readyPath);
    // 0x's only child until the server stops is the server itself.
    const serverPid = processTree(child.pid)[1] ?? -1;
    requests = await loadProfiled(child, serverPid, spec, { what, origin, readyPath });
    await stopAndCollect(child, serverPid, spec, what);
  } catch (error) {
    // The profile is lost anyway: no grace (0x would start processing the log on SIGTERM).
    await abort(child);
    throw error;
  }
  await child.stop(500);
  await groupGone(child.pid, 3000);
  const { flamegraphHtml, ticksJson } = checkOutput(child, spec, dir, what);
  if (spec.keepLogs !== true) removeLogs(dir, work);
  return { dir, flamegraphHtml, ticksJson, root: cwd, command: shown, node, requests };
}

/** A fixed port must be free before the profiled server starts, or the load would go to whatever holds it. */
async function checkPortFree(port: number, side: Side): Promise<void> {
  for (const host of HOSTS)
    if (await listening(host, port))
      throw new GateError(
        'server-start',
        `port ${port} (input \`port\`) is in use before the ${side} server is started for profiling: something from an earlier step still listens there`,
        { side },
      );
}

/** 0x's command line: where it writes, the ticks file, and the node command it profiles. */
function zeroXArgs(
  spec: ProfileSpec,
  run: { dir: string; work: string; shown: string; target: readonly string[] },
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
    ...run.target,
  ];
}

/**
 * Loads the profiled server with each request in turn, failing as soon as it is gone: the responses it got (every
 * answer, whatever its status: each cost the server its CPU).
 */
async function loadProfiled(
  child: Child,
  serverPid: number,
  spec: ProfileSpec,
  at: { what: string; origin: string; readyPath: string },
): Promise<number> {
  const requests = spec.requests.length > 0 ? spec.requests : getRequests([at.readyPath]);
  const perRequest = Math.max(1, spec.durationSec / requests.length);
  let served = 0;
  for (const request of requests) {
    const measured = await runLoad(
      {
        url: `${at.origin}${request.path}`,
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        connections: request.connections ?? spec.connections,
        warmupSec: 0,
        durationSec: perRequest,
        timeoutSec: 10,
      },
      spec.side,
    );
    if (!running(serverPid) || child.exit !== undefined) {
      const exit = /Target subprocess error, code: (-?\d+)/.exec(child.output.toString());
      throw new GateError(
        'server-crash',
        `${at.what} ${exit ? `exited with code ${exit[1]}` : 'exited'} during profiling (${request.method} ${request.path}) under 0x`,
        { side: spec.side, output: tail(child) },
      );
    }
    served += measured.responses;
  }
  return served;
}

/** The flame graph and ticks 0x wrote; throws when either is missing or holds no samples. */
function checkOutput(
  child: Child,
  spec: ProfileSpec,
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
  if (statSync(ticksJson).size <= 2)
    throw new GateError('server-crash', `0x recorded no CPU samples of ${what}`, {
      side: spec.side,
      output: tail(child),
    });
  return { flamegraphHtml, ticksJson };
}

/** Removes 0x's working directory and its intermediate V8 logs. */
function removeLogs(dir: string, work: string): void {
  rmSync(work, { recursive: true, force: true });
  for (const file of readdirSync(dir))
    if (/^isolate-.*-v8\.(?:log|json)(?:\.preprocess-ready|\.json)?$/.test(file) || /\.log\.json$/.test(file))
      rmSync(join(dir, file), { force: true });
}

async function waitReady(
  child: Child,
  spec: ProfileSpec,
  what: string,
  port: number,
  readyPath: string,
): Promise<string> {
  const deadline = Date.now() + spec.readyTimeoutMs;
  const wanted = spec.readyStatus === undefined ? '' : ` with ${spec.readyStatus}`;
  for (;;) {
    if (child.exit !== undefined || /Target subprocess error, code:/.test(child.output.toString())) {
      throw new GateError(
        'server-start',
        `${what} exited under 0x before it answered GET ${readyPath}${wanted} on port ${port}`,
        { side: spec.side, output: tail(child) },
      );
    }
    if (Date.now() > deadline) {
      throw new GateError(
        'server-start',
        `${what} did not answer GET ${readyPath}${wanted} on port ${port} within ${Math.round(spec.readyTimeoutMs / 1000)} s under 0x`,
        { side: spec.side, output: tail(child) },
      );
    }
    for (const host of HOSTS) {
      const status = await probe(host, port, readyPath);
      if (status !== undefined && (spec.readyStatus === undefined || status === spec.readyStatus))
        return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
    }
    await sleep(100);
  }
}

/**
 * SIGINT to the process group, as Ctrl+C would: 0x's soft-exit preload makes the server exit, 0x waits for that
 * and then processes the V8 log. A server that does not exit within a grace period (a busy loop, a SIGINT
 * handler that never returns) is killed, so that 0x still processes what was logged.
 */
async function stopAndCollect(
  child: Child,
  serverPid: number,
  spec: ProfileSpec,
  what: string,
): Promise<void> {
  const processTimeoutMs = spec.processTimeoutMs ?? 120_000;
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
