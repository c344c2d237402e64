/**
 * Issue 50, item 2: what is measured is base's choice where base has a config file. Base's scenarios are measured
 * as base's file defines them (request, `expect`, bodies read from the base commit), head's file may add scenarios
 * (new on head when base fails them) but not redefine or drop base's; the sharding covers the merged list.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { trustedConfig } from '../../../src/config/base-config.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { withTrustedPolicy } from '../../../src/entry/trusted.ts';
import type { Config } from '../../../src/model/config.ts';
import { commitRepo } from '../../support/repo.ts';

const BASE_FILE = `scenarios:
  - name: orders
    method: POST
    path: /orders
    bodyFile: bodies/order.json
    headers: { authorization: "Bearer \${TOKEN}" }
    expect: 201
  - path: /slow
`;
const HEAD_FILE = `start: node index.js
scenarios:
  - name: orders
    path: /health
  - path: /new
`;

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function headConfig(inputs: Record<string, string> = {}): Config {
  const all: Record<string, string> = { config: 'perf-gate.yml', start: '', ...inputs };
  return parseConfig((name) => all[name] ?? '', {
    outputDir: '/tmp/pg-out',
    readFile: () => HEAD_FILE,
    environment: { TOKEN: 'tok-head' },
  });
}

async function measured(inputs: Record<string, string> = {}): Promise<Config> {
  const repo = commitRepo(
    'pg-base-scenarios-',
    { 'perf-gate.yml': BASE_FILE, 'bodies/order.json': '{"sku":"a1"}\n' },
    { 'perf-gate.yml': HEAD_FILE, 'bodies/order.json': '{}' },
  );
  roots.push(repo.root);
  return withTrustedPolicy(headConfig(inputs), repo.root, repo.base, repo.head, { TOKEN: 'tok-base' });
}

describe('base’s scenarios where base has a config file', () => {
  test('base’s definitions are measured, head’s additions after them; head cannot redefine nor drop one of base’s', async () => {
    const config = await measured();
    assert.deepEqual(
      config.scenarios.map((s) => [s.name, s.method, s.path, s.expectStatus, s.body, s.headers]),
      [
        ['orders', 'POST', '/orders', 201, '{"sku":"a1"}\n', { authorization: 'Bearer tok-base' }],
        ['GET /slow', 'GET', '/slow', undefined, undefined, {}],
        ['GET /new', 'GET', '/new', undefined, undefined, {}],
      ],
    );
    assert.equal(config.scenarioCount, 3);
    assert.deepEqual(config.baseScenarios, ['orders', 'GET /slow']);
    assert.ok(config.secrets.includes('tok-base'), 'what base’s file took from the step is a secret too');
  });

  test('shards divide the merged list', async () => {
    const first = await measured({ shard: '1/2' });
    const second = await measured({ shard: '2/2' });
    assert.deepEqual(
      first.scenarios.map((s) => s.name),
      ['orders', 'GET /new'],
    );
    assert.deepEqual(
      second.scenarios.map((s) => s.name),
      ['GET /slow'],
    );
    assert.equal(first.scenarioCount, 3);
  });

  test('without a file in base: head’s scenarios, none of them base’s', () => {
    const config = trustedConfig(headConfig(), undefined, HEAD_FILE);
    assert.deepEqual(
      config.scenarios.map((s) => s.name),
      ['orders', 'GET /new'],
    );
    assert.equal(config.baseScenarios, undefined);
  });
});
