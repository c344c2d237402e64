/**
 * `perf-gate compare` (src/entry/commands.ts) does what the action does with the config file: each side starts
 * with its own commit's copy (base's read from the base commit, head's from the work tree) and the policy is
 * base's or the flags', never the work tree's (config/base-config.ts).
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { sideCommands } from '../../../src/config/base-config.ts';
import { compare } from '../../../src/entry/commands.ts';
import type { GateContext } from '../../../src/gate/ports.ts';
import type { TextLog } from '../../../src/model/notes.ts';
import type { Report } from '../../../src/model/report.ts';
import { commitRepo } from '../../support/repo.ts';

const BASE_FILE =
  'start: node base.js\nport: 3000\nenv: { MODE: base }\nscenarios:\n  - path: /orders\n    threshold: 3%\n';
const HEAD_FILE =
  'start: node head.js\nenv: { MODE: head }\nthreshold: 100%\nscenarios:\n  - path: /orders\n    threshold: 90%\n';

const quiet: TextLog = { info() {}, warning() {}, output() {}, group: (_name, body) => body() };

test('compare starts base with base’s file and takes the policy from base’s file, not the work tree’s', async () => {
  const repo = commitRepo('perf-gate-cli-trusted-', {
    'perf-gate.yml': BASE_FILE,
    'base.js': '',
    'head.js': '',
  });
  try {
    writeFileSync(join(repo.root, 'perf-gate.yml'), HEAD_FILE);
    let seen: GateContext | undefined;
    const fakeGate = async (context: GateContext): Promise<Report> => {
      seen = context;
      return {} as Report;
    };
    await compare(['--config', 'perf-gate.yml', '--base', 'main'], repo.root, quiet, fakeGate);
    assert.ok(seen, 'the gate ran');
    const base = sideCommands(seen.config, 'base');
    assert.deepEqual([base.start, base.env, base.port], ['node base.js', { MODE: 'base' }, 3000]);
    assert.equal(sideCommands(seen.config, 'head').start, 'node head.js');
    assert.equal(
      seen.config.threshold,
      0.02,
      'the default: base’s file sets none, and the work tree’s 100% is not taken',
    );
    assert.deepEqual(
      seen.config.scenarios.map((s) => s.threshold),
      [0.03],
    );
    assert.equal(seen.config.configChanged, true);
  } finally {
    rmSync(repo.root, { recursive: true, force: true });
  }
});
