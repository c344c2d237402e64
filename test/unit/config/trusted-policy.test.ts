/**
 * Issue 41, item 2: policy from the trusted side. The config file is read from head, which the pull request wrote:
 * each side starts with its own commit's `start`, `env`, `setup` and `teardown`, the thresholds are base's file's or
 * the workflow's, a changed file is flagged; a failure of base is neutral only before anything of head's ran.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configPathInCommit, sideCommands, trustedConfig } from '../../../src/config/base-config.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { assembleReport, type GateRun } from '../../../src/gate/assemble.ts';
import type { GateContext } from '../../../src/gate/ports.ts';
import { systemCollaborators } from '../../../src/gate/system.ts';
import type { RunningServer, ServerSpec } from '../../../src/io/server.ts';
import type { Config } from '../../../src/model/config.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { Side } from '../../../src/model/measure.ts';
import { gateConfig } from '../../support/gate-fakes.ts';

const BASE_FILE = `start: node index.js
env: { MODE: base }
setup: node seed.js
scenarios:
  - path: /orders
    threshold: 3%
  - path: /health
`;
const HEAD_FILE = `start: '[ "$PERF_GATE_SIDE" = base ] && exit 3; exec node index.js'
env: { MODE: head }
threshold: 100%
setup: node sabotage.js
teardown: node cleanup.js
scenarios:
  - path: /orders
    threshold: 100%
  - path: /health
    threshold: 90%
  - path: /new
    threshold: 50%
`;

function headConfig(inputs: Record<string, string> = {}, file = HEAD_FILE): Config {
  const all: Record<string, string> = { config: 'perf-gate.yml', ...inputs };
  return parseConfig((name) => all[name] ?? '', { outputDir: '/tmp/pg-out', readFile: () => file });
}

describe('each side starts with its own config; the policy is base’s or the workflow’s', () => {
  test('head’s `start`, `env`, `setup`, `teardown` run head only; base runs its own file’s', () => {
    const trusted = trustedConfig(headConfig(), BASE_FILE, HEAD_FILE);
    assert.deepEqual(sideCommands(trusted, 'base'), {
      start: 'node index.js',
      env: { MODE: 'base' },
      setup: 'node seed.js',
      teardown: undefined,
      port: undefined,
      ready: { path: '/orders', status: undefined },
      readyTimeoutMs: 60_000,
    });
    assert.equal(
      sideCommands(trusted, 'head').start,
      '[ "$PERF_GATE_SIDE" = base ] && exit 3; exec node index.js',
    );
    assert.equal(sideCommands(trusted, 'head').setup, 'node sabotage.js');
    assert.equal(trusted.headCommandsOnBase, false);
  });

  test('`threshold: 100%` in head’s file wins nothing: base’s thresholds, else the workflow’s', () => {
    const trusted = trustedConfig(headConfig(), BASE_FILE, HEAD_FILE);
    assert.equal(trusted.threshold, 0.02, 'the workflow’s default: base’s file sets none');
    assert.deepEqual(
      trusted.scenarios.map((s) => [s.name, s.threshold]),
      [
        ['GET /orders', 0.03],
        ['GET /health', undefined],
        ['GET /new', undefined],
      ],
    );
    const noTop = HEAD_FILE.replace('threshold: 100%\n', '');
    const withInput = trustedConfig(headConfig({ threshold: '4%' }, noTop), undefined, noTop);
    assert.equal(withInput.threshold, 0.04, 'no file in base: the workflow’s input');
    assert.ok(withInput.scenarios.every((s) => s.threshold === undefined));
  });

  test('a file the pull request adds or changes is flagged; the same file is not', () => {
    assert.equal(trustedConfig(headConfig(), BASE_FILE, HEAD_FILE).configChanged, true);
    assert.equal(trustedConfig(headConfig(), undefined, HEAD_FILE).configChanged, true);
    assert.equal(trustedConfig(headConfig(), HEAD_FILE, HEAD_FILE).configChanged, false);
  });

  test('base without a file and no `start` input: base runs head’s command, and its failure is not neutral', () => {
    const trusted = trustedConfig(headConfig(), undefined, HEAD_FILE);
    assert.equal(trusted.headCommandsOnBase, true);
    assert.deepEqual(sideCommands(trusted, 'base').env, {}, 'not head’s environment');
    assert.equal(sideCommands(trusted, 'base').setup, undefined, 'nor head’s setup');
    const started = trustedConfig(headConfig(), undefined, HEAD_FILE);
    assert.equal(neutralOf(started, false), false);
  });

  test('the file’s path in a commit: relative to the repository, none outside it', () => {
    const config = headConfig({ 'working-directory': 'api' });
    assert.equal(configPathInCommit(config, '/repo'), 'api/perf-gate.yml');
    assert.equal(configPathInCommit({ ...config, configFile: '/repo/ci/perf.yml' }, '/repo'), 'ci/perf.yml');
    assert.equal(configPathInCommit({ ...config, configFile: '/etc/perf.yml' }, '/repo'), undefined);
    assert.equal(configPathInCommit({ ...config, configFile: undefined }, '/repo'), undefined);
  });
});

function neutralOf(config: Config, headRan: boolean): boolean | undefined {
  const context: GateContext = {
    config,
    root: '/repo',
    base: { sha: 'b'.repeat(40), label: 'main' },
    head: { sha: 'd'.repeat(40), label: 'feature' },
    log: {} as GateContext['log'],
  };
  const run: GateRun = {
    started: Date.now(),
    deadline: Date.now() + 60_000,
    notes: [],
    prepared: [],
    prepareSec: 0,
    measureSec: 0,
    changedFiles: [],
    error: new GateError('server-start', 'the base server exited with code 3', { side: 'base' }),
    headRan,
  };
  return assembleReport(context, run).error?.neutral;
}

describe('a failure of base is neutral only before anything of head’s ran', () => {
  test('before head’s install: neutral; after it (head’s code could have done it): an error', () => {
    const config = gateConfig();
    assert.equal(neutralOf(config, false), true);
    assert.equal(neutralOf(config, true), false);
  });
});

const BASE_PORT_FILE = `start: node index.js
port: 3000
ready: { path: /health, status: 204, timeout: 5s }
scenarios:
  - path: /orders
`;
const HEAD_PORT_FILE = `start: node index.js
port: 4000
ready: { path: /slow-warmup, status: 200, timeout: 2s }
scenarios:
  - path: /orders
`;

describe('each side’s server on its own commit’s `port` and `ready`', () => {
  /** The specs the real collaborators hand startServer, with a fake that records them. */
  async function startedSpecs(config: Config): Promise<Record<Side, ServerSpec>> {
    const specs = {} as Record<Side, ServerSpec>;
    const fake = async (spec: ServerSpec): Promise<RunningServer> => {
      specs[spec.side] = spec;
      return {
        side: spec.side,
        host: '127.0.0.1',
        port: spec.port ?? 1,
        origin: 'http://127.0.0.1:1',
        child: { pid: 1 } as RunningServer['child'],
        assertAlive: () => {},
        stop: async () => {},
      };
    };
    const collaborators = systemCollaborators(config, { base: '/b', head: '/h' }, fake);
    try {
      for (const side of ['base', 'head'] as const) await collaborators.startServer(side, 0, {}, false);
    } finally {
      await collaborators.load.stop();
    }
    return specs;
  }

  test('base starts on base’s port and is probed with base’s readiness; head with head’s', async () => {
    const trusted = trustedConfig(headConfig({}, HEAD_PORT_FILE), BASE_PORT_FILE, HEAD_PORT_FILE);
    const specs = await startedSpecs(trusted);
    assert.deepEqual(
      [specs.base.port, specs.base.readyPath, specs.base.readyStatus, specs.base.readyTimeoutMs],
      [3000, '/health', 204, 5000],
    );
    assert.deepEqual(
      [specs.head.port, specs.head.readyPath, specs.head.readyStatus, specs.head.readyTimeoutMs],
      [4000, '/slow-warmup', 200, 2000],
    );
  });

  test('base without a file: the workflow’s `port` and `ready-timeout`, the measured path, any status', () => {
    const headFile = 'ready: { path: /slow-warmup, status: 200 }\nscenarios:\n  - path: /orders\n';
    const inputs = { start: 'node index.js', port: '5000', 'ready-timeout': '30s' };
    const trusted = trustedConfig(headConfig(inputs, headFile), undefined, headFile);
    const base = sideCommands(trusted, 'base');
    assert.deepEqual(
      [base.port, base.ready, base.readyTimeoutMs],
      [5000, { path: '/orders', status: undefined }, 30_000],
    );
    assert.deepEqual(sideCommands(trusted, 'head').ready, { path: '/slow-warmup', status: 200 });
  });

  test('base that must run head’s command (no file, no `start` input) takes head’s port and readiness with it', () => {
    const trusted = trustedConfig(headConfig({}, HEAD_PORT_FILE), undefined, HEAD_PORT_FILE);
    const base = sideCommands(trusted, 'base');
    assert.deepEqual([base.port, base.ready.path, base.readyTimeoutMs], [4000, '/slow-warmup', 2000]);
    assert.equal(trusted.headCommandsOnBase, true);
  });
});
