/**
 * Issue 41, item 1: acceptance only a maintainer can give, for the commit they saw. A label counts when it was
 * added after head's last push (or this run was started by adding it, at the measured head); a push after the
 * label, a head that moved since it was measured, or an API that cannot be asked accepts nothing; a description's
 * line counts only when `accept-in-description` is on and the line is visible (not in a comment, fold or code).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mergeGroupPull } from '../../../src/config/event.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { acceptingLine, readAcceptance } from '../../../src/publish/accept.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { fakesPerTest } from '../../support/fake-github/index.ts';
import { testClient } from '../../support/github-client.ts';
import { gateReport, PR_HEAD_SHA } from '../../support/reports.ts';

const TOKEN = 'ghs_accept';
const PR = 9;
const RULE = { label: 'perf-gate:accept', inDescription: true };
const ALICE = { login: 'alice', type: 'User' };
const target = { owner: 'octo-org', repo: 'octo-repo', number: PR, headSha: PR_HEAD_SHA };
const LATER = 'e'.repeat(40);

const fakeWith = fakesPerTest({
  token: TOKEN,
  pullNumber: PR,
  headSha: PR_HEAD_SHA,
  roles: { alice: 'maintain' },
});

function quiet(): { payload: unknown; onRefused: (m: string) => void; told: string[] } {
  const told: string[] = [];
  return { payload: {}, onRefused: (m) => told.push(m), told };
}

describe('a label accepts the commit it was added for', () => {
  test('a push after the label: the new head is not accepted, and the log says to add it again', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accept', ALICE, '2025-03-01T10:00:00Z');
    fake.push(LATER, '2025-03-01T10:05:00Z');
    const event = quiet();
    const accepted = await readAcceptance(
      testClient(TOKEN, fake.url),
      { ...target, headSha: LATER },
      RULE,
      event,
    );
    assert.equal(accepted, undefined);
    assert.match(
      event.told.join('\n'),
      /added before head's last push: remove it and add it again to accept eeeeeee/,
    );
  });

  test('added again after the push, it accepts the new head, and the comment names who and which commit', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accept', { login: 'mallory-old', type: 'User' }, '2025-03-01T10:00:00Z');
    fake.push(LATER, '2025-03-01T10:05:00Z');
    fake.removeLabel('perf-gate:accept', ALICE, '2025-03-01T10:06:00Z');
    fake.addLabel('perf-gate:accept', ALICE, '2025-03-01T10:07:00Z');
    const accepted = await readAcceptance(
      testClient(TOKEN, fake.url),
      { ...target, headSha: LATER },
      RULE,
      quiet(),
    );
    assert.equal(accepted?.by, 'alice');
    assert.equal(accepted?.commit, LATER);
    const report = gateReport({ paths: { '/seed/v1': 0.8, '/health': 1 } });
    report.pullRequest = { number: PR, headSha: LATER, baseSha: report.base.sha };
    assert.match(
      renderMarkdown(report, { accepted }),
      /^> Accepted by `alice` with the label `perf-gate:accept` for commit `eeeeeee`\./m,
    );
  });

  test('head moved since it was measured: the label accepts nothing of this run', async () => {
    const fake = await fakeWith();
    fake.push(LATER, '2025-03-01T10:05:00Z');
    fake.addLabel('perf-gate:accept', ALICE, '2025-03-01T10:07:00Z');
    const event = quiet();
    assert.equal(await readAcceptance(testClient(TOKEN, fake.url), target, RULE, event), undefined);
    assert.match(event.told.join('\n'), /head moved to eeeeeee since ddddddd was measured/);
  });

  test('the label’s own `labeled` event at another head (a push came after it) accepts nothing', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accept', ALICE, '2025-03-01T10:00:00Z');
    fake.push(PR_HEAD_SHA, '2025-03-01T10:05:00Z');
    const event = {
      ...quiet(),
      payload: {
        action: 'labeled',
        label: { name: 'perf-gate:accept' },
        sender: { login: 'alice', type: 'User' },
        pull_request: { head: { sha: 'a'.repeat(40) } },
      },
    };
    assert.equal(await readAcceptance(testClient(TOKEN, fake.url), target, RULE, event), undefined);
  });

  test('a label removed is gone on the next run', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accept', ALICE);
    fake.removeLabel('perf-gate:accept', ALICE);
    assert.equal(await readAcceptance(testClient(TOKEN, fake.url), target, RULE, quiet()), undefined);
  });
});

describe('only a person with triage permission or more accepts (issue 50)', () => {
  /** Whether `who`'s label, added after head's last push (or on this run's own `labeled` event), accepts. */
  async function labelBy(
    who: { login: string; type: string },
    options: { roles?: Record<string, string>; actor?: typeof who; onEvent?: boolean } = {},
  ) {
    const fake = await fakeWith({
      roles: { alice: 'maintain', ...options.roles },
      ...(options.actor ? { actor: options.actor } : {}),
    });
    fake.push(PR_HEAD_SHA, '2025-03-01T10:00:00Z');
    fake.addLabel('perf-gate:accept', who, '2025-03-01T10:05:00Z');
    const event = quiet();
    const payload = options.onEvent
      ? {
          action: 'labeled',
          label: { name: 'perf-gate:accept' },
          sender: who,
          pull_request: { head: { sha: PR_HEAD_SHA } },
        }
      : {};
    const accepted = await readAcceptance(testClient(TOKEN, fake.url), target, RULE, { ...event, payload });
    return { accepted, told: event.told.join('\n') };
  }

  test('a bot (the job’s GITHUB_TOKEN, which the measured code can read) accepts nothing', async () => {
    for (const onEvent of [false, true]) {
      const { accepted, told } = await labelBy({ login: 'github-actions[bot]', type: 'Bot' }, { onEvent });
      assert.equal(accepted, undefined, `on its own event: ${onEvent}`);
      assert.match(
        told,
        /added by `github-actions\[bot\]`, a bot: only a person with triage permission or more accepts/,
      );
    }
    const app = await labelBy(
      { login: 'renovate[bot]', type: 'Bot' },
      { roles: { 'renovate[bot]': 'admin' } },
    );
    assert.equal(app.accepted, undefined);
  });

  test('a person with read permission (anyone, on a public repository) accepts nothing; triage and more do', async () => {
    const reader = await labelBy({ login: 'mallory', type: 'User' });
    assert.equal(reader.accepted, undefined);
    assert.match(
      reader.told,
      /`mallory`, who has the role read on octo-org\/octo-repo: only a person with triage permission or more accepts/,
    );
    for (const role of ['triage', 'write', 'maintain', 'admin']) {
      const { accepted } = await labelBy({ login: 'tri', type: 'User' }, { roles: { tri: role } });
      assert.equal(accepted?.by, 'tri', role);
    }
  });

  test('the job’s own identity (a person’s token) accepts nothing, even with admin', async () => {
    const owner = { login: 'release-bot-person', type: 'User' };
    const { accepted, told } = await labelBy(owner, { roles: { [owner.login]: 'admin' }, actor: owner });
    assert.equal(accepted, undefined);
    assert.match(told, /added by `release-bot-person`, the job’s own token/);
  });
});

