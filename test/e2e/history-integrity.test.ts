/**
 * Issue 41, item 3, end to end: `mode: history` never hands its token to a hook the measured code planted, and never
 * replaces a branch that is not its own. The measured server plants `pre-push` and `reference-transaction` hooks in
 * every history store it can find (the store with the token used to sit in RUNNER_TEMP while the gates ran); none
 * runs. `history-branch: main` is refused before anything runs, and main on origin stays as it was.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runAction } from '../support/action.ts';
import { TOKEN, UNASSERTED_TIMING } from '../support/example.ts';
import { type FakeGitHub, startFakeGitHub } from '../support/fake-github/index.ts';
import { type HistoryRepo, makeHistoryRepo } from '../support/history-repo.ts';
import { git, processesUnder } from '../support/repo.ts';

const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function setUp(): Promise<{ repo: HistoryRepo; fake: FakeGitHub; before: string; after: string }> {
  const repo = makeHistoryRepo();
  cleanups.push(() => repo.cleanup());
  const fake = await startFakeGitHub({ token: TOKEN });
  cleanups.push(() => fake.close());
  const before = repo.commit(200, 'release');
  repo.tag('v1.0.0');
  const after = repo.commit(200, 'a change');
  return { repo, fake, before, after };
}

function historyRun(
  repo: HistoryRepo,
  fake: FakeGitHub,
  event: { before: string; after: string },
  inputs: Record<string, string>,
  eventName = 'push',
) {
  return runAction({
    workspace: repo.checkout(),
    inputs: { mode: 'history', start: 'node index.js', ...UNASSERTED_TIMING, ...inputs },
    eventName,
    event: {
      ref: 'refs/heads/main',
      ...event,
      repository: {
        full_name: 'octo-org/octo-repo',
        name: 'octo-repo',
        owner: { login: 'octo-org' },
        default_branch: 'main',
      },
    },
    env: { GITHUB_REF: 'refs/heads/main', GITHUB_SHA: event.after },
    apiUrl: fake.url,
    token: TOKEN,
    timeoutMs: 240_000,
  });
}

test('history-branch: main is refused before anything runs, and main is untouched', async () => {
  const { repo, fake, before, after: head } = await setUp();
  const tip = git(repo.origin, 'rev-parse', 'main');
  for (const branch of ['main', 'refs/heads/main']) {
    const run = await historyRun(repo, fake, { before, after: head }, { 'history-branch': branch });
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stdout, /::error::perf-gate: input `history-branch`: `main` is the default branch/);
    assert.doesNotMatch(run.stdout, /::group::/, 'nothing was measured');
  }
  assert.equal(git(repo.origin, 'rev-parse', 'main'), tip, 'main is as it was');
  assert.equal(git(repo.origin, 'rev-list', '--count', 'main'), '2');
});

test('history mode refuses an event that may carry a write token for code it cannot prove is its own', async () => {
  const { repo, fake, before } = await setUp();
  for (const eventName of ['workflow_run', 'check_suite']) {
    const run = await historyRun(repo, fake, { before, after: 'c'.repeat(40) }, {}, eventName);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stdout, new RegExp(`::error::perf-gate: refusing to run perf-gate on \`${eventName}\``));
    assert.doesNotMatch(run.stdout, /::group::/, 'nothing was measured');
  }
  assert.equal(repo.history().length, 0);
});

test('a hook the measured server plants in any history store never runs', { timeout: 300_000 }, async () => {
  const { repo, fake, before, after: head } = await setUp();
  const marker = join(repo.dir, 'hook-ran');
  const script = join(repo.dir, 'plant.sh');
  writeFileSync(
    script,
    [
      `for d in ${repo.dir}/run-*/runner-*/perf-gate-history-*; do`,
      '  [ -d "$d" ] || continue',
      '  mkdir -p "$d/hooks"',
      '  for h in pre-push reference-transaction post-update; do',
      `    printf '#!/bin/sh\\necho ran >> ${marker}\\n' > "$d/hooks/$h"`,
      '    chmod +x "$d/hooks/$h"',
      '  done',
      `  echo "$d" >> ${join(repo.dir, 'planted')}`,
      'done',
      '',
    ].join('\n'),
  );
  const plant = `sh ${script} && exec node index.js`;
  const run = await historyRun(repo, fake, { before, after: head }, { start: plant });
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.equal(repo.history().length, 1, 'the history was pushed');
  assert.equal(existsSync(marker), false, 'no planted hook ran');
  assert.deepEqual(processesUnder(repo.dir), []);
  // The store the token went to was made after the gates: no hook could be planted in it.
  const runner = readdirSync(join(repo.dir, 'run-1')).find((n) => n.startsWith('runner-'))!;
  assert.deepEqual(
    readdirSync(join(repo.dir, 'run-1', runner)).filter((n) => n.startsWith('perf-gate-history-')),
    [],
    'the stores are gone',
  );
});
