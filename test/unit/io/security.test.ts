/**
 * Issue 23, finding 11: what perf-gate enforces against the pull request's code, which runs as the same user
 * (docs/security.md says what holds and what does not). Each test here is one line of that page.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { privilegedForkProblem } from '../../../src/config/event.ts';
import { persistedCredentials } from '../../../src/io/credentials.ts';
import { FileCommandGuard } from '../../../src/io/file-commands.ts';
import { safeEnv, stopBackground } from '../../../src/io/proc.ts';
import { runCommand } from '../../../src/io/run-command.ts';
import { LoadGenerator, pinLoadGenerator } from '../../../src/load/generator.ts';
import { GateError } from '../../../src/model/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'perf-gate-security-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for dist/loadgen.js: answers every request with a line that says which script answered. */
function fakeLoadgen(name: string, rps: number): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
      process.stdout.write(JSON.stringify({ measurement: { rps: ${rps} } }) + '\\n');
    });`,
  );
  return path;
}

describe('perf-gate’s own load generator is pinned before the pull request’s code runs', () => {
  test('a rewrite of the action’s dist/loadgen.js (by head’s build) is not what runs', async () => {
    const original = fakeLoadgen('loadgen.js', 1000);
    pinLoadGenerator(original);
    // The pull request's build rewrites it to make head look fast.
    writeFileSync(
      original,
      `process.stdin.on('data', () => process.stdout.write('{"measurement":{"rps":1e9}}\\n'));`,
    );
    const generator = new LoadGenerator();
    try {
      const measured = await generator.take('head');
      assert.equal(measured.rps, 1000, 'the pinned copy answered');
    } finally {
      await generator.stop();
    }
  });

  test('a rewrite of the pinned copy itself is refused, naming the file', async () => {
    const original = fakeLoadgen('loadgen2.js', 1000);
    // The copy, as a hostile process of the same user could find it (a perf-gate-* directory in the temporary one).
    const found = pinLoadGenerator(original)!;
    assert.ok(found.startsWith(join(tmpdir(), 'perf-gate-')));
    await new LoadGenerator().stop();
    chmodSync(found, 0o600);
    appendFileSync(found, '\n// changed\n');
    assert.throws(
      () => new LoadGenerator(),
      (error: unknown) =>
        error instanceof GateError &&
        error.code === 'load' &&
        /perf-gate's own load generator \(dist\/loadgen\.js\) changed on disk/.test(error.message),
    );
  });
});

describe('every child’s environment is scrubbed, whatever its caller passed', () => {
  test('a token, an input and the runner’s file commands passed by mistake do not reach the child', async () => {
    const result = await runCommand('env', {
      cwd: dir,
      env: {
        ...safeEnv(),
        GITHUB_TOKEN: 'ghs_leak',
        'INPUT_GITHUB-TOKEN': 'ghs_leak',
        GITHUB_ENV: '/tmp/env',
        ACTIONS_RUNTIME_TOKEN: 'jwt',
      },
      timeoutMs: 5000,
    });
    assert.doesNotMatch(result.stdout, /ghs_leak|jwt|GITHUB_ENV=/);
    assert.match(result.stdout, /^PERF_GATE_TREE=/m, 'each child carries its tree’s mark');
  });
});

describe('the runner’s file commands of this step', () => {
  test('what the pull request’s code appends to GITHUB_ENV, GITHUB_OUTPUT … is removed before perf-gate writes', async () => {
    const runner = join(dir, 'runner');
    const commands = join(runner, '_runner_file_commands');
    mkdirSync(commands, { recursive: true });
    const env: Record<string, string> = {};
    for (const name of [
      'GITHUB_OUTPUT',
      'GITHUB_ENV',
      'GITHUB_PATH',
      'GITHUB_STATE',
      'GITHUB_STEP_SUMMARY',
    ]) {
      env[name] = join(commands, `${name.toLowerCase()}_1234`);
      writeFileSync(env[name]!, name === 'GITHUB_STEP_SUMMARY' ? 'an earlier summary\n' : '');
    }
    const guard = new FileCommandGuard(env);
    // The pull request's code finds them without their names: they are where RUNNER_TEMP says.
    await runCommand(
      `for f in "$RUNNER_TEMP"/_runner_file_commands/*; do echo 'NODE_OPTIONS=--require /tmp/evil.js' >> "$f"; done`,
      { cwd: dir, env: safeEnv({ RUNNER_TEMP: runner }), timeoutMs: 5000 },
    );
    assert.match(readFileSync(env.GITHUB_ENV!, 'utf8'), /evil/, 'the pull request’s code could write them');
    assert.deepEqual(guard.restore().sort(), Object.keys(env).sort());
    for (const [name, path] of Object.entries(env)) {
      assert.equal(readFileSync(path, 'utf8'), name === 'GITHUB_STEP_SUMMARY' ? 'an earlier summary\n' : '');
    }
    assert.deepEqual(guard.restore(), [], 'nothing to put back the second time');
    // perf-gate's own outputs, written after the first restore (a cancelled run's, say), are never taken back.
    writeFileSync(env.GITHUB_OUTPUT!, 'verdict<<EOF\ninconclusive\nEOF\n');
    assert.deepEqual(guard.restore(), []);
    assert.match(readFileSync(env.GITHUB_OUTPUT!, 'utf8'), /inconclusive/);
  });

  test('GITHUB_OUTPUT swapped for a symbolic link to GITHUB_PATH: made again as a file, GITHUB_PATH untouched (issue 41)', () => {
    const commands = join(dir, 'runner-swap', '_runner_file_commands');
    mkdirSync(commands, { recursive: true });
    const env = { GITHUB_OUTPUT: join(commands, 'set_output_1'), GITHUB_PATH: join(commands, 'add_path_1') };
    writeFileSync(env.GITHUB_OUTPUT, '');
    writeFileSync(env.GITHUB_PATH, '/usr/local/bin\n');
    chmodSync(env.GITHUB_OUTPUT, 0o644);
    const guard = new FileCommandGuard(env);
    rmSync(env.GITHUB_OUTPUT);
    symlinkSync(env.GITHUB_PATH, env.GITHUB_OUTPUT);
    assert.deepEqual(guard.restore(), ['GITHUB_OUTPUT']);
    assert.ok(lstatSync(env.GITHUB_OUTPUT).isFile(), 'a regular file again, not the link');
    assert.equal(lstatSync(env.GITHUB_OUTPUT).mode & 0o777, 0o644);
    assert.equal(readFileSync(env.GITHUB_OUTPUT, 'utf8'), '');
    assert.equal(
      readFileSync(env.GITHUB_PATH, 'utf8'),
      '/usr/local/bin\n',
      'nothing written through the link',
    );
    // perf-gate's outputs now land in GITHUB_OUTPUT, not in GITHUB_PATH.
    writeFileSync(env.GITHUB_OUTPUT, 'verdict=regression\n', { flag: 'a' });
    assert.equal(readFileSync(env.GITHUB_PATH, 'utf8'), '/usr/local/bin\n');
  });

  test('a file command replaced by another file (a new inode, same bytes) is made again', () => {
    const commands = join(dir, 'runner-inode', '_runner_file_commands');
    mkdirSync(commands, { recursive: true });
    const env = { GITHUB_ENV: join(commands, 'set_env_1') };
    writeFileSync(env.GITHUB_ENV, 'A=1\n');
    const guard = new FileCommandGuard(env);
    const other = join(commands, 'other');
    writeFileSync(other, 'A=1\n');
    renameSync(other, env.GITHUB_ENV);
    assert.deepEqual(guard.restore(), ['GITHUB_ENV']);
    assert.equal(readFileSync(env.GITHUB_ENV, 'utf8'), 'A=1\n');
  });
});

describe('credentials actions/checkout leaves in the repository', () => {
  test('an extraheader in .git/config (or a file it includes) and a token in a remote URL are found, never shown', async () => {
    const repo = join(dir, 'repo');
    mkdirSync(repo);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    assert.deepEqual(await persistedCredentials(repo), []);
    git('config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic c2VjcmV0');
    const included = join(dir, 'git-credentials.config');
    writeFileSync(included, '[http "https://example.com/"]\n\textraheader = AUTHORIZATION: basic eA==\n');
    git('config', `includeIf.gitdir:${repo}/.git.path`, included);
    git('remote', 'add', 'origin', 'https://x-access-token:ghs_abc@github.com/o/r.git');
    const found = await persistedCredentials(repo);
    assert.equal(found.length, 3, found.join('\n'));
    assert.match(found[0]!, /^`http\.https:\/\/github\.com\/\.extraheader` \(file:\.git\/config\)$/);
    assert.match(found[1]!, /extraheader` \(file:.*git-credentials\.config\)$/);
    assert.match(found[2]!, /remote\.origin\.url/);
    assert.doesNotMatch(found.join('\n'), /c2VjcmV0|ghs_abc|basic/);
  });
});

describe('a fork’s pull request under `pull_request_target`', () => {
  const BASE = 'octo-org/octo-repo';
  const payload = (headRepo: unknown) => ({
    pull_request: {
      number: 3,
      base: { sha: 'a'.repeat(40), ref: 'main', repo: { full_name: BASE, id: 1 } },
      head: { sha: 'b'.repeat(40), ref: 'x', repo: headRepo },
    },
    repository: { full_name: BASE, id: 1 },
  });
  const same = payload({ full_name: BASE, id: 1 });
  const fork = payload({ full_name: 'mallory/octo-repo', id: 2 });

  test('is refused (the event has a write token and the secrets); a pull request of the repository itself is not', () => {
    assert.match(
      privilegedForkProblem('pull_request_target', fork) ?? '',
      /^refusing to run perf-gate on `pull_request_target`/,
    );
    assert.equal(privilegedForkProblem('pull_request_target', same), undefined);
    assert.equal(privilegedForkProblem('pull_request', fork), undefined);
  });

  test('issue 34, finding 1: a deleted fork (`head.repo` null), or any head it cannot prove is of this repository, is refused', () => {
    const unproven: [string, unknown][] = [
      [
        'the fork was deleted (head.repo null, as later labeled, reopened and edited events carry it)',
        payload(null),
      ],
      ['head.repo without a name', payload({ id: 1 })],
      ['the same name but another repository id', payload({ full_name: BASE, id: 2 })],
      ['no pull request in the payload', { repository: { full_name: BASE } }],
    ];
    for (const [why, event] of unproven) {
      assert.match(
        privilegedForkProblem('pull_request_target', event) ?? '',
        /^refusing to run perf-gate on `pull_request_target`: .* write token and the repository's secrets/,
        why,
      );
    }
    // workflow_run and issue_comment also carry a write token whoever opened the pull request.
    const run = (head: unknown) => ({
      workflow_run: { head_sha: 'b'.repeat(40), head_repository: head },
      repository: { full_name: BASE, id: 1 },
    });
    assert.match(privilegedForkProblem('workflow_run', run(null)) ?? '', /^refusing .* `workflow_run`/);
    assert.match(
      privilegedForkProblem('workflow_run', run({ full_name: 'mallory/octo-repo', id: 2 })) ?? '',
      /^refusing .* `workflow_run`/,
    );
    assert.equal(privilegedForkProblem('workflow_run', run({ full_name: BASE, id: 1 })), undefined);
    const comment = { issue: { number: 3, pull_request: {} }, repository: { full_name: BASE } };
    assert.match(
      privilegedForkProblem('issue_comment', comment, { head: 'b'.repeat(40), eventSha: 'c'.repeat(40) }) ??
        '',
      /^refusing .* `issue_comment`/,
    );
    // The commit the workflow itself runs from is the repository's own code, whatever the event.
    const own = { head: 'c'.repeat(40), eventSha: 'c'.repeat(40) };
    assert.equal(privilegedForkProblem('issue_comment', comment, own), undefined);
    assert.equal(privilegedForkProblem('pull_request_target', payload(null), own), undefined);
    // Events whose token a fork's pull request gets read-only, or that run the repository's own code, are not refused.
    for (const event of ['pull_request', 'push', 'workflow_dispatch', 'schedule']) {
      assert.equal(privilegedForkProblem(event, payload(null)), undefined, event);
    }
    // Issue 41: an allowlist. merge_group, check_suite and any other event run only the commit the workflow runs from.
    for (const event of ['merge_group', 'check_suite', 'release', 'repository_dispatch', 'deployment', '']) {
      assert.match(
        privilegedForkProblem(event, payload(null), { head: 'b'.repeat(40), eventSha: 'c'.repeat(40) }) ?? '',
        /^refusing to run perf-gate on `.*`: that event may give the job a write token/,
        event,
      );
      assert.equal(privilegedForkProblem(event, payload(null), own), undefined, event);
    }
  });
});

/**
 * What does NOT hold (docs/security.md): the pull request's code runs as the same user as perf-gate. These tests
 * pin the limits the page states, so that the page cannot claim more than is true.
 */
