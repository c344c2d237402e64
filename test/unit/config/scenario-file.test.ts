/**
 * src/scenario-file.ts and perf-gate.schema.json: the fixtures in test/fixtures/config/ parse to what they say,
 * every invalid one fails with its message (file, line, field, what to write), and the schema that editors use
 * accepts and rejects exactly what the parser does, checked on every fixture and on generated variants.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { INPUT_DEFAULTS, type InputName } from '../../../src/config/inputs.ts';
import {
  checkInputOverlap,
  parseScenarioFile,
  type ScenarioFile,
  scenariosFromPaths,
} from '../../../src/config/scenario-file.ts';
import type { Scenario } from '../../../src/model/config.ts';
import { GateError } from '../../../src/model/errors.ts';
import { compile, isObject, type JsonObject, SCHEMA, violations } from '../../support/json-schema.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/config/', import.meta.url));

const fixtureNames = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.yml'))
  .sort();

function readFixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** Reads body files the way the action will: relative to the directory of the config file. */
function fixtureFile(relativePath: string): string {
  return readFileSync(join(FIXTURES, relativePath), 'utf8');
}

function parseText(text: string, fileName = 'perf-gate.yml', readFile = fixtureFile): ScenarioFile {
  return parseScenarioFile(text, { fileName, readFile });
}

function parseFixture(name: string): ScenarioFile {
  return parseText(readFixture(name), name);
}

/** The config error `run` throws; fails unless it is a GateError with code 'config'. */
function errorOf(run: () => unknown): GateError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    assert.equal(error.code, 'config');
    assert.equal(error.side, undefined);
    assert.equal(error.neutral, false);
    return error;
  }
  assert.fail('expected a config error');
}

function messageOf(text: string): string {
  return errorOf(() => parseText(text)).message;
}

function scenario(fields: Partial<Scenario> & { path: string }): Scenario {
  return {
    name: `${fields.method ?? 'GET'} ${fields.path}`,
    method: 'GET',
    headers: {},
    body: undefined,
    expectStatus: undefined,
    connections: undefined,
    threshold: undefined,
    ...fields,
  };
}

// ---------------------------------------------------------------------------------------------------------------
/** What an editor's YAML language server does: parse YAML 1.2 and validate the value against the schema. */
function schemaAccepts(text: string): boolean {
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return false;
  }
  return violations(SCHEMA, value).length === 0;
}

