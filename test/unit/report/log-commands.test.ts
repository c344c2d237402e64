/**
 * Issue 23, finding 4: no text from the pull request can run a workflow command. The runner takes any line of the
 * log that starts with `::` (or `##[`) for one: the output of `setup` and `teardown` and every log line that starts
 * with a scenario name from the config file must be shown with commands off or be inert.
 */

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { actionLog } from '../../../src/entry/log.ts';
import { runHook, type StepLog } from '../../../src/gate/trees.ts';
import { newEndpointLog, openLoopRateLog, pairLog } from '../../../src/report/gate-text.ts';
import { gateLog } from '../../../src/report/log-text.ts';
import { commandLines } from '../../support/action.ts';
import { measurement } from '../../support/gate-fakes.ts';

const dir = mkdtempSync(join(tmpdir(), 'perf-gate-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What `body` writes to stdout (where @actions/core writes the log). */
async function stdoutOf(body: () => void | Promise<void>): Promise<string> {
  const write = process.stdout.write.bind(process.stdout);
  let text = '';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    text += chunk.toString();
    return true;
  }) as typeof process.stdout.write;
  try {
    await body();
  } finally {
    process.stdout.write = write;
  }
  return text;
}

describe('setup and teardown output', () => {
  for (const what of ['setup', 'teardown'] as const) {
    test(`${what}: its output is the pull request's text, shown with workflow commands off`, async () => {
      const seen: { info: string[]; output: string[] } = { info: [], output: [] };
      const log: StepLog = gateLog({
        info: (m) => void seen.info.push(m),
        warning: (m) => void seen.info.push(m),
        output: (t) => void seen.output.push(t),
        group: (_name, body) => body(),
      });
      await runHook({
        what,
        side: 'head',
        command: "echo '::add-mask::ghs_x'; echo '::error::forged'",
        cwd: dir,
        env: {},
        timeoutMs: 10_000,
        log,
      });
      assert.ok(seen.output.join('\n').includes('::add-mask::ghs_x'), 'shown as output');
      assert.ok(!seen.info.some((m) => m.includes('::')), `never as an info line: ${seen.info.join(' | ')}`);
      const printed = await stdoutOf(() => {
        for (const text of seen.output) actionLog.output(text);
      });
      assert.deepEqual(commandLines(printed), []);
    });
  }
});

describe('log lines that start with a scenario name', () => {
  const name = '::add-mask::secret';
  const lines = [
    openLoopRateLog(name, 100, 0.5, 1000),
    newEndpointLog(name, []),
    `${name}: a line of ours`,
    pairLog(0, [{ scenario: `x\n${name}`, base: measurement(1000), head: measurement(990) }]),
    `##[set-output name=verdict;]no-change`,
    // Issue 34, finding 3: the runner takes `##[` anywhere in a line, and strips any Unicode whitespace before `::`.
    pairLog(0, [{ scenario: 'x ##[warning]forged', base: measurement(1000), head: measurement(990) }]),
    `GET /a: note ##[error]forged`,
    ...['\u00a0', '\u3000', '\u2003', '\u0085', '\u2028', '\u000b', '\u000c'].map(
      (space) => `${space}::error::forged`,
    ),
    pairLog(0, [{ scenario: '\u3000::add-mask::secret', base: measurement(1000), head: measurement(990) }]),
    `a line\r::warning::forged after a carriage return`,
  ];
  for (const line of lines) {
    test(`${JSON.stringify(line.slice(0, 40))}… runs no workflow command`, async () => {
      const printed = await stdoutOf(() => actionLog.info(line));
      assert.deepEqual(commandLines(printed), []);
      assert.ok(printed.includes(line), 'the text is all there');
    });
  }

  test('the helper sees what the runner sees: each of these forms is a command when printed bare', () => {
    for (const line of ['x ##[warning]y', '\u00a0::error::y', '\u3000::add-mask::y', 'a\r::warning::y']) {
      assert.equal(commandLines(`${line}\n`).length, 1, JSON.stringify(line));
    }
  });

  test('a line of ours without anything that looks like a command is printed as it is', async () => {
    assert.equal(
      await stdoutOf(() => actionLog.info('pair 1: GET /: base 1000 req/s')),
      'pair 1: GET /: base 1000 req/s\n',
    );
  });

  test('annotations escape their text: a line break cannot start a command of its own', async () => {
    const printed = await stdoutOf(() => actionLog.warning(`${name}: slow\n::error::forged`));
    assert.deepEqual(
      commandLines(printed).map((l) => l.slice(0, 11)),
      ['::warning::'],
    );
  });
});

describe('`perf-gate compare` inside a workflow (issue 34, finding 3)', () => {
  test('the report it prints and the server’s last output run no workflow command', async () => {
    const repo = join(dir, 'cli-repo');
    mkdirSync(repo);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
    git('init', '-q', '-b', 'main');
    writeFileSync(
      join(repo, 'server.js'),
      "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT);\n",
    );
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    // Head's server prints workflow commands, then dies before it answers: the report quotes its last output.
    writeFileSync(
      join(repo, 'server.js'),
      "console.log('::error::forged-error');\nconsole.log('\\u00a0::warning::forged-warning');\nconsole.log('x ##[error]forged-v1');\nprocess.exit(3);\n",
    );
    git('commit', '-q', '-am', 'head');
    const cli = new URL('../../../src/entry/cli.ts', import.meta.url).pathname;
    const run = spawnSync(
      process.execPath,
      [
        cli,
        'compare',
        '--base',
        'main',
        '--start',
        'node server.js',
        '--install',
        'skip',
        '--flamegraphs',
        'off',
      ],
      { cwd: repo, env: { ...process.env, GITHUB_ACTIONS: 'true' }, encoding: 'utf8', timeout: 60_000 },
    );
    assert.match(run.stdout, /forged-error/, 'the report quotes the server’s output');
    assert.match(run.stderr, /forged-error/, 'and so does the last output on stderr');
    assert.deepEqual(commandLines(run.stdout), [], 'stdout');
    assert.deepEqual(commandLines(run.stderr), [], 'stderr');
  });

  test('its group lines, which name a command from the config file, run no workflow command (issue 50)', () => {
    const commands = new URL('../../../src/entry/commands.ts', import.meta.url).href;
    // The group line of a `setup` command such as `echo ##[error]x`, and one whose name breaks the line.
    const script = `import { stderrLog } from ${JSON.stringify(commands)};
      await stderrLog.group('setup: echo ##[error]forged-v1', async () => {});
      await stderrLog.group('setup: x\\n::error::forged-v2', async () => {});`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, GITHUB_ACTIONS: 'true' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /forged-v1/);
    assert.match(run.stderr, /forged-v2/);
    assert.deepEqual(commandLines(run.stderr), [], 'stderr');
  });

  test('its error line, whose message quotes text from outside, runs no workflow command (issue 41)', () => {
    const cli = new URL('../../../src/entry/cli.ts', import.meta.url).pathname;
    const repo = join(dir, 'cli-error-repo');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    writeFileSync(join(repo, 'server.js'), '\n');
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.'], { cwd: repo });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'one'], {
      cwd: repo,
    });
    const run = spawnSync(
      process.execPath,
      [cli, 'compare', '--base', 'nope\n::error::forged-in-message', '--start', 'node server.js'],
      { cwd: repo, env: { ...process.env, GITHUB_ACTIONS: 'true' }, encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /forged-in-message/, 'the message quotes the base');
    assert.deepEqual(commandLines(run.stderr), [], 'stderr');
  });
});
