/**
 * What a warning says when a write to GitHub failed (the comment, the check run). It blames a permission only where
 * a permission is the cause: a 403 on creating something that is not GitHub's rate limit. Pure.
 */

import { errorMessage } from '../model/errors.ts';
import { httpStatus, isRateLimit, requestMethod } from './client.ts';

export interface FailedWrite {
  /** What could not be done, e.g. `post the PR comment`. */
  what: string;
  /** The permission creating it needs, e.g. `pull-requests: write`. */
  permission: string;
  fromFork: boolean;
  verdict: string;
}

const FORK =
  ' (pull requests from forks get a read-only token whatever the workflow asks for: use the two-workflow pattern, see "Pull requests from forks" in the README)';

export function writeFailureWarning(error: unknown, write: FailedWrite): string {
  const { what, permission, verdict } = write;
  const status = httpStatus(error);
  const message = errorMessage(error);
  const stands = `The verdict stands: ${verdict}.`;
  if (isRateLimit(error)) {
    return `could not ${what}: GitHub's rate limit (${status}) held it back longer than perf-gate waits. ${stands}`;
  }
  if (status === 401) {
    return `could not ${what}: GitHub refused the token (401: ${message}); check the \`github-token\` input. ${stands}`;
  }
  if (status === 403 && requestMethod(error) === 'POST') {
    return `could not ${what}: the token lacks the \`${permission}\` permission${write.fromFork ? FORK : ''}. Add \`permissions: { ${permission} }\` to the job. ${stands}`;
  }
  if (status === 403) return `could not ${what}: GitHub refused it (403: ${message}). ${stands}`;
  return `could not ${what} (${message}). ${stands}`;
}