function parserAccepts(text: string, readFile: (path: string) => string = fixtureFile): boolean {
  try {
    parseText(text, 'perf-gate.yml', readFile);
    return true;
  } catch (error) {
    if (error instanceof GateError && error.code === 'config') return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('valid fixtures', () => {
  test('minimal.yml: one GET on /, everything else from the inputs', () => {
    assert.deepEqual(parseFixture('minimal.yml'), { env: {}, scenarios: [scenario({ path: '/' })] });
  });

  test('full.yml: every key of the format', () => {
    const order = readFileSync(join(FIXTURES, 'order.json'), 'utf8');
    assert.deepEqual(parseFixture('full.yml'), {
      start: 'node dist/main.js',
      port: 3000,
      env: { NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379', WORKERS: '4', CACHE: 'true' },
      ready: { path: '/health', status: 200, timeoutMs: 90_000 },
      setup: 'npm run seed',
      teardown: 'redis-cli flushall',
      threshold: 0.03,
      memoryThreshold: 0.005,
      scenarios: [
        scenario({
          name: 'cached seed list',
          path: '/cached?limit=10',
          headers: { accept: 'application/json', 'x-retry': '3' },
          expectStatus: 200,
          connections: 20,
          threshold: 0.05,
        }),
        scenario({
          name: 'create order',
          method: 'POST',
          path: '/orders',
          headers: { 'content-type': 'application/json' },
          body: '{"sku":"abc","qty":1,"tags":["a","b"],"gift":false,"note":null}',
        }),
        scenario({
          method: 'PUT',
          path: '/orders/1/note',
          headers: { 'content-type': 'text/plain' },
          body: 'handle with care',
          expectStatus: 204,
        }),
        scenario({ method: 'DELETE', path: '/orders/1', body: order }),
      ],
    });
  });

  test('body-file.yml: the body read relative to the config file, headers kept as written', () => {
    const read: string[] = [];
    const file = parseScenarioFile(readFixture('body-file.yml'), {
      fileName: 'body-file.yml',
      readFile: (path) => {
        read.push(path);
        return fixtureFile(path);
      },
    });
    assert.deepEqual(read, ['order.json']);
    assert.deepEqual(file, {
      start: 'node server.js',
      env: {},
      scenarios: [
        scenario({
          name: 'create order from a file',
          method: 'POST',
          path: '/orders',
          headers: { 'Content-Type': 'application/json' },
          body: '{ "sku": "abc", "qty": 1 }\n',
          expectStatus: 201,
        }),
      ],
    });
  });

  test('nestjs-cached.yml: a NestJS app with a cached endpoint, seeded per tree', () => {
    assert.deepEqual(parseFixture('nestjs-cached.yml'), {
      start: 'node dist/main.js',
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/shop',
        CACHE_TTL: '60',
      },
      ready: { path: '/health', status: 200, timeoutMs: 120_000 },
      setup: 'npx prisma migrate reset --force --skip-generate && npm run seed',
      teardown: 'npx prisma migrate reset --force --skip-generate',
      threshold: 0.05,
      scenarios: [
        scenario({
          name: 'products (cached)',
          path: '/products?page=1',
          headers: { accept: 'application/json' },
          expectStatus: 200,
        }),
        scenario({
          name: 'product detail (uncached)',
          path: '/products/42',
          expectStatus: 200,
          connections: 5,
          threshold: 0.1,
        }),
        scenario({
          name: 'add to cart',
          method: 'POST',
          path: '/cart/items',
          headers: { 'content-type': 'application/json' },
          body: '{"productId":42,"quantity":1}',
          expectStatus: 201,
        }),
      ],
    });
  });
});

/** Each invalid fixture breaks one rule; its whole message, with the line, is pinned here. */
const INVALID: Record<string, string> = {
  'invalid-body-and-body-file.yml':
    '5: scenarios[0]: `body` and `bodyFile` are both set; keep one: the body inline or from a file',
  'invalid-body-default-get.yml':
    '3: scenarios[0].body: a GET request has no body (`method` defaults to GET); set `method: POST` (or PUT, PATCH, DELETE) or remove the body',
  'invalid-body-file-absolute.yml':
    '4: scenarios[0].bodyFile: `/etc/passwd` is not a relative path; write a path relative to the directory of invalid-body-file-absolute.yml, e.g. `fixtures/order.json`',
  'invalid-body-file-missing.yml': `4: scenarios[0].bodyFile: cannot read \`fixtures/missing.json\` (ENOENT: no such file or directory, open '${join(FIXTURES, 'fixtures/missing.json')}'); write a path relative to the directory of invalid-body-file-missing.yml, e.g. \`fixtures/order.json\``,
  'invalid-body-number.yml':
    '4: scenarios[0].body: is `42`, not a mapping, list or string; write a mapping or list (sent as JSON) or a string (sent as is; quote it)',
  'invalid-connections-zero.yml':
    '3: scenarios[0].connections: 0 is out of range; use a whole number from 1 to 10000',
  'invalid-duplicate-default-name.yml':
    '4: scenarios[1]: the name `GET /` is taken by scenarios[0] (line 2); add a `name` to tell them apart (a scenario without one is named `METHOD path`)',
  'invalid-duplicate-key.yml': '4: the key `start` appears twice in one mapping (first on line 1); keep one',
  'invalid-duplicate-name.yml':
    '4: scenarios[1].name: the name `orders` is taken by scenarios[0] (line 2); give each scenario a different `name`',
  'invalid-empty-scenarios.yml':
    '2: scenarios: the list is empty; list the requests to load, one `- path: /…` item each',
  'invalid-empty.yml':
    '1: the file is empty; write at least `scenarios:` with one request, e.g. `scenarios: [{ path: / }]`',
  'invalid-env-name.yml':
    '2: env.REDIS-URL: `REDIS-URL` is not a variable name; use letters, digits and `_`, not starting with a digit',
  'invalid-env-port.yml':
    '3: env.PORT: perf-gate sets PORT itself (a free port, or `port`); remove it, and set `port: <number>` if your server listens on a fixed port',
  'invalid-env-value.yml': '2: env.REDIS_URL: is empty; write the value, quoted if needed, e.g. `"8"`',
  'invalid-expect-range.yml':
    '3: scenarios[0].expect: 2000 is out of range; use a whole number from 100 to 599',
  'invalid-get-with-body.yml':
    '4: scenarios[0].body: a GET request has no body; set `method: POST` (or PUT, PATCH, DELETE) or remove the body',
  'invalid-header-framing.yml':
    '5: scenarios[0].headers.Content-Length: scenario `orders`: `Content-Length` frames the request, which perf-gate does itself; remove it: perf-gate writes `Host` and `Content-Length` from the URL and the body and keeps connections open, so `content-length`, `transfer-encoding`, `connection` and `host` cannot be set',
  'invalid-header-name.yml':
    '4: scenarios[0].headers["x request id"]: `x request id` is not a header name; use letters, digits and `-`, e.g. `x-request-id`',
  'invalid-header-repeated.yml':
    '5: scenarios[0].headers.accept: repeats the header `Accept`; header names ignore case: keep one',
  'invalid-header-value.yml':
    '4: scenarios[0].headers.accept: is a list, not a value; write the header value, e.g. `application/json`',
  'invalid-method.yml':
    '5: scenarios[1].method: `FETCH` is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
  'invalid-missing-path.yml': '2: scenarios[0].path: missing; write the request path, e.g. `path: /orders`',
  'invalid-missing-scenarios.yml':
    '1: scenarios: missing; list the requests to load, e.g. `scenarios: [{ path: /health }]` (or drop the file and use the `paths` input)',
  'invalid-name-blank.yml': '2: scenarios[0].name: is blank; write a one-line name of at most 80 characters',
  'invalid-not-a-mapping.yml':
    '1: the file is a list, not a mapping; write the file as `key: value` lines: `start`, `port`, `env`, `ready`, `setup`, `teardown`, `threshold`, `memoryThreshold`, `scenarios`',
  'invalid-path-no-slash.yml':
    '3: scenarios[1].path: `health` is not a request path; write a request path that starts with `/`, e.g. `/orders?limit=10`',
  'invalid-port-quoted.yml':
    '1: port: is the string `3000`, not a number; write a whole number from 1 to 65535, without quotes',
  'invalid-port-range.yml': '1: port: 70000 is out of range; use a whole number from 1 to 65535',
  'invalid-ready-status.yml': '1: ready.status: 42 is out of range; use a whole number from 100 to 599',
  'invalid-ready-timeout-range.yml': '2: ready.timeout: 2h is out of range; use a value from 1s to 1h',
  'invalid-ready-timeout-unit.yml':
    '3: ready.timeout: is `60`, not a duration; write a number with a unit (`ms`, `s`, `m` or `h`), e.g. `60s`',
  'invalid-ready-typo.yml': '3: ready.timout: unknown key; did you mean `timeout`?',
  'invalid-scenario-not-mapping.yml':
    '3: scenarios[1]: is the string `/health`, not a mapping; write a scenario as `key: value` lines: `name`, `method`, `path`, `headers`, `body`, `bodyFile`, `expect`, `connections`, `threshold`',
  'invalid-setup-list.yml': '2: setup: is a list, not a string; write a shell command, e.g. `npm run seed`',
  'invalid-start-blank.yml': '1: start: is blank; write a shell command, or remove `start`',
  'invalid-syntax.yml':
    '4: not valid YAML: Sequence item without - indicator; check the indentation, and quote values that contain `: ` or ` #` or start with `{`, `[`, `*`, `&`, `!`, `|` or `>`',
  'invalid-threshold-number.yml':
    '1: threshold: is `3`, not a percentage; write a percentage with `%`, e.g. `5%`',
  'invalid-threshold-range.yml':
    '3: scenarios[0].threshold: 150% is out of range; use a percentage from 0.1% to 100% (for five percent write `5%`)',
  'invalid-typo-scenario.yml': '3: scenarios[0].url: unknown key; did you mean `path`?',
  'invalid-typo-top.yml': '2: treshold: unknown key; did you mean `threshold`?',
  'invalid-unknown-key.yml':
    '2: color: unknown key; the file takes `start`, `port`, `env`, `ready`, `setup`, `teardown`, `threshold`, `memoryThreshold`, `scenarios`',
};

/**
 * Rules JSON Schema cannot state, so editors accept these files and only the parser rejects them. Everything
 * else the schema must reject too.
 */
const PARSER_ONLY: Record<string, string> = {
  'invalid-body-file-missing.yml': 'a schema cannot read files',
  'invalid-duplicate-name.yml': 'uniqueness of one property across list items',
  'invalid-duplicate-default-name.yml': 'uniqueness of a name derived from two properties',
  'invalid-header-repeated.yml': 'property names that differ only in case',
  'invalid-ready-timeout-range.yml':
    'the range of a duration written in any unit (the schema checks its form)',
};

describe('invalid fixtures', () => {
  test('every invalid fixture has its message here, and every message its fixture', () => {
    assert.deepEqual(
      fixtureNames.filter((name) => name.startsWith('invalid-')),
      Object.keys(INVALID).sort(),
    );
  });

  for (const [name, expected] of Object.entries(INVALID)) {
    test(name, () => {
      assert.equal(errorOf(() => parseFixture(name)).message, `${name}:${expected}`);
    });
  }
});

describe('perf-gate.schema.json agrees with the parser', () => {
  test('is draft-07 (what the YAML and JSON language servers of VS Code and JetBrains support best)', () => {
    assert.ok(isObject(SCHEMA));
    assert.equal(SCHEMA.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.equal(SCHEMA.additionalProperties, false);
  });

  test('compiles in Ajv’s strict mode (no unknown keyword; every pattern a unicode regular expression)', () => {
    assert.doesNotThrow(() => compile(SCHEMA));
    assert.deepEqual(violations(SCHEMA, parse(readFixture('minimal.yml'))), []);
  });

  test('declares exactly the keys full.yml uses (which is every key the parser accepts)', () => {
    const full = parse(readFixture('full.yml')) as JsonObject;
    const schema = SCHEMA as JsonObject;
    assert.deepEqual(Object.keys(schema.properties as JsonObject).sort(), Object.keys(full).sort());
    const items = ((schema.properties as JsonObject).scenarios as JsonObject).items as JsonObject;
    const used = new Set((full.scenarios as JsonObject[]).flatMap((s) => Object.keys(s)));
    assert.deepEqual(Object.keys(items.properties as JsonObject).sort(), [...used].sort());
    const ready = (schema.properties as JsonObject).ready as JsonObject;
    assert.deepEqual(
      Object.keys(ready.properties as JsonObject).sort(),
      Object.keys(full.ready as JsonObject).sort(),
    );
  });

  for (const name of fixtureNames) {
    const invalid = name.startsWith('invalid-');
    const parserOnly = PARSER_ONLY[name];
    const title =
      parserOnly !== undefined
        ? `${name}: the schema accepts it (${parserOnly}); the parser rejects it`
        : `${name}: both ${invalid ? 'reject' : 'accept'} it`;
    test(title, () => {
      const text = readFixture(name);
      assert.equal(parserAccepts(text), !invalid, 'parser');
      const value = invalid ? undefined : parse(text);
      assert.equal(
        schemaAccepts(text),
        !invalid || parserOnly !== undefined,
        `schema: ${value === undefined ? '' : violations(SCHEMA, value).join(', ')}`,
      );
    });
  }

  /** A document as JSON, which is YAML too; bodies read from files always exist here. */
  function agree(document: unknown): void {
    const text = JSON.stringify(document);
    const parser = parserAccepts(text, () => '{}');
    const schema = schemaAccepts(text);
    assert.equal(
      schema,
      parser,
      `${text}: parser ${parser ? 'accepts' : 'rejects'}, schema ${schema ? 'accepts' : 'rejects'}`,
    );
  }

  const withScenario = (fields: JsonObject, top: JsonObject = {}): JsonObject => ({
    ...top,
    scenarios: [{ path: '/', ...fields }],
  });

  test('thresholds', () => {
    const values = [
      '5%',
      '5 %',
      ' 5%',
      '05%',
      '0.1%',
      '0.10%',
      '0.09%',
      '.5%',
      '0.5%',
      '99.99%',
      '100%',
      '100.0%',
    ];
    values.push('100.01%', '0%', '0.0%', '1e1%', '5', '5%%', 'abc', '', '-5%');
    for (const value of [...values, 5, 0.05, null, true]) {
      agree(withScenario({ threshold: value }));
      agree(withScenario({}, { threshold: value }));
    }
  });

  test('memory thresholds: from 0.1% to 1000%, as the `memory-threshold` input', () => {
    const values = [
      '1%',
      '0.1%',
      '100%',
      '100.01%',
      '999.9%',
      '1000%',
      '1000.0%',
      '1000.01%',
      '0.09%',
      '1e1%',
      '5',
    ];
    for (const value of values) agree({ memoryThreshold: value, scenarios: [{ path: '/' }] });
    assert.equal(parseText('memoryThreshold: 1000%\nscenarios:\n  - path: /\n').memoryThreshold, 10);
    assert.equal(
      messageOf('memoryThreshold: 1000.5%\nscenarios:\n  - path: /\n'),
      'perf-gate.yml:1: memoryThreshold: 1000.5% is out of range; use a percentage from 0.1% to 1000% (for five percent write `5%`)',
    );
  });

  test('ready timeouts (the form; their range is parser-only)', () => {
    for (const value of [
      '60s',
      '60 s',
      ' 60s ',
      '1s',
      '1000ms',
      '1.5m',
      '1h',
      '60',
      '60sec',
      's',
      '-1s',
      60,
      null,
    ]) {
      agree(withScenario({}, { ready: { timeout: value } }));
    }
  });

  test('methods and bodies', () => {
    for (const method of [
      'GET',
      'get',
      'Get',
      'POST',
      'post',
      'options',
      'HEAD',
      'head',
      'FETCH',
      'CONNECT',
      '',
      ' GET',
      1,
    ]) {
      agree(withScenario({ method }));
      agree(withScenario({ method, body: { a: 1 } }));
      agree(withScenario({ method, bodyFile: 'order.json' }));
    }
    for (const body of [{}, [], [1], 'text', '', 42, true, null]) {
      agree(withScenario({ method: 'POST', body }));
      agree(withScenario({ body }));
    }
    agree(withScenario({ method: 'POST', body: 'x', bodyFile: 'order.json' }));
  });

  test('paths, names and body files', () => {
    for (const path of ['/', '/a?b=c', '//', '/a b', 'a', '', '/é', 1]) {
      agree({ scenarios: [{ path }] });
      agree(withScenario({}, { ready: { path } }));
    }
    for (const name of ['a', 'a b', ' ', '', 'a\nb', 'x'.repeat(80), 'x'.repeat(81), '😀'.repeat(80), 7]) {
      agree(withScenario({ name }));
    }
    for (const bodyFile of [
      'order.json',
      '../order.json',
      '/abs',
      '\\\\server\\x',
      'C:\\x',
      'c:x',
      ' ',
      '',
      3,
    ]) {
      agree(withScenario({ method: 'POST', bodyFile }));
    }
  });

  test('headers and environment', () => {
    const framing = ['Host', 'content-length', 'Transfer-Encoding', 'CONNECTION', 'hOsT', 'hosts', 'x-host'];
    for (const name of [
      'accept',
      'X-Request-Id',
      'x_y',
      "a!#$%&'*+.^_`|~z",
      'x request',
      'a:b',
      'é',
      '',
      ...framing,
    ]) {
      agree(withScenario({ headers: { [name]: 'v' } }));
    }
    for (const value of ['v', '', 'a\nb', 'a\rb', 3, 1.5, true, null, [], {}]) {
      agree(withScenario({ headers: { accept: value } }));
      agree(withScenario({}, { env: { NAME: value } }));
    }
    for (const name of ['A', 'a_b', '_', 'A1', '1A', 'A-B', 'PORT', 'port', 'É', '']) {
      agree(withScenario({}, { env: { [name]: 'v' } }));
    }
    for (const value of [[], 'x', null, 1]) {
      agree(withScenario({ headers: value }));
      agree(withScenario({}, { env: value }));
    }
  });

  test('whole numbers', () => {
    for (const value of [
      0,
      1,
      99,
      100,
      599,
      600,
      3.5,
      -1,
      200.0,
      '200',
      10_000,
      10_001,
      65_535,
      65_536,
      null,
    ]) {
      agree(withScenario({ expect: value }));
      agree(withScenario({ connections: value }));
      agree(withScenario({}, { port: value }));
      agree(withScenario({}, { ready: { status: value } }));
    }
  });

  test('commands, shapes and unknown keys', () => {
    for (const value of ['npm run seed', '', '  ', 'a\nb', 1, [], null]) {
      agree(withScenario({}, { start: value, setup: value, teardown: value }));
    }
    for (const document of [
      {},
      [],
      'text',
      { scenarios: [] },
      { scenarios: {} },
      { scenarios: ['/'] },
      { scenarios: [{}] },
      { scenarios: [{ path: '/', extra: 1 }] },
      { scenarios: [{ path: '/' }], extra: 1 },
      { scenarios: [{ path: '/' }], ready: {} },
      { scenarios: [{ path: '/' }], ready: '/health' },
      { scenarios: [{ path: '/' }], ready: { path: '/', extra: 1 } },
      { scenarios: [{ path: '/' }], env: {} },
    ]) {
      agree(document);
    }
  });
});

describe('parseScenarioFile details', () => {
  test('line numbers count from 1 and survive CRLF line ends and blank lines', () => {
    const text = '# comment\r\n\r\nscenarios:\r\n  - path: /\r\n    method: FETCH\r\n';
    assert.match(messageOf(text), /^perf-gate\.yml:5: scenarios\[0\]\.method: `FETCH`/);
  });

  test('the file name is the caller’s, e.g. a path inside a monorepo', () => {
    const error = errorOf(() => parseText('scenarios: []\n', 'services/api/perf-gate.yml'));
    assert.match(error.message, /^services\/api\/perf-gate\.yml:1: scenarios: /);
  });

  test('near misses get a suggestion; far ones the list of keys', () => {
    const top = (key: string): string => messageOf(`${key}: x\nscenarios: [{ path: / }]\n`);
    assert.match(top('Start'), /did you mean `start`\?$/);
    assert.match(top('scenario'), /did you mean `scenarios`\?$/);
    assert.match(top('paths'), /did you mean `scenarios`\?$/);
    assert.match(top('environment'), /did you mean `env`\?$/);
    assert.match(top('tearDown'), /did you mean `teardown`\?$/);
    assert.match(top('workers'), /the file takes `start`, /);
    const inScenario = (key: string): string => messageOf(`scenarios:\n  - path: /\n    ${key}: x\n`);
    assert.match(
      inScenario('body_file'),
      /^perf-gate\.yml:3: scenarios\[0\]\.body_file: .*did you mean `bodyFile`\?$/,
    );
    assert.match(inScenario('bodyfile'), /did you mean `bodyFile`\?$/);
    assert.match(inScenario('headrs'), /did you mean `headers`\?$/);
    assert.match(inScenario('methdo'), /did you mean `method`\?$/);
    assert.match(inScenario('status'), /did you mean `expect`\?$/);
    assert.match(inScenario('expectStatus'), /did you mean `expect`\?$/);
    assert.match(inScenario('qs'), /a scenario takes `name`, /);
  });

  test('methods are upper-cased and name the default scenario name', () => {
    const file = parseText(
      'scenarios:\n  - { method: patch, path: /a, body: "x" }\n  - { method: Options, path: /a }\n',
    );
    assert.deepEqual(
      file.scenarios.map((s) => [s.method, s.name]),
      [
        ['PATCH', 'PATCH /a'],
        ['OPTIONS', 'OPTIONS /a'],
      ],
    );
  });

  test('an inline mapping or list body is JSON with content-type application/json unless a content-type is set', () => {
    const file = parseText(
      [
        'scenarios:',
        '  - { name: a, method: POST, path: /a, body: { x: [1, "2"] } }',
        '  - { name: b, method: POST, path: /a, body: [1], headers: { Content-Type: application/vnd.api+json } }',
        '  - { name: c, method: POST, path: /a, body: "{\\"raw\\": true}" }',
        '  - name: d',
        '    method: POST',
        '    path: /a',
        '    body: |',
        '      line one',
        '      line two',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      file.scenarios.map((s) => [s.body, s.headers]),
      [
        ['{"x":[1,"2"]}', { 'content-type': 'application/json' }],
        ['[1]', { 'Content-Type': 'application/vnd.api+json' }],
        ['{"raw": true}', {}],
        ['line one\nline two\n', {}],
      ],
    );
  });

  test('anchors and aliases share settings between scenarios', () => {
    const file = parseText(
      [
        'scenarios:',
        '  - { name: a, path: /a, headers: &json { accept: application/json, x-tenant: 7 } }',
        '  - { name: b, path: /b, headers: *json }',
        '',
      ].join('\n'),
    );
    assert.deepEqual(file.scenarios[1]?.headers, { accept: 'application/json', 'x-tenant': '7' });
  });

  test('numbers and booleans in env and headers are kept as written', () => {
    const file = parseText('env: { A: 0x1F, B: 1.50, C: false, D: "007" }\nscenarios: [{ path: / }]\n');
    assert.deepEqual(file.env, { A: '0x1F', B: '1.50', C: 'false', D: '007' });
  });

  test('ready defaults its path to the first scenario’s; no `ready` means the inputs decide', () => {
    assert.deepEqual(parseText('ready: { timeout: 2m }\nscenarios: [{ path: /a }, { path: /b }]\n').ready, {
      path: '/a',
      timeoutMs: 120_000,
    });
    assert.equal(parseText('scenarios: [{ path: /a }]\n').ready, undefined);
  });

  test('threshold bounds are those of the input: 0.1% to 100%', () => {
    assert.equal(parseText('threshold: 0.1%\nscenarios: [{ path: / }]\n').threshold, 0.001);
    assert.equal(parseText('threshold: 100%\nscenarios: [{ path: / }]\n').threshold, 1);
  });

  test('a body file that cannot be read names the path as written and the reader’s reason', () => {
    const message = errorOf(() =>
      parseText('scenarios:\n  - { method: POST, path: /a, bodyFile: x.json }\n', 'perf-gate.yml', () => {
        throw new Error('EACCES: permission denied');
      }),
    ).message;
    assert.match(
      message,
      /^perf-gate\.yml:2: scenarios\[0\]\.bodyFile: cannot read `x\.json` \(EACCES: permission denied\); /,
    );
  });

  test('an alias to its own ancestor is an error, not a hang', () => {
    assert.match(messageOf('scenarios: &s [{ path: /, headers: *s }]\n'), /perf-gate\.yml:1: .*refers to/);
  });

  test('several documents, tags and non-name keys are errors', () => {
    assert.match(
      messageOf('scenarios: [{ path: / }]\n---\nscenarios: [{ path: / }]\n'),
      /^perf-gate\.yml:2: not valid YAML/,
    );
    assert.match(
      messageOf('scenarios: [{ path: / }]\n? [a]\n: b\n'),
      /^perf-gate\.yml:2: a key is not a name; /,
    );
  });
});

describe('scenariosFromPaths', () => {
  test('the `paths` input: one GET per path, named `GET path`, settings from the inputs', () => {
    assert.deepEqual(scenariosFromPaths(['/', '/seed/v1']), [
      scenario({ path: '/' }),
      scenario({ path: '/seed/v1' }),
    ]);
    assert.deepEqual(scenariosFromPaths([]), []);
  });

  test('agrees with a file that lists the same paths', () => {
    assert.deepEqual(
      parseText('scenarios: [{ path: / }, { path: /seed/v1 }]\n').scenarios,
      scenariosFromPaths(['/', '/seed/v1']),
    );
  });
});

describe('checkInputOverlap', () => {
  const lookup =
    (inputs: Partial<Record<InputName, string>>) =>
    (name: InputName): string =>
      inputs[name] ?? '';
  const file = (text: string): ScenarioFile => parseText(`${text}\nscenarios: [{ path: /a }]\n`);

  test('inputs left empty or at their defaults do not conflict with the file', () => {
    const full = file('start: node a.js\nport: 3000\nthreshold: 3%\nready: { timeout: 2m }');
    checkInputOverlap(full, 'perf-gate.yml', lookup({}));
    checkInputOverlap(
      full,
      'perf-gate.yml',
      lookup({
        paths: INPUT_DEFAULTS.paths,
        threshold: INPUT_DEFAULTS.threshold,
        'ready-timeout': INPUT_DEFAULTS['ready-timeout'],
        start: '  ',
      }),
    );
  });

  test('a setting in both places is an error that names both', () => {
    const cases: [string, Partial<Record<InputName, string>>, string][] = [
      ['start: node a.js', { start: 'node b.js' }, 'input `start`: perf-gate.yml sets `start` too'],
      ['port: 3000', { port: '3000' }, 'input `port`: perf-gate.yml sets `port` too'],
      ['threshold: 3%', { threshold: '10%' }, 'input `threshold`: perf-gate.yml sets `threshold` too'],
      [
        'ready: { timeout: 2m }',
        { 'ready-timeout': '90s' },
        'input `ready-timeout`: perf-gate.yml sets `ready.timeout` too',
      ],
      ['start: node a.js', { paths: '/b' }, 'input `paths`: perf-gate.yml sets `scenarios` too'],
    ];
    for (const [text, inputs, expected] of cases) {
      const message = errorOf(() => checkInputOverlap(file(text), 'perf-gate.yml', lookup(inputs))).message;
      assert.ok(message.startsWith(`${expected}; set it in one place`), message);
    }
  });

  test('settings only in the inputs are fine; `start` must be in one of them', () => {
    checkInputOverlap(file('port: 3000'), 'perf-gate.yml', lookup({ start: 'node b.js', threshold: '10%' }));
    const message = errorOf(() => checkInputOverlap(file('port: 3000'), 'perf-gate.yml', lookup({}))).message;
    assert.match(message, /^input `start`: it is required\. .* or in perf-gate\.yml\.$/);
  });
});
