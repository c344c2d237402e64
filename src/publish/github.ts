/**
 * The sticky pull-request comment, found again by a hidden marker and updated in place, and the check run. Only a
 * comment the token itself wrote is ever updated (identity.ts), and only this gate's: a second line carries a key
 * per gate (the job, `working-directory`, config file and `name`, not the shard), so that two gates on one pull
 * request keep a comment each. The new body is made from the comment it replaces (its history of runs). The client retries and waits out rate limits (client.ts); the comment's POST is never
 * retried blindly: after a failure, the comment is looked for again (GitHub often created it anyway).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { httpStatus, isRateLimit, type Octokit } from './client.ts';
import { type TokenIdentity, tokenIdentity, writtenBy } from './identity.ts';

export { gitHubClient, httpStatus, type Octokit } from './client.ts';

export const MARKER = '<!-- perf-gate:report -->';

/**
 * The second line of a comment: this gate's key, and the run's nonce (which makes each run's body unique), in a
 * link reference definition, which GitHub shows as nothing (and which, unlike a second HTML comment, no report text
 * could open: escapeMarkdown escapes `[`).
 */
const KEY_LINE = /^\[\/\/\]: # "perf-gate:gate ([0-9a-f]{12}) [0-9a-f-]{36}"$/;

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export interface CommentResult {
  url: string;
  action: 'created' | 'updated';
  id: number;
}

interface ListedComment {
  id: number;
  body?: string | null | undefined;
  user?: { login?: string; id?: number; type?: string | undefined } | null | undefined;
  html_url?: string;
}

/** The workflow's file from GITHUB_WORKFLOW_REF (`owner/repo/.github/workflows/perf.yml@refs/pull/1/merge`), its ref left out. */
export function workflowOf(workflowRef: string | undefined): string | undefined {
  const path = workflowRef?.replace(/@.*$/, '');
  return path === '' ? undefined : path;
}

/**
 * The key of a gate: its workflow's file, its job (GITHUB_JOB), working directory and config file, which are the
 * same for every shard of a matrix and differ between two gates of one workflow (two services of a monorepo), and
 * between two workflows whose jobs have one name. 12 hex digits.
 */
export function gateKey(parts: {
  job: string | undefined;
  workingDirectory: string;
  configFile: string | undefined;
  /** The `name` input: two gates of one job tell their comments apart by it (no name: the key it had before). */
  name?: string | undefined;
  /** The workflow's file (workflowOf); undefined outside a workflow (the key it had before). */
  workflow?: string | undefined;
}): string {
  const dir = parts.workingDirectory.replace(/^\.\/?|\/+$/g, '') || '.';
  const key = [parts.job ?? '', dir, parts.configFile ?? ''];
  const named = parts.name ? [...key, parts.name] : key;
  return createHash('sha256')
    .update(JSON.stringify(parts.workflow ? [...named, { workflow: parts.workflow }] : named))
    .digest('hex')
    .slice(0, 12);
}

/** A comment's body: the marker, this gate's key with a nonce of this run, then the report. */
export function commentBody(markdown: string, key: string, nonce: string = randomUUID()): string {
  return `${MARKER}\n[//]: # "perf-gate:gate ${key} ${nonce}"\n${markdown}`;
}

/** What comes before the report in a comment's body, for the size limit: as long as commentBody's. */
export const COMMENT_PREFIX_BYTES = commentBody('', '0'.repeat(12), randomUUID()).length;

/** The gate key of a comment's body; undefined for one written before keys existed. */
function keyOf(body: string): string | undefined {
  return KEY_LINE.exec(body.split('\n', 2)[1] ?? '')?.[1];
}

/**
 * This gate's comment: one the token wrote that starts with the marker and carries `key`; else one the token wrote
 * before comments had keys. Never anyone else's, whoever they are and whatever their comment says.
 */
export function findSticky(
  comments: readonly ListedComment[],
  identity: TokenIdentity,
  key: string,
): ListedComment | undefined {
  const ours = comments.filter((c) => (c.body ?? '').startsWith(MARKER) && writtenBy(c.user, identity));
  return ours.find((c) => keyOf(c.body ?? '') === key) ?? ours.find((c) => keyOf(c.body ?? '') === undefined);
}

export interface StickyOptions {
  /** This gate's key (gateKey). */
  key: string;
  /** false: only an existing comment is updated; none is created. Default true. */
  create?: boolean;
  /** Who the token is, when already known (else asked of GitHub, only if a marked comment exists). */
  identity?: TokenIdentity;
  /** Tries of the POST after the first one, on server errors and rate limits. */
  retries?: number;
  /** First back-off of the POST; doubles each time. */
  baseDelayMs?: number;
  /** Longest the POST's retries may wait in all. */
  budgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (message: string) => void;
}

async function listComments(octokit: Octokit, target: CommentTarget): Promise<ListedComment[]> {
  return octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
}

/** Statuses of an edit GitHub refused (not a failure of GitHub's): a new comment is made instead. */
const REFUSED = [403, 404, 410, 422];

