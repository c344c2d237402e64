/**
 * Where a history run is, read once from the runner's environment: the server and repository its links lead to,
 * the branch it ran on, its workflow run and its temporary directory. Everything else in history/ takes it.
 */
import type { Config } from '../model/config.ts';
import { GateError } from '../model/errors.ts';
import { historyRepositoryMessage } from '../report/history-text.ts';

/** Where links lead (the repository on GitHub and the history branch in it), and what the run was. */
export interface Site {
  server: string;
  repository: string;
  branch: string;
  /** GITHUB_REF's branch ('' when the run is not on a branch). */
  ref: string;
  /** This workflow run's page, when the run is one. */
  run: string | undefined;
  /** Where stores are made (RUNNER_TEMP), else the system's. */
  tempDir: string | undefined;
}

/** The site of a run in `env` (the runner's environment); a run outside a repository is an error. */
export function siteOf(config: Config, env: NodeJS.ProcessEnv = process.env): Site {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!/^[^/\s]+\/[^/\s]+$/.test(repository)) throw new GateError('config', historyRepositoryMessage());
  const ref = env.GITHUB_REF ?? '';
  return {
    server,
    repository,
    branch: config.historyBranch,
    ref: ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : '',
    run: env.GITHUB_RUN_ID ? `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : undefined,
    tempDir: env.RUNNER_TEMP || undefined,
  };
}

export function fileUrl(site: Site, kind: 'blob' | 'raw' | 'tree', file = ''): string {
  const branch = site.branch.split('/').map(encodeURIComponent).join('/');
  return `${site.server}/${site.repository}/${kind}/${branch}${file === '' ? '' : `/${file}`}`;
}

/** The default branch, as the event names it. */
export function defaultBranch(payload: Record<string, unknown>): string | undefined {
  const repository = payload.repository as { default_branch?: unknown } | undefined;
  return typeof repository?.default_branch === 'string' ? repository.default_branch : undefined;
}
