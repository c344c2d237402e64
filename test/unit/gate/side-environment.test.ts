/**
 * Issue 50, item 1: each side's servers get that side's own `NODE_OPTIONS` (its own config file's `env`, else the
 * step's), behind perf-gate's preloads, never the other side's. Read from the environment the real collaborators
 * (systemCollaborators, with the diagnostics recorder and the port preload) hand a fake server starter, the way
 * measuring asks for it (servers.ts: the probe's env first).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { trustedConfig } from '../../../src/config/base-config.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { systemCollaborators } from '../../../src/gate/system.ts';
import type { RunningServer, ServerSpec } from '../../../src/io/server.ts';
import type { Config } from '../../../src/model/config.ts';
import type { Side } from '../../../src/model/measure.ts';

const out = mkdtempSync(join(tmpdir(), 'pg-side-env-'));
after(() => rmSync(out, { recursive: true, force: true }));

const EVIL = '--require /tmp/slow-base.cjs';
const HEAD_FILE = `start: node index.js
env: { NODE_OPTIONS: "${EVIL}", MODE: head }
scenarios:
  - path: /
`;
const BASE_FILE =
  'start: node index.js\nenv: { NODE_OPTIONS: "--max-old-space-size=64" }\nscenarios:\n  - path: /\n';

function trusted(
  baseText: string | undefined,
  headText = HEAD_FILE,
  inputs: Record<string, string> = {},
): Config {
  const all: Record<string, string> = { config: 'perf-gate.yml', ...inputs };
  const config = parseConfig((name) => all[name] ?? '', { outputDir: out, readFile: () => headText });
  return trustedConfig(config, baseText, headText);
}

/** The environment each side's server is started with, its probe's env given as measuring gives it. */
async function startedEnv(config: Config, together = false): Promise<Record<Side, Record<string, string>>> {
  const envs = {} as Record<Side, Record<string, string>>;
  const fake = async (spec: ServerSpec): Promise<RunningServer> => {
    envs[spec.side] = spec.env ?? {};
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
    for (const side of ['base', 'head'] as const) {
      const probe = collaborators.probes.server(side, `pair1-${side}`);
      await collaborators.startServer(side, 0, probe.env, together);
    }
  } finally {
    await collaborators.load.stop();
  }
  return envs;
}

const PRELOAD = /^--require "[^"]*perf-gate-diagnostics\.cjs"/;

describe('each side’s servers get their own NODE_OPTIONS, behind perf-gate’s preload', () => {
  test('head’s file sets NODE_OPTIONS: head’s server gets it, base’s gets base’s own file’s', async () => {
    const envs = await startedEnv(trusted(BASE_FILE));
    assert.match(envs.head.NODE_OPTIONS!, PRELOAD);
    assert.ok(envs.head.NODE_OPTIONS!.endsWith(` ${EVIL}`), envs.head.NODE_OPTIONS);
    assert.match(envs.base.NODE_OPTIONS!, PRELOAD);
    assert.ok(envs.base.NODE_OPTIONS!.endsWith(' --max-old-space-size=64'), envs.base.NODE_OPTIONS);
    assert.doesNotMatch(envs.base.NODE_OPTIONS!, /slow-base/);
    assert.equal(envs.base.MODE, undefined);
  });

  test('base without a file (head’s `start` run on base too): base gets the step’s NODE_OPTIONS, not head’s', async () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '--no-warnings';
    try {
      const envs = await startedEnv(trusted(undefined));
      assert.match(envs.base.NODE_OPTIONS!, PRELOAD);
      assert.ok(envs.base.NODE_OPTIONS!.endsWith(' --no-warnings'), envs.base.NODE_OPTIONS);
      assert.doesNotMatch(envs.base.NODE_OPTIONS!, /slow-base/);
      assert.ok(envs.head.NODE_OPTIONS!.endsWith(` ${EVIL}`), envs.head.NODE_OPTIONS);
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
  });

  test('a fixed port moved beside the twin: the port preload, the diagnostics preload, then the side’s own', async () => {
    const withPort = (text: string) => text.replace('scenarios:', 'port: 3000\nscenarios:');
    const envs = await startedEnv(trusted(withPort(BASE_FILE), withPort(HEAD_FILE)), true);
    for (const side of ['base', 'head'] as const) {
      assert.match(
        envs[side].NODE_OPTIONS!,
        /^--require "[^"]*perf-gate-ports\.cjs" --require "[^"]*diagnostics/,
      );
      assert.ok(envs[side].PERF_GATE_PORT_MAP, side);
    }
    assert.doesNotMatch(envs.base.NODE_OPTIONS!, /slow-base/);
    assert.ok(envs.base.NODE_OPTIONS!.endsWith(' --max-old-space-size=64'), envs.base.NODE_OPTIONS);
    assert.ok(envs.head.NODE_OPTIONS!.endsWith(` ${EVIL}`), envs.head.NODE_OPTIONS);
  });
});
