/**
 * An independent check of how the action hands over its inputs, outputs and job summary: GitHub's local-action
 * (@github/local-action) runs the action with its own implementation of the toolkit (inputs from a dotenv file,
 * defaults from action.yml, outputs and the summary collected by its stubs), on a `mode: report` run of a prepared
 * report.json (which measures nothing). local-action can only stub the toolkit in unbundled code that exports
 * `run()` (its README: "This tool supports non-transpiled action code only"), so it runs src/entry/action.ts, the
 * `run()` that dist/index.js calls; the built dist/index.js then runs the same step the way a runner does
 * (test/support/action.ts), and both must agree. That run also has an artifact service (the stand-in of
 * test/support/artifact-service.ts), which `mode: report` must not use: the flame graphs are the measuring job's.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../../src/model/report.ts';
import { type ActionRun, runAction } from '../../support/action.ts';
import { type ArtifactService, startArtifactService } from '../../support/artifact-service.ts';
import { type FakeGitHub, startFakeGitHub } from '../../support/fake-github/index.ts';
import { BASE_SHA, gateReport, PR_HEAD_SHA } from '../../support/reports.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LOCAL_ACTION = join(ROOT, 'node_modules/@github/local-action/bin/local-action.js');

/** The data of the workflow commands `command` a run printed (`::error::…`). */
function commands(stdout: string, command: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(`::${command}`))
    .map((line) => line.slice(line.indexOf('::', 2) + 2));
}

describe('the action under local-action and as built', { timeout: 120_000 }, () => {
  let dir: string;
  let workspace: string;
  let service: ArtifactService;
  let github: FakeGitHub;
  let local: { code: number | null; stdout: string; summary: string; outputs: Record<string, string> };
  let built: ActionRun;
  const report = gateReport({ paths: { '/seed/v1': 0.8, '/health': 1 } });
  report.pullRequest = { number: 7, headSha: PR_HEAD_SHA, baseSha: BASE_SHA };
  // Measured with action.yml's default threshold, with which `mode: report` decides (it refuses another).
  report.settings.threshold = 0.02;
  const event = {
    number: 7,
    pull_request: {
      number: 7,
      head: { sha: PR_HEAD_SHA, ref: 'feature' },
      base: { sha: BASE_SHA, ref: 'main' },
    },
  };
  // `results` and everything else at action.yml's defaults.
  const inputs = { mode: 'report', comment: 'off' };

  before(async () => {
    // A GitHub to read the pull request from (for the accept label): an unreachable one costs each run the
    // retries of a request that cannot succeed (1 + 4 + 9 s).
    github = await startFakeGitHub({
      token: 'ghs_localtoken',
      pullNumber: 7,
      headSha: PR_HEAD_SHA,
      baseSha: BASE_SHA,
    });
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-local-action-'));
    workspace = join(dir, 'workspace');
    mkdirSync(join(workspace, 'perf-gate-results/perf-gate-report'), { recursive: true });
    // Measured in this workflow run (GITHUB_RUN_ID 42, below), as `mode: report` requires.
    writeFileSync(
      join(workspace, 'perf-gate-results/perf-gate-report/report.json'),
      JSON.stringify({ ...report, run: { id: '42', attempt: 1 } }),
    );
    const temp = join(dir, 'local-temp');
    mkdirSync(temp);
    writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
    const env = {
      GITHUB_WORKSPACE: workspace,
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      // The run's page, which the comment links (the built run below has the same).
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '42',
      GITHUB_STEP_SUMMARY: join(dir, 'local-summary.md'),
      RUNNER_TEMP: temp,
      // What the runner makes of action.yml's `${{ github.token }}`: local-action passes defaults as written.
      'INPUT_GITHUB-TOKEN': 'ghs_localtoken',
      ...Object.fromEntries(
        Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
      ),
    };
    writeFileSync(
      join(dir, '.env'),
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
    );
    local = await new Promise((resolve, reject) => {
      // From the repository (local-action runs `npm exec tsx` there), with this Node first on PATH.
      const child = spawn(
        process.execPath,
        [LOCAL_ACTION, 'run', ROOT, 'src/entry/action.ts', join(dir, '.env')],
        {
          cwd: ROOT,
          env: {
            PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
            HOME: process.env.HOME,
            // Its stub of @actions/github reads the API's URL before the dotenv file is loaded.
            GITHUB_API_URL: github.url,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => {
        // The outputs local-action's stub of the toolkit collected, from the table it prints at the end.
        const table = stdout.slice(stdout.lastIndexOf('Action Outputs'));
        const outputs = Object.fromEntries(
          [...table.matchAll(/│\s*\d+\s*│\s*'([\w-]+)'\s*│\s*'(.*?)'\s*│/g)].map((m) => [m[1]!, m[2]!]),
        );
        const summaryPath = join(dir, 'local-summary.md');
        resolve({
          code,
          stdout,
          outputs,
          summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '',
        });
      });
    });
    service = await startArtifactService();
    built = await runAction({
      workspace,
      inputs,
      event,
      eventName: 'pull_request',
      apiUrl: github.url,
      token: 'ghs_localtoken',
      env: { ...service.env, GITHUB_RUN_ID: '42' },
      timeoutMs: 60_000,
    });
  });
  after(async () => {
    await service?.close();
    await github?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('local-action runs it: inputs from the dotenv file and action.yml, outputs and summary to its stubs', () => {
    assert.match(local.stdout, /Running Action/, local.stdout);
    assert.equal(local.outputs.verdict, 'regression', local.stdout);
    assert.equal(local.outputs['comment-url'], '');
    assert.equal(local.outputs.report, join(dir, 'local-temp/perf-gate/report.json'));
    // `results` came from action.yml's default, as local-action reads it.
    assert.match(local.stdout, /read 1 report: perf-gate-report\/report\.json/);
    const written = JSON.parse(readFileSync(local.outputs.report!, 'utf8')) as Report;
    assert.equal(written.verdict, 'regression');
    assert.match(local.summary, /^### 🔴 perf-gate: regression$/m);
    assert.ok(
      commands(local.stdout, 'error').some((line) => line.startsWith('perf-gate: head is')),
      'setFailed',
    );
  });

  test('the built action, run as a runner runs it, hands over the same outputs and summary', () => {
    assert.equal(built.code, 1, `${built.stdout}\n${built.stderr}`);
    assert.equal(built.outputs.verdict, local.outputs.verdict);
    assert.equal(built.outputs['comment-url'], local.outputs['comment-url']);
    assert.equal(built.outputs.report, join(built.temp, 'perf-gate/report.json'));
    // Unequal when dist/index.js is not built from this source (test/unit/project/dist.test.ts then fails too).
    assert.equal(built.summary, local.summary, 'dist/index.js and src/ differ: `npm run build`');
  });

  test('both read the pull request (for the accept label) from the GitHub they were given, as valid requests', () => {
    assert.deepEqual(
      github.requests.map((q) => `${q.method} ${q.path} ${q.status}`),
      Array(2).fill('GET /repos/octo-org/octo-repo/pulls/7 200'),
    );
    assert.deepEqual(github.violations, []);
    assert.doesNotMatch(local.stdout + built.stdout, /could not read pull request/);
  });

  test('`mode: report` uploads no artifact, even where there is an artifact service', () => {
    assert.deepEqual(service.requests, []);
    assert.doesNotMatch(built.stdout, /artifact .* uploaded/);
  });
});
