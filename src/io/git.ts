/** The two trees: the base commit materialised as a git worktree beside the head checkout. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GateError } from '../model/errors.ts';
import { safeEnv } from './proc.ts';
import { runCommand } from './run-command.ts';

export async function git(
  cwd: string,
  args: readonly string[],
  timeoutMs = 120_000,
  env: Record<string, string> = {},
): Promise<string> {
  const result = await runCommand('git', {
    cwd,
    env: safeEnv({ GIT_TERMINAL_PROMPT: '0', ...env }),
    args,
    timeoutMs,
  });
  if (result.code !== 0 || result.timedOut) {
    throw new GateError(
      'git',
      `\`git ${args.join(' ')}\` ${result.timedOut ? 'timed out' : `failed (exit code ${result.code})`}`,
      {
        output: result.output.lastLines(20),
      },
    );
  }
  return result.stdout.trim();
}

async function gitOk(cwd: string, args: readonly string[]): Promise<string | undefined> {
  try {
    return await git(cwd, args);
  } catch {
    return undefined;
  }
}

export interface Commit {
  sha: string;
  /** What a reader calls it: a branch name or a short sha. */
  label: string;
}

export async function repositoryRoot(cwd: string): Promise<string> {
  try {
    return await git(cwd, ['rev-parse', '--show-toplevel']);
  } catch (cause) {
    throw new GateError(
      'git',
      `${cwd} is not inside a git repository: run actions/checkout before perf-gate`,
      { cause },
    );
  }
}

export async function headCommit(root: string): Promise<Commit & { parents: string[] }> {
  const sha = await git(root, ['rev-parse', 'HEAD']);
  const raw = await git(root, ['cat-file', '-p', sha]);
  const parents = raw
    .split('\n')
    .filter((line) => line.startsWith('parent '))
    .map((line) => line.slice('parent '.length));
  const branch = await gitOk(root, ['symbolic-ref', '--short', '-q', 'HEAD']);
  return { sha, parents, label: branch ?? sha.slice(0, 7) };
}

/** Makes sure a commit is present, fetching it (shallowly) from origin when the checkout lacks it. */
export async function ensureCommit(root: string, ref: string, input: string): Promise<string> {
  const local = await gitOk(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (local) return local;
  const remote = await gitOk(root, ['rev-parse', '--verify', '--quiet', `origin/${ref}^{commit}`]);
  if (remote) return remote;
  const fetched = await gitOk(root, ['fetch', '--no-tags', '--depth=1', 'origin', ref]);
  if (fetched !== undefined) {
    const sha = await gitOk(root, ['rev-parse', '--verify', '--quiet', 'FETCH_HEAD^{commit}']);
    if (sha) return sha;
  }
  throw new GateError(
    'git',
    `the base commit \`${ref}\` (${input}) is not in this checkout and could not be fetched from origin. ` +
      'Check the ref, or check out with `fetch-depth: 0` in actions/checkout.',
  );
}

/** A file's text in commit `sha` (`git show sha:path`, trimmed); undefined when the commit has no such file. */
export function fileAtCommit(root: string, sha: string, path: string): Promise<string | undefined> {
  return gitOk(root, ['show', `${sha}:${path}`]);
}

/** A file of a commit as it is (a request body: not trimmed); undefined when the commit has none. */
export async function blobAtCommit(root: string, sha: string, path: string): Promise<string | undefined> {
  const result = await runCommand('git', {
    cwd: root,
    env: safeEnv({ GIT_TERMINAL_PROMPT: '0' }),
    args: ['show', `${sha}:${path}`],
    timeoutMs: 120_000,
  });
  return result.code === 0 && !result.timedOut ? result.stdout : undefined;
}

export interface Worktree {
  dir: string;
  remove(): Promise<void>;
}

export async function addWorktree(root: string, sha: string, side = 'base'): Promise<Worktree> {
  const parent = await mkdtemp(join(process.env.RUNNER_TEMP || tmpdir(), `perf-gate-${side}-`));
  const dir = join(parent, 'tree');
  await git(root, ['worktree', 'add', '--detach', '--force', dir, sha], 300_000);
  return {
    dir,
    async remove(): Promise<void> {
      await gitOk(root, ['worktree', 'remove', '--force', dir]);
      await rm(parent, { recursive: true, force: true });
      await gitOk(root, ['worktree', 'prune']);
    },
  };
}

/** The author and committer of a snapshot commit (nothing of the user's git config is needed or changed). */
const SNAPSHOT_AUTHOR = {
  GIT_AUTHOR_NAME: 'perf-gate',
  GIT_AUTHOR_EMAIL: 'perf-gate@localhost',
  GIT_COMMITTER_NAME: 'perf-gate',
  GIT_COMMITTER_EMAIL: 'perf-gate@localhost',
};

/**
 * The work tree as a commit, without touching it: HEAD with every change to tracked files and every untracked file
 * git does not ignore (what `git add -A && git commit` would record), staged in an index of its own in a temporary
 * directory, so that neither the work tree nor the user's index changes. Only git's object store grows. Returns HEAD
 * itself when nothing differs, and the files that do.
 */
export async function workTreeCommit(root: string): Promise<{ sha: string; changed: string[] }> {
  const head = await git(root, ['rev-parse', 'HEAD']);
  const dir = await mkdtemp(join(tmpdir(), 'perf-gate-index-'));
  const index = { GIT_INDEX_FILE: join(dir, 'index') };
  try {
    await git(root, ['read-tree', head], 120_000, index);
    await git(root, ['add', '--all', '--', '.'], 600_000, index);
    const tree = await git(root, ['write-tree'], 120_000, index);
    const changed = (await git(root, ['diff', '--name-only', '--no-renames', head, tree]))
      .split('\n')
      .filter((line) => line !== '');
    if (changed.length === 0) return { sha: head, changed };
    const message = ['-m', 'perf-gate compare: the work tree'];
    const sha = await git(root, ['commit-tree', tree, '-p', head, ...message], 120_000, SNAPSHOT_AUTHOR);
    return { sha, changed };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
