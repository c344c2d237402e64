/**
 * example-workflows/: every workflow is valid YAML with one perf-gate step that uses only inputs action.yml
 * declares, has the permissions its event needs, and is run for real by an end-to-end test; every perf-gate.yml
 * there and in the fixture apps validates against perf-gate.schema.json and parses with src/scenario-file.ts.
 * Also the harness (test/support/workflow.ts) itself: expressions, services, overrides.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse, parseDocument } from 'yaml';
import { parseScenarioFile } from '../../src/scenario-file.ts';
import { APPS_DIR, readTree } from '../support/example.ts';
import { SCHEMA, violations } from '../support/json-schema.ts';
import {
  actionInvocation,
  configFilesUnder,
  EXAMPLES_DIR,
  type ExampleWorkflow,
  evaluate,
  exampleWorkflowFiles,
  expressionsIn,
  readWorkflow,
  substitute,
} from '../support/workflow.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const E2E_DIR = join(ROOT, 'test/e2e');

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
const actionInputs = new Set(Object.keys(action.inputs));

const files = exampleWorkflowFiles();
const workflows = new Map<string, ExampleWorkflow>();
for (const file of files) {
  try {
    workflows.set(file, readWorkflow(file));
  } catch {
    // Reported by the test 'parses' below.
  }
}

describe('example workflows', () => {
  test('are there: node:http, Fastify, NestJS + Redis, a monorepo, a fixed port, a push', () => {
    for (const file of [
      'node-http.yml',
      'fastify.yml',
      'nestjs-redis/perf.yml',
      'monorepo.yml',
      'restify-fixed-port.yml',
      'push-to-main.yml',
    ])
      assert.ok(files.includes(file), `example-workflows/${file} is missing (found ${files.join(', ')})`);
  });

  for (const file of files) {
    describe(file, () => {
      test('parses: valid YAML, no duplicate keys, exactly one perf-gate step', () => {
        const document = parseDocument(readFileSync(join(EXAMPLES_DIR, file), 'utf8'), { uniqueKeys: true });
        assert.deepEqual(
          document.errors.map((e) => e.message),
          [],
        );
        assert.doesNotThrow(() => readWorkflow(file));
      });

      test('uses only inputs that action.yml declares', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        const unknown = Object.keys(workflow.with).filter((name) => !actionInputs.has(name));
        assert.deepEqual(unknown, [], `inputs not in action.yml: ${unknown.join(', ')}`);
      });

      test('sets `start` (or a config file that sets it), and checks out the code first', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        assert.ok(
          workflow.with.start !== undefined || workflow.with.config !== undefined,
          'the perf-gate step needs `start` or `config`',
        );
        assert.ok(
          workflow.otherSteps.some((s) => s.uses?.startsWith('actions/checkout@')),
          'no actions/checkout step',
        );
      });

      test('has the permissions its events need', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        assert.equal(workflow.permissions.contents, 'read');
        const comments = workflow.with.comment !== 'false';
        if (workflow.events.some((e) => e.startsWith('pull_request')) && comments)
          assert.equal(workflow.permissions['pull-requests'], 'write', 'the sticky comment needs it');
      });

      test('every input value is a string as GitHub passes it, with only expressions the harness knows', () => {
        const workflow = workflows.get(file);
        assert.ok(workflow);
        for (const [name, value] of [...Object.entries(workflow.with), ...Object.entries(workflow.env)]) {
          assert.equal(typeof value, 'string', name);
          for (const expression of expressionsIn(value)) {
            // The values are the test's; only whether the harness knows the expression matters here.
            assert.doesNotThrow(
              () =>
                evaluate(
                  expression,
                  {
                    token: 't',
                    servicePorts: Object.fromEntries(
                      workflow.services.map((s) => [
                        s.id,
                        Object.fromEntries(s.ports.map((p) => [p.container, 1])),
                      ]),
                    ),
                    event: { before: 'b' },
                  },
                  `${file}: ${name}`,
                ),
              `${name}: \${{ ${expression} }}`,
            );
          }
        }
      });

      test('is run for real by an end-to-end test', () => {
        const tests = readdirSync(E2E_DIR).filter((name) => name.endsWith('.test.ts'));
        const runners = tests.filter((name) =>
          readFileSync(join(E2E_DIR, name), 'utf8').includes(`readWorkflow('${file}')`),
        );
        assert.ok(runners.length > 0, `no test in test/e2e calls readWorkflow('${file}')`);
      });
    });
  }
});

describe('config files (perf-gate.yml)', () => {
  const configs = [...configFilesUnder(EXAMPLES_DIR), ...configFilesUnder(APPS_DIR)];

  test('the NestJS example has one', () => {
    assert.ok(
      configs.includes(join(EXAMPLES_DIR, 'nestjs-redis/perf-gate.yml')),
      `found: ${configs.map((c) => relative(ROOT, c)).join(', ')}`,
    );
  });

  for (const path of configs) {
    const name = relative(ROOT, path);
    test(`${name} validates against perf-gate.schema.json and parses`, () => {
      const text = readFileSync(path, 'utf8');
      assert.deepEqual(violations(SCHEMA, parse(text)), []);
      const body = readTree(dirname(path));
      const file = parseScenarioFile(text, {
        fileName: name,
        readFile: (relativePath) =>
          body[relativePath] ?? assert.fail(`${name}: no body file ${relativePath}`),
      });
      assert.ok(file.scenarios.length > 0);
    });
  }

  test('the NestJS config: start, readiness on /health, a setup that empties Redis, GET /cached', () => {
    const text = readFileSync(join(EXAMPLES_DIR, 'nestjs-redis/perf-gate.yml'), 'utf8');
    const file = parseScenarioFile(text, { fileName: 'perf-gate.yml', readFile: () => assert.fail() });
    assert.equal(file.start, 'node dist/main.js');
    assert.deepEqual(file.ready, { path: '/health', status: 200, timeoutMs: 60_000 });
    assert.equal(file.setup, 'redis-cli -p $REDIS_PORT flushall');
    assert.deepEqual(
      file.scenarios.map((s) => [s.name, s.expectStatus]),
      [['GET /cached', 200]],
    );
  });
});

describe('the workflow harness', () => {
  test('reads the NestJS example: its Redis service, the port expression, the config input', () => {
    const workflow = readWorkflow('nestjs-redis/perf.yml');
    assert.deepEqual(workflow.services, [
      { id: 'redis', image: 'redis:7-alpine', ports: [{ container: 6379, host: undefined }] },
    ]);
    const invocation = actionInvocation(workflow, {
      token: 'ghs_x',
      servicePorts: { redis: { 6379: 41234 } },
    });
    assert.deepEqual(invocation.env, { REDIS_PORT: '41234' });
    assert.deepEqual(invocation.inputs, { config: 'perf-gate.yml', build: 'npm run build' });
  });

  test('substitutes the known expressions and fails loudly on any other', () => {
    const context = { token: 'ghs_x', event: { before: 'abc123' }, matrix: { shard: '2/3' } };
    const text =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expressions, not JS templates
      'a ${{ secrets.GITHUB_TOKEN }} b ${{github.token}} c ${{ github.event.before }} ${{ matrix.shard }}';
    assert.equal(substitute(text, context, 'x'), 'a ghs_x b ghs_x c abc123 2/3');
    for (const unknown of [
      'github.sha',
      'env.FOO',
      "format('{0}', 1)",
      'steps.perf.outputs.verdict',
      'vars.X',
    ])
      assert.throws(
        () => substitute(`\${{ ${unknown} }}`, context, 'with.base'),
        (error: Error) => error.message.includes(unknown) && error.message.includes('does not know'),
      );
    assert.throws(
      () => evaluate("job.services.postgres.ports['5432']", context, 'env.PGPORT'),
      /start service `postgres`/,
    );
    assert.throws(() => evaluate('github.event.after', context, 'with.base'), /event\.after/);
  });

  test('lets a test override timing inputs only', () => {
    const workflow = readWorkflow('node-http.yml');
    const timed = actionInvocation(
      workflow,
      { token: 't' },
      { duration: '1s', rounds: '8', flamegraphs: 'false' },
    );
    assert.equal(timed.inputs.duration, '1s');
    assert.equal(timed.inputs.start, 'node index.js');
    for (const name of ['threshold', 'paths', 'start', 'port', 'alpha'])
      assert.throws(() => actionInvocation(workflow, { token: 't' }, { [name]: 'x' }), /only timing inputs/);
  });
});
