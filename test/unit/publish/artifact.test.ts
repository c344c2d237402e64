/**
 * src/publish/artifact.ts against a stand-in of the Actions results service (test/support/artifact-service.ts) that
 * follows the protocol @actions/artifact speaks on a runner: the flame graphs and report.json of a run go up as one
 * zip through the real client, come back through the real client's download (its own unzip), byte for byte, and the
 * URL perf-gate links from the comment is the run's page of the id the service gave. Names are unique per job and
 * shard, because the service refuses a second artifact of one name in a run.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  artifactName,
  artifactServiceAvailable,
  type UploadedArtifact,
} from '../../../src/publish/artifact.ts';
import { type ArtifactService, startArtifactService } from '../../support/artifact-service.ts';

const RUNNER_ENV = {
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'octo-org/octo-repo',
  GITHUB_RUN_ID: '987654321',
};

const CLIENT = fileURLToPath(new URL('../../support/artifact-client.ts', import.meta.url));

/**
 * One call of the artifact client in a step of its own (test/support/artifact-client.ts), with the runner's
 * variables `env`: its result, and the toolkit's log. Rejects with the log when the call fails.
 */
function step<T>(
  env: Record<string, string>,
  op: 'upload' | 'download',
  input: unknown,
): Promise<{ value: T; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLIENT, op, JSON.stringify(input)], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.on('close', (code) => {
      const last = /\nresult (.*)\n$/.exec(log);
      if (code === 0 && last) resolve({ value: JSON.parse(last[1]!) as T, log });
      else reject(new Error(`artifact client exited with ${code}:\n${log}`));
    });
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('artifact names', () => {
  test('`perf-gate-<job>`, plus the shard; the input wins; no job outside a workflow', () => {
    assert.equal(artifactName(undefined, undefined, { GITHUB_JOB: 'perf' }), 'perf-gate-perf');
    assert.equal(
      artifactName(undefined, { index: 2, count: 3 }, { GITHUB_JOB: 'measure' }),
      'perf-gate-measure-shard-2-of-3',
    );
    assert.equal(
      artifactName('flames-node-22', { index: 2, count: 3 }, { GITHUB_JOB: 'x' }),
      'flames-node-22',
    );
    assert.equal(artifactName(undefined, undefined, {}), 'perf-gate');
  });

  test('the three shards of example-workflows/sharded.yml get three names', () => {
    const names = [1, 2, 3].map((index) =>
      artifactName(undefined, { index, count: 3 }, { GITHUB_JOB: 'measure' }),
    );
    assert.equal(new Set(names).size, 3);
  });

  test('the service is used only where the runner provides it', () => {
    assert.equal(artifactServiceAvailable({}), false);
    assert.equal(artifactServiceAvailable({ ACTIONS_RUNTIME_TOKEN: 't' }), false);
    assert.equal(
      artifactServiceAvailable({ ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_RESULTS_URL: 'http://x/' }),
      true,
    );
  });
});

describe('uploadFiles, through @actions/artifact, to the results service', () => {
  let service: ArtifactService;
  let dir: string;
  let root: string;
  const contents: Record<string, string> = {
    'report.json': '{"tool":"perf-gate"}\n',
    'profiles/base.html': '<html>base flame graph</html>',
    'profiles/head.html': '<html>head flame graph</html>',
    'profiles/diff-head.html': '<html>head, coloured by what grew</html>',
    'profiles/head/ticks.json': JSON.stringify({ samples: Array.from({ length: 2000 }, (_, i) => i) }),
  };

  before(async () => {
    service = await startArtifactService();
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-artifact-'));
    root = join(dir, 'out');
    for (const [name, text] of Object.entries(contents)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
  });
  after(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (): Record<string, string> => ({ ...service.env, ...RUNNER_ENV, GITHUB_WORKSPACE: dir });
  const files = (): string[] => Object.keys(contents).map((name) => join(root, name));

  test('uploads one zip of the files (named relative to the output directory) and links the id it was given', async () => {
    const started = Date.now();
    const { value: uploaded, log } = await step<UploadedArtifact>(env(), 'upload', {
      name: 'perf-gate-perf',
      files: files(),
      root,
    });
    assert.deepEqual(service.refusals, []);
    assert.equal(uploaded.id, 4242);
    assert.equal(uploaded.url, 'https://github.com/octo-org/octo-repo/actions/runs/987654321/artifacts/4242');
    assert.deepEqual(
      service.requests.filter((r) => r !== 'PUT blob comp=block'),
      [
        'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
        'PUT blob comp=blocklist',
        'POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
      ],
    );
    assert.ok(service.requests.includes('PUT blob comp=block'), service.requests.join('\n'));
    const stored = service.artifacts.get('perf-gate-perf');
    assert.ok(stored?.blob);
    assert.equal(stored.blob.subarray(0, 4).toString('latin1'), 'PK\x03\x04', 'a zip');
    assert.equal(stored.mimeType, 'application/zip');
    assert.equal(stored.version, 7);
    // retentionDays: 30.
    const days = (Date.parse(stored.expiresAt ?? '') - started) / 86_400_000;
    assert.ok(days > 29.9 && days < 30.1, `expires in ${days} days`);
    assert.match(log, /Artifact perf-gate-perf successfully finalized\. Artifact ID 4242/);

    // Read back by the platform's own client and unzip: the same files, byte for byte.
    const out = join(dir, 'downloaded');
    const { value: downloaded } = await step<{ digestMismatch: boolean }>(env(), 'download', {
      id: uploaded.id,
      options: { path: out, expectedHash: stored.hash },
    });
    assert.equal(downloaded.digestMismatch, false);
    assert.deepEqual(filesUnder(out), Object.keys(contents).sort());
    for (const [name, text] of Object.entries(contents))
      assert.equal(readFileSync(join(out, name), 'utf8'), text);
  });

  test('a second artifact of one name in a run is refused; the shards’ names are not', async () => {
    const refusalsBefore = service.refusals.length;
    await assert.rejects(
      step(env(), 'upload', { name: 'perf-gate-perf', files: files(), root }),
      /409.*an artifact named perf-gate-perf exists/,
    );
    assert.equal(service.refusals.length, refusalsBefore + 1);
    const ids: number[] = [];
    for (const index of [1, 2, 3]) {
      const name = artifactName(undefined, { index, count: 3 }, { GITHUB_JOB: 'measure' });
      const { value } = await step<UploadedArtifact>(env(), 'upload', { name, files: files(), root });
      ids.push(value.id);
    }
    assert.deepEqual(ids, [4243, 4244, 4245]);
    assert.equal(service.refusals.length, refusalsBefore + 1);
  });

  test('keeps the artifact as many days as `artifact-retention-days` says', async () => {
    const started = Date.now();
    await step<UploadedArtifact>(env(), 'upload', {
      name: 'kept-a-week',
      files: files(),
      root,
      retentionDays: 7,
    });
    const days = (Date.parse(service.artifacts.get('kept-a-week')?.expiresAt ?? '') - started) / 86_400_000;
    assert.ok(days > 6.9 && days < 7.1, `expires in ${days} days`);
  });
});
