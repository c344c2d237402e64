/**
 * Issue 6: the fault suite. The built action (dist/index.js) run as a runner runs it, one case per thing that goes
 * wrong in the wild: servers that crash, hang, listen elsewhere or fail every request; trees that do not install;
 * events without a pull request; a GitHub API that fails, refuses or rate-limits; inputs that are wrong or hostile;
 * a time limit too short. Each case asserts the exact outcome (exit status, verdict, the message's key words, what
 * was posted), that every request to the fake GitHub was a valid one, and that no process is left behind.
 */

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { freePort } from '../../src/io/ports.ts';
import type { Report } from '../../src/model/report.ts';
import { MARKER } from '../../src/publish/github.ts';
import { noteText } from '../../src/report/note-text.ts';
import {
  type ActionRun,
  commandLines,
  type RunActionOptions,
  readReport,
  runAction,
  workflowCommands,
} from '../support/action.ts';
import { busyCore } from '../support/busy-core.ts';
import { ASSERTED_PAIRS, UNASSERTED_TIMING } from '../support/example.ts';
import {
  COMMENT_BODY_MAX,
  type FakeComment,
  type FakeGitHub,
  type FakeGitHubOptions,
  startFakeGitHub,
} from '../support/fake-github/index.ts';
import {
  type Files,
  git,
  makeRepo,
  processesUnder,
  pullRequestEvent,
  serverSource,
  type TestRepo,
} from '../support/repo.ts';
import { gateReport, writeResults } from '../support/reports.ts';

const TOKEN = 'ghs_testtoken';
/**
 * The cheapest gate that still measures: the fewest pairs the inputs allow, the shortest rounds, blocks of 2 pairs
 * per process pair (4 blocks: with processes shared by pairs the block is the unit, and one block alone could
 * decide nothing), no profiling. The cases that need no measuring end before it (a server or a tree that
 * fails) or publish a prepared report.json (`mode: report`, see `publishReport`). The suite's gate whose req/s
 * verdict no test asserts (UNASSERTED_TIMING); the busy machine's gate, whose verdict is asserted, takes more pairs.
 */
const FAST = UNASSERTED_TIMING;
/** A new pair of server processes for every pair, primed briefly: for the cases that end after the first pair. */
const EACH_PAIR = { 'restart-every': '1', prime: '0.25s' };
/** A stack trace line (`    at fn (file.js:1:2)`): the action must never print one of its own. */
const STACK = /\n\s+at [^\n]*:\d+:\d+\)?\n/;

/** A node:http server: `prelude` runs first, `handler` at the top of every request, `listen` replaces the listen. */
function app(options: { prelude?: string; handler?: string; listen?: string } = {}): string {
  return `const http = require('node:http');
${options.prelude ?? ''}
const server = http.createServer((req, res) => {
${options.handler ?? ''}
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
});
${options.listen ?? 'server.listen(process.env.PORT);'}
`;
}

/** A push event's payload: no pull request in it. */
function pushEvent(repo: TestRepo): Record<string, unknown> {
  return {
    ref: 'refs/heads/feature',
    before: repo.baseSha,
    after: repo.headSha,
    repository: { full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } },
  };
}

const errors = (run: ActionRun): string => workflowCommands(run.stdout, 'error').join('\n');
const warnings = (run: ActionRun): string => workflowCommands(run.stdout, 'warning').join('\n');

interface GateCase {
  base: Files;
  head: Files;
  inputs?: Record<string, string> | ((repo: TestRepo) => Record<string, string>);
  /** Pull request number (each case has a fake of its own). */
  pr?: number;
  event?: (repo: TestRepo) => Record<string, unknown>;
  eventName?: string;
  env?: Record<string, string>;
  fake?: FakeGitHubOptions;
  shallow?: boolean;
  /** Runs after the repository and the fake exist, before the action. */
  prepare?: (repo: TestRepo, fake: FakeGitHub) => void;
  interrupt?: RunActionOptions['interrupt'];
}

interface PublishRun {
  run: ActionRun;
  fake: FakeGitHub;
  /** Comments on the pull request after the run. */
  comments: FakeComment[];
}

interface GateRun extends PublishRun {
  repo: TestRepo;
}

