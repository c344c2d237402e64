/** The sticky pull-request comment: found again by a hidden marker and updated in place. */
import type { getOctokit } from '@actions/github';

export type Octokit = ReturnType<typeof getOctokit>;

export const MARKER = '<!-- perf-gate:report -->';

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export interface CommentResult {
  url: string;
  action: 'created' | 'updated';
}

interface ListedComment {
  id: number;
  body?: string | null | undefined;
  user?: { type?: string | undefined } | null | undefined;
}

/** Our comment: it starts with the marker; a bot's wins over anyone else's (nobody can forge a bot's comment). */
export function findSticky(comments: readonly ListedComment[], marker = MARKER): ListedComment | undefined {
  const ours = comments.filter((c) => (c.body ?? '').startsWith(marker));
  return ours.find((c) => c.user?.type === 'Bot') ?? ours[0];
}

export async function upsertComment(
  octokit: Octokit,
  target: CommentTarget,
  markdown: string,
): Promise<CommentResult> {
  const body = `${MARKER}\n${markdown}`;
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  const existing = findSticky(comments);
  if (existing) {
    const { data } = await octokit.rest.issues.updateComment({
      owner: target.owner,
      repo: target.repo,
      comment_id: existing.id,
      body,
    });
    return { url: data.html_url, action: 'updated' };
  }
  const { data } = await octokit.rest.issues.createComment({
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    body,
  });
  return { url: data.html_url, action: 'created' };
}

/** HTTP status of an Octokit error, if it is one. */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    return error.status;
  return undefined;
}
