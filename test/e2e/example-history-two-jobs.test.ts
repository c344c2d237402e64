/**
 * example-workflows/history-two-jobs.yml, for real: the measuring job (`history-job: measure`, `contents: read`)
 * runs the built action in a full checkout of a throwaway repository with two release tags, pushes nothing, and
 * uploads the run's lines; the publishing job (`history-job: publish`) runs the built action in an empty directory
 * (nothing checked out, nothing of the project), from the downloaded artifact, and writes the history branch on the
 * bare `origin` (GitHub's part, reached as GITHUB_SERVER_URL/GITHUB_REPOSITORY) and the job summary. A line the
 * measured code forged for another commit is refused there, with the branch left as it was.
 *
 * Under the shared lock: flock /tmp/pg-load.lock npx node --test test/e2e/example-history-two-jobs.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { HISTORY_LINES_FILE } from '../../src/model/history.ts';
import { runAction } from '../support/action.ts';
import { killUnder, TIMING_OVERRIDES, TOKEN } from '../support/example.ts';
import { startFakeGitHub } from '../support/fake-github/index.ts';
import { makeHistoryRepo } from '../support/history-repo.ts';
import {
  actionInvocation,
  DOWNLOAD_ARTIFACT,
  downloadArtifacts,
  perfGateJob,
  readWorkflow,
  UPLOAD_ARTIFACT,
  uploadArtifact,
} from '../support/workflow.ts';

const workflow = readWorkflow('history-two-jobs.yml');
const measure = perfGateJob(workflow, 'measure');
const publish = perfGateJob(workflow, 'publish');
const RUN = '4343';

test('history-two-jobs.yml: measured with a read-only token, published by a job that runs nothing of the project', {
  timeout: 600_000,
}, async (t) => {
  assert.deepEqual(measure.permissions, { contents: 'read' });
  assert.deepEqual(publish.permissions, { contents: 'write', issues: 'write' });
  const repo = makeHistoryRepo();
  const fake = await startFakeGitHub({ token: TOKEN });
  try {
    repo.commit(600, 'first release');
    repo.tag('v1.0.0');
    const v110 = repo.commit(600, 'second release');
    repo.tag('v1.1.0');
    const c1 = repo.commit(600, 'a change that costs nothing');
    // GitHub's part: the repository at GITHUB_SERVER_URL/GITHUB_REPOSITORY (no checkout in the publishing job).
    const server = join(repo.dir, 'server');
    mkdirSync(join(server, 'octo-org'), { recursive: true });
    symlinkSync(repo.origin, join(server, 'octo-org', 'octo-repo'));
    const env = {
      GITHUB_REF: 'refs/heads/main',
      GITHUB_RUN_ID: RUN,
      GITHUB_SERVER_URL: `file://${server}`,
      GITHUB_SHA: c1,
    };
    const event = {
      ref: 'refs/heads/main',
      before: v110,
      after: c1,
      repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
    };
    const context = { token: TOKEN, event: { before: v110, after: c1 } };

    const measuring = actionInvocation(measure, context, TIMING_OVERRIDES);
    const workspace = repo.checkout();
    const measured = await runAction({
      workspace,
      inputs: measuring.inputs,
      event,
      eventName: 'push',
      apiUrl: fake.url,
      token: TOKEN,
      env: { ...measuring.env, ...env },
      timeoutMs: 300_000,
    });
    t.diagnostic(`measure: exit ${measured.code}, ${(measured.durationMs / 1000).toFixed(0)} s`);
    assert.equal(measured.code, 0, `${measured.stdout}\n${measured.stderr}`);
    assert.deepEqual(repo.history(), [], 'the measuring job pushes nothing');
    assert.deepEqual(fake.issues, []);
    assert.match(measured.summary, /Measured only \(`history-job: measure`\)/);
    const runnerTemp = dirname(dirname(measured.outputs.report ?? ''));
    const upload = measure.otherSteps.find((s) => s.uses?.startsWith(UPLOAD_ARTIFACT))!;
    const artifact = uploadArtifact(upload, { ...context, runnerTemp }, workspace, RUN);
    const handed = readFileSync(Object.values(artifact.files)[0]!, 'utf8');
    assert.equal(handed.trim().split('\n').length, 2, 'the release’s line and main’s');

    // The publishing job: an empty directory, the artifact downloaded into it.
    const empty = mkdtempSync(join(repo.dir, 'publish-'));
    const download = publish.otherSteps.find((s) => s.uses?.startsWith(DOWNLOAD_ARTIFACT))!;
    const publishing = actionInvocation(publish, context);
    const runPublish = () =>
      runAction({
        workspace: empty,
        inputs: publishing.inputs,
        event,
        eventName: 'push',
        apiUrl: fake.url,
        token: TOKEN,
        env: { ...publishing.env, ...env },
        timeoutMs: 120_000,
      });

    // A line forged for another commit (the measured code could write the file) is refused; nothing is written.
    const [file] = downloadArtifacts(download, context, [artifact], empty, RUN);
    writeFileSync(file!, handed.replace(c1, 'f'.repeat(40)));
    const forged = await runPublish();
    assert.notEqual(forged.code, 0);
    assert.match(forged.stdout, /refusing the history's lines/);
    assert.deepEqual(repo.history(), []);

    writeFileSync(file!, handed);
    const published = await runPublish();
    t.diagnostic(`publish: exit ${published.code}, ${(published.durationMs / 1000).toFixed(0)} s`);
    assert.equal(published.code, 0, `${published.stdout}\n${published.stderr}`);
    assert.deepEqual(
      repo.history().map((l) => [l.kind, l.head.commit, l.base.tag]),
      [
        ['release', v110, 'v1.0.0'],
        ['branch', c1, 'v1.1.0'],
      ],
    );
    assert.match(published.summary, /Written to the branch `perf-gate-history`/);
    assert.ok(file!.endsWith(HISTORY_LINES_FILE));
  } finally {
    await fake.close();
    killUnder(repo.dir);
    repo.cleanup();
  }
});
