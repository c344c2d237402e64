/** Installs and builds one tree with the project's own package manager. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sideEnv } from '../config/expand.ts';
import { type LeftProcess, safeEnv } from '../io/proc.ts';
import { runCommand } from '../io/run-command.ts';
import { GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import type { GateLog, Note, Step } from '../model/notes.ts';
import {
  type HookFailure,
  hookFailedMessage,
  noDirectoryMessage,
  stepFailedMessage,
  stepTimedOutMessage,
} from '../report/error-text.ts';

export interface InstallPlan {
  command: string;
  /** Directory the command runs in (where the lockfile is). */
  cwd: string;
}

function hasDependencies(dir: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    const count = (field: string): number =>
      Object.keys((manifest[field] as Record<string, unknown> | undefined) ?? {}).length;
    return count('dependencies') + count('devDependencies') + count('optionalDependencies') > 0;
  } catch {
    return false;
  }
}

/**
 * The install command from the lockfile nearest to `dir`, looking upwards no further than `root` (monorepos keep
 * one lockfile at the top). undefined when there is nothing to install.
 */
export function detectInstall(root: string, dir: string): InstallPlan | undefined {
  let current = resolve(dir);
  const top = resolve(root);
  for (;;) {
    const has = (file: string): boolean => existsSync(join(current, file));
    if (has('pnpm-lock.yaml')) return { command: 'pnpm install --frozen-lockfile', cwd: current };
    if (has('yarn.lock'))
      return {
        command: has('.yarnrc.yml') ? 'yarn install --immutable' : 'yarn install --frozen-lockfile',
        cwd: current,
      };
    if (has('bun.lockb') || has('bun.lock'))
      return { command: 'bun install --frozen-lockfile', cwd: current };
    if (has('package-lock.json') || has('npm-shrinkwrap.json')) return { command: 'npm ci', cwd: current };
    if (current === top || relative(top, current).startsWith('..')) break;
    current = dirname(current);
  }
  return hasDependencies(dir) ? { command: 'npm install', cwd: resolve(dir) } : undefined;
}

/**
 * Whether base and head may be installed and built at the same time: when each tree's install is npm's, pnpm's or
 * none. Their caches take concurrent writers; yarn 1's does not (hence its `--mutex`), and an `install` command of
 * the user's own is not ours to judge: those trees go one after the other.
 */
export function installsTogether(
  install: string,
  roots: Record<Side, string>,
  dirs: Record<Side, string>,
): boolean {
  if (install === 'skip') return true;
  if (install !== 'auto') return false;
  return (['base', 'head'] as const).every((side) => {
    const plan = detectInstall(roots[side], dirs[side]);
    return plan === undefined || /^(npm|pnpm) /.test(plan.command);
  });
}

/**
 * The log of a tree's steps. Its `output` is what a process we started printed (install, build, server, profiler):
 * text from the pull request's code, which the action shows with workflow commands turned off, so that it cannot
 * issue `::set-output`, `::add-mask::`, `::warning` or `::stop-commands::` of its own.
 */
export type StepLog = Pick<GateLog, 'info' | 'output' | 'group'>;

/**
 * The output shown under a failed install or build: its last lines, and in front of them its first error lines
 * when those would be cut off (`npm ci` prints the cause, e.g. a lockfile out of sync, then a page of usage;
 * tsc prints its first errors long before the summary).
 */
export function failureExcerpt(text: string, count = 40): string {
  const lines = text.trimEnd().split('\n');
  if (lines.length <= count) return lines.join('\n');
  const first = lines.findIndex((line) => /\berror\b|\bERR!/i.test(line));
  if (first === -1 || first >= lines.length - count) return lines.slice(-count).join('\n');
  const cause = lines.slice(first, first + Math.floor(count / 3));
  const tail = lines.slice(-(count - cause.length - 1));
  const skipped = lines.length - first - cause.length - tail.length;
  return [...cause, ...(skipped > 0 ? [`… (${skipped} more lines)`] : []), ...tail].join('\n');
}

async function step(
  code: 'install' | 'build',
  side: Side,
  command: string,
  cwd: string,
  timeoutMs: number,
  log: StepLog,
  notes: Note[] | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  await log.group({ kind: 'step', step: code, side, command }, async () => {
    const result = await runCommand(command, {
      cwd,
      env: safeEnv({ CI: 'true' }),
      timeoutMs,
      onOutput: (chunk) => log.output(chunk.trimEnd()),
      ...(signal ? { signal } : {}),
    });
    // Stopped because the other tree failed: that failure is the gate's, and this step's output is not shown.
    if (result.aborted) throw new StepStopped();
    noteLeftovers(code, side, result.left, log, notes);
    if (result.timedOut) {
      throw new GateError(code, stepTimedOutMessage(code, side, command, timeoutMs), {
        side,
        output: failureExcerpt(result.output.toString()),
      });
    }
    if (result.code !== 0) {
      throw new GateError(code, stepFailedMessage(code, side, command, result.code), {
        side,
        output: failureExcerpt(result.output.toString()),
      });
    }
    log.info({ kind: 'step-took', step: code, side, ms: result.durationMs });
  });
}

