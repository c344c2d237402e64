/**
 * Installs the pinned 0x (the profiler) at run time. 0x cannot be bundled into dist: it browserifies its own
 * visualiser and preloads its own files into the profiled process. So its package.json and lockfile ship with
 * the action as data (zerox-lock.json) and are installed with `npm ci --ignore-scripts` into a cache directory,
 * once per directory: again only when the directory does not hold a complete install of the same lockfile whose
 * files hash to the digest shipped beside it (zerox-files.json). On a persistent runner the cache outlives the
 * gate that made it, and one pull request's build could edit it for later gates to run: its files are checked
 * before each use (verifyZeroX).
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { safeEnv } from '../io/proc.ts';
import { runCommand } from '../io/run-command.ts';
import { GateError } from '../model/errors.ts';
import { tamperedMessage } from '../report/error-text.ts';
import zeroxFiles from './zerox-files.json' with { type: 'json' };
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

/** npm's own record of the install: npm reads it, Node never does (and its content follows npm's version). */
const NOT_HASHED = new Set(['node_modules/.package-lock.json']);

/**
 * The SHA-256 of an install's files: every path under node_modules in order, each file's content hash, each
 * symbolic link's target. A file edited, added or removed (a `node_modules/<name>.js`, which Node tries before
 * the package's directory, included) changes it.
 */
export function zeroXDigest(cacheDir: string): string {
  const hash = createHash('sha256');
  const walk = (relative: string): void => {
    for (const name of readdirSync(join(cacheDir, relative)).sort()) {
      const path = `${relative}/${name}`;
      if (NOT_HASHED.has(path)) continue;
      const full = join(cacheDir, path);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) hash.update(`${path}\0-> ${readlinkSync(full)}\n`);
      else if (stat.isDirectory()) {
        hash.update(`${path}/\n`);
        walk(path);
      } else hash.update(`${path}\0${createHash('sha256').update(readFileSync(full)).digest('hex')}\n`);
    }
  };
  walk('node_modules');
  return hash.digest('hex');
}

/** The digest each install directory was accepted with (the shipped one, or a fresh install's made by this run). */
const accepted = new Map<string, string>();

/** The digest of cacheDir, or undefined when it cannot be read. */
function digestOf(cacheDir: string): string | undefined {
  try {
    return zeroXDigest(cacheDir);
  } catch {
    return undefined;
  }
}

/**
 * Checks, before a use, that the install whose CLI is `bin` (from ensureZeroX) still holds the files it was
 * accepted with; a GateError when one changed since.
 */
export function verifyZeroX(bin: string): void {
  const dir = resolve(dirname(bin), '..', '..');
  const expected = accepted.get(dir) ?? zeroxFiles.sha256;
  if (digestOf(dir) !== expected) throw new GateError('install', tamperedMessage(`profiler 0x (${dir})`));
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
  // A finished install is used when its files are the pinned lockfile's, as shipped; anything else is made again.
  if (isInstalled(dir) && digestOf(dir) === zeroxFiles.sha256) return accept(dir, zeroxFiles.sha256);
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
  // Installed just now from the lockfile (npm checks every package's integrity): its own digest is what later
  // uses in this run are checked against, should npm lay the files out otherwise than the shipped digest says.
  const fresh = zeroXDigest(staging);
  const bin = moveIntoPlace(staging, dir, fresh);
  return accept(resolve(bin, '..', '..', '..'), fresh);
}

/** Records the digest an install is accepted with; returns its CLI entry. */
function accept(dir: string, digest: string): string {
  accepted.set(dir, digest);
  return zeroXBin(dir);
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
function moveIntoPlace(staging: string, dir: string, digest: string): string {
  if (isInstalled(dir) && digestOf(dir) === digest) {
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
    if (isInstalled(dir) && digestOf(dir) === digest) {
      rmSync(staging, { recursive: true, force: true });
      return zeroXBin(dir);
    }
    if (isInstalled(staging)) return zeroXBin(staging);
    throw new GateError('install', `could not move the installed profiler into ${dir}`, { cause });
  }
  return zeroXBin(dir);
}
