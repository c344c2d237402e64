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
  retry: RetryOptions = {},
): Promise<CommentResult> {
  const body = `${MARKER}\n${markdown}`;
  const { owner, repo, issueNumber } = target;
  const comments = await withRetry(
    () =>
      octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: issueNumber,
        per_page: 100,
      }),
    retry,
  );
  const existing = findSticky(comments);
  if (existing) {
    try {
      const { data } = await withRetry(
        () => octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body }),
        retry,
      );
      return { url: data.html_url, action: 'updated' };
    } catch (error) {
      // Deleted between listing and updating: make a new one.
      if (httpStatus(error) !== 404) throw error;
    }
  }
  const { data } = await withRetry(
    () => octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body }),
    retry,
  );
  return { url: data.html_url, action: 'created' };
}

export interface RetryOptions {
  /** Attempts after the first one. */
  retries?: number;
  /** Longest the retries may wait in all, in milliseconds. */
  budgetMs?: number;
  /** First back-off; doubles each time. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (message: string) => void;
}

function header(error: unknown, name: string): string | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const response = (error as { response?: { headers?: Record<string, string | number | undefined> } })
    .response;
  const value = response?.headers?.[name];
  return value === undefined ? undefined : String(value);
}

/**
 * How long to wait before trying again, or undefined when the error is not worth retrying: server errors (5xx)
 * back off exponentially; rate limits (429, or 403 with no requests left) wait as GitHub's headers say.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  baseDelayMs: number,
  now = Date.now(),
): number | undefined {
  const status = httpStatus(error);
  if (status === undefined) return undefined;
  const retryAfter = header(error, 'retry-after');
  const remaining = header(error, 'x-ratelimit-remaining');
  const reset = header(error, 'x-ratelimit-reset');
  const rateLimited = status === 429 || (status === 403 && (remaining === '0' || retryAfter !== undefined));
  if (rateLimited) {
    if (retryAfter !== undefined && Number.isFinite(Number(retryAfter))) return Number(retryAfter) * 1000;
    if (reset !== undefined && Number.isFinite(Number(reset)))
      return Math.max(0, Number(reset) * 1000 - now) + 1000;
    return 60_000;
  }
  if (status >= 500) return baseDelayMs * 2 ** attempt;
  return undefined;
}

/** Runs a GitHub request again on server errors and rate limits, within a time budget. */
export async function withRetry<T>(request: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? 4;
  const budgetMs = options.budgetMs ?? 120_000;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const delay = retryDelay(error, attempt, baseDelayMs);
      if (delay === undefined || attempt >= retries || waited + delay > budgetMs) throw error;
      options.onRetry?.(
        `GitHub answered ${httpStatus(error)}; trying again in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 2} of ${retries + 1})`,
      );
      await sleep(delay);
      waited += delay;
    }
  }
}

/** HTTP status of an Octokit error, if it is one. */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    return error.status;
  return undefined;
}

export interface CheckRunRequest {
  owner: string;
  repo: string;
  name: string;
  headSha: string;
  conclusion: 'success' | 'failure' | 'neutral';
  title: string;
  summary: string;
  detailsUrl?: string | undefined;
}

/** Creates a completed check run (POST /repos/{owner}/{repo}/check-runs); returns its URL. */
export async function createCheckRun(
  octokit: Octokit,
  request: CheckRunRequest,
  retry: RetryOptions = {},
): Promise<string> {
  const { data } = await withRetry(
    () =>
      octokit.rest.checks.create({
        owner: request.owner,
        repo: request.repo,
        name: request.name,
        head_sha: request.headSha,
        status: 'completed',
        conclusion: request.conclusion,
        completed_at: new Date().toISOString(),
        ...(request.detailsUrl ? { details_url: request.detailsUrl } : {}),
        output: { title: request.title, summary: request.summary },
      }),
    retry,
  );
  return data.html_url ?? data.url;
}

/** A pull request's number and current head commit (GET /repos/{owner}/{repo}/pulls/{number}). */
export async function pullHead(
  octokit: Octokit,
  target: { owner: string; repo: string; number: number },
  retry: RetryOptions = {},
): Promise<{ number: number; headSha: string }> {
  const { data } = await withRetry(
    () => octokit.rest.pulls.get({ owner: target.owner, repo: target.repo, pull_number: target.number }),
    retry,
  );
  return { number: data.number, headSha: data.head.sha };
}
