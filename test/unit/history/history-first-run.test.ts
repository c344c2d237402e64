/**
 * mode history's first runs, before any release tag: in a full checkout, nothing to measure against is a note in
 * the log and the job summary, not a failure; in a shallow one, where the tags may only be hidden, it stays an error
 * that says how to fetch them.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseConfig } from '../../../src/config/inputs.ts';
import type { Logger } from '../../../src/gate/ports.ts';
import { runHistoryGates } from '../../../src/history/gates.ts';
import type { GateEvent } from '../../../src/model/notes.ts';
import { historySummary } from '../../../src/report/history-text.ts';
import { gateLog } from '../../../src/report/log-text.ts';
import { commitRepo, git, makeRepo } from '../../support/repo.ts';

function historyConfig(root: string) {
  const inputs: Record<string, string> = { mode: 'history', start: 'node server.js', paths: '/' };
  return parseConfig((name) => inputs[name] ?? '', { outputDir: join(root, '.out') });
}

function recordingLog(): { log: Logger; events: GateEvent[] } {
  const events: GateEvent[] = [];
  const log = {
    info: (event: GateEvent) => events.push(event),
    warning: () => {},
    output: () => {},
    group: async <T>(_: unknown, body: () => Promise<T>) => body(),
  } as unknown as Logger;
  return { log, events };
}

const FACTS = { series: undefined, runner: undefined, perfGate: 'test', run: undefined } as never;

test('before the first release tag, a full checkout measures nothing, notes why and does not fail', async () => {
  const repo = commitRepo('perf-gate-history-first-', { 'server.js': '' }, { 'server.js': '// 2' });
  try {
    const { log, events } = recordingLog();
    const head = { sha: repo.head, label: 'main' };
    const gates = await runHistoryGates({
      config: historyConfig(repo.root),
      root: repo.root,
      head,
      ref: 'main',
      log,
      history: [],
      facts: FACTS,
    });
    assert.equal(gates.base, undefined);
    assert.equal(gates.branch, undefined);
    assert.deepEqual(gates.noRelease, { ref: 'main', pattern: '^v?\\d+\\.\\d+\\.\\d+$' });
    assert.deepEqual(events, [{ kind: 'no-release', ref: 'main', pattern: '^v?\\d+\\.\\d+\\.\\d+$' }]);
    const lines: string[] = [];
    gateLog({
      info: (m) => lines.push(m),
      warning: () => {},
      output: () => {},
      group: async (_, b) => b(),
    }).info(events[0]!);
    assert.match(lines.join('\n'), /main has no release yet .* this run only notes it and passes/);
    const summary = historySummary({
      ref: 'main',
      head: repo.head,
      release: undefined,
      branchRun: undefined,
      releaseRun: undefined,
      skipped: undefined,
      noRelease: gates.noRelease,
      charts: [],
      pageUrl: 'https://example.invalid/',
      historyBranch: 'perf-gate-history',
      pushed: undefined,
      alerts: [],
    });
    assert.match(summary, /^### 📈 perf-gate history: `main` \([0-9a-f]{7}\)\n\n- main has no release yet/);
    assert.match(summary, /The history starts with the first release tag/);
  } finally {
    rmSync(repo.root, { recursive: true, force: true });
  }
});

test('a shallow checkout without tags is still an error that says to fetch the whole history', async () => {
  const repo = makeRepo({ 'server.js': '' }, { 'server.js': '// 2' });
  try {
    const sha = git(repo.workspace, 'rev-parse', 'HEAD');
    await assert.rejects(
      runHistoryGates({
        config: historyConfig(repo.workspace),
        root: repo.workspace,
        head: { sha, label: 'feature' },
        ref: 'feature',
        log: recordingLog().log,
        history: [],
        facts: FACTS,
      }),
      /shallow checkout[\s\S]*fetch-depth: 0/,
    );
  } finally {
    repo.cleanup();
  }
});
