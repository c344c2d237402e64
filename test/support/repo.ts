/** Throwaway git repositories with a base and a head commit, laid out the way actions/checkout leaves them. */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type Files = Record<string, string>;

export interface TestRepo {
  /** The work tree the action runs in (head checked out). */
  workspace: string;
  /** The repository it was cloned from (plays GitHub's part). */
  origin: string;
  baseSha: string;
  headSha: string;
  dir: string;
  cleanup(): void;
}

/** Runs git in `cwd` as a fixed test author; returns its trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
    },
  }).trim();
}

function write(root: string, files: Files): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
}

/**
 * origin has `main` (base files) and `feature` (base files overlaid with head files). The workspace is a shallow
 * clone of `feature` (depth 1, like actions/checkout), so the base commit has to be fetched.
 */
export function makeRepo(base: Files, head: Files, options: { shallow?: boolean } = {}): TestRepo {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-e2e-'));
  const origin = join(dir, 'origin');
  mkdirSync(origin);
  git(origin, 'init', '-q', '-b', 'main');
  write(origin, base);
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '-m', 'base');
  const baseSha = git(origin, 'rev-parse', 'HEAD');
  git(origin, 'checkout', '-q', '-b', 'feature');
  write(origin, head);
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '--allow-empty', '-m', 'head');
  const headSha = git(origin, 'rev-parse', 'HEAD');
  git(origin, 'checkout', '-q', 'main');
  const workspace = join(dir, 'workspace');
  const depth = options.shallow === false ? [] : ['--depth=1'];
  git(dir, 'clone', '-q', ...depth, '--branch', 'feature', `file://${origin}`, workspace);
  return {
    workspace,
    origin,
    baseSha,
    headSha,
    dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A repository of its own in a new temporary directory (named from `prefix`): a commit of `base`'s files on `main`
 * and, with `head`, a second one that overlays them. The caller removes `root`.
 */
export function commitRepo(
  prefix: string,
  base: Files,
  head?: Files,
): { root: string; base: string; head: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  git(root, 'init', '-q', '-b', 'main');
  write(root, base);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'base');
  const baseSha = git(root, 'rev-parse', 'HEAD');
  if (head === undefined) return { root, base: baseSha, head: baseSha };
  write(root, head);
  git(root, 'commit', '-q', '-am', 'head');
  return { root, base: baseSha, head: git(root, 'rev-parse', 'HEAD') };
}

/** A pull_request event payload for the repo. */
export function pullRequestEvent(
  repo: Pick<TestRepo, 'baseSha' | 'headSha'>,
  number = 1,
  fork = false,
): Record<string, unknown> {
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      base: { sha: repo.baseSha, ref: 'main', repo: { full_name: 'octo-org/octo-repo' } },
      head: {
        sha: repo.headSha,
        ref: 'feature',
        repo: { full_name: fork ? 'someone/octo-repo' : 'octo-org/octo-repo' },
      },
    },
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

/** Processes whose command line or working directory mentions `dir` (what a test may have left behind). */
export function processesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // Not ours to read.
      }
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (state === 'Z') continue;
      if (cmdline.includes(dir) || cwd.startsWith(dir))
        found.push(`${entry}: ${cmdline.trim()} (cwd ${cwd})`);
    } catch {
      // Gone.
    }
  }
  return found;
}

/** Kills what a test left running under `dir` (a gate killed by a timeout leaves its servers behind). */
export function killProcessesUnder(dir: string): void {
  for (const found of processesUnder(dir)) {
    try {
      process.kill(Number(found.slice(0, found.indexOf(':'))), 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * A node:http server that burns `workUs` microseconds of CPU per request on /work, answers 200 elsewhere
 * (or `status` everywhere), and listens on PORT (or a fixed port).
 */
export function serverSource(
  options: { workUs: number; status?: number; fixedPort?: number; crash?: string } = { workUs: 0 },
): string {
  const listen = options.fixedPort === undefined ? 'process.env.PORT' : String(options.fixedPort);
  return `const http = require('node:http');
${options.crash ?? ''}
function burn(us) { const end = process.hrtime.bigint() + BigInt(us * 1000); while (process.hrtime.bigint() < end); }
http.createServer((req, res) => {
  if (req.url === '/work') burn(${options.workUs});
  res.statusCode = ${options.status ?? 200};
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
}).listen(${listen});
`;
}
