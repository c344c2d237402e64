/**
 * Where `mode: report` may post: the pull request for the comment and the commit for the check run. Pure. The
 * report's `pullRequest` was written by the pull request's code, so it is only a claim: it must agree with the
 * event (and, under `workflow_run`, with the API's answer, checkPullHead), or nothing is posted.
 */

import { type PullRequestInfo, pullRequestOf } from '../config/event.ts';
import { asRecord } from '../config/records.ts';
import { GateError } from '../model/errors.ts';
import type { Report } from '../model/report.ts';

export interface PublishTarget {
  /** The pull request to comment on; undefined: no comment (not a pull request). */
  number: number | undefined;
  /** The commit the check run goes on. */
  headSha: string;
  /** The pull request's head must be checked with the API before posting (the number is only claimed). */
  verify: boolean;
  /** A page to link for the details (the measuring workflow run), from the event. */
  detailsUrl: string | undefined;
}

function refuse(problem: string): GateError {
  return new GateError(
    'config',
    `refusing to post the report: ${problem}. Nothing was posted. The report must come from the measuring run of this pull request's current head (download the artifact with \`run-id: \${{ github.event.workflow_run.id }}\`).`,
  );
}

const short = (sha: string): string => sha.slice(0, 7);

/** The target of a report, from the event that started the reporting job. */
export function reportTarget(
  eventName: string,
  payload: unknown,
  report: Report,
  githubSha: string,
): PublishTarget {
  const claimed = report.pullRequest;
  if (eventName === 'workflow_run') {
    const run = asRecord(asRecord(payload)?.workflow_run);
    const runHead = typeof run?.head_sha === 'string' ? run.head_sha : '';
    if (runHead === '') throw refuse('the `workflow_run` event has no `workflow_run.head_sha`');
    const detailsUrl =
      typeof run?.html_url === 'string' && /^https:\/\//.test(run.html_url) ? run.html_url : undefined;
    if (!claimed) {
      if (report.head.sha !== runHead)
        throw refuse(
          `the report measured ${short(report.head.sha)}, but the workflow run that triggered this one ran on ${short(runHead)}`,
        );
      return { number: undefined, headSha: runHead, verify: false, detailsUrl };
    }
    if (claimed.headSha !== runHead) {
      throw refuse(
        `the report says it measured pull request #${claimed.number} at ${short(claimed.headSha)}, but the workflow run that triggered this one ran on ${short(runHead)}`,
      );
    }
    const listed = Array.isArray(run?.pull_requests)
      ? run.pull_requests.map((p) => asRecord(p)?.number).filter((n): n is number => typeof n === 'number')
      : [];
    // Pull requests from forks are not listed (the list is empty); when GitHub lists some, ours must be one.
    if (listed.length > 0 && !listed.includes(claimed.number)) {
      throw refuse(
        `the report names pull request #${claimed.number}, but the workflow run belongs to #${listed.join(', #')}`,
      );
    }
    return { number: claimed.number, headSha: claimed.headSha, verify: true, detailsUrl };
  }
  const pr: PullRequestInfo | undefined = pullRequestOf(payload);
  if (pr) {
    if (claimed && (claimed.number !== pr.number || claimed.headSha !== pr.headSha)) {
      throw refuse(
        `the report is for pull request #${claimed.number} at ${short(claimed.headSha)}, but this job runs for #${pr.number} at ${short(pr.headSha)}`,
      );
    }
    return { number: pr.number, headSha: pr.headSha, verify: false, detailsUrl: undefined };
  }
  if (claimed)
    throw refuse(
      `the report names pull request #${claimed.number}, but this job does not run for a pull request (event \`${eventName}\`): use \`on: workflow_run\``,
    );
  if (report.head.sha !== githubSha)
    throw refuse(`the report measured ${short(report.head.sha)}, but this job runs on ${short(githubSha)}`);
  return { number: undefined, headSha: githubSha, verify: false, detailsUrl: undefined };
}

/** Checks the claimed pull request against the API's answer (GET /repos/{owner}/{repo}/pulls/{number}). */
export function checkPullHead(target: PublishTarget, pull: { number: number; headSha: string }): void {
  if (pull.number !== target.number || pull.headSha !== target.headSha) {
    throw refuse(
      `pull request #${target.number}'s head is ${short(pull.headSha)}, not the ${short(target.headSha)} the report measured: either the pull request has moved on since (the run for its new head will report) or the report names a pull request it was not measured for`,
    );
  }
}

/** The commit a gate's check run goes on: the pull request's head (not the merge commit), else the pushed one. */
export function gateCheckSha(pr: PullRequestInfo | undefined, githubSha: string): string {
  return pr?.headSha || githubSha;
}
