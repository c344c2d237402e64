/**
 * The history branch (docs/history.md), read and written with git through the job's token in a bare repository of
 * its own in the runner's temporary directory: the workspace's repository, where the measured code ran, is never
 * given the token, and its config and hooks are never read while the token is in git's environment. Appending
 * fetches the branch's tip, writes the files into its tree and pushes a commit of that tree in its place, on the
 * condition that the tip is still the one fetched (`--force-with-lease`); when another run pushed first, it fetches
 * again, writes again on the new tip and pushes again (a rebase that cannot conflict). The branch is one commit: the
 * history is in its files, and a chain of commits would keep every version of every chart (the charts are drawn
 * again from all lines on every run, so no two versions share much).
 */
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { Child, safeEnv } from '../io/proc.ts';
import { GateError } from '../model/errors.ts';
import { notHistoryBranchMessage } from '../report/error-text.ts';

/** Where the history lives: the remote's URL, the branch, and the token git sends to GitHub. */
export interface HistoryRemote {
  url: string;
  branch: string;
  /** The job's token; '' for none (a public repository can be read without). */
  token: string;
  /** GITHUB_SERVER_URL: the token is sent to URLs under it only. */
  serverUrl: string;
  /** Time limit of each git command (default 2 minutes). */
  timeoutMs?: number;
}

/** The branch's files (path → text) at its tip; `tip` undefined when the branch does not exist yet. */
export interface HistoryFiles {
  tip: string | undefined;
  files: Map<string, string>;
}

/** The author of history commits: the GITHUB_TOKEN's bot. */
const AUTHOR = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};
const TIP = 'refs/perf-gate/tip';

/**
 * git's environment: no terminal prompt, no global or system config (only what is given here), no automatic gc (it
 * would run on in the background), the author, and the token as an `http.<server>.extraheader` (as
 * actions/checkout sends it), in the environment, never on disk.
 */
