/** Base's own config file read from the base commit, for base's commands and the gate's policy (config/base-config.ts). */
import { configPathInCommit, trustedConfig } from '../config/base-config.ts';
import { fileAtCommit } from '../io/git.ts';
import type { Config } from '../model/config.ts';

/** `config` with base's commands and the policy of base's config file or the workflow; head is `headRef`'s copy. */
export async function withTrustedPolicy(
  config: Config,
  root: string,
  baseSha: string,
  headRef = 'HEAD',
): Promise<Config> {
  const path = configPathInCommit(config, root);
  if (path === undefined) return trustedConfig(config, undefined, undefined);
  const [baseText, headText] = await Promise.all([
    fileAtCommit(root, baseSha, path),
    fileAtCommit(root, headRef, path),
  ]);
  return trustedConfig(config, baseText, headText);
}
