/** The workflow artifact that carries the flame graphs and the raw report. */
import { DefaultArtifactClient } from '@actions/artifact';
import type { Shard } from '../model/config.ts';

export interface UploadedArtifact {
  id: number;
  url: string | undefined;
}

/** Whether this process runs in a workflow that has an artifact service (not the CLI, not tests). */
export function artifactServiceAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL);
}

/**
 * The artifact's name: the `artifact-name` input, else `perf-gate-<job id>` (GITHUB_JOB), then `-<name>` for a gate
 * with a `name`, for a shard `-shard-<i>-of-<n>`, and for a replica `-replica-<i>-of-<n>`. Artifacts v4 refuse a second upload of one name in a run,
 * so every job, gate and shard that profiles needs a name of its own (a matrix over anything other than `shard`
 * sets `artifact-name`).
 */
export function artifactName(
  input: string | undefined,
  shard: Shard | undefined,
  env: NodeJS.ProcessEnv = process.env,
  name?: string,
  replica?: Shard,
): string {
  if (input) return input;
  const job = env.GITHUB_JOB ? `-${env.GITHUB_JOB}` : '';
  const gate = name ? `-${name.replaceAll(' ', '-')}` : '';
  const place = replica ? `-replica-${replica.index}-of-${replica.count}` : '';
  return `perf-gate${job}${gate}${shard ? `-shard-${shard.index}-of-${shard.count}` : ''}${place}`;
}

/**
 * Uploads `files` (named relative to `root`) as artifact `name` of this run, kept `retentionDays` (the repository's
 * limit caps it). The service answers with the artifact's id; its page is the run's, `…/actions/runs/<run id>/artifacts/<id>`.
 */
export async function uploadFiles(
  name: string,
  files: string[],
  root: string,
  retentionDays: number,
): Promise<UploadedArtifact> {
  const client = new DefaultArtifactClient();
  const { id } = await client.uploadArtifact(name, files, root, { retentionDays });
  if (id === undefined) throw new Error('the artifact service returned no id');
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = process.env;
  const url =
    GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID
      ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}/artifacts/${id}`
      : undefined;
  return { id, url };
}
