/**
 * Issue 23, finding 4: no text from the pull request can run a workflow command. The runner takes any line of the
 * log that starts with `::` (or `##[`) for one: the output of `setup` and `teardown` and every log line that starts
 * with a scenario name from the config file must be shown with commands off or be inert.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { actionLog } from '../../src/entry/log.ts';
import { runHook, type StepLog } from '../../src/gate/trees.ts';
import { newEndpointLog, openLoopRateLog, pairLog } from '../../src/report/gate-text.ts';
import { commandLines } from '../support/action.ts';
import { measurement } from './gate-fakes.ts';

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
      const log: StepLog = {
        info: (m) => void seen.info.push(m),
        output: (t) => void seen.output.push(t),
        group: (_name, body) => body(),
      };
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
  ];
  for (const line of lines) {
    test(`${JSON.stringify(line.slice(0, 40))}… runs no workflow command`, async () => {
      const printed = await stdoutOf(() => actionLog.info(line));
      assert.deepEqual(commandLines(printed), []);
      assert.ok(printed.includes(line), 'the text is all there');
    });
  }

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
