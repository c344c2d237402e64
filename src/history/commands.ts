/**
 * Each commit of a history gate starts as its own config file says: a release tagged before main changed its
 * `start`, `port` or `setup` still starts as it did then. Both sides are the trusted branch's, so the policy
 * (thresholds) stays main's; only the commands are each commit's (config/base-config.ts reads them).
 */
import { configPathInCommit, trustedConfig } from '../config/base-config.ts';
import { fileAtCommit } from '../io/git.ts';
import type { Config, SideCommands } from '../model/config.ts';

/** How the server of commit `sha` starts, with the secrets its `env` takes from the step. */
async function commandsAt(
  config: Config,
  root: string,
  sha: string,
  environment: NodeJS.ProcessEnv,
): Promise<{ commands: SideCommands; secrets: readonly string[] }> {
  const path = configPathInCommit(config, root);
  const text = path === undefined ? undefined : await fileAtCommit(root, sha, path);
  const own = trustedConfig(config, text, undefined, environment);
  return { commands: own.baseCommands!, secrets: own.secrets ?? [] };
}

/**
 * `config` with base's commands from commit `base` and, when given, head's from commit `head`; `${NAME}` in a
 * file's `env` from `environment`.
 */
export async function ownCommands(
  config: Config,
  root: string,
  commits: { base: string; head?: string },
  environment: NodeJS.ProcessEnv = process.env,
): Promise<Config> {
  const base = await commandsAt(config, root, commits.base, environment);
  const head =
    commits.head === undefined ? undefined : await commandsAt(config, root, commits.head, environment);
  return {
    ...config,
    ...(head ? head.commands : {}),
    baseCommands: base.commands,
    secrets: [...new Set([...(config.secrets ?? []), ...base.secrets, ...(head?.secrets ?? [])])],
  };
}
