/**
 * The history in two jobs (src/history/publish-lines.ts, `mode: history-publish`): the publishing job runs no project code,
 * reads the lines the measuring job left, checks them as untrusted data, and writes the history branch and the
 * alert issues; here against a local bare repository playing the repository and the loopback fake GitHub.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { parseConfig } from '../../../src/config/inputs.ts';
import { formatLine } from '../../../src/history/lines.ts';
import type { Config } from '../../../src/model/config.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { HistoryLine } from '../../../src/model/history.ts';
import { type FakeGitHub, startFakeGitHub } from '../../support/fake-github/index.ts';
import { branchLine } from '../../support/history-lines.ts';

const TOKEN = 'ghs_publishtoken';
const SHA = 'c'.repeat(40);
const quiet = {
  info() {},
  warning() {},
  output() {},
  group: <T>(_n: string, body: () => Promise<T>) => body(),
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

describe('mode: history-publish', () => {
  let dir: string;
  let origin: string;
  let fake: FakeGitHub;
  let runUrl: string;
  const saved = { ...process.env };

  /** The branch's line of this run: main at SHA against v1.1.0, req/s `change` percent within ±`half`. */
  function lineOf(change: number, overrides: Partial<HistoryLine> = {}, half = 1): HistoryLine {
    return branchLine({ change, half }, { head: { commit: SHA, ref: 'main' }, run: runUrl, ...overrides });
  }

  function config(inputs: Record<string, string> = {}): Config {
    const all: Record<string, string> = {
      mode: 'history-publish',
      'github-token': TOKEN,
      ...inputs,
    };
    return parseConfig((name) => all[name] ?? '', {
      outputDir: join(dir, 'out'),
      readFile: () => assert.fail('the publishing job reads no file of the project'),
    });
  }

  const push = { name: 'push', payload: { repository: { default_branch: 'main' } }, sha: SHA };
  const publish = (lines: string, event = push) =>
    publishHistory(config(), [{ name: 'measure/history-lines.jsonl', text: lines }], { log: quiet, event });
  const branchOnOrigin = (): string | undefined => {
    try {
      return git(origin, 'show', 'perf-gate-history:history/2026-11.jsonl');
    } catch {
      return undefined;
    }
  };

  let publishHistory: typeof import('../../../src/history/publish-lines.ts').publishHistory;
  before(async () => {
    fake = await startFakeGitHub({ token: TOKEN });
    // @actions/github takes GITHUB_API_URL when it is loaded.
    process.env.GITHUB_API_URL = fake.url;
    ({ publishHistory } = await import('../../../src/history/publish-lines.ts'));
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-publish-'));
    origin = join(dir, 'octo-org', 'octo-repo');
    mkdirSync(origin, { recursive: true });
    git(origin, 'init', '--bare', '-q', '-b', 'main');
    Object.assign(process.env, {
      GITHUB_SERVER_URL: `file://${dir}`,
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_RUN_ID: '4242',
      GITHUB_API_URL: fake.url,
      RUNNER_TEMP: dir,
    });
    runUrl = `file://${dir}/octo-org/octo-repo/actions/runs/4242`;
  });
  after(() => {
    Object.assign(process.env, saved);
  });

  test('needs no `start` and reads no config file', () => {
    assert.equal(config({ config: 'perf-gate.yml' }).historyJob, 'publish');
  });

  test('the measuring job’s line is pushed to the history branch and a creep opens its issue', async () => {
    const line = lineOf(-30);
    const view = await publish(formatLine(line));
    assert.ok(view.pushed && 'commit' in view.pushed, JSON.stringify(view.pushed));
    assert.deepEqual(JSON.parse(branchOnOrigin() ?? '{}'), line);
    assert.deepEqual(
      view.alerts.map((a) => a.kind),
      ['opened'],
    );
    assert.match(fake.issues.at(-1)?.title ?? '', /v1\.1\.0/);
    rmSync(dir, { recursive: true, force: true });
  });

  test('an alert stays open while its metric is not back (inconclusive), and is closed with a comment once it is', async () => {
    // A scenario of its own: the fake GitHub keeps the issues of this file's earlier tests.
    const dated = (change: number, half: number, day: number) => {
      const line = lineOf(change, { date: `2026-11-${day}T03:17:00Z` }, half);
      return formatLine({ ...line, scenarios: [{ ...line.scenarios[0]!, name: 'GET /invoices' }] });
    };
    assert.deepEqual(
      (await publish(dated(-30, 1, 10))).alerts.map((a) => a.kind),
      ['opened'],
    );
    const issue = fake.issues.at(-1)!;
    // −3% within ±5: neither beyond the threshold nor within it.
    assert.deepEqual(
      (await publish(dated(-3, 5, 11))).alerts.map((a) => a.kind),
      ['updated'],
    );
    assert.equal(issue.state, 'open');
    assert.deepEqual(
      (await publish(dated(5, 1, 12))).alerts.map((a) => a.kind),
      ['closed'],
    );
    assert.equal(issue.state, 'closed');
    assert.equal(issue.state_reason, 'completed');
    const closing = fake.comments.get(issue.number) ?? [];
    assert.equal(closing.length, 1);
    assert.match(closing[0]!.body, /^✅ main is back on GET \/invoices \(req\/s \+/);
  });

  const refusals: [string, () => string][] = [
    [
      'a line that is not the history’s (a date with a mention)',
      () => formatLine(lineOf(-30, { date: '@octocat' })),
    ],
    ['scenarios that are not a list', () => `${JSON.stringify({ ...lineOf(-30), scenarios: 'x' })}\n`],
    ['not JSON', () => '{"v":1,\n'],
    [
      'a line of another commit',
      () => formatLine(lineOf(-30, { head: { commit: 'd'.repeat(40), ref: 'main' } })),
    ],
    ['a line of another branch', () => formatLine(lineOf(-30, { head: { commit: SHA, ref: 'feature' } }))],
    [
      'a line of another workflow run',
      () => formatLine(lineOf(-30, { run: 'https://github.com/o/r/actions/runs/1' })),
    ],
    ['two lines of the branch', () => formatLine(lineOf(-30)) + formatLine(lineOf(-20))],
  ];
  for (const [what, lines] of refusals) {
    test(`refused, nothing pushed: ${what}`, async () => {
      await assert.rejects(publish(lines()), (error: unknown) => {
        assert.ok(error instanceof GateError && error.code === 'config', String(error));
        assert.match(error.message, /refusing the history's lines/);
        return true;
      });
      assert.equal(branchOnOrigin(), undefined);
      rmSync(dir, { recursive: true, force: true });
    });
  }

  test('refused on an event whose lines are not of the branch (pull_request_target)', async () => {
    await assert.rejects(
      publish(formatLine(lineOf(-30)), { ...push, name: 'pull_request_target' }),
      /input `mode`: `history-publish` runs on/,
    );
    assert.equal(branchOnOrigin(), undefined);
  });

  test('`history-branch: main` is refused before anything is pushed', async () => {
    const view = publishHistory(
      config({ 'history-branch': 'main' }),
      [{ name: 'x', text: formatLine(lineOf(-30)) }],
      {
        log: quiet,
        event: push,
      },
    );
    await assert.rejects(view, /history-branch/);
  });
});
