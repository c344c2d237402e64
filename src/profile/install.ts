/**
 * Installs the pinned 0x (the profiler) at run time. 0x cannot be bundled into dist: it browserifies its own
 * visualiser and preloads its own files into the profiled process. So its package.json and lockfile ship with
 * the action as data (zerox-lock.json) and are installed with `npm ci --ignore-scripts` into a cache directory,
 * once per directory: again only when the directory does not hold a complete install of the same lockfile.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { GateError } from '../io/errors.ts';
import { runCommand, safeEnv } from '../io/proc.ts';
import zeroxLock from './zerox-lock.json' with { type: 'json' };

/** The version of 0x the lockfile pins. */
export const ZEROX_VERSION: string = zeroxLock.packageLock.packages['node_modules/0x'].version;

/** Written last into a finished install: the hash of the lockfile it was installed from. */
const MARKER = '.perf-gate-installed';

const LOCK_TEXT = `${JSON.stringify(zeroxLock.packageLock, null, 2)}\n`;
const PACKAGE_TEXT = `${JSON.stringify(zeroxLock.packageJson, null, 2)}\n`;
const LOCK_HASH = createHash('sha256').update(PACKAGE_TEXT).update(LOCK_TEXT).digest('hex');

/** `$RUNNER_TOOL_CACHE/perf-gate-0x-<version>`, or the same under the system's temporary directory. */
export function defaultZeroXCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const parent =
    env.RUNNER_TOOL_CACHE !== undefined && env.RUNNER_TOOL_CACHE !== '' ? env.RUNNER_TOOL_CACHE : tmpdir();
  return join(parent, `perf-gate-0x-${ZEROX_VERSION}`);
}

/** The CLI entry of 0x inside an install directory. */
export function zeroXBin(cacheDir: string): string {
  return join(cacheDir, 'node_modules', '0x', 'cmd.js');
}

/** true when cacheDir holds a finished install of exactly our lockfile. */
export function isInstalled(cacheDir: string): boolean {
  try {
    if (readFileSync(join(cacheDir, MARKER), 'utf8').trim() !== LOCK_HASH) return false;
    const manifest = JSON.parse(
      readFileSync(join(cacheDir, 'node_modules', '0x', 'package.json'), 'utf8'),
    ) as { version?: unknown };
    return manifest.version === ZEROX_VERSION && existsSync(zeroXBin(cacheDir));
  } catch {
    return false;
  }
}

export interface EnsureOptions {
  /** Limit for `npm ci`; default 5 minutes. */
  timeoutMs?: number;
  /** Called with npm's output as it comes. */
  onOutput?: (chunk: string) => void;
  /** The npm executable; default `npm` from PATH. */
  npm?: string;
}

const pending = new Map<string, Promise<string>>();

/**
 * Makes sure the pinned 0x is installed in cacheDir (default: defaultZeroXCacheDir()) and returns the path of
 * its CLI entry (run it with node). Installs at most once per directory and process; a finished install found
 * there is reused. Throws a GateError (code `install`) saying what failed.
 */
export function ensureZeroX(
  cacheDir: string = defaultZeroXCacheDir(),
  options: EnsureOptions = {},
): Promise<string> {
  const dir = resolve(cacheDir);
  let promise = pending.get(dir);
  if (promise === undefined) {
    promise = install(dir, options);
    pending.set(dir, promise);
    // A failed install may be retried by a later call.
    promise.catch(() => pending.delete(dir));
  }
  return promise;
}

async function install(dir: string, options: EnsureOptions): Promise<string> {
  if (isInstalled(dir)) return zeroXBin(dir);
  // Install beside the target and rename it into place, so that a half-finished install (killed, timed out, or
  // racing another gate on the same runner) is never mistaken for a finished one.
  const staging = `${dir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    mkdirSync(dirname(dir), { recursive: true });
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'package.json'), PACKAGE_TEXT);
    writeFileSync(join(staging, 'package-lock.json'), LOCK_TEXT);
  } catch (cause) {
    throw new GateError('install', `could not prepare a directory for the profiler 0x at ${staging}`, {
      cause,
    });
  }
  await npmCi(staging, options);
  writeFileSync(join(staging, MARKER), `${LOCK_HASH}\n`);
  return moveIntoPlace(staging, dir);
}

/** Runs `npm ci` in the staging directory; on failure removes it and throws what went wrong. */
async function npmCi(staging: string, options: EnsureOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const npm = options.npm ?? 'npm';
  const args = ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'];
  const command = `${npm} ${args.join(' ')}`;
  let result: Awaited<ReturnType<typeof runCommand>>;
  try {
    result = await runCommand(npm, {
      cwd: staging,
      args,
      env: safeEnv({ CI: 'true', npm_config_update_notifier: 'false' }),
      timeoutMs,
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
    });
  } catch (cause) {
    rmSync(staging, { recursive: true, force: true });
    throw new GateError('install', `installing the profiler 0x@${ZEROX_VERSION} (\`${command}\`) failed`, {
      cause,
    });
  }
  if (result.timedOut || result.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const why = result.timedOut
      ? `did not finish within ${Math.round(timeoutMs / 1000)} s`
      : result.code === 127
        ? 'could not be started (is npm on PATH?)'
        : `failed with exit code ${result.code}`;
    throw new GateError(
      'install',
      `installing the profiler 0x@${ZEROX_VERSION} (\`${command}\` in ${staging}) ${why}`,
      {
        output: result.output.lastLines(30),
      },
    );
  }
  if (!existsSync(zeroXBin(staging))) {
    rmSync(staging, { recursive: true, force: true });
    throw new GateError(
      'install',
      `\`${command}\` succeeded but left no 0x CLI (node_modules/0x/cmd.js) in ${staging}`,
      {
        output: result.output.lastLines(30),
      },
    );
  }
}

/** Renames a finished install to dir, unless another gate put one there first; returns the CLI entry used. */
function moveIntoPlace(staging: string, dir: string): string {
  if (isInstalled(dir)) {
    // Another gate on this runner finished first.
    rmSync(staging, { recursive: true, force: true });
    return zeroXBin(dir);
  }
  try {
    // Whatever is there is incomplete or from another lockfile.
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } catch (cause) {
    // Another process may have put a finished install there in the meantime: use whichever is complete.
    if (isInstalled(dir)) {
      rmSync(staging, { recursive: true, force: true });
      return zeroXBin(dir);
    }
    if (isInstalled(staging)) return zeroXBin(staging);
    throw new GateError('install', `could not move the installed profiler into ${dir}`, { cause });
  }
  return zeroXBin(dir);
}