/** What a command left running (already stopped), in the log and the report's notes. */
function noteLeftovers(
  step: Step,
  side: Side,
  left: readonly LeftProcess[],
  log: StepLog,
  notes: Note[] | undefined,
): void {
  if (left.length === 0) return;
  const note: Note = { kind: 'leftovers-stopped', step, side, commands: left.map((p) => p.command) };
  log.info({ kind: 'note', note });
  notes?.push(note);
}

export interface PrepareOptions {
  side: Side;
  root: string;
  dir: string;
  install: string;
  build: string | undefined;
  /** The limit of the install step and of the build step, each. */
  buildTimeoutMs: number;
  log: StepLog;
  /** The report's notes: what a command left running goes there. */
  notes?: Note[];
  /** Aborted when the other tree failed: the running step is stopped (StepStopped), the next not started. */
  signal?: AbortSignal;
}

export async function prepareTree(options: PrepareOptions): Promise<void> {
  const { side, root, dir, log } = options;
  if (!existsSync(dir)) {
    throw new GateError('install', noDirectoryMessage(side, relative(root, dir)), { side });
  }
  const plan =
    options.install === 'skip'
      ? undefined
      : options.install === 'auto'
        ? detectInstall(root, dir)
        : { command: options.install, cwd: dir };
  const { notes } = options;
  const { signal } = options;
  if (plan) await step('install', side, plan.command, plan.cwd, options.buildTimeoutMs, log, notes, signal);
  else log.info({ kind: 'nothing-to-install', side });
  if (signal?.aborted) throw new StepStopped();
  if (options.build)
    await step('build', side, options.build, dir, options.buildTimeoutMs, log, notes, signal);
}

export interface HookOptions {
  what: 'setup' | 'teardown';
  side: Side;
  /** Shell command line, from the config file. */
  command: string;
  /** The tree's working directory. */
  cwd: string;
  /** Added to the environment (the config file's `env`, PERF_GATE_SIDE); PORT is not set. */
  env: Record<string, string>;
  timeoutMs: number;
  log: StepLog;
  /** The report's notes: what a teardown left running goes there (a setup's runs on, see stopBackground). */
  notes?: Note[];
}

/**
 * Runs the config file's `setup` or `teardown` in one tree, killed with its tree when it overruns. Throws a
 * GateError that names the command and carries its last output (a base failure is neutral, see GateError).
 */
export async function runHook(options: HookOptions): Promise<void> {
  const { what, side, command, log } = options;
  // No PORT: there is no server yet (and a PORT from the runner's environment would mislead).
  const { PORT: _port, ...env } = safeEnv({
    CI: 'true',
    NODE_ENV: 'production',
    ...sideEnv(options.env, side),
    PERF_GATE_SIDE: side,
  });
  await log.group({ kind: 'step', step: what, side, command }, async () => {
    const result = await runCommand(command, {
      cwd: options.cwd,
      env,
      timeoutMs: options.timeoutMs,
      // The hook's output is the pull request's text: shown with workflow commands off (issue 23).
      onOutput: (chunk) => log.output(chunk.trimEnd()),
      // What setup starts in the background (a mock server) runs until the end of the run.
      leftovers: what === 'setup' ? 'keep' : 'kill',
    });
    if (what === 'setup' && result.left.length > 0) {
      log.info({ kind: 'setup-left', side, commands: result.left.map((p) => p.command) });
    } else noteLeftovers(what, side, result.left, log, options.notes);
    const fail = (failure: HookFailure): GateError =>
      new GateError(what, hookFailedMessage(what, side, command, failure), {
        side,
        output: failureExcerpt(result.output.toString()),
      });
    if (result.timedOut) throw fail({ timedOutMs: options.timeoutMs });
    if (result.code === null) throw fail({ code: null, signal: result.signal });
    if (result.code !== 0) throw fail({ code: result.code });
    log.info({ kind: 'step-took', step: what, side, ms: result.durationMs });
  });
}

/** A step stopped before its end because the other tree had failed (prepareTrees shows that failure instead). */
export class StepStopped extends Error {}
