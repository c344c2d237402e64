/**
 * The GitHub client: Octokit with GitHub's own answers to a flaky API, @octokit/plugin-throttling (primary and
 * secondary rate limits, also a 403 that says "secondary rate limit" without any header) and @octokit/plugin-retry
 * (server errors, with back-off). What they get wrong for us, and how it is handled (test/unit/publish/sticky.test.ts):
 * - plugin-retry retries a POST blindly: a comment GitHub created but answered 502 for would be made twice. The
 *   comment's POST is sent with retries off, and github.ts looks for the comment before it posts again.
 * - plugin-throttling would wait out a primary rate limit until its reset, up to an hour: the wait is bounded by a
 *   budget (waits beyond it fail the write with a warning; the verdict stands).
 * - neither says anything while it waits: each retry is logged.
 */
import { randomUUID } from 'node:crypto';
import { getOctokit } from '@actions/github';
import type { Octokit as Core } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

export type Octokit = ReturnType<typeof getOctokit>;

export interface ClientOptions {
  /** The API's URL; default: GITHUB_API_URL, else api.github.com. */
  baseUrl?: string;
  /** Told about each wait before a retry. */
  onRetry?: (message: string) => void;
  /** Longest all rate-limit waits of this client may take together, in milliseconds; default 2 minutes. */
  budgetMs?: number;
  /** The unit of every wait, in milliseconds; default 1000 (tests make it small). */
  unitMs?: number;
  /**
   * plugin-throttling's limiters (Bottleneck groups) for writes, notifications and searches; default its own, which
   * keep writes a second apart and comments three, as GitHub asks. Tests pass limiters that do not wait.
   */
  limiters?: { write?: unknown; notifications?: unknown; search?: unknown };
}

/** Statuses plugin-retry leaves alone: client errors, and rate limits (429, 403), which are throttling's. */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
const RETRIES = 3;

/** HTTP status of an Octokit error, if it is one. */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    return error.status;
  return undefined;
}

/** The HTTP method of the request an Octokit error answers, upper case; undefined for other errors. */
export function requestMethod(error: unknown): string | undefined {
  const method = (error as { request?: { method?: unknown } } | null)?.request?.method;
  return typeof method === 'string' ? method.toUpperCase() : undefined;
}

/** Whether an error is GitHub's rate limit (primary or secondary), whatever its status and headers say. */
export function isRateLimit(error: unknown): boolean {
  const status = httpStatus(error);
  if (status !== 403 && status !== 429) return false;
  if (status === 429) return true;
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers ?? {};
  const message = error instanceof Error ? error.message : '';
  return headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message);
}

/** Logs plugin-retry's retries as it makes them: a plugin that runs before it sees every failed attempt. */
function announceRetries(onRetry: (message: string) => void, unitMs: number) {
  return (octokit: Core): void => {
    octokit.hook.error('request', (error, options) => {
      const status = httpStatus(error) ?? 0;
      const request = (options.request ?? {}) as {
        retryCount?: number;
        retries?: number;
        lastStatus?: number;
      };
      // For the throttling plugin's handlers, which are not told the status (they get these same options).
      request.lastStatus = status;
      const count = Number(request.retryCount ?? 0);
      const retries = request.retries ?? RETRIES;
      if (status >= 400 && !DO_NOT_RETRY.includes(status) && count < retries) {
        const waitSec = ((count + 1) ** 2 * unitMs) / 1000;
        onRetry(
          `GitHub answered ${status}; trying again in ${waitSec.toFixed(1)} s (attempt ${count + 2} of ${retries + 1} of ${options.method} ${options.url})`,
        );
      }
      throw error;
    });
  };
}

/** An Octokit for `token` with the retry and throttling plugins, each wait logged, the waits within a budget. */
export function gitHubClient(token: string, options: ClientOptions = {}): Octokit {
  const onRetry = options.onRetry ?? (() => {});
  const unitMs = options.unitMs ?? 1000;
  let budgetMs = options.budgetMs ?? 120_000;
  const limited =
    (kind: string) =>
    (
      retryAfter: number,
      request: { method: string; url: string; request?: unknown },
      _octokit: unknown,
      retryCount: number,
    ) => {
      const waitMs = retryAfter * unitMs;
      if (retryCount >= 2 || waitMs > budgetMs) return false;
      budgetMs -= waitMs;
      const status = (request.request as { lastStatus?: number } | undefined)?.lastStatus;
      onRetry(
        `GitHub answered ${status ?? 'with a rate limit'}; trying again in ${(waitMs / 1000).toFixed(1)} s (its ${kind}, on ${request.method} ${request.url})`,
      );
      return true;
    };
  return getOctokit(
    token,
    {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      retry: { doNotRetry: DO_NOT_RETRY, retries: RETRIES, retryAfterBaseValue: unitMs },
      throttle: {
        // Limiters of their own: another client in this process (tests) does not hold this one back.
        id: randomUUID(),
        retryAfterBaseValue: unitMs,
        onRateLimit: limited('rate limit'),
        onSecondaryRateLimit: limited('secondary rate limit'),
        ...(options.limiters as object | undefined),
      },
    },
    announceRetries(onRetry, unitMs),
    retry,
    throttling,
  );
}
