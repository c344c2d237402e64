/**
 * The creep alert's issues on GitHub: the open ones perf-gate wrote, found again by their marker (src/history/creep.ts)
 * and only if the token itself wrote them (publish/identity.ts: anyone can write a marker into an issue), and
 * opening, updating and closing them. Needs `issues: write`.
 */

import type { OpenCreepIssue } from '../model/history.ts';
import type { Octokit } from '../publish/client.ts';
import { tokenIdentity, writtenBy } from '../publish/identity.ts';
import { readMarker } from './creep.ts';

export interface IssueTarget {
  owner: string;
  repo: string;
}

/** Pages of open issues looked through for perf-gate's own (100 each). */
const PAGES = 10;

export interface FoundIssue extends OpenCreepIssue {
  url: string;
}

/** The open alert issues the token wrote. */
export async function findCreepIssues(octokit: Octokit, target: IssueTarget): Promise<FoundIssue[]> {
  const identity = await tokenIdentity(octokit);
  const found: FoundIssue[] = [];
  let page = 0;
  for await (const response of octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    owner: target.owner,
    repo: target.repo,
    state: 'open',
    sort: 'created',
    direction: 'desc',
    per_page: 100,
  })) {
    for (const issue of response.data) {
      if (issue.pull_request || !writtenBy(issue.user, identity)) continue;
      const marker = readMarker(issue.number, issue.body ?? '');
      if (marker) found.push({ ...marker, url: issue.html_url });
    }
    if (++page >= PAGES) break;
  }
  return found;
}

/** Opens an issue; returns its number and URL. */
export async function openIssue(
  octokit: Octokit,
  target: IssueTarget,
  title: string,
  body: string,
): Promise<{ number: number; url: string }> {
  // Never retried blindly: a retry of a POST GitHub carried out would open a second alert.
  const { data } = await octokit.rest.issues.create({ ...target, title, body, request: { retries: 0 } });
  return { number: data.number, url: data.html_url };
}

/** Rewrites an open issue's title and body; returns its URL. */
export async function updateIssue(
  octokit: Octokit,
  target: IssueTarget,
  number: number,
  title: string,
  body: string,
): Promise<string> {
  const { data } = await octokit.rest.issues.update({ ...target, issue_number: number, title, body });
  return data.html_url;
}

/** Comments on an issue, then closes it as completed; returns its URL. */
export async function closeIssue(
  octokit: Octokit,
  target: IssueTarget,
  number: number,
  comment: string,
): Promise<string> {
  await octokit.rest.issues.createComment({
    ...target,
    issue_number: number,
    body: comment,
    request: { retries: 0 },
  });
  const { data } = await octokit.rest.issues.update({
    ...target,
    issue_number: number,
    state: 'closed',
    state_reason: 'completed',
  });
  return data.html_url;
}