describe('a merge queue honours the acceptance of the pull request its group was made for', () => {
  test('the group names its pull request; the label counts when added after that pull request’s last push', async () => {
    const group = {
      headSha: 'f'.repeat(40),
      headRef: `gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}`,
      baseSha: 'a'.repeat(40),
      baseRef: 'main',
    };
    assert.equal(mergeGroupPull(group), PR);
    assert.equal(mergeGroupPull({ ...group, headRef: 'feature' }), undefined);
    const fake = await fakeWith();
    fake.push(PR_HEAD_SHA, '2025-03-01T10:00:00Z');
    fake.addLabel('perf-gate:accept', ALICE, '2025-03-01T10:05:00Z');
    const queued = { ...target, headSha: 'queued' as const };
    const accepted = await readAcceptance(testClient(TOKEN, fake.url), queued, RULE, quiet());
    assert.deepEqual([accepted?.by, accepted?.commit], ['alice', PR_HEAD_SHA]);
    const stale = await fakeWith();
    stale.addLabel('perf-gate:accept', ALICE, '2025-03-01T10:00:00Z');
    stale.push(PR_HEAD_SHA, '2025-03-01T10:05:00Z');
    assert.equal(await readAcceptance(testClient(TOKEN, stale.url), queued, RULE, quiet()), undefined);
  });
});

describe('the description accepts only when asked to, and only with a visible line', () => {
  test('`accept-in-description` is off unless the workflow turns it on', () => {
    const config = parseConfig((name) => (name === 'start' ? 'node server.js' : ''), {
      outputDir: '/tmp/out',
    });
    assert.equal(config.accept?.inDescription, false);
  });

  test('a line inside an HTML comment, a fold, a code fence or an indented code block does not accept', () => {
    const hidden = [
      '<!-- perf-gate:accept from the template -->',
      '<!--\nperf-gate:accept\n-->',
      '<!-- unclosed\nperf-gate:accept',
      '<details><summary>x</summary>\n\nperf-gate:accept hidden\n</details>',
      '<details>\n<details>\n</details>\nperf-gate:accept still folded\n</details>',
      '```\nperf-gate:accept\n```',
      '~~~~md\nperf-gate:accept\n~~~~',
      '````\n```\nperf-gate:accept\n````',
      'Intro.\n\n    perf-gate:accept as code',
      '<pre>\nperf-gate:accept\n</pre>',
    ];
    for (const body of hidden) assert.equal(acceptingLine(body, 'perf-gate:accept'), undefined, body);
    const shown = [
      'perf-gate:accept visible',
      '<!-- note -->\nperf-gate:accept visible',
      '<details>x</details>\n\nperf-gate:accept visible',
      '```\ncode\n```\nperf-gate:accept visible',
    ];
    for (const body of shown)
      assert.deepEqual(acceptingLine(body, 'perf-gate:accept'), { reason: 'visible' }, body);
  });
});