function gitEnv(remote: HistoryRemote, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const config: [string, string][] = [
    ['gc.auto', '0'],
    ['maintenance.auto', 'false'],
    // No hook runs with the token in its environment, whatever the store's directory holds.
    ['core.hooksPath', '/dev/null'],
  ];
  if (remote.token !== '') {
    const basic = Buffer.from(`x-access-token:${remote.token}`).toString('base64');
    config.push([
      `http.${remote.serverUrl.replace(/\/+$/, '')}/.extraheader`,
      `AUTHORIZATION: basic ${basic}`,
    ]);
  }
  const env: Record<string, string> = {
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: AUTHOR.name,
    GIT_AUTHOR_EMAIL: AUTHOR.email,
    GIT_COMMITTER_NAME: AUTHOR.name,
    GIT_COMMITTER_EMAIL: AUTHOR.email,
    GIT_CONFIG_COUNT: String(config.length),
    ...extra,
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return safeEnv(env);
}

interface GitResult {
  code: number | null;
  stdout: string;
  output: string;
}

/**
 * Runs git in the store. It waits until git's output has closed (the plumbing's output is the result, and on a
 * busy machine it can arrive well after the exit), within the time limit, then stops what git left running.
 */
async function gitIn(
  dir: string,
  remote: HistoryRemote,
  args: readonly string[],
  extra: Record<string, string> = {},
): Promise<GitResult> {
  let stdout = '';
  const child = new Child('git', {
    cwd: dir,
    env: gitEnv(remote, extra),
    args: ['--git-dir', dir, ...args],
    onStdout: (chunk) => {
      stdout += chunk;
    },
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void child.stop(1000);
  }, remote.timeoutMs ?? 120_000);
  const exit = await child.exited;
  clearTimeout(timer);
  await child.stop(500);
  return { code: timedOut ? null : exit.code, stdout, output: child.output.lastLines(20) };
}

/** Runs git in the store; throws a GateError (code `git`) with its output when it fails. */
async function gitOk(
  dir: string,
  remote: HistoryRemote,
  args: readonly string[],
  extra?: Record<string, string>,
): Promise<string> {
  const result = await gitIn(dir, remote, args, extra);
  if (result.code !== 0) {
    throw new GateError(
      'git',
      `\`git ${args[0]}\` of the history branch \`${remote.branch}\` failed (${result.code === null ? 'timed out' : `exit code ${result.code}`})`,
      { output: result.output },
    );
  }
  return result.stdout;
}

/** A bare repository of the history's own, in `parent` (default: the system's temporary directory). */
export class HistoryStore {
  readonly dir: string;
  readonly remote: HistoryRemote;

  private constructor(dir: string, remote: HistoryRemote) {
    this.dir = dir;
    this.remote = remote;
  }

  static async open(remote: HistoryRemote, parent: string = tmpdir()): Promise<HistoryStore> {
    const dir = await mkdtemp(join(parent, 'perf-gate-history-'));
    // No templates: nothing of the machine's (hooks included) is copied into the store.
    await gitOk(dir, remote, ['init', '--bare', '-q', '--template=']);
    return new HistoryStore(dir, remote);
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The branch's tip on the remote, or undefined when it does not exist. */
  private async remoteTip(): Promise<string | undefined> {
    const out = await gitOk(this.dir, this.remote, [
      'ls-remote',
      this.remote.url,
      `refs/heads/${this.remote.branch}`,
    ]);
    return /^([0-9a-f]{40,64})\s/m.exec(out)?.[1];
  }

  /**
   * Refuses a tip that is not a commit of perf-gate's history (a root commit of its author with a `history/` folder):
   * pushing would replace the branch, and its history would be gone (`history-branch: main` by mistake).
   */
  private async assertHistoryCommit(tip: string): Promise<void> {
    const commit = await gitOk(this.dir, this.remote, ['cat-file', 'commit', tip]);
    const headers = commit.slice(0, commit.indexOf('\n\n'));
    const top = (await gitOk(this.dir, this.remote, ['ls-tree', '--name-only', tip])).split('\n');
    const ours =
      !/^parent /m.test(headers) &&
      new RegExp(`^author ${escapeRegExp(AUTHOR.name)} <${escapeRegExp(AUTHOR.email)}> `, 'm').test(
        headers,
      ) &&
      top.includes('history');
    if (!ours) throw new GateError('config', notHistoryBranchMessage(this.remote.branch, tip));
  }

  /** The files of the branch under `under/` (all of them when '') at its tip, fetched now. */
  async read(under = 'history/'): Promise<HistoryFiles> {
    const tip = await this.remoteTip();
    const files = new Map<string, string>();
    if (tip === undefined) return { tip, files };
    await gitOk(this.dir, this.remote, [
      'fetch',
      '-q',
      '--depth=1',
      '--no-tags',
      this.remote.url,
      `+refs/heads/${this.remote.branch}:${TIP}`,
    ]);
    const fetched = (await gitOk(this.dir, this.remote, ['rev-parse', TIP])).trim();
    await this.assertHistoryCommit(fetched);
    const paths = (await gitOk(this.dir, this.remote, ['ls-tree', '-r', '--name-only', fetched]))
      .split('\n')
      .filter((path) => path !== '' && path.startsWith(under));
    for (const path of paths) {
      files.set(path, await gitOk(this.dir, this.remote, ['cat-file', 'blob', `${fetched}:${path}`]));
    }
    return { tip: fetched, files };
  }

  /** A commit (without a parent) of the tree of `tip` (none when undefined) with `files` (path → text) written into it. */
  private async commit(tip: string | undefined, files: ReadonlyMap<string, string>, message: string) {
    const work = await mkdtemp(join(this.dir, 'files-'));
    const index = { GIT_INDEX_FILE: join(work, '.index') };
    try {
      await gitOk(this.dir, this.remote, tip ? ['read-tree', tip] : ['read-tree', '--empty'], index);
      const paths = [...files.keys()];
      const names = paths.map((_, i) => join(work, `f${i}`));
      await Promise.all(paths.map((path, i) => writeFile(names[i]!, files.get(path)!)));
      const blobs = (await gitOk(this.dir, this.remote, ['hash-object', '-w', ...names])).trim().split('\n');
      const entries = paths.flatMap((path, i) => ['--cacheinfo', `100644,${blobs[i]},${path}`]);
      await gitOk(this.dir, this.remote, ['update-index', '--add', ...entries], index);
      const tree = (await gitOk(this.dir, this.remote, ['write-tree'], index)).trim();
      return (await gitOk(this.dir, this.remote, ['commit-tree', tree, '-m', message])).trim();
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Writes the files `build` makes from the branch's current files (it is called again after each refused push,
   * with the files another run pushed meanwhile), commits them with the tip's other files and pushes the commit in
   * the tip's place unless another run pushed first; then it tries again after a random back-off. Returns the pushed
   * commit and the number of attempts.
   */
  async append(
    build: (current: HistoryFiles) => Map<string, string>,
    message: string,
    options: AppendOptions = {},
  ): Promise<{ commit: string; attempts: number }> {
    const attempts = options.attempts ?? 8;
    const sleep = options.sleep ?? ((ms: number) => sleepFor(ms));
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const current = await this.read();
      const commit = await this.commit(current.tip, build(current), message);
      await options.beforePush?.(attempt);
      const pushed = await gitIn(this.dir, this.remote, [
        'push',
        '-q',
        // Only if the branch is still where it was read (or still absent): another run's lines are never lost.
        `--force-with-lease=refs/heads/${this.remote.branch}:${current.tip ?? ''}`,
        this.remote.url,
        `${commit}:refs/heads/${this.remote.branch}`,
      ]);
      if (pushed.code === 0) return { commit, attempts: attempt };
      last = pushed.output;
      if (REFUSED_ACCESS.test(last) || PROTECTED.test(last)) throw pushRefused(this.remote.branch, last);
      options.onRetry?.(attempt);
      await sleep(randomInt(250, 1500) * attempt);
    }
    throw new GateError(
      'git',
      `could not push to the history branch \`${this.remote.branch}\` in ${attempts} attempts: other runs kept pushing first, or the push failed`,
      { output: last },
    );
  }
}

export interface AppendOptions {
  /** Pushes tried before giving up (default 8). */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called after the commit is made and before it is pushed (tests line two runs up here). */
  beforePush?: (attempt: number) => Promise<void> | void;
  /** Told about each refused push before the next attempt. */
  onRetry?: (attempt: number) => void;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What git says when the token may not push (GitHub answers 403; a wrong token 401, or a prompt it may not show). */
const REFUSED_ACCESS = /\b(403|401)\b|denied|could not read Username|Authentication failed|not allowed/i;
/** What GitHub says when a rule on the branch refuses a push that replaces its commit. */
const PROTECTED = /protected branch|force.push|declined/i;

function pushRefused(branch: string, output: string): GateError {
  return new GateError(
    'git',
    `could not push to the history branch \`${branch}\`: the token may not write to it. Give the job \`permissions: { contents: write }\`; a protection rule or ruleset on \`${branch}\`, if any, must let GitHub Actions push to it and replace its commit (perf-gate keeps it at one commit).`,
    { output },
  );
}