// Three cases at a time: each has its own repository, fake GitHub and processes (found by their own marks), and
// asserts the outcome of a fault, which a busier host does not change.
describe('perf-gate faults, end to end', { concurrency: 3 }, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Runs the action on a fresh repository against a fresh fake GitHub; checks what every case must hold. */
  async function gate(c: GateCase): Promise<GateRun> {
    const fake = await startFakeGitHub({ token: TOKEN, ...c.fake });
    cleanups.push(() => fake.close());
    const repo = makeRepo(c.base, c.head, c.shallow === undefined ? {} : { shallow: c.shallow });
    cleanups.push(() => repo.cleanup());
    c.prepare?.(repo, fake);
    const pr = c.pr ?? 1;
    const run = await runAction({
      workspace: repo.workspace,
      inputs: {
        start: 'node server.js',
        ...FAST,
        ...(typeof c.inputs === 'function' ? c.inputs(repo) : c.inputs),
      },
      event: c.event ? c.event(repo) : pullRequestEvent(repo, pr),
      ...(c.eventName ? { eventName: c.eventName } : {}),
      ...(c.env ? { env: c.env } : {}),
      ...(c.interrupt ? { interrupt: c.interrupt } : {}),
      apiUrl: fake.url,
      token: TOKEN,
    });
    assert.doesNotMatch(run.stdout, /failed unexpectedly/, 'never an unexpected failure');
    assert.deepEqual(fake.violations, [], 'every request to GitHub was a valid one');
    // What is left fails the case, and is killed first: a failing case leaves nothing behind either.
    const left = processesUnder(repo.dir);
    for (const line of left) {
      try {
        process.kill(Number(line.split(':')[0]), 'SIGKILL');
      } catch {
        // gone
      }
    }
    assert.deepEqual(left, [], 'no process is left behind');
    const inputs = typeof c.inputs === 'function' ? c.inputs(repo) : c.inputs;
    if (inputs?.['keep-trees'] !== 'true') {
      const trees = readdirSync(run.temp).filter((name) => name.startsWith('perf-gate-base-'));
      assert.deepEqual(trees, [], 'the base tree was removed');
      assert.doesNotMatch(
        git(repo.workspace, 'worktree', 'list'),
        /perf-gate-base-/,
        'and its worktree entry',
      );
    }
    return { run, repo, fake, comments: fake.comments.get(pr) ?? [] };
  }

  /**
   * Publishes a prepared report.json (test/support/reports.ts) with `mode: report` on its pull request, against a
   * fresh fake GitHub: for the cases about what is posted, which need nothing measured.
   */
  async function publishReport(report: Report): Promise<PublishRun> {
    const fake = await startFakeGitHub({ token: TOKEN });
    cleanups.push(() => fake.close());
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-publish-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const workspace = join(dir, 'workspace');
    mkdirSync(workspace);
    const results = writeResults(join(workspace, 'perf-gate-results'), { 'perf-gate': report });
    const pr = report.pullRequest!;
    const run = await runAction({
      workspace,
      // The job decides with the threshold the report was measured with (it refuses another).
      inputs: { mode: 'report', results, threshold: `${report.settings.threshold * 100}%` },
      event: pullRequestEvent({ baseSha: pr.baseSha, headSha: pr.headSha }, pr.number),
      apiUrl: fake.url,
      token: TOKEN,
    });
    assert.doesNotMatch(run.stdout, /failed unexpectedly/, 'never an unexpected failure');
    assert.deepEqual(fake.violations, [], 'every request to GitHub was a valid one');
    return { run, fake, comments: fake.comments.get(pr.number) ?? [] };
  }

  // --------------------------------------------------------------------------------------------------------
  // Servers

  test('head server crashes at start: the step fails, naming the command and showing its last output', async () => {
    const { run, comments } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: {
        'server.js': app({
          prelude:
            "console.log('connecting to postgres://db:5432/shop');\nconsole.error('Error: connect ECONNREFUSED 127.0.0.1:5432');\nprocess.exit(3);",
        }),
      },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: the head server `node server\.js` exited with code 3 before it answered GET \/ on port \d+$/,
    );
    const shown = run.stdout.slice(run.stdout.indexOf('Last output:'));
    assert.match(shown, /connecting to postgres:\/\/db:5432\/shop/);
    assert.match(shown, /Error: connect ECONNREFUSED 127\.0\.0\.1:5432/);
    assert.equal(comments.length, 1);
    assert.ok(comments[0]!.body.startsWith(MARKER));
    assert.match(
      comments[0]!.body,
      /> \[!CAUTION\]\n> the head server \\`node server\.js\\` exited with code 3/,
    );
    assert.match(comments[0]!.body, /Error: connect ECONNREFUSED 127\.0\.0\.1:5432/);
    assert.ok(run.durationMs < 60_000, `a failure at start is fast, took ${run.durationMs} ms`);
  });

  test('base server crashes at start, after head’s code ran (its install): an error, not neutral', async () => {
    const { run, comments } = await gate({
      base: {
        'server.js': app({ prelude: "console.error('base: missing migration 0042');\nprocess.exit(3);" }),
      },
      head: { 'server.js': serverSource({ workUs: 0 }) },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: the base server `node server\.js` exited with code 3 before it answered GET \//m,
    );
    assert.match(run.stdout, /base: missing migration 0042/);
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /> \[!CAUTION\]\n> the base server/);
  });

  test('head server crashes in the middle of a round: error "exited … during round"', async () => {
    const { run, comments } = await gate({
      // A fresh process per round (no priming), so the crash falls inside the first measured round.
      inputs: { 'restart-every': '0' },
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: {
        'server.js': app({
          // 300 requests: within the first round even on a machine busy enough to serve 1,000 a second.
          prelude: 'let served = 0;',
          handler:
            "  if (++served === 300) { console.error('fatal: out of memory after 300 requests'); process.exit(7); }",
        }),
      },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: the head server `node server\.js` exited with code 7 during round \d+ \(GET \/\)$/,
    );
    assert.match(run.stdout, /fatal: out of memory after 300 requests/);
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /exited with code 7 during round/);
  });

  test('head server never listens: it did not answer, opened no port; the hint names `ready-timeout` and `port`', async () => {
    const { run } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: {
        'server.js': app({ listen: "console.log('waiting for the queue');\nsetInterval(() => {}, 1000);" }),
      },
      inputs: { 'ready-timeout': '1s' },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: the head server `node server\.js` did not answer GET \/ on port (\d+) within 1 s\. It was given PORT=\1 and opened no port: if it needs longer to start, raise `ready-timeout`; if it listens on a fixed port instead, set the `port` input to that port\.$/,
    );
    assert.match(run.stdout, /Last output:\nwaiting for the queue/);
  });

  test('head server ignores PORT and listens on a fixed other port: the hint names that port and PORT', async () => {
    const other = await freePort();
    const { run } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: { 'server.js': serverSource({ workUs: 0, fixedPort: other }) },
      inputs: { 'ready-timeout': '3s' },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      new RegExp(
        `^perf-gate: the head server \`node server\\.js\` did not answer GET / on port (\\d+) within 3 s\\. It listens on port ${other}, not on the PORT=\\1 it was given: make it listen on \`process\\.env\\.PORT\`, or set the \`port\` input to ${other}\\.$`,
      ),
    );
  });

  test('head server takes longer to start than `ready-timeout`: the hint says to raise it', async () => {
    const { run } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: {
        'server.js': app({
          listen:
            "console.log('warming caches');\nsetTimeout(() => server.listen(process.env.PORT), 10_000);",
        }),
      },
      inputs: { 'ready-timeout': '1s' },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.match(errors(run), /did not answer GET \/ on port \d+ within 1 s\. .*raise `ready-timeout`/);
    assert.ok(run.durationMs < 60_000, `took ${run.durationMs} ms: the server was not waited for`);
  });

  test('at a detached pull request merge commit (as actions/checkout leaves it; base is its first parent), head answers 500 on GET / and adds GET /new, which base lacks: a regression by failed requests on GET / alone, the headline names 500; GET /new is reported as new, not compared', async () => {
    let moved = '';
    let merge = '';
    const { run, comments } = await gate({
      base: {
        'server.js': app({
          handler: "  if (req.url === '/new') { res.statusCode = 404; res.end('not found'); return; }",
        }),
        'README.md': '# shop\n',
      },
      head: { 'server.js': app({ handler: "  if (req.url === '/') res.statusCode = 500;" }) },
      // Two paths; head's 500s decide by the failed-requests test, whatever the pairs (4 blocks: fewer starts).
      inputs: { paths: '/\n/new' },
      shallow: false,
      prepare: (repo) => {
        // main moves on after the pull request was opened; the event's base sha is now stale.
        git(repo.origin, 'checkout', '-q', 'main');
        git(repo.origin, 'commit', '-q', '--allow-empty', '-m', 'main moves on');
        moved = git(repo.origin, 'rev-parse', 'HEAD');
        git(repo.workspace, 'fetch', '-q', 'origin', 'main');
        git(repo.workspace, 'checkout', '-q', '--detach', 'origin/main');
        git(repo.workspace, 'merge', '-q', '--no-ff', '--no-edit', 'origin/feature');
        merge = git(repo.workspace, 'rev-parse', 'HEAD');
        assert.equal(git(repo.workspace, 'rev-parse', '--abbrev-ref', 'HEAD'), 'HEAD', 'HEAD is detached');
      },
    });
    assert.equal(run.code, 1, run.stdout);
    const report = readReport(run);
    // The commits: the merge commit's first parent, not the stale event sha; the head branch from the event.
    assert.equal(report.base.sha, moved, 'the merge commit’s first parent, not the stale event sha');
    assert.equal(report.head.sha, merge);
    assert.equal(report.head.label, 'feature');

    assert.equal(run.outputs.verdict, 'regression');
    assert.match(
      errors(run),
      /^perf-gate: head answers 500 on GET \/: [\d,]+ of [\d,]+ requests failed \(base: 0, p [=<] [^)]+\)$/,
    );
    assert.equal(report.error, undefined);
    // Every pair is in the report (pairs measured again replace theirs), and only GET /'s rounds: GET /new was
    // dropped after the first pair.
    assert.equal(report.rounds.length, 2 * Number(FAST.rounds));
    assert.ok(report.rounds.every((r) => r.scenario === 'GET /'));
    assert.deepEqual([...new Set(report.decision!.comparisons.map((c) => c.scenario))], ['GET /']);
    assert.deepEqual(report.newScenarios, ['GET /new']);
    assert.match(
      run.stdout,
      /GET \/new fails on base \(\d+ × 404\) but not on head: a new endpoint, not compared/,
    );
    assert.equal(comments.length, 1);
    const body = comments[0]!.body;
    assert.match(body, /perf-gate: regression/);
    assert.match(body, /\| GET \/ \| failed requests \| 0 of [\d,]+ \| [\d,]+ of [\d,]+ \([\d,]+ × 500\) \|/);
    assert.match(
      body,
      /New on head \(base answers them with errors, so they are not compared\): GET \/new\./,
    );
    assert.doesNotMatch(body, /\| GET \/new \|/);
  });

  test('both sides answer 500: an error after the first pair that names the path', async () => {
    const { run, comments } = await gate({
      base: { 'server.js': serverSource({ workUs: 0, status: 500 }) },
      head: { 'README.md': 'docs\n' },
      inputs: { paths: '/orders', ...EACH_PAIR },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: both base and head fail GET \/orders \(base: \d+ × 500; head: \d+ × 500\)\. Every path in `paths` must answer 2xx/,
    );
    assert.equal(readReport(run).rounds.length, 0, 'nothing is compared');
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /both base and head fail GET \/orders/);
  });

  test('both sides answer 404: the same error, naming the path and 404', async () => {
    const { run } = await gate({
      base: { 'server.js': serverSource({ workUs: 0, status: 404 }) },
      head: { 'README.md': 'docs\n' },
      inputs: { paths: '/nope', ...EACH_PAIR },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: both base and head fail GET \/nope \(base: \d+ × 404; head: \d+ × 404\)/,
    );
  });

  // --------------------------------------------------------------------------------------------------------
  // Trees

  test('base fails to install (`npm ci` with a lockfile out of sync) beside head’s install: an error, and the output shows why', async () => {
    const lock = (withDep: boolean): string =>
      `${JSON.stringify(
        {
          name: 'shop',
          version: '1.0.0',
          lockfileVersion: 3,
          requires: true,
          packages: withDep
            ? {
                '': { name: 'shop', version: '1.0.0', dependencies: { dep: 'file:./dep' } },
                dep: { version: '1.0.0' },
                'node_modules/dep': { resolved: 'dep', link: true },
              }
            : { '': { name: 'shop', version: '1.0.0' } },
        },
        null,
        2,
      )}\n`;
    const { run, comments } = await gate({
      base: {
        'server.js': serverSource({ workUs: 0 }),
        'package.json':
          '{ "name": "shop", "version": "1.0.0", "private": true, "dependencies": { "dep": "file:./dep" } }\n',
        'package-lock.json': lock(false),
        'dep/package.json': '{ "name": "dep", "version": "1.0.0" }\n',
        'dep/index.js': 'module.exports = 1;\n',
      },
      head: { 'package-lock.json': lock(true) },
      // Offline, so that no registry is ever asked; audit and fund would be.
      env: { npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(errors(run), /^perf-gate: install of base \(`npm ci`\) failed with exit code 1$/m);
    assert.match(
      run.stdout.slice(run.stdout.indexOf('Last output:')),
      /npm error .*package-lock\.json .* are in sync/,
    );
    assert.doesNotMatch(
      run.stdout,
      /install head/,
      'head’s install, beside base’s, is stopped and not shown',
    );
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /Missing: dep@\u200b?1\.0\.0 from lock file/);
  });

  test('a machine busy throughout (another process burns a core from the start): disturbed pairs kept, at once while as busy as the first, as the report says; a 10× slower head is a regression, with a note', async () => {
    // Not ours (not under the repository, not started by the gate): its CPU is a disturbance in every round. The
    // mechanics (which pairs are measured again, which kept, the note) are unit-tested with fakes
    // (test/unit/gate/gate-disturbance.test.ts); this is the one real run, with fixed pairs so that its time does not
    // depend on the budget.
    const hog = busyCore();
    cleanups.push(() => {
      hog.kill('SIGKILL');
    });
    // ASSERTED_PAIRS, as every gate of the first group whose req/s verdict a test asserts (docs/development.md).
    const { run, comments } = await gate({
      base: { 'server.js': serverSource({ workUs: 100 }) },
      head: { 'server.js': serverSource({ workUs: 1000 }) },
      inputs: { paths: '/work', rounds: String(ASSERTED_PAIRS) },
    });
    hog.kill('SIGKILL');
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'regression', run.stdout);
    const report = readReport(run);
    assert.equal(report.error, undefined);
    const q = report.sequential!;
    assert.equal(q.pairs, ASSERTED_PAIRS);
    assert.equal(report.rounds.length, 2 * q.pairs, 'the pairs measured again are not in the report');
    // The first pair is never measured again. The hog disturbs every pair from the first on, so a pair is kept at
    // once while other processes kept no more than twice the least they kept before; beyond that (the other test
    // files' bursts) it is measured again, four times at most in a row. How many of each is the host's to say; what
    // the log says happened is what the report counts.
    const measuredAgain = run.stdout.match(/^pair \d+ was disturbed \(.*\): measuring it again$/gm) ?? [];
    const kept =
      run.stdout.match(/^pair \d+ was disturbed \(.*: kept, base and head took turns in it$/gm) ?? [];
    assert.ok(!measuredAgain.some((line) => line.startsWith('pair 1 ')), run.stdout);
    for (const line of kept)
      assert.match(
        line,
        / \(other processes kept [\d.]+ cores busy\) (as busy as the machine has been throughout, which a pair measured again would meet too|after \d+ pairs were measured again): kept/,
      );
    assert.equal(q.disturbedPairs, measuredAgain.length, run.stdout);
    assert.equal(q.keptDisturbedPairs, kept.length, run.stdout);
    assert.ok(q.keptDisturbedPairs >= 1 && q.keptDisturbedPairs < q.pairs, `kept ${q.keptDisturbedPairs}`);
    const after =
      q.disturbedPairs === 0 ? '. Base' : `, after ${q.disturbedPairs} had been measured again. Base`;
    const note = `the machine was busy throughout: ${q.keptDisturbedPairs} of ${q.pairs} pairs were kept although disturbed (worst: other processes kept `;
    const said = report.notes.map(noteText);
    assert.ok(
      said.some((n) => n.startsWith(note) && n.includes(`${after} and head took turns`)),
      said.join('\n'),
    );
    // An annotation on the run too, for whoever set up the job.
    assert.ok(
      workflowCommands(run.stdout, 'warning').some((w) => w.startsWith(note)),
      warnings(run),
    );
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /perf-gate: regression/);
    // The note, with the report's counts, in the comment.
    assert.match(comments[0]!.body, /Note: the machine was busy throughout/);
    assert.ok(comments[0]!.body.includes(note) && comments[0]!.body.includes(after), comments[0]!.body);
  });

  // --------------------------------------------------------------------------------------------------------
  // Events and checkouts

  test('a push event without `base`: a clear message naming `base` and `pull_request`, exit 1, no stack trace', async () => {
    const { run, fake } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: { 'README.md': 'docs\n' },
      eventName: 'push',
      event: pushEvent,
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(
      errors(run),
      /^perf-gate: there is no base to compare against: the event is `push`, not `pull_request`(?: or `merge_group`)?\. Run perf-gate on pull_request, or set the `base` input/,
    );
    assert.doesNotMatch(run.stdout + run.stderr, STACK);
    assert.equal(fake.requests.length, 0, 'nothing is posted');
  });

  // --------------------------------------------------------------------------------------------------------
  // The GitHub API. A base that fails to build ends the gate fast and neutral (trees one after the other, an install
  // of the workflow's own: before anything of head's ran), and still publishes.

  const neutralFast = {
    base: {
      'server.js': serverSource({ workUs: 0 }),
      'build.js': "console.error('tsc: 3 errors'); process.exit(2);",
    },
    head: { 'build.js': "console.log('built');" },
    inputs: { build: 'node build.js', install: 'true' },
  };
  const COMMENTS_PATH = /^\/repos\/octo-org\/octo-repo\/issues\/\d+\/comments$/;

  test('GitHub answers 500, then 502 on creating the comment: retried, posted, summary and outputs written', async () => {
    const { run, comments, fake } = await gate({
      ...neutralFast,
      prepare: (_repo, f) => {
        f.addFault({ method: 'POST', path: COMMENTS_PATH, status: 500 });
        f.addFault({ method: 'POST', path: COMMENTS_PATH, status: 502 });
      },
    });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(run.stdout, /GitHub answered 500; trying again in 1\.0 s \(attempt 2 of 5\)/);
    assert.match(run.stdout, /GitHub answered 502; trying again in 2\.0 s \(attempt 3 of 5\)/);
    assert.deepEqual(
      fake.requests.filter((q) => q.method === 'POST').map((q) => q.status),
      [500, 502, 201],
    );
    assert.equal(comments.length, 1);
    assert.equal(run.outputs['comment-url'], comments[0]!.html_url);
    assert.match(run.summary, /build of base \(\\`node build\.js\\`\) failed with exit code 2/);
    assert.ok(existsSync(run.outputs.report ?? ''));
  });

  for (const fork of [false, true]) {
    test(`403 for a missing permission${fork ? ' on a fork’s pull request' : ''}: a warning names \`pull-requests: write\`${fork ? ' and the two-workflow pattern' : ''}, the verdict stands`, async () => {
      const { run, comments, fake } = await gate({
        base: { 'server.js': serverSource({ workUs: 0 }) },
        head: { 'server.js': app({ prelude: 'process.exit(5);' }) },
        fake: { pullRequestsPermission: 'read' },
        event: (repo) => pullRequestEvent(repo, 1, fork),
      });
      assert.equal(run.code, 1, 'the head failure still fails the step');
      assert.equal(run.outputs.verdict, 'inconclusive');
      const forks = fork
        ? ' \\(pull requests from forks get a read-only token whatever the workflow asks for: use the two-workflow pattern, see "Pull requests from forks" in the README\\)'
        : '';
      assert.match(
        warnings(run),
        new RegExp(
          `^could not post the PR comment: the token lacks the \`pull-requests: write\` permission${forks}\\. Add \`permissions: \\{ pull-requests: write \\}\` to the job\\. The verdict stands: inconclusive\\.$`,
          'm',
        ),
      );
      assert.match(errors(run), /^perf-gate: the head server `node server\.js` exited with code 5/);
      assert.equal(fake.requests.filter((q) => q.method === 'POST').length, 1, 'a 403 is not retried');
      assert.equal(comments.length, 0);
      assert.equal(run.outputs['comment-url'], '');
    });
  }

  test('404 on updating a comment that was deleted: a new one is made', async () => {
    let old: FakeComment | undefined;
    const { run, comments, fake } = await gate({
      ...neutralFast,
      prepare: (_repo, f) => {
        old = f.addComment(1, `${MARKER}\nan earlier report`);
        f.addFault({
          method: 'PATCH',
          path: /^\/repos\/octo-org\/octo-repo\/issues\/comments\/\d+$/,
          status: 404,
        });
      },
    });
    assert.equal(run.code, 0, run.stdout);
    assert.ok(fake.requests.some((q) => q.method === 'PATCH' && q.status === 404));
    assert.equal(comments.length, 2);
    const made = comments[1]!;
    assert.notEqual(made.id, old!.id);
    assert.ok(made.body.startsWith(MARKER));
    assert.match(made.body, /build of base/);
    assert.equal(run.outputs['comment-url'], made.html_url);
    assert.match(run.stdout, /PR comment created: /);
  });

  test('a rate-limit reply (429, retry-after: 2): waits as told, then succeeds', async () => {
    const { run, comments, fake } = await gate({
      ...neutralFast,
      prepare: (_repo, f) => {
        f.addFault({ method: 'POST', path: COMMENTS_PATH, status: 429, headers: { 'retry-after': '2' } });
      },
    });
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /GitHub answered 429; trying again in 2\.0 s/);
    assert.deepEqual(
      fake.requests.filter((q) => q.method === 'POST').map((q) => q.status),
      [429, 201],
    );
    assert.equal(comments.length, 1);
    assert.equal(run.outputs['comment-url'], comments[0]!.html_url);
  });

  test('a report longer than 65,536 characters: the comment is trimmed with a pointer to the job summary', async () => {
    // What is posted, not what is measured: a prepared report of 8 pairs on 40 paths of 180 characters (a report
    // file allows names of up to 200), published with `mode: report` (the same rendering and posting as a gate's).
    const paths = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`/${'catalogue-'.repeat(18)}${i}`, 1] as const),
    );
    const { run, comments, fake } = await publishReport(gateReport({ paths }));
    assert.equal(run.code, 0, run.stdout);
    assert.ok(run.summary.length > COMMENT_BODY_MAX, `the report has ${run.summary.length} characters`);
    assert.match(run.summary, /<summary>Every round<\/summary>/);
    assert.ok(!fake.requests.some((q) => q.status === 422), 'never rejected');
    assert.equal(comments.length, 1);
    const body = comments[0]!.body;
    assert.ok(body.length <= COMMENT_BODY_MAX, `${body.length} characters`);
    assert.ok(body.startsWith(MARKER));
    assert.match(body, /### .* perf-gate: (no change|inconclusive)/);
    assert.match(
      body,
      /…trimmed: the report is longer than a comment may be\. The whole report is in the job summary\.\n$/,
    );
    assert.equal(run.outputs['comment-url'], comments[0]!.html_url);
  });

  // --------------------------------------------------------------------------------------------------------
  // Inputs

  const invalid: [string, string, RegExp][] = [
    [
      'threshold',
      'fast',
      /^perf-gate: input `threshold`: `fast` is not a percentage\. Write a percentage such as `5%`\.$/,
    ],
    [
      'duration',
      '-1s',
      /^perf-gate: input `measure`, `duration`: `-1s` is not a duration\. Write a positive number with a unit, e\.g\. `30s`, `500ms` or `5m`\.$/,
    ],
    [
      'rounds',
      '5',
      /^perf-gate: input `measure`, `rounds`: `5` is not a number of pairs\. Use `auto` \(adaptive, the default\) or a whole number of pairs from 8 to 500\.$/,
    ],
    [
      'fail-on-regression',
      'maybe',
      /^perf-gate: input `fail-on-regression`: `maybe` is not a boolean\. Accepted values: `true` or `false`\.$/,
    ],
  ];
  for (const [input, value, message] of invalid) {
    test(`invalid input ${input}: ${value}: exit 1, the message names the input and the accepted values`, async () => {
      const { run, fake } = await gate({
        base: { 'server.js': serverSource({ workUs: 0 }) },
        head: { 'README.md': 'docs\n' },
        inputs: { [input]: value },
      });
      assert.equal(run.code, 1, run.stdout);
      assert.match(errors(run), message);
      assert.doesNotMatch(run.stdout + run.stderr, STACK);
      assert.equal(fake.requests.length, 0, 'no comment posted');
      assert.ok(run.durationMs < 10_000, `took ${run.durationMs} ms`);
    });
  }

  // --------------------------------------------------------------------------------------------------------
  // Untrusted input and secrets

  test('hostile branch names and paths: no raw marker, mention, tag or table break in the comment', async () => {
    // What is posted, not what is measured: a prepared report (the branch names are its labels, the path its
    // scenario's), published with `mode: report`, whose report.json is untrusted input anyway.
    const branch = 'x<!-- perf-gate:report -->@everyone<img src=x>`|`';
    const path = '/@everyone`x`|<img/src=x><!--perf-gate:report-->';
    const prepared = gateReport({ paths: { [path]: 1 } });
    prepared.head.label = branch;
    prepared.base.label = `main${branch}`;
    const { run, comments } = await publishReport(prepared);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(comments.length, 1);
    assert.equal(comments.filter((c) => c.body.startsWith(MARKER)).length, 1, 'exactly one comment is ours');
    const body = comments[0]!.body;
    const rest = body.slice(MARKER.length);
    assert.ok(!rest.includes(MARKER), 'the marker does not appear again');
    assert.ok(!/(?<!\\)<!--/.test(rest), 'no comment can open after the marker (`\\<` is a literal <)');
    assert.ok(!/@(?!\u200b)/.test(body), 'every @ is followed by a zero-width space');
    // Outside code spans, every < is escaped; inside them (the labels) HTML is inert.
    const outsideCode = rest.replaceAll('\\`', '').replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
    assert.ok(!/(?<!\\)<img/.test(outsideCode), 'no raw tag outside code spans');
    assert.match(body, /head `` x<!\u200b-- perf-gate:report -->@\u200beveryone<img src=x>`\|` ``/);
    // Tables keep their shape: every row has as many unescaped | as its header.
    const lines = body.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.startsWith('| ') || lines[i - 1]?.startsWith('|')) continue;
      const cells = (line: string) => line.match(/(?<!\\)\|/g)?.length ?? 0;
      for (let j = i + 1; j < lines.length && lines[j]!.startsWith('|'); j++) {
        assert.equal(cells(lines[j]!), cells(lines[i]!), `row ${lines[j]}`);
      }
    }
    assert.ok(
      readReport(run).rounds.some((r) => r.scenario === `GET ${path}`),
      'the hostile path is in the report published',
    );
    assert.ok(
      lines.some((line) => line.startsWith('| GET ') && line.includes('everyone')),
      'and in its table',
    );
  });

  test('a deleted fork’s pull request under pull_request_target (head.repo null): refused before anything of it runs', async () => {
    const marker = mkdtempSync(join(tmpdir(), 'perf-gate-fork-'));
    cleanups.push(() => rmSync(marker, { recursive: true, force: true }));
    const { run, fake } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }), 'build.js': '' },
      head: { 'build.js': `require('node:fs').writeFileSync(${JSON.stringify(join(marker, 'ran'))}, 'x');` },
      inputs: { build: 'node build.js' },
      eventName: 'pull_request_target',
      event: (repo) => {
        const event = pullRequestEvent(repo, 1) as { pull_request: { head: { repo: unknown } } };
        event.pull_request.head.repo = null;
        return event;
      },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.match(
      errors(run),
      /^perf-gate: refusing to run perf-gate on `pull_request_target`: that event may give the job a write token and the repository's secrets/,
    );
    assert.ok(!existsSync(join(marker, 'ran')), 'the pull request’s build did not run');
    assert.equal(fake.requests.length, 0, 'nothing posted');
  });

  test('the token is never printed and never in the servers’ environment', async () => {
    const envDir = mkdtempSync(join(tmpdir(), 'perf-gate-env-'));
    cleanups.push(() => rmSync(envDir, { recursive: true, force: true }));
    const envFile = join(envDir, 'env.jsonl');
    // The server also tries to issue workflow commands of its own: they must reach the log as plain text.
    const forged = [
      '::warning::forged-warning',
      '::set-output name=verdict::forged',
      '::add-mask::forged',
      '::stop-commands::forged',
      '::error::forged-error',
    ];
    const dump = `require('node:fs').appendFileSync(${JSON.stringify(envFile)}, JSON.stringify(process.env) + '\\n');\nconsole.log(JSON.stringify(process.env));\nconsole.log(${JSON.stringify(forged.join('\n'))});`;
    const { run, comments } = await gate({
      base: { 'server.js': app({ prelude: dump }) },
      // Head's server also prints the token, as code that found it elsewhere could: the report must not carry it.
      head: {
        'server.js': app({ prelude: `${dump}\nconsole.error('leaked: ${TOKEN}');\nprocess.exit(4);` }),
      },
      env: { GITHUB_TOKEN: TOKEN, GH_TOKEN: TOKEN },
    });
    assert.equal(run.code, 1, run.stdout);
    const envs = readFileSync(envFile, 'utf8').trim().split('\n');
    assert.equal(envs.length, 2, 'base and head each started once');
    for (const line of envs) {
      const env = JSON.parse(line) as Record<string, string>;
      assert.ok(env.PORT, 'the server got its PORT');
      assert.deepEqual(
        Object.keys(env).filter((k) =>
          /^INPUT_|TOKEN|^GITHUB_(OUTPUT|ENV|PATH|STATE|STEP_SUMMARY)$|^ACTIONS_(RUNTIME|RESULTS|CACHE)_URL$/i.test(
            k,
          ),
        ),
        [],
        'no token and no file command (outputs, env, path, state, summary) reaches the server',
      );
      assert.ok(!line.includes('ghs_'), 'no token in the environment');
    }
    assert.ok(run.stdout.includes('::warning::forged-warning'), 'the server’s output is in the log');
    assert.deepEqual(
      commandLines(run.stdout).filter((line) => line.includes('forged')),
      [],
      'no workflow command of the server’s is taken as one',
    );
    assert.notEqual(run.outputs.verdict, 'forged');
    const mask = run.stdout.indexOf(`::add-mask::${TOKEN}`);
    assert.ok(mask >= 0, 'the token is registered as a secret');
    assert.ok(!run.stdout.slice(0, mask).includes('ghs_'), 'nothing printed it before it was masked');
    assert.match(run.stdout.slice(mask + 12 + TOKEN.length), /leaked: /, 'the server’s line reached the log');
    assert.ok(!run.stderr.includes('ghs_'));
    assert.ok(!run.summary.includes('ghs_'));
    assert.match(run.summary, /leaked: \*\*\*/, 'the summary shows the line with the token redacted');
    assert.ok(!readFileSync(run.outputs.report!, 'utf8').includes('ghs_'), 'report.json holds no token');
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /"PORT":"\d+"/, 'the servers’ output is in the comment');
    assert.ok(!comments[0]!.body.includes('ghs_'));
  });

  // --------------------------------------------------------------------------------------------------------
  // Resources

  test('keep-trees: the base tree stays for debugging, and the log reports the run’s disk use', async () => {
    const { run, repo } = await gate({
      ...neutralFast,
      inputs: { ...neutralFast.inputs, 'keep-trees': 'true' },
    });
    assert.equal(run.code, 0, run.stdout);
    const kept = /keep-trees: the base tree stays at (\S+)/.exec(run.stdout);
    assert.ok(kept, run.stdout);
    assert.ok(existsSync(join(kept[1]!, 'build.js')), 'the base tree is there, with its files');
    assert.match(git(repo.workspace, 'worktree', 'list'), /perf-gate-base-/);
    assert.match(run.stdout, /disk use of this run: base tree \d+(\.\d)? [KMG]?B \(kept\), outputs /);
    git(repo.workspace, 'worktree', 'remove', '--force', kept[1]!);
  });

  test('without keep-trees the log still reports the disk use, and the tree is gone', async () => {
    const { run } = await gate(neutralFast);
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /disk use of this run: base tree \d+(\.\d)? [KMG]?B \(removed\), outputs /);
  });

  // --------------------------------------------------------------------------------------------------------
  // Time

  test('a total `timeout` too short for the rounds: inconclusive, exit 0, a note on the limit, published in time', async () => {
    const { run, comments } = await gate({
      base: { 'server.js': serverSource({ workUs: 0 }) },
      head: { 'README.md': 'docs\n' },
      // 35 s less the 30 s kept back for publishing cannot fit priming and a pair.
      inputs: { rounds: 'auto', timeout: '35s', 'time-budget': '5m' },
    });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.outputs.verdict, 'inconclusive');
    assert.match(warnings(run), /the time limit ran out after \d+ pairs?:/);
    assert.ok(run.durationMs < 35_000, `the whole action took ${run.durationMs} ms`);
    const report = readReport(run);
    assert.equal(report.sequential?.stoppedBy, 'deadline');
    assert.equal(comments.length, 1);
    assert.match(
      comments[0]!.body,
      /Note: the gate's time limit \(input `timeout`\) ran out after \d+ pairs?\./,
    );
    assert.match(comments[0]!.body, /<\/details>\n$/, 'the comment is whole');
    assert.match(run.summary, /time limit/);
  });

  // Issue 34, finding 5: what the pull request's server left running is found by its mark on cancellation too.
  const daemonServer = app({
    // Head's server starts a daemon that leaves its session and its tree (a double fork), keeping perf-gate's mark.
    prelude:
      "if (process.env.PERF_GATE_SIDE === 'head') require('node:child_process').spawn('sh', ['-c', 'sleep 300 &'], { detached: true, stdio: 'ignore' }).unref();",
  });
  const cancelled: [string, { signal: NodeJS.Signals; afterMs: number }[]][] = [
    ['a job cancelled mid-gate (SIGINT)', [{ signal: 'SIGINT', afterMs: 0 }]],
    [
      'a job timed out mid-gate (the runner: SIGINT, SIGTERM 7.5 s later, then SIGKILL)',
      [
        { signal: 'SIGINT', afterMs: 0 },
        { signal: 'SIGTERM', afterMs: 7500 },
        { signal: 'SIGKILL', afterMs: 10_000 },
      ],
    ],
  ];
  for (const [what, signals] of cancelled) {
    test(`${what}: no process is left, the daemon head's server started included, and report.json holds the pairs measured`, async () => {
      const { run, comments } = await gate({
        base: { 'server.js': serverSource({ workUs: 0 }) },
        head: { 'server.js': daemonServer },
        // The base tree of a cancelled run stays for the runner to clean up with RUNNER_TEMP.
        inputs: { rounds: '40', 'keep-trees': 'true' },
        interrupt: { when: (stdout) => /^pair 2: /m.test(stdout), signals },
      });
      assert.equal(run.code, 130, run.stdout);
      assert.match(
        run.stdout,
        /SIGINT: the job was cancelled; stopping every process and writing report\.json/,
      );
      const report = readReport(run);
      assert.equal(report.error?.code, 'cancelled');
      assert.ok(new Set(report.rounds.map((r) => r.pair)).size >= 2, 'the pairs measured are kept');
      assert.equal(run.outputs.verdict, 'inconclusive');
      assert.equal(comments.length, 1, 'the comment says so');
      assert.match(comments[0]!.body, /cancelled/);
    });
  }
});
