/**
 * Issue 33, item 3: the controls a team expects. Accepting an intended slowdown (a label, whose adder comes from the
 * event or the issue's events, or a line of the description), `comment` (`always`, `change`, `regression`, `off`), the `name` that keys a gate's comment,
 * check run and artifact, the outputs, and the runs a sticky comment remembers (read back as untrusted text).
 * GitHub is the loopback fake, which holds every request and its own answers to GitHub's OpenAPI description.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseConfig } from '../../../src/config/inputs.ts';
import { checkConclusion, stepOutcome } from '../../../src/decide/outcome.ts';
import { NO_REPORT, reportOutputs } from '../../../src/entry/outputs.ts';
import { checkRunName, commentWanted } from '../../../src/entry/publish-report.ts';
import type { Report } from '../../../src/model/report.ts';
import { acceptingLine, readAcceptance } from '../../../src/publish/accept.ts';
import { artifactName } from '../../../src/publish/artifact.ts';
import { commentRunsLine, readCommentRuns, runRecord } from '../../../src/publish/comment-runs.ts';
import { gateKey, upsertComment } from '../../../src/publish/github.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { historySection } from '../../../src/report/comment-runs-text.ts';
import { escapeMarkdown } from '../../../src/report/escape.ts';
import { reportHeadline } from '../../../src/report/headline.ts';
import { changeOutput } from '../../../src/report/outputs.ts';
import { renderBrief } from '../../../src/report/render.ts';
import { fakesPerTest } from '../../support/fake-github/index.ts';
import { testClient } from '../../support/github-client.ts';
import { gateReport, PR_HEAD_SHA } from '../../support/reports.ts';

const TOKEN = 'ghs_controls';
const PR = 7;
const target = { owner: 'octo-org', repo: 'octo-repo', number: PR, headSha: PR_HEAD_SHA };
const RULE = { label: 'perf-gate:accept', inDescription: true };
const ALICE = { login: 'alice', type: 'User' };

const fakeWith = fakesPerTest({
  token: TOKEN,
  pullNumber: PR,
  headSha: PR_HEAD_SHA,
  roles: { alice: 'maintain', carol: 'triage' },
});

function regression(): Report {
  const report = gateReport({ paths: { '/seed/v1': 0.8, '/health': 1 } });
  report.pullRequest = { number: PR, headSha: PR_HEAD_SHA, baseSha: report.base.sha };
  return report;
}

const unchanged = (): Report => gateReport({ paths: { '/health': 1 } });
const noFallback = { payload: {}, onRefused: (m: string) => assert.fail(m) };

describe('accepting an intended slowdown', () => {
  test('the label accepts, and who added it comes from the issue’s `labeled` events', async () => {
    const fake = await fakeWith();
    fake.addLabel('bug', { login: 'bob', type: 'User' });
    fake.addLabel('perf-gate:accept', ALICE);
    const accepted = await readAcceptance(testClient(TOKEN, fake.url), target, RULE, noFallback);
    assert.deepEqual(accepted, {
      by: 'alice',
      how: 'label',
      label: 'perf-gate:accept',
      reason: '',
      commit: PR_HEAD_SHA,
    });
    assert.deepEqual(
      fake.requests.map((q) => q.operationId),
      // Then who added it: their role on the repository, and the token's own account (GraphQL's viewer).
      ['pulls/get', 'issues/list-events', 'repos/get-collaborator-permission-level', undefined],
    );
  });

  test('on the label’s own `labeled` event, the event names who added it (no list of events)', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accept', ALICE);
    const payload = {
      action: 'labeled',
      label: { name: 'perf-gate:accept' },
      sender: { login: 'carol', type: 'User' },
      pull_request: { head: { sha: PR_HEAD_SHA } },
    };
    const accepted = await readAcceptance(testClient(TOKEN, fake.url), target, RULE, {
      payload,
      onRefused: () => {},
    });
    assert.equal(accepted?.by, 'carol');
    assert.deepEqual(
      fake.requests.map((q) => q.operationId),
      ['pulls/get', 'repos/get-collaborator-permission-level', undefined],
    );
  });

  test('a label of another name, or none, accepts nothing; a renamed `accept-label` is the one looked for', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accepted-later', ALICE);
    const octokit = testClient(TOKEN, fake.url);
    assert.equal(await readAcceptance(octokit, target, RULE, noFallback), undefined);
    const renamed = { label: 'perf-gate:accepted-later', inDescription: false };
    // (that label, added after the push, accepts)
    assert.equal((await readAcceptance(octokit, target, renamed, noFallback))?.by, 'alice');
  });

  test('a line of the description accepts, by the pull request’s author, with its reason', async () => {
    const fake = await fakeWith({
      pullBody: 'Adds a cache.\r\n\r\nperf-gate:accept — correct totals cost 3%\r\n',
      pullAuthor: { login: 'dave', type: 'User' },
    });
    const accepted = await readAcceptance(testClient(TOKEN, fake.url), target, RULE, noFallback);
    assert.deepEqual(accepted, {
      by: 'dave',
      how: 'description',
      label: 'perf-gate:accept',
      reason: 'correct totals cost 3%',
      commit: PR_HEAD_SHA,
    });
    const off = { ...RULE, inDescription: false };
    assert.equal(await readAcceptance(testClient(TOKEN, fake.url), target, off, noFallback), undefined);
  });

  test('the description’s line must start with the label’s name, as a word of its own', () => {
    assert.deepEqual(acceptingLine('PERF-GATE:ACCEPT', 'perf-gate:accept'), { reason: '' });
    assert.deepEqual(acceptingLine('  perf-gate:accept: slower on purpose', 'perf-gate:accept'), {
      reason: 'slower on purpose',
    });
    assert.equal(acceptingLine('perf-gate:acceptance test', 'perf-gate:accept'), undefined);
    assert.equal(acceptingLine('do not perf-gate:accept this', 'perf-gate:accept'), undefined);
    assert.equal(acceptingLine('', 'perf-gate:accept'), undefined);
    assert.equal(
      acceptingLine(`perf-gate:accept ${'x'.repeat(500)}`, 'perf-gate:accept')?.reason.length,
      200,
    );
  });

  test('when the API cannot be asked, nothing accepts (not the event’s copy of the labels), and a warning says so', async () => {
    const fake = await fakeWith();
    fake.addLabel('perf-gate:accept', ALICE);
    fake.addFault({ path: /\/pulls\/7$/, status: 404 });
    const warnings: string[] = [];
    const payload = {
      pull_request: { labels: [{ name: 'perf-gate:accept' }], body: null, user: { login: 'erin' } },
    };
    const accepted = await readAcceptance(testClient(TOKEN, fake.url), target, RULE, {
      payload,
      onRefused: (m) => warnings.push(m),
    });
    assert.equal(accepted, undefined);
    assert.match(warnings.join('\n'), /could not read pull request #7 .*nothing accepts the regression/);
  });

  test('an accepted regression passes the step and the check run; an error is never accepted', () => {
    const report = regression();
    assert.equal(report.verdict, 'regression');
    assert.equal(stepOutcome(report, true).kind, 'fail');
    assert.deepEqual(stepOutcome(report, true, true), { kind: 'pass' });
    assert.equal(checkConclusion(report, true, true), 'success');
    const failed: Report = {
      ...report,
      error: {
        code: 'server-crash',
        message: 'head crashed',
        side: 'head',
        output: undefined,
        neutral: false,
      },
    };
    assert.equal(stepOutcome(failed, true, true).kind, 'fail');
  });

  test('the comment says who accepted what, its reason escaped; the title is no longer a red regression', () => {
    const report = regression();
    const markdown = renderMarkdown(report, {
      accepted: {
        by: 'alice',
        how: 'description',
        label: 'perf-gate:accept',
        reason: 'see @team [x](http://evil)',
        commit: PR_HEAD_SHA,
      },
    });
    assert.match(markdown, /^### 🟠 perf-gate: regression, accepted$/m);
    assert.match(
      markdown,
      /^> Accepted by `alice` in the pull request's description \(`perf-gate:accept`\)/m,
    );
    assert.ok(markdown.includes(`“${escapeMarkdown('see @team [x](http://evil)')}”`), markdown);
    assert.doesNotMatch(markdown, /@team/);
    assert.match(markdown, /”\. The slowdown is intended, so the check passes\.$/m);
    assert.match(
      markdown,
      /^\*\*Next:\*\* Nothing\. To stop accepting it, remove the line from the description/m,
    );
  });
});

describe('comment: always, change, regression', () => {
  const failed = (): Report => ({
    ...unchanged(),
    error: { code: 'server-crash', message: 'head crashed', side: 'head', output: undefined, neutral: false },
  });

  test('which verdicts are posted in full', () => {
    const improvement = gateReport({ paths: { '/a': 1.5 } });
    assert.equal(improvement.verdict, 'improvement');
    const cases: [Report, boolean, boolean, boolean][] = [
      // report, always, change, regression
      [regression(), true, true, true],
      [improvement, true, true, false],
      [unchanged(), true, false, false],
      [failed(), true, true, true],
    ];
    for (const [report, always, change, onRegression] of cases) {
      assert.equal(commentWanted(report, 'always'), always, report.verdict);
      assert.equal(commentWanted(report, 'change'), change, report.verdict);
      assert.equal(commentWanted(report, 'regression'), onRegression, report.verdict);
    }
  });

  test('a run not wanted makes no comment, and turns an earlier one into one line that keeps the history', async () => {
    const fake = await fakeWith();
    const octokit = testClient(TOKEN, fake.url);
    const key = gateKey({ job: 'perf', workingDirectory: '.', configFile: undefined });
    const comment = { owner: 'octo-org', repo: 'octo-repo', issueNumber: PR };
    const none = await upsertComment(octokit, comment, 'one line', { key, create: false });
    assert.equal(none, undefined);
    assert.equal(fake.comments.get(PR), undefined, 'no comment was made');
    const made = await upsertComment(octokit, comment, 'the full report', { key });
    assert.equal(made.action, 'created');
    let seen: string | undefined;
    const updated = await upsertComment(
      octokit,
      comment,
      (previous) => {
        seen = previous;
        return 'one line';
      },
      { key, create: false },
    );
    assert.equal(updated?.action, 'updated');
    assert.match(seen ?? '', /the full report$/, 'the new body is made from the old one');
    assert.equal(fake.comments.get(PR)?.length, 1);
    assert.match(fake.comments.get(PR)![0]!.body, /one line$/);
  });

  test('the one-line comment: verdict, headline, a link to the job summary, the earlier runs', () => {
    const report = unchanged();
    const brief = renderBrief(report, {
      runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/42',
      earlier: [{ commit: 'abcdef1', verdict: 'regression', change: '-11.5%', accepted: false }],
    });
    assert.match(
      brief,
      /^### ⚪ perf-gate: no change\n\n\*\*#7 \(`feature`\) leaves GET \/health within ±5% of `main`\*\*: .*; sure\. The whole report is in \[the job summary\]\(https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/42\)\.\n/,
    );
    assert.match(brief, /\| `abcdef1` \| 🔴 regression \| -11\.5% \|/);
    assert.doesNotMatch(renderBrief(report, { runUrl: 'javascript:alert(1)' }), /\]\(/);
  });
});

describe('the runs a comment remembers', () => {
  test('written and read back: newest first, at most ten', () => {
    const runs = Array.from({ length: 12 }, (_, i) => ({
      commit: `${i}`.padStart(7, 'a'),
      verdict: 'no-change' as const,
      change: i % 2 ? '+0.3%' : '-1.0%',
      accepted: i === 3,
    }));
    const line = commentRunsLine(runs);
    assert.match(line, /^\[\/\/\]: # "perf-gate:runs aaaaaa0:no-change:-1\.0% aaaaaa1:no-change:\+0\.3% /);
    assert.deepEqual(readCommentRuns(`<!-- x -->\n[//]: # "k"\n${line}\nrest`), runs.slice(0, 10));
  });

  test('a line that is not exactly ours is dropped, field by field (it was read from GitHub)', () => {
    const forged = [
      '[//]: # "perf-gate:runs abcdef1:regression:-11.5% @mallory:no-change:0.0% 1234567:no-change:+1.0%:x 7654321:ok:0.0%',
      ' aaaaaaa:no-change:<img> bbbbbbb:improvement:+2.0%:accepted cccccc:no-change:0.0% ddddddd:error:"',
    ].join('');
    assert.deepEqual(readCommentRuns(forged), [
      { commit: 'abcdef1', verdict: 'regression', change: '-11.5%', accepted: false },
      { commit: 'bbbbbbb', verdict: 'improvement', change: '+2.0%', accepted: true },
      { commit: 'ddddddd', verdict: 'error', change: '', accepted: false },
    ]);
    assert.deepEqual(readCommentRuns('[//]: # "perf-gate:runs abcdef1:regression:-1.0%" trailing'), []);
    assert.deepEqual(readCommentRuns(undefined), []);
    assert.deepEqual(
      readCommentRuns(`${'x\n'.repeat(10)}[//]: # "perf-gate:runs abcdef1:regression:-1.0%"`),
      [],
    );
  });

  test('this run’s record: the pull request’s head commit, an error as `error`, the headline’s change', () => {
    const report = regression();
    assert.deepEqual(runRecord(report, true), {
      commit: PR_HEAD_SHA.slice(0, 7),
      verdict: 'regression',
      change: reportOutputs(report, '').change,
      accepted: true,
    });
    assert.match(runRecord(report, false).change, /^-\d+\.\d%$/);
    const broken = {
      ...unchanged(),
      error: { code: 'load', message: 'x', side: undefined, output: undefined, neutral: false },
    } as Report;
    assert.equal(runRecord(broken, true).verdict, 'error');
    assert.equal(runRecord(broken, true).accepted, false);
  });

  test('the folded table of earlier runs, and none when there are none', () => {
    assert.deepEqual(historySection([]), []);
    const section = historySection([
      { commit: 'abcdef1', verdict: 'regression', change: '-2.0%', accepted: true },
    ]);
    assert.equal(section[0], '<details><summary>Earlier runs on this pull request (1)</summary>');
    assert.ok(section.includes('| `abcdef1` | 🔴 regression (accepted) | -2.0% |'));
  });
});

describe('name', () => {
  const config = (inputs: Record<string, string>) =>
    parseConfig((name) => inputs[name] ?? '', { outputDir: '/tmp/out' });

  test('keys the comment, names the check run and the artifact; no name keeps every key it had', () => {
    const parts = { job: 'perf', workingDirectory: '.', configFile: undefined };
    assert.equal(gateKey(parts), gateKey({ ...parts, name: undefined }));
    assert.notEqual(gateKey({ ...parts, name: 'api' }), gateKey({ ...parts, name: 'worker' }));
    assert.notEqual(gateKey({ ...parts, name: 'api' }), gateKey(parts));
    assert.equal(checkRunName('perf-gate', 'api'), 'perf-gate (api)');
    assert.equal(checkRunName('perf-gate', undefined), 'perf-gate');
    assert.equal(
      artifactName(undefined, undefined, { GITHUB_JOB: 'perf' }, 'api v2'),
      'perf-gate-perf-api-v2',
    );
    assert.equal(
      artifactName(undefined, { index: 1, count: 2 }, { GITHUB_JOB: 'perf' }, 'api'),
      'perf-gate-perf-api-shard-1-of-2',
    );
    assert.match(renderMarkdown(regression(), { name: 'api' }), /^### 🔴 perf-gate \(api\): regression$/m);
  });

  test('bad values of `name`, `comment` and `accept-label` are errors that name the input and the fix', () => {
    assert.equal(config({ start: 'x', name: 'api' }).name, 'api');
    assert.throws(
      () => config({ start: 'x', name: 'a/b' }),
      /input `name`: `a\/b` is not a gate name\. Use up to 40/,
    );
    assert.throws(() => config({ start: 'x', name: '@team' }), /input `name`/);
    assert.throws(() => config({ start: 'x', comment: 'sometimes' }), /input `comment`: .*Use `always`/);
    // `true` and `false` were the values of the input before `comment-on` was folded into it: they say what to write.
    assert.throws(
      () => config({ start: 'x', comment: 'false' }),
      /input `comment`: .*or `off` \(no comment\)/,
    );
    assert.equal(config({ start: 'x', comment: 'Change' }).commentOn, 'change');
    assert.equal(config({ start: 'x', comment: 'off' }).commentOn, 'off');
    assert.equal(config({ start: 'x', flamegraphs: 'off' }).profileSec, 0);
    assert.equal(config({ start: 'x', flamegraphs: '5s' }).profileSec, 5);
    assert.throws(
      () => config({ start: 'x', flamegraphs: 'true' }),
      /input `flamegraphs`: `true` is neither a duration nor `off`/,
    );
    assert.equal(config({ start: 'x', 'accept-label': 'off' }).accept, undefined);
    assert.deepEqual(config({ start: 'x', 'accept-label': 'ok', 'accept-in-description': 'false' }).accept, {
      label: 'ok',
      inDescription: false,
    });
    assert.throws(() => config({ start: 'x', 'accept-label': 'a,b' }), /input `accept-label`/);
  });
});

describe('outputs', () => {
  test('one record of every output, from the report; nothing but the verdict without one', () => {
    const report = regression();
    const outputs = reportOutputs(report, '/tmp/report.json');
    assert.deepEqual(Object.keys(outputs).sort(), Object.keys(NO_REPORT).sort());
    assert.equal(outputs.headline, reportHeadline(report));
    assert.equal(outputs['base-sha'], report.base.sha);
    assert.equal(outputs['head-sha'], report.head.sha);
    assert.match(outputs.change, /^-\d+\.\d%$/);
    assert.equal(NO_REPORT.verdict, 'inconclusive');
  });

  test('change: ASCII, signed, one decimal', () => {
    assert.equal(changeOutput(-0.1149), '-11.5%');
    assert.equal(changeOutput(0.003), '+0.3%');
    assert.equal(changeOutput(0.0004), '0.0%');
    assert.equal(changeOutput(Number.NaN), '');
    assert.equal(changeOutput(undefined), '');
  });
});
