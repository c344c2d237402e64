/**
 * src/target.ts: which pull request `mode: report` may post to. The pull request number in a report is a claim
 * by whoever ran the measuring job; it is only believed when GitHub's event (and then the API) agree.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GateError } from '../../../src/model/errors.ts';
import { checkPullHead, gateCheckSha, reportTarget } from '../../../src/publish/target.ts';
import { BASE_SHA, gateReport, HEAD_SHA, PR_HEAD_SHA } from '../../support/reports.ts';

const report = gateReport({ paths: { '/a': 1 } });

function workflowRun(headSha: string, pullRequests: { number: number }[] = []): Record<string, unknown> {
  return {
    action: 'completed',
    workflow_run: {
      id: 99,
      event: 'pull_request',
      head_sha: headSha,
      html_url: 'https://github.com/octo-org/octo-repo/actions/runs/99',
      pull_requests: pullRequests,
    },
  };
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GateError);
    assert.match(error.message, /^refusing to post the report: .*Nothing was posted\./s);
    return error.message;
  }
  assert.fail('expected a refusal');
}

describe('reportTarget', () => {
  test('workflow_run from a fork (no pull requests listed): the claimed number, to be verified with the API', () => {
    const target = reportTarget('workflow_run', workflowRun(PR_HEAD_SHA), report, 'f'.repeat(40));
    assert.deepEqual(target, {
      number: 7,
      headSha: PR_HEAD_SHA,
      verify: true,
      detailsUrl: 'https://github.com/octo-org/octo-repo/actions/runs/99',
    });
  });

  test('workflow_run whose head sha is not the report’s is refused (a report of another run)', () => {
    assert.match(
      refusal(() => reportTarget('workflow_run', workflowRun('e'.repeat(40)), report, '')),
      /pull request #7 at ddddddd, but the workflow run that triggered this one ran on eeeeeee/,
    );
  });

  test('workflow_run listing pull requests that do not include the claimed one is refused', () => {
    assert.match(
      refusal(() => reportTarget('workflow_run', workflowRun(PR_HEAD_SHA, [{ number: 3 }]), report, '')),
      /names pull request #7, but the workflow run belongs to #3/,
    );
    const ok = reportTarget(
      'workflow_run',
      workflowRun(PR_HEAD_SHA, [{ number: 3 }, { number: 7 }]),
      report,
      '',
    );
    assert.equal(ok.number, 7);
  });

  test('workflow_run without head_sha, or with a non-https run URL', () => {
    assert.match(
      refusal(() => reportTarget('workflow_run', { workflow_run: {} }, report, '')),
      /no `workflow_run.head_sha`/,
    );
    const payload = workflowRun(PR_HEAD_SHA);
    (payload.workflow_run as Record<string, unknown>).html_url = 'javascript:alert(1)';
    assert.equal(reportTarget('workflow_run', payload, report, '').detailsUrl, undefined);
  });

  test('a report of a push (no pull request) under workflow_run: a check run on its commit, no comment', () => {
    const push = { ...report, pullRequest: undefined };
    assert.deepEqual(reportTarget('workflow_run', workflowRun(HEAD_SHA), push, ''), {
      number: undefined,
      headSha: HEAD_SHA,
      verify: false,
      detailsUrl: 'https://github.com/octo-org/octo-repo/actions/runs/99',
    });
    assert.match(
      refusal(() => reportTarget('workflow_run', workflowRun(PR_HEAD_SHA), push, '')),
      /measured ccccccc/,
    );
  });

  test('pull_request (shards merged in the same workflow): the event names the pull request; the report must agree', () => {
    const event = {
      pull_request: { number: 7, base: { sha: BASE_SHA }, head: { sha: PR_HEAD_SHA } },
    };
    assert.deepEqual(reportTarget('pull_request', event, report, 'merge'), {
      number: 7,
      headSha: PR_HEAD_SHA,
      verify: false,
      detailsUrl: undefined,
    });
    const other = { pull_request: { number: 8, base: { sha: BASE_SHA }, head: { sha: PR_HEAD_SHA } } };
    assert.match(
      refusal(() => reportTarget('pull_request', other, report, '')),
      /for pull request #7 .* runs for #8/,
    );
  });

  test('a claimed pull request outside pull_request and workflow_run is refused; a push report must match GITHUB_SHA', () => {
    assert.match(
      refusal(() => reportTarget('push', {}, report, HEAD_SHA)),
      /use `on: workflow_run`/,
    );
    const push = { ...report, pullRequest: undefined };
    assert.equal(reportTarget('push', {}, push, HEAD_SHA).headSha, HEAD_SHA);
    assert.match(
      refusal(() => reportTarget('push', {}, push, 'a'.repeat(40))),
      /runs on aaaaaaa/,
    );
  });
});

describe('checkPullHead', () => {
  const target = { number: 7, headSha: PR_HEAD_SHA, verify: true, detailsUrl: undefined };
  test('the API’s head must be the measured one', () => {
    checkPullHead(target, { number: 7, headSha: PR_HEAD_SHA });
    assert.match(
      refusal(() => checkPullHead(target, { number: 7, headSha: 'a'.repeat(40) })),
      /#7's head is aaaaaaa, not the ddddddd the report measured/,
    );
  });
});

describe('gateCheckSha', () => {
  test('the pull request’s head, not the merge commit; the pushed commit outside a pull request', () => {
    const pr = {
      number: 1,
      baseSha: BASE_SHA,
      baseRef: 'main',
      headSha: PR_HEAD_SHA,
      headRef: 'f',
      fromFork: false,
    };
    assert.equal(gateCheckSha(pr, 'merge-sha'), PR_HEAD_SHA);
    assert.equal(gateCheckSha(undefined, HEAD_SHA), HEAD_SHA);
  });
});
