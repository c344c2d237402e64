/** The workflow artifact that carries the flame graphs and the raw report. */
import { DefaultArtifactClient } from '@actions/artifact';

export interface UploadedArtifact {
  id: number;
  url: string | undefined;
}

/** Whether this process runs in a workflow that has an artifact service (not the CLI, not tests). */
export function artifactServiceAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL);
}

export async function uploadFiles(name: string, files: string[], root: string): Promise<UploadedArtifact> {
  const client = new DefaultArtifactClient();
  const { id } = await client.uploadArtifact(name, files, root, { retentionDays: 30 });
  if (id === undefined) throw new Error('the artifact service returned no id');
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = process.env;
  const url =
    GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID
      ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}/artifacts/${id}`
      : undefined;
  return { id, url };
}