describe('what does not hold', () => {
  test('a child reads the environment its ancestors started with (/proc/<pid>/environ): perf-gate’s token is there', async () => {
    // The test process stands for perf-gate: its start-up environment holds PATH (for the action: the token too).
    const result = await runCommand(`tr '\\0' '\\n' < /proc/${process.pid}/environ`, {
      cwd: dir,
      env: safeEnv(),
      timeoutMs: 5000,
    });
    assert.match(result.stdout, /^PATH=/m, 'scrubbing the child’s environment does not hide its parent’s');
  });

  test('a daemon that leaves the session and drops perf-gate’s mark from its environment is not found', async () => {
    const file = join(dir, 'escaped.pid');
    const result = await runCommand(
      // The command waits until the daemon has escaped (its pid written: new session, empty environment).
      `setsid env -i sh -c 'echo $$ > ${file}; exec sleep 30' < /dev/null > /dev/null 2>&1 & while [ ! -s ${file} ]; do sleep 0.01; done`,
      { cwd: dir, env: safeEnv(), timeoutMs: 5000 },
    );
    let pid = 0;
    for (let i = 0; i < 100 && pid === 0; i++) {
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    try {
      assert.ok(pid > 0);
      assert.ok(!result.left.some((p) => p.pid === pid), 'not found');
      assert.deepEqual(await stopBackground(), []);
      process.kill(pid, 0); // still alive: it escaped
    } finally {
      if (pid > 0) process.kill(pid, 'SIGKILL');
    }
  });
});
