/**
 * The pull request comment's line on its base branch's drift (src/history/drift.ts, src/report/render.ts): read from
 * the history branch of the workspace's origin (a local bare repository here) for the scenarios the gate measures,
 * shown in the comment; no history, or one that cannot be read, is no line and no error.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HistoryStore } from '../../../src/history/branch-store.ts';
import { baseDrift } from '../../../src/history/drift.ts';
import { formatLine, monthFile } from '../../../src/history/lines.ts';
import type { HistoryLine } from '../../../src/model/history.ts';
import type { TextLog } from '../../../src/model/notes.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { gateConfig, scenario } from '../../support/gate-fakes.ts';
import { branchLine } from '../../support/history-lines.ts';
import { gateReport } from '../../support/reports.ts';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

function line(ref: string, change: number, verdict: HistoryLine['verdict'], date: string): HistoryLine {
  return branchLine(
    { change, verdict, noise: 1.2 },
    {
      date,
      head: { commit: 'c'.repeat(40), ref },
      base: { commit: 'b'.repeat(40), tag: 'v2.3.0' },
      pairs: 24,
    },
  );
}

describe('the drift line of a pull request comment', () => {
  let dir: string;
  let workspace: string;
  const config = gateConfig({ scenarios: [scenario('/orders'), scenario('/health')] });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'perf-gate-drift-'));
    const origin = join(dir, 'origin.git');
    mkdirSync(origin);
    git(origin, 'init', '-q', '--bare', '-b', 'main');
    workspace = join(dir, 'workspace');
    mkdirSync(workspace);
    git(workspace, 'init', '-q', '-b', 'feature');
    git(workspace, 'remote', 'add', 'origin', `file://${origin}`);
    const lines = [
      line('main', -1, 'no-change', '2026-10-30T00:00:00Z'),
      line('main', -4.1, 'regression', '2026-11-20T00:00:00Z'),
      line('develop', 3, 'improvement', '2026-11-21T00:00:00Z'),
    ];
    const store = await HistoryStore.open(
      { url: `file://${origin}`, branch: 'perf-gate-history', token: '', serverUrl: 'https://github.com' },
      dir,
    );
    await store.append(() => {
      const files = new Map<string, string>();
      for (const l of lines)
        files.set(monthFile(l.date), `${files.get(monthFile(l.date)) ?? ''}${formatLine(l)}`);
      return files;
    }, 'seed');
    await store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const said: string[] = [];
  const log: TextLog = {
    info: (text) => said.push(text),
    warning: (text) => said.push(text),
    output: () => {},
    group: (_name, body) => body(),
  };

  test('is the latest run of the base branch, on the scenarios the gate measures, in the comment', async () => {
    const drift = await baseDrift(config, workspace, 'main', log);
    assert.ok(drift);
    assert.equal(drift.release, 'v2.3.0');
    assert.deepEqual(
      drift.scenarios.map((s) => [s.scenario, s.change.toFixed(3), s.verdict]),
      [['GET /orders', '-0.041', 'regression']],
    );
    const markdown = renderMarkdown(gateReport({ paths: { '/orders': 1 } }), { drift });
    assert.match(
      markdown,
      /^📈 Before this pull request, `main` is already 4\.1% slower than `v2\.3\.0` on GET \/orders, as its history measured it at ccccccc on 2026-11-20\.$/m,
    );
    assert.doesNotMatch(renderMarkdown(gateReport({ paths: { '/orders': 1 } })), /Before this pull request/);
  });

  test('is nothing for a branch the history does not follow, another branch name, or no history at all', async () => {
    assert.equal(await baseDrift(config, workspace, 'release/1.x', log), undefined);
    assert.equal(
      await baseDrift({ ...config, historyBranch: 'elsewhere' }, workspace, 'main', log),
      undefined,
    );
    assert.equal(await baseDrift(config, workspace, '', log), undefined);
  });

  test('is nothing, not an error, when the origin cannot be read', async () => {
    const lost = join(dir, 'lost');
    mkdirSync(lost);
    git(lost, 'init', '-q');
    git(lost, 'remote', 'add', 'origin', `file://${join(dir, 'missing.git')}`);
    said.length = 0;
    assert.equal(await baseDrift(config, lost, 'main', log), undefined);
    assert.equal(said.length, 1, 'one line says why there is no drift');
  });
});
