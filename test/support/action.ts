import assert from 'node:assert/strict';
/** Runs the built action the way a GitHub runner does: node dist/index.js with INPUT_* and GITHUB_* set. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldMeasure } from '../../src/config/measure.ts';
import type { Report } from '../../src/model/report.ts';
import { logRun } from './run-log.ts';

/**
 * The action under test. PERF_GATE_DIST points the end-to-end suites at another build, e.g. one made from an older
 * commit to see which cases fail without the handling that came later (README, "When the gate fails").
 */
export const DIST =
  process.env.PERF_GATE_DIST || fileURLToPath(new URL('../../dist/index.js', import.meta.url));
/** The CLI under test; PERF_GATE_CLI points it at another build, as PERF_GATE_DIST does the action. */
export const CLI = process.env.PERF_GATE_CLI || fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * Thresholds no host noise can reach in 8 pairs, for cases with the same server on both sides that are about
 * something else (which commits, which events, which paths): at alpha 5%, an A/A gate of 8 one-second pairs now and
 * then calls a change (the false-alarm rate at default settings is measured in bench/), and one such draw must not
 * fail a test about something else.
 */
export const UNREACHABLE_THRESHOLDS = { threshold: '50%', 'latency-threshold': '100%' };

/**
 * The lines of a log the runner would take as workflow commands, as actions/runner reads them: lines end at `\n`,
 * `\r\n` and `\r` (.NET's ReadLine); a line is a command (v2) when it starts with `::` once .NET's TrimStart()
 * has removed any Unicode whitespace before it, or (v1) when it holds `##[…]` anywhere; none is taken between
 * `::stop-commands::<token>` and `::<token>::`. Returned with the leading whitespace removed.
 */
export function commandLines(stdout: string): string[] {
  const lines: string[] = [];
  let resume: string | undefined;
  for (const raw of stdout.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/^[\s\u0085\u180e]+/u, '');
    if (resume !== undefined) {
      if (line === resume) resume = undefined;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop) resume = `::${stop[1]}::`;
    else if (line.startsWith('::') || /##\[[^\]]*\]/.test(line)) lines.push(line);
  }
  return lines;
}

/** The workflow commands (`::error::…`, `::warning::…`) an action printed, with their data unescaped. */
export function workflowCommands(stdout: string, command: string): string[] {
  return commandLines(stdout)
    .filter((line) => line.startsWith(`::${command}`))
    .map((line) =>
      line
        .slice(line.indexOf('::', 2) + 2)
        .replaceAll('%0A', '\n')
        .replaceAll('%0D', '\r')
        .replaceAll('%25', '%'),
    );
}

/** The report.json a run names in its `report` output; fails the test, with the run's log, when there is none. */
export function readReport(run: ActionRun): Report {
  const path = run.outputs.report;
  assert.ok(
    path && existsSync(path),
    `report output should name an existing file, got ${path}\n${run.stdout}`,
  );
  return JSON.parse(readFileSync(path, 'utf8')) as Report;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  durationMs: number;
  /** The run's RUNNER_TEMP. */
  temp: string;
}

/** Parses a GITHUB_OUTPUT file (`name<<delimiter` heredocs and `name=value` lines). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]!);
      outputs[heredoc[1]!] = value.join('\n');
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

export interface RunActionOptions {
  workspace: string;
  inputs: Record<string, string>;
  event: Record<string, unknown>;
  eventName?: string;
  apiUrl: string;
  token?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
  /**
   * The runner cancelling the step: once `when` holds for the log so far, each signal is sent to the action's
   * process `afterMs` later (the runner sends SIGINT, then SIGTERM 7.5 s later, then kills the process tree).
   */
  interrupt?: { when: (stdout: string) => boolean; signals: { signal: NodeJS.Signals; afterMs: number }[] };
}

export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  const temp = mkdtempSync(join(options.workspace, '..', 'runner-'));
  const eventPath = join(temp, 'event.json');
  writeFileSync(eventPath, JSON.stringify(options.event));
  const outputPath = join(temp, 'output');
  const summaryPath = join(temp, 'summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // How this machine reaches the package registry (a runner has its own): installs inside the gate need it.
    ...networkEnv(),
    // `npm test`'s compile cache, if it keeps one: each run then compiles dist/ once, not once per run.
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
    ...NPM_ENV,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_SHA: 'ignored',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    RUNNER_TEMP: temp,
    'INPUT_GITHUB-TOKEN': options.token ?? 'ghs_testtoken',
    ...options.env,
  };
  // Settings of the `measure` block given one by one (`rounds: '8'`) go into its input, as a workflow writes them.
  for (const [name, value] of Object.entries(foldMeasure(options.inputs)))
    env[`INPUT_${name.toUpperCase()}`] = value;
  const started = Date.now();
  const child = spawn(process.execPath, [DIST], {
    cwd: options.workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const timers: NodeJS.Timeout[] = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    const interrupt = options.interrupt;
    if (interrupt && timers.length === 0 && interrupt.when(stdout)) {
      for (const { signal, afterMs } of interrupt.signals) {
        timers.push(setTimeout(() => child.exitCode === null && child.kill(signal), afterMs));
      }
    }
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const limitMs = Number(process.env.PERF_GATE_ACTION_TIMEOUT_MS) || (options.timeoutMs ?? 300_000);
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  for (const t of timers) clearTimeout(t);
  const outputs = parseOutputs(readFileSync(outputPath, 'utf8'));
  const durationMs = Date.now() - started;
  logRun(options.inputs, { code, stdout, durationMs, reportPath: outputs.report });
  return {
    code,
    stdout,
    stderr,
    outputs,
    summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '',
    temp,
    durationMs,
  };
}

/**
 * How the installs inside the gate use npm: the fixtures' lock files name no `resolved` URL, so `npm ci` reads each
 * package's metadata, which it revalidates against the registry (a round trip per package, seconds per install on
 * this machine) unless it may prefer its cache; it still fetches what the cache lacks. No audit and no funding
 * message: requests and output no test reads.
 */
const NPM_ENV = {
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/**
 * What npm needs from this environment to reach the registry, in any spelling (runAction forwards it to every
 * run; a runner has its own): proxies and extra CA certificates. Without NODE_EXTRA_CA_CERTS behind an intercepting proxy
 * each `npm ci` retries for two minutes before it falls back to the cache.
 */
function networkEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO)_PROXY)$/i.test(name)
    )
      env[name] = value;
  return env;
}