/**
 * The report for a comment: fixed, or made from the body of the comment it replaces (undefined when there is none;
 * untrusted text, see history.ts).
 */
export type CommentMarkdown = string | ((previous: string | undefined) => string);

/**
 * Creates this gate's comment, or updates it in place; returns its URL and what was done, or undefined when
 * `create` is false and there was no comment to update.
 */
export async function upsertComment(
  octokit: Octokit,
  target: CommentTarget,
  markdown: CommentMarkdown,
  options: StickyOptions & { create: false },
): Promise<CommentResult | undefined>;
export async function upsertComment(
  octokit: Octokit,
  target: CommentTarget,
  markdown: CommentMarkdown,
  options: StickyOptions,
): Promise<CommentResult>;
export async function upsertComment(
  octokit: Octokit,
  target: CommentTarget,
  markdown: CommentMarkdown,
  options: StickyOptions,
): Promise<CommentResult | undefined> {
  const compose = typeof markdown === 'string' ? () => markdown : markdown;
  const comments = await listComments(octokit, target);
  let existing: ListedComment | undefined;
  if (comments.some((c) => (c.body ?? '').startsWith(MARKER))) {
    const identity = options.identity ?? (await tokenIdentity(octokit));
    existing = findSticky(comments, identity, options.key);
  }
  const body = commentBody(compose(existing?.body ?? undefined), options.key);
  if (existing) {
    try {
      const { data } = await octokit.rest.issues.updateComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: existing.id,
        body,
      });
      return { url: data.html_url, action: 'updated', id: data.id };
    } catch (error) {
      // Deleted, locked, or the edit refused: a new comment rather than none.
      const status = httpStatus(error);
      if (status === undefined || !REFUSED.includes(status) || isRateLimit(error)) throw error;
      options.onRetry?.(`GitHub refused to update comment ${existing.id} (${status}): making a new one`);
    }
  } else if (options.create === false) return undefined;
  return createOnce(octokit, target, body, options);
}

/**
 * How long to wait before posting again, or undefined when the error is not worth it: a server error or a lost
 * connection backs off exponentially, a rate limit the throttling plugin gave back waits as GitHub says.
 */
export function postRetryDelay(
  error: unknown,
  attempt: number,
  baseDelayMs: number,
  now = Date.now(),
): number | undefined {
  const status = httpStatus(error);
  const headers =
    (error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers ?? {};
  if (isRateLimit(error)) {
    const after = Number(headers['retry-after']);
    if (headers['retry-after'] !== undefined && Number.isFinite(after)) return after * 1000;
    const reset = Number(headers['x-ratelimit-reset']);
    if (headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset))
      return Math.max(0, reset * 1000 - now) + 1000;
    return 60_000;
  }
  if (status === undefined || status >= 500) return baseDelayMs * 2 ** attempt;
  return undefined;
}

/**
 * Posts the comment once: after a failure, it looks for the comment (GitHub may have created it before it failed to
 * answer) and posts again only when it is not there.
 */
async function createOnce(
  octokit: Octokit,
  target: CommentTarget,
  body: string,
  options: StickyOptions,
): Promise<CommentResult> {
  const retries = options.retries ?? 4;
  const budgetMs = options.budgetMs ?? 120_000;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms));
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = await octokit.rest.issues.createComment({
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        body,
        // Never retried blindly by plugin-retry: see above.
        request: { retries: 0 },
      });
      return { url: data.html_url, action: 'created', id: data.id };
    } catch (error) {
      const delay = postRetryDelay(error, attempt, baseDelayMs);
      if (delay === undefined || attempt >= retries || waited + delay > budgetMs) throw error;
      options.onRetry?.(
        `GitHub answered ${httpStatus(error) ?? 'with no answer'}; trying again in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 2} of ${retries + 1})`,
      );
      await sleep(delay);
      waited += delay;
      const made = (await listComments(octokit, target)).find((c) => c.body === body);
      if (made) {
        options.onRetry?.('the comment was created all the same: not posting it again');
        return { url: made.html_url ?? '', action: 'created', id: made.id };
      }
    }
  }
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
export async function createCheckRun(octokit: Octokit, request: CheckRunRequest): Promise<string> {
  const { data } = await octokit.rest.checks.create({
    owner: request.owner,
    repo: request.repo,
    name: request.name,
    head_sha: request.headSha,
    status: 'completed',
    conclusion: request.conclusion,
    completed_at: new Date().toISOString(),
    ...(request.detailsUrl ? { details_url: request.detailsUrl } : {}),
    output: { title: request.title, summary: request.summary },
  });
  return data.html_url ?? data.url;
}

/** A pull request's number and current head commit (GET /repos/{owner}/{repo}/pulls/{number}). */
export async function pullHead(
  octokit: Octokit,
  target: { owner: string; repo: string; number: number },
): Promise<{ number: number; headSha: string }> {
  const { data } = await octokit.rest.pulls.get({
    owner: target.owner,
    repo: target.repo,
    pull_number: target.number,
  });
  return { number: data.number, headSha: data.head.sha };
}
