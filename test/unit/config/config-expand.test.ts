/**
 * `${NAME}` in the config file: headers and bodies take the step's environment (a token is a secret of the workflow,
 * not text of the repository) and are kept out of what perf-gate writes; `env` takes it too, with `${PERF_GATE_SIDE}`
 * left for each side's processes, so that base and head may each have a database of their own.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { sideEnv } from '../../../src/config/expand.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { runHook, type StepLog } from '../../../src/gate/trees.ts';
import { redact } from '../../../src/io/redact.ts';
import { gateLog } from '../../../src/report/log-text.ts';
import { gateReport } from '../../support/reports.ts';

const FILE = `start: node index.js
env:
  DATABASE_URL: postgres://app:\${DB_PASSWORD}@127.0.0.1:5432/shop_\${PERF_GATE_SIDE}
  NODE_ENV: production
scenarios:
  - path: /orders
    headers:
      authorization: Bearer \${API_TOKEN}
      accept: application/json
  - name: create
    method: POST
    path: /orders
    body: '{"key": "\${API_TOKEN}"}'
`;

const ENVIRONMENT = { API_TOKEN: 'tok-3f9a1c7e55d2', DB_PASSWORD: 's3cret-pass' };

function parsed(file = FILE, environment: NodeJS.ProcessEnv = ENVIRONMENT) {
  return parseConfig((name) => (name === 'config' ? 'perf-gate.yml' : ''), {
    outputDir: '/tmp/perf-gate-expand',
    readFile: () => file,
    environment,
  });
}

describe(`\${NAME} in the config file`, () => {
  test("headers and bodies take the step's environment, and what they took is a secret", () => {
    const config = parsed();
    assert.equal(config.scenarios[0]!.headers.authorization, 'Bearer tok-3f9a1c7e55d2');
    assert.equal(config.scenarios[0]!.headers.accept, 'application/json');
    assert.equal(config.scenarios[1]!.body, '{"key": "tok-3f9a1c7e55d2"}');
    assert.deepEqual([...config.secrets].sort(), ['s3cret-pass', 'tok-3f9a1c7e55d2']);
  });

  test('env takes it too, and PERF_GATE_SIDE waits for the side', () => {
    const config = parsed();
    assert.equal(
      config.env.DATABASE_URL,
      `postgres://app:s3cret-pass@127.0.0.1:5432/shop_\${PERF_GATE_SIDE}`,
    );
    assert.equal(
      sideEnv(config.env, 'base').DATABASE_URL,
      'postgres://app:s3cret-pass@127.0.0.1:5432/shop_base',
    );
    assert.equal(
      sideEnv(config.env, 'head').DATABASE_URL,
      'postgres://app:s3cret-pass@127.0.0.1:5432/shop_head',
    );
    assert.equal(sideEnv(config.env, 'head').NODE_ENV, 'production');
  });

  test('a variable the step does not set is an error naming the field, the variable and the fix', () => {
    assert.throws(
      () => parsed(FILE, { DB_PASSWORD: 'x' }),
      (error: Error) =>
        /scenario `GET \/orders` headers\.authorization: `\$\{API_TOKEN\}` is not set in the step's environment/.test(
          error.message,
        ) && /env: \{ API_TOKEN: \$\{\{ secrets\.API_TOKEN \}\} \}/.test(error.message),
    );
  });

  test("the runner's own variables and what the child environment hides are refused, naming the variable and the fix (issue 50)", () => {
    const runner = {
      GITHUB_TOKEN: 'ghs_x',
      ACTIONS_RUNTIME_TOKEN: 'r',
      RUNNER_TEMP: '/t',
      INPUT_TOKEN: 'i',
      GH_TOKEN: 'g',
    };
    for (const name of Object.keys(runner)) {
      const file = `start: node index.js\nscenarios:\n  - path: /x\n    headers: { authorization: "Bearer \${${name}}" }\n`;
      assert.throws(
        () => parsed(file, { ...ENVIRONMENT, ...runner }),
        (error: Error) =>
          error.message.includes(`\`\${${name}}\` is the runner's`) &&
          /Pass the value under a name of your own/.test(error.message),
        name,
      );
    }
    const inEnv = `start: node index.js\nenv: { W: "\${GITHUB_WORKSPACE}/x.cjs" }\nscenarios:\n  - path: /x\n`;
    assert.throws(
      () => parsed(inEnv, { GITHUB_WORKSPACE: '/w' }),
      /env\.W: `\$\{GITHUB_WORKSPACE\}` is the runner's/,
    );
  });

  test('a variable set but empty (a fork or Dependabot gets no secrets) is an error before anything runs (issue 52)', () => {
    assert.throws(
      () => parsed(FILE, { ...ENVIRONMENT, API_TOKEN: '' }),
      (error: Error) =>
        /headers\.authorization: `\$\{API_TOKEN\}` is empty/.test(error.message) &&
        /forks and Dependabot get no secrets/.test(error.message) &&
        error.message.includes(
          "if: github.event.pull_request.head.repo.full_name == github.repository && github.actor != 'dependabot[bot]'",
        ),
    );
  });

  test('a variable that puts a line break into a header is refused (no header injection)', () => {
    assert.throws(
      () => parsed(FILE, { ...ENVIRONMENT, API_TOKEN: 'x\r\nx-admin: yes' }),
      /headers\.authorization: a variable of the step's environment put a line break into it/,
    );
  });

  test('a file without variables is read as written, with no secrets', () => {
    const config = parsed(
      'start: node index.js\nscenarios:\n  - path: /x\n    headers: { accept: "*/*" }\n',
      {},
    );
    assert.deepEqual(config.secrets, []);
    assert.equal(config.scenarios[0]!.headers.accept, '*/*');
  });

  test('what a server echoed of a secret is redacted from the report', () => {
    const config = parsed();
    const report = gateReport({
      paths: { '/a': 1 },
      error: {
        code: 'server-start',
        message: 'head did not start',
        side: 'head',
        output: `GET /orders authorization=Bearer ${ENVIRONMENT.API_TOKEN} db=${ENVIRONMENT.DB_PASSWORD}`,
        neutral: false,
      },
    });
    const text = JSON.stringify(redact(report, [...config.secrets]));
    for (const secret of config.secrets) assert.ok(!text.includes(secret), secret);
    assert.match(text, /authorization=Bearer \*\*\*/);
  });
});

test("setup and teardown see each side's own env: PERF_GATE_SIDE in a value as base or head", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-side-env-'));
  try {
    const log: StepLog = gateLog({
      info: () => {},
      warning: () => {},
      output: () => {},
      group: (_n, body) => body(),
    });
    for (const side of ['base', 'head'] as const)
      await runHook({
        what: 'setup',
        side,
        command: `echo "$DATABASE_URL" > ${side}.txt`,
        cwd: dir,
        env: { DATABASE_URL: `postgres://127.0.0.1/shop_\${PERF_GATE_SIDE}` },
        timeoutMs: 10_000,
        log,
      });
    assert.equal(readFileSync(join(dir, 'base.txt'), 'utf8').trim(), 'postgres://127.0.0.1/shop_base');
    assert.equal(readFileSync(join(dir, 'head.txt'), 'utf8').trim(), 'postgres://127.0.0.1/shop_head');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
