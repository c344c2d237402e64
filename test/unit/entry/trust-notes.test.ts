/**
 * Issue 50, items 2 and 6: the report says what the pull request chose that policy from base does not cover: base
 * ran head's `start` (neither the workflow nor base's file sets one), and the workflow file that runs the gate
 * differs between base and head (under `pull_request` the pull request's copy ran).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { trustedConfig } from '../../../src/config/base-config.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { changedWorkflow, withTrustedPolicy } from '../../../src/entry/trusted.ts';
import { trustNotes } from '../../../src/gate/run-gate.ts';
import type { Config } from '../../../src/model/config.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { commitRepo } from '../../support/repo.ts';

const FILE = 'start: node index.js\nscenarios:\n  - path: /\n';
const WORKFLOW = '.github/workflows/perf.yml';
const ENV = {
  GITHUB_REPOSITORY: 'Octo-Org/repo',
  GITHUB_WORKFLOW_REF: `octo-org/repo/${WORKFLOW}@refs/pull/7/merge`,
};

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function repo(baseWorkflow: string, headWorkflow: string): { root: string; base: string; head: string } {
  const made = commitRepo(
    'pg-trust-notes-',
    { 'perf-gate.yml': FILE, 'README.md': 'base\n', [WORKFLOW]: baseWorkflow },
    { 'README.md': 'head\n', [WORKFLOW]: headWorkflow },
  );
  roots.push(made.root);
  return made;
}

function headConfig(inputs: Record<string, string> = {}, file = FILE): Config {
  const all: Record<string, string> = { config: 'perf-gate.yml', ...inputs };
  return parseConfig((name) => all[name] ?? '', { outputDir: '/tmp/pg-out', readFile: () => file });
}

describe('the workflow file that runs the gate, base’s and head’s', () => {
  test('changed by the pull request: named, and a note says what that means', async () => {
    const { root, base, head } = repo('with: { threshold: 2% }\n', 'with: { threshold: 90% }\n');
    assert.equal(await changedWorkflow(root, base, head, ENV), WORKFLOW);
    const config = await withTrustedPolicy(headConfig(), root, base, head, ENV);
    assert.equal(config.workflowChanged, WORKFLOW);
    const notes = trustNotes(config);
    assert.deepEqual(notes, [{ kind: 'workflow-changed', file: WORKFLOW }]);
    assert.match(
      noteText(notes[0]!),
      /^this pull request changes `\.github\/workflows\/perf\.yml`, the workflow file that runs this gate: under `pull_request` the pull request's copy ran/,
    );
  });

  test('the same in both, another repository’s, or no workflow at all: nothing', async () => {
    const { root, base, head } = repo('same\n', 'same\n');
    assert.equal(await changedWorkflow(root, base, head, ENV), undefined);
    const other = { ...ENV, GITHUB_WORKFLOW_REF: `someone/repo/${WORKFLOW}@refs/heads/main` };
    const changed = repo('a\n', 'b\n');
    assert.equal(await changedWorkflow(changed.root, changed.base, changed.head, other), undefined);
    assert.equal(await changedWorkflow(changed.root, changed.base, changed.head, {}), undefined);
    assert.equal((await withTrustedPolicy(headConfig(), root, base, head, ENV)).workflowChanged, undefined);
  });

  test('a hostile file name is code in the note, never a mention or a link', () => {
    const text = noteText({ kind: 'workflow-changed', file: '@octocat [x](https://e.example)`' });
    assert.ok(text.includes('@\u200boctocat'));
    assert.ok(text.startsWith('this pull request changes ``'));
  });
});

describe('base that runs head’s `start`', () => {
  test('no file in base and no `start` input: a note says so and what to set', () => {
    const config = trustedConfig(headConfig(), undefined, FILE);
    assert.deepEqual(trustNotes(config), [
      { kind: 'config-changed', file: 'perf-gate.yml' },
      { kind: 'head-start-on-base' },
    ]);
    assert.match(
      noteText({ kind: 'head-start-on-base' }),
      /base's servers ran the `start` of this pull request's config file, which the pull request wrote\. Set the `start` input/,
    );
  });

  test('base’s own file, or the workflow’s `start`: no such note', () => {
    assert.deepEqual(trustNotes(trustedConfig(headConfig(), FILE, FILE)), []);
    const noStart = 'scenarios:\n  - path: /\n';
    const withInput = trustedConfig(headConfig({ start: 'node index.js' }, noStart), undefined, noStart);
    assert.ok(!trustNotes(withInput).some((n) => n.kind === 'head-start-on-base'));
  });
});
