/** Base's own config file read from the base commit, for base's commands and the gate's policy (config/base-config.ts). */
import { posix } from 'node:path';
import { configPathInCommit, trustedConfig } from '../config/base-config.ts';
import { baseBodyFiles, withBaseScenarios } from '../config/base-scenarios.ts';
import { blobAtCommit, fileAtCommit } from '../io/git.ts';
import type { Config } from '../model/config.ts';

/**
 * `config` with base's commands, scenarios and the policy of base's config file or the workflow; head is `headRef`'s
 * copy; `${NAME}` in base's file from `environment`.
 */
export async function withTrustedPolicy(
  config: Config,
  root: string,
  baseSha: string,
  headRef = 'HEAD',
  environment: NodeJS.ProcessEnv = process.env,
): Promise<Config> {
  const workflowChanged = await changedWorkflow(root, baseSha, headRef, environment);
  const own = await withBaseFile(config, root, baseSha, headRef, environment);
  return workflowChanged === undefined ? own : { ...own, workflowChanged };
}

/** `config` with what base's copy of the config file says (or the workflow, where base has none). */
async function withBaseFile(
  config: Config,
  root: string,
  baseSha: string,
  headRef: string,
  environment: NodeJS.ProcessEnv,
): Promise<Config> {
  const path = configPathInCommit(config, root);
  if (path === undefined) return trustedConfig(config, undefined, undefined, environment);
  const [baseText, headText] = await Promise.all([
    fileAtCommit(root, baseSha, path),
    fileAtCommit(root, headRef, path),
  ]);
  const trusted = trustedConfig(config, baseText, headText, environment);
  if (baseText === undefined) return trusted;
  return withBaseScenarios(trusted, baseText, await baseBodies(root, baseSha, path, baseText), environment);
}

/**
 * The workflow file that runs this gate, relative to the repository, when base's and head's copies differ;
 * undefined when they are the same or it is not this repository's (GITHUB_WORKFLOW_REF is
 * `owner/repo/.github/workflows/perf.yml@ref`; a reusable workflow's caller is named).
 */
export async function changedWorkflow(
  root: string,
  baseSha: string,
  headRef: string,
  environment: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const repository = environment.GITHUB_REPOSITORY?.toLowerCase();
  const ref = environment.GITHUB_WORKFLOW_REF;
  if (!repository || !ref?.toLowerCase().startsWith(`${repository}/`)) return undefined;
  const path = ref.slice(repository.length + 1).replace(/@.*$/, '');
  if (path === '') return undefined;
  const [base, head] = await Promise.all([
    fileAtCommit(root, baseSha, path),
    fileAtCommit(root, headRef, path),
  ]);
  return base === head ? undefined : path;
}

/** A reader of the body files base's config file (at `path` in commit `sha`) names, read from that commit. */
async function baseBodies(
  root: string,
  sha: string,
  path: string,
  text: string,
): Promise<(relative: string) => string> {
  const bodies = new Map<string, string>();
  for (const relative of baseBodyFiles(text)) {
    const file = posix.normalize(posix.join(posix.dirname(path), relative));
    if (file === '..' || file.startsWith('../')) continue;
    const body = await blobAtCommit(root, sha, file);
    if (body !== undefined) bodies.set(relative, body);
  }
  return (relative) => {
    const body = bodies.get(relative);
    if (body === undefined) throw new Error(`${relative} is not in the base commit`);
    return body;
  };
}
