/**
 * src/config/inputs.ts: defaults of every field, the accepted forms of each parser, and errors that name the input,
 * quote what was written and say what to write instead.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type InputName,
  parseBoolean,
  parseConfig,
  parseDuration,
  parseInteger,
  parsePaths,
  parsePercent,
  parseShard,
  selectShard,
} from '../../../src/config/inputs.ts';
import { foldMeasure, MEASURE_KEYS, type MeasureKey } from '../../../src/config/measure.ts';
import { parseScenarioFile, scenariosFromPaths } from '../../../src/config/scenario-file.ts';
import type { Config } from '../../../src/model/config.ts';
import { GateError } from '../../../src/model/errors.ts';

const OUTPUT_DIR = '/tmp/perf-gate-test-output';

/** Inputs, and settings of the `measure` block written one by one (folded into it, as the CLI does). */
type Inputs = Partial<Record<InputName | MeasureKey, string>>;

function configOf(inputs: Inputs): Config {
  const folded: Partial<Record<InputName, string>> = foldMeasure(inputs);
  return parseConfig((name) => folded[name] ?? '', { outputDir: OUTPUT_DIR });
}

/** How an error names a setting: `input \`threshold\``, or `input \`measure\`, \`rounds\`` for the block's. */
function named(setting: InputName | MeasureKey): string {
  return (MEASURE_KEYS as readonly string[]).includes(setting)
    ? `input \`measure\`, \`${setting}\``
    : `input \`${setting}\``;
}

/** The config error `run` throws; fails unless it is a GateError with code 'config'. */
function configErrorOf(run: () => unknown): GateError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    assert.equal(error.code, 'config');
    assert.equal(error.side, undefined);
    return error;
  }
  assert.fail('expected a config error');
}

/** The message of the error parseConfig throws for these inputs (start is set unless given). */
function messageFor(inputs: Inputs): string {
  return configErrorOf(() => configOf({ start: 'node server.js', ...inputs })).message;
}

describe('parseConfig defaults', () => {
  test('only `start` set: every field has its documented default', () => {
    const config = configOf({ start: 'node server.js' });
    assert.deepEqual(config, {
      start: 'node server.js',
      workflow: {
        start: 'node server.js',
        threshold: 0.02,
        memoryThreshold: 0.01,
        port: undefined,
        readyTimeoutMs: 60_000,
      },
      configFile: undefined,
      scenarios: scenariosFromPaths(['/']),
      fileScenarios: scenariosFromPaths(['/']),
      scenarioCount: 1,
      shard: undefined,
      env: {},
      ready: { path: '/', status: undefined },
      setup: undefined,
      teardown: undefined,
      port: undefined,
      threshold: 0.02,
      latencyThreshold: 0.2,
      memoryThreshold: 0.01,
      alpha: 0.05,
      failOnRegression: true,
      token: '',
      secrets: [],
      install: 'auto',
      build: undefined,
      base: undefined,
      pairs: undefined,
      budgetMs: 180_000,
      durationSec: 2,
      warmupSec: 0.25,
      primeSec: 2,
      sliceSec: 'auto',
      engine: 'kept',
      openLoop: undefined,
      restartEvery: 2,
      pin: true,
      connections: 10,
      readyTimeoutMs: 60_000,
      buildTimeoutMs: 600_000,
      timeoutMs: 1_200_000,
      workingDirectory: '.',
      outputDir: OUTPUT_DIR,
      profileSec: 3,
      keepTrees: false,
      checkName: undefined,
      mode: 'gate',
      results: 'perf-gate-results',
      artifactName: undefined,
      artifactRetentionDays: 30,
      name: undefined,
      commentOn: 'always',
      accept: { label: 'perf-gate:accept', inDescription: false },
      historyBranch: 'perf-gate-history',
      historyJob: 'single',
      releaseTags: '^v?\\d+\\.\\d+\\.\\d+$',
    } satisfies Config);
  });

  test('inputs that are only whitespace count as unset', () => {
    const config = configOf({
      start: '  node server.js  ',
      threshold: '   ',
      rounds: '\t',
      paths: '\n\n',
      port: ' ',
      build: ' ',
      'output-dir': ' ',
    });
    assert.equal(config.start, 'node server.js');
    assert.equal(config.threshold, 0.02);
    assert.equal(config.pairs, undefined);
    assert.deepEqual(
      config.scenarios.map((s) => s.name),
      ['GET /'],
    );
    assert.equal(config.port, undefined);
    assert.equal(config.build, undefined);
    assert.equal(config.outputDir, OUTPUT_DIR);
  });

  test('set inputs are used: token, build, base, working-directory, output-dir, booleans, connections', () => {
    const config = configOf({
      start: 'npm start',
      'github-token': ' ghs_abc ',
      build: 'npm run build',
      base: 'origin/main',
      'working-directory': 'packages/api',
      'output-dir': 'out/perf',
      'fail-on-regression': 'false',
      comment: 'off',
      connections: '64',
      port: '8080',
      alpha: '0.01',
    });
    assert.equal(config.token, 'ghs_abc');
    assert.equal(config.build, 'npm run build');
    assert.equal(config.base, 'origin/main');
    assert.equal(config.workingDirectory, 'packages/api');
    assert.equal(config.outputDir, 'out/perf');
    assert.equal(config.failOnRegression, false);
    assert.equal(config.commentOn, 'off');
    assert.equal(config.connections, 64);
    assert.equal(config.port, 8080);
    assert.equal(config.alpha, 0.01);
  });

  test('install: `none` and `false` mean skip; `auto`, `skip` and commands pass through', () => {
    assert.equal(configOf({ start: 'x', install: 'none' }).install, 'skip');
    assert.equal(configOf({ start: 'x', install: 'false' }).install, 'skip');
    assert.equal(configOf({ start: 'x', install: 'skip' }).install, 'skip');
    assert.equal(configOf({ start: 'x', install: '' }).install, 'auto');
    assert.equal(
      configOf({ start: 'x', install: 'pnpm install --frozen-lockfile' }).install,
      'pnpm install --frozen-lockfile',
    );
  });

  test('`start` missing: the error names the input and shows an example', () => {
    const error = configErrorOf(() => configOf({}));
    assert.equal(
      error.message,
      'input `start`: it is required. Set it to the command that starts your server, e.g. `start: node index.js`.',
    );
    assert.match(configErrorOf(() => configOf({ start: '   ' })).message, /^input `start`: it is required/);
  });
});

describe('threshold (percent)', () => {
  const bounds = { min: 0.001, max: 1 };

  test('accepts `5%`, `0.5%`, `12.5 %` and `100%`', () => {
    assert.equal(parsePercent('threshold', '5%', bounds), 0.05);
    assert.equal(parsePercent('threshold', '0.5%', bounds), 0.005);
    assert.equal(parsePercent('threshold', ' 12.5 % ', bounds), 0.125);
    assert.equal(parsePercent('threshold', '100%', bounds), 1);
    assert.equal(configOf({ start: 'x', threshold: '3%' }).threshold, 0.03);
    assert.equal(configOf({ start: 'x', threshold: '0.1%' }).threshold, 0.001);
  });

  test('`abc` and `-5%` are not percentages', () => {
    for (const text of ['abc', '-5%']) {
      assert.equal(
        messageFor({ threshold: text }),
        `input \`threshold\`: \`${text}\` is not a percentage. Write a percentage such as \`5%\`.`,
      );
    }
  });

  test('a number without `%` is refused, in the inputs as in the config file: the fix says what to write', () => {
    assert.equal(
      messageFor({ threshold: '5' }),
      'input `threshold`: `5` has no `%`. Write a percentage with `%`: `5%`.',
    );
    assert.equal(
      messageFor({ threshold: '0.05' }),
      'input `threshold`: `0.05` has no `%`. Write a percentage with `%`: `5%` for the share 0.05.',
    );
    assert.match(
      messageFor({ 'latency-threshold': '20' }),
      /^input `measure`, `latency-threshold`: `20` has no `%`/,
    );
    // The config file, read with the same parsers: the same grammar, the same fix, its line and field.
    const fileError = (text: string): string =>
      configErrorOf(() => parseScenarioFile(text, { fileName: 'perf-gate.yml', readFile: () => '' })).message;
    assert.match(
      fileError('threshold: "5"\nscenarios:\n  - path: /\n'),
      /1: threshold: `5` has no `%`; write a percentage with `%`: `5%`/,
    );
    assert.match(
      fileError('ready:\n  timeout: "60"\nscenarios:\n  - path: /\n'),
      /2: ready\.timeout: `60` has no unit; write the unit: `60s` for seconds/,
    );
  });

  test('`0%` and `150%` are out of range, with the accepted range and an example', () => {
    for (const text of ['0%', '150%']) {
      const message = messageFor({ threshold: text });
      assert.match(message, /^input `threshold`: /);
      assert.ok(message.includes(`${text} is out of range`), message);
      assert.ok(message.includes('from 0.1% to 100%'), message);
      assert.ok(message.includes('for five percent write `5%`'), message);
    }
  });
});

describe('durations', () => {
  const wide = { minMs: 0, maxMs: 6 * 3_600_000 };

  test('accepts `3s`, `500ms`, `2m`, `1h`, `1.5s`, `3 s`, and `0` alone without a unit', () => {
    assert.equal(parseDuration('duration', '3s', wide), 3000);
    assert.equal(parseDuration('duration', '500ms', wide), 500);
    assert.equal(parseDuration('duration', '2m', wide), 120_000);
    assert.equal(parseDuration('duration', '1h', wide), 3_600_000);
    assert.equal(parseDuration('duration', '1.5s', wide), 1500);
    assert.equal(parseDuration('duration', '3 s', wide), 3000);
    assert.equal(parseDuration('duration', '0', wide), 0);
  });

  test('a duration without a unit is an error naming the input and the fix (`timeout: 30` is not 30 s)', () => {
    for (const input of ['timeout', 'time-budget', 'duration', 'warmup', 'slice', 'ready-timeout'] as const) {
      assert.equal(
        messageFor({ [input]: '30' }),
        `${named(input)}: \`30\` has no unit. Write the unit: \`30s\` for seconds, \`30m\` for minutes (or \`ms\`, \`h\`).`,
      );
    }
    assert.match(
      messageFor({ flamegraphs: '2.5' }),
      /^input `flamegraphs`: `2\.5` has no unit\. Write the unit: `2\.5s`/,
    );
  });

  test('through parseConfig: seconds for duration/warmup, milliseconds for the timeouts', () => {
    const config = configOf({
      start: 'x',
      duration: '2m',
      warmup: '500ms',
      'ready-timeout': '90s',
      'build-timeout': '30s',
      timeout: '45m',
    });
    assert.equal(config.durationSec, 120);
    assert.equal(config.warmupSec, 0.5);
    assert.equal(config.readyTimeoutMs, 90_000);
    // One limit for install and build (and setup), each.
    assert.equal(config.buildTimeoutMs, 30_000);
    assert.equal(config.timeoutMs, 2_700_000);
    assert.equal(configOf({ start: 'x', warmup: '0' }).warmupSec, 0);
  });

  test('`prime`: 2 s by default; at least 250 ms (its rate chooses the turns), named when wrong', () => {
    assert.equal(configOf({ start: 'x' }).primeSec, 2);
    assert.equal(configOf({ start: 'x', prime: '500ms' }).primeSec, 0.5);
    assert.throws(
      () => configOf({ start: 'x', prime: '100ms' }),
      /input `measure`, `prime`: 100ms is out of range. Use a value from 250ms to 10m/,
    );
    assert.throws(() => configOf({ start: 'x', prime: '0' }), /input `measure`, `prime`/);
  });

  test('`latency-rate`: a share of base, a fixed rate, or off; anything else names the input', () => {
    assert.deepEqual(configOf({ start: 'x', 'latency-rate': '30%' }).openLoop, { share: 0.3 });
    assert.deepEqual(configOf({ start: 'x', 'latency-rate': '2500/s' }).openLoop, { rate: 2500 });
    assert.equal(configOf({ start: 'x', 'latency-rate': 'off' }).openLoop, undefined);
    assert.equal(
      messageFor({ 'latency-rate': 'fast' }),
      "input `measure`, `latency-rate`: `fast` is not a rate. Use a share of base's req/s such as `50%`, a rate such as `2000/s`, or `off`.",
    );
    assert.equal(
      messageFor({ 'latency-rate': '100%' }),
      'input `measure`, `latency-rate`: 100% is out of range. Use a percentage from 5% to 95% (for five percent write `5%`).',
    );
  });

  test('`slice`: auto by default, 0 for one turn per side and pair, else at least 50 ms', () => {
    assert.equal(configOf({ start: 'x' }).sliceSec, 'auto');
    assert.equal(configOf({ start: 'x', slice: 'auto' }).sliceSec, 'auto');
    assert.equal(configOf({ start: 'x', slice: '0' }).sliceSec, 0);
    assert.equal(configOf({ start: 'x', slice: '1s' }).sliceSec, 1);
    assert.equal(configOf({ start: 'x', slice: '50ms' }).sliceSec, 0.05);
    assert.equal(
      messageFor({ slice: '40ms' }),
      'input `measure`, `slice`: 40ms is too short. Use `0` for whole rounds, or 50ms or more.',
    );
  });

  test('`engine`: kept by default, or autocannon; anything else names the two', () => {
    assert.equal(configOf({ start: 'x' }).engine, 'kept');
    assert.equal(configOf({ start: 'x', engine: 'autocannon' }).engine, 'autocannon');
    assert.equal(configOf({ start: 'x', engine: 'Kept' }).engine, 'kept');
    assert.match(
      messageFor({ engine: 'wrk' }),
      /^input `measure`, `engine`: `wrk` is not a load engine\. Use `kept`/,
    );
  });

  test('`-1s` and `fast` are not durations', () => {
    for (const text of ['-1s', 'fast']) {
      assert.equal(
        messageFor({ duration: text }),
        `input \`measure\`, \`duration\`: \`${text}\` is not a duration. Write a positive number with a unit, e.g. \`30s\`, \`500ms\` or \`5m\`.`,
      );
    }
    assert.match(messageFor({ timeout: '10 minutes' }), /^input `timeout`: `10 minutes` is not a duration/);
  });

  test('out of range: the error names the input and the range in readable units', () => {
    assert.equal(
      messageFor({ duration: '200ms' }),
      'input `measure`, `duration`: 200ms is out of range. Use a value from 250ms to 10m.',
    );
    assert.equal(
      messageFor({ timeout: '5s' }),
      'input `timeout`: 5s is out of range. Use a value from 10s to 6h.',
    );
    assert.match(
      messageFor({ 'ready-timeout': '2h' }),
      /^input `ready-timeout`: 2h is out of range\. Use a value from 1s to 1h\.$/,
    );
  });
});

describe('integers', () => {
  test('rounds: `auto` (the default) is adaptive, within the time budget', () => {
    assert.equal(configOf({ start: 'x', rounds: 'auto' }).pairs, undefined);
    assert.equal(configOf({ start: 'x', rounds: ' auto ' }).pairs, undefined);
    assert.equal(configOf({ start: 'x', 'time-budget': '5m' }).budgetMs, 300_000);
    assert.equal(configOf({ start: 'x', 'time-budget': '90s' }).budgetMs, 90_000);
    assert.equal(
      messageFor({ 'time-budget': '5s' }),
      'input `time-budget`: 5s is out of range. Use a value from 10s to 6h.',
    );
    assert.match(messageFor({ 'time-budget': 'soon' }), /^input `time-budget`: `soon` is not a duration\./);
  });

  test('rounds: `auto` (any case) or a whole number from 8 to 500', () => {
    assert.equal(configOf({ start: 'x', rounds: '8' }).pairs, 8);
    assert.equal(configOf({ start: 'x', rounds: ' 500 ' }).pairs, 500);
    assert.equal(configOf({ start: 'x', rounds: 'Auto' }).pairs, undefined);
    assert.equal(parseInteger('rounds', '12', { min: 6, max: 500 }), 12);
  });

  test('rounds `5` is below the minimum; `1.5` is not a whole number; both messages offer `auto`', () => {
    for (const rounds of ['5', '1.5', 'lots']) {
      assert.equal(
        messageFor({ rounds }),
        `input \`measure\`, \`rounds\`: \`${rounds}\` is not a number of pairs. Use \`auto\` (adaptive, the default) or a whole number of pairs from 8 to 500.`,
      );
    }
  });

  test('fixed rounds are not refused for many paths: the plan check (src/decide/plan-check.ts) judges them', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `/p${i}`).join('\n');
    assert.equal(configOf({ start: 'x', rounds: '10', paths: nine }).pairs, 10);
    assert.equal(configOf({ start: 'x', rounds: '8', paths: '/a\n/b' }).pairs, 8);
  });

  test('port: `0` and `70000` are out of range, `abc` is not a number', () => {
    for (const text of ['0', '70000']) {
      assert.equal(
        messageFor({ port: text }),
        `input \`port\`: ${text} is out of range. Use a whole number from 1 to 65535.`,
      );
    }
    assert.equal(
      messageFor({ port: 'abc' }),
      'input `port`: `abc` is not a whole number. Use a whole number from 1 to 65535.',
    );
    assert.equal(configOf({ start: 'x', port: '65535' }).port, 65535);
    assert.equal(configOf({ start: 'x', port: '1' }).port, 1);
  });

  test('connections: `0` is out of range, `-3` is not a whole number', () => {
    assert.match(
      messageFor({ connections: '0' }),
      /^input `measure`, `connections`: 0 is out of range\. Use a whole number from 1 to 10000\.$/,
    );
    assert.match(
      messageFor({ connections: '-3' }),
      /^input `measure`, `connections`: `-3` is not a whole number/,
    );
  });
});

describe('booleans', () => {
  test('accepts true/yes/on/1 and false/no/off/0, any case', () => {
    for (const text of ['true', 'TRUE', 'yes', 'On', '1', ' true ']) {
      assert.equal(parseBoolean('comment', text), true, text);
    }
    for (const text of ['false', 'False', 'no', 'OFF', '0']) {
      assert.equal(parseBoolean('comment', text), false, text);
    }
  });

  test('`maybe` is rejected, naming the input and the accepted values', () => {
    for (const input of ['fail-on-regression', 'keep-trees'] as const) {
      assert.equal(
        messageFor({ [input]: 'maybe' }),
        `input \`${input}\`: \`maybe\` is not a boolean. Accepted values: \`true\` or \`false\`.`,
      );
    }
  });
});

describe('alpha', () => {
  test('accepts numbers strictly between 0 and 0.5', () => {
    assert.equal(configOf({ start: 'x', alpha: '0.1' }).alpha, 0.1);
    assert.equal(configOf({ start: 'x', alpha: '1e-3' }).alpha, 0.001);
  });

  test('`0`, `0.5`, `5%` and `abc` are rejected with an example', () => {
    for (const text of ['0', '0.5', '5%', 'abc']) {
      assert.equal(
        messageFor({ alpha: text }),
        `input \`measure\`, \`alpha\`: \`${text}\` is not a significance level. Use a number between 0 and 0.5, e.g. \`0.05\`.`,
      );
    }
  });
});

describe('paths', () => {
  test('one per line; comments, blank lines and surrounding whitespace are ignored; CRLF works', () => {
    assert.deepEqual(parsePaths('/\n/seed/v1'), ['/', '/seed/v1']);
    assert.deepEqual(parsePaths('# health first\n/health\n\n   \n  /seed/v1?limit=10  \r\n# end\r\n'), [
      '/health',
      '/seed/v1?limit=10',
    ]);
    assert.deepEqual(
      configOf({ start: 'x', paths: '/a\n# /b\n/c' }).scenarios,
      scenariosFromPaths(['/a', '/c']),
    );
  });

  test('nothing but comments and blank lines: no path given', () => {
    const expected = 'input `paths`: no path given. Give one request path per line, e.g. `/health`.';
    assert.equal(configErrorOf(() => parsePaths('')).message, expected);
    assert.equal(configErrorOf(() => parsePaths('\n  \n')).message, expected);
    assert.equal(messageFor({ paths: '# only a comment\n\n# another' }), expected);
  });

  test('`seed/v1` (no leading slash) and a path with a space are not request paths', () => {
    assert.equal(
      messageFor({ paths: '/\nseed/v1' }),
      'input `paths`: `seed/v1` is not a request path. Each line must be a path that starts with `/`, e.g. `/seed/v1`.',
    );
    assert.match(messageFor({ paths: '/a b' }), /^input `paths`: `\/a b` is not a request path\./);
  });

  test('a duplicate path is rejected, also when it differs only in surrounding whitespace', () => {
    for (const text of ['/a\n/b\n/a', '/a\n  /a  ']) {
      assert.equal(messageFor({ paths: text }), 'input `paths`: `/a` is listed twice. List each path once.');
    }
  });
});

describe('check-name, mode and results', () => {
  test('defaults: no check run, mode gate, results from perf-gate-results', () => {
    const config = configOf({ start: 'x' });
    assert.equal(config.checkName, undefined);
    assert.equal(config.mode, 'gate');
    assert.equal(config.results, 'perf-gate-results');
  });

  test('set values are used; the mode is case-insensitive', () => {
    const config = configOf({ 'check-name': 'perf', mode: 'Report', results: 'shards/*/report.json' });
    assert.equal(config.checkName, 'perf');
    assert.equal(config.mode, 'report');
    assert.equal(config.results, 'shards/*/report.json');
  });

  test('mode report needs no `start`; mode gate still does', () => {
    assert.equal(configOf({ mode: 'report' }).start, '');
    assert.match(configErrorOf(() => configOf({ mode: 'gate' })).message, /^input `start`: it is required\./);
  });

  test('an unknown mode and a multi-line check name are refused, naming the input', () => {
    assert.match(
      messageFor({ start: 'x', mode: 'publish' }),
      /^input `mode`: `publish` is not a mode\. Use `gate`/,
    );
    assert.match(
      messageFor({ start: 'x', 'check-name': 'a\nb' }),
      /^input `check-name`: it must be one line/,
    );
  });
});

describe('config file (input `config`)', () => {
  /** A head tree in memory: paths relative to the repository root, as main.ts and local.ts read them. */
  function tree(files: Record<string, string>): { readFile: (path: string) => string; read: string[] } {
    const read: string[] = [];
    return {
      read,
      readFile: (path: string): string => {
        read.push(path);
        const text = files[path];
        if (text === undefined) {
          throw Object.assign(new Error(`ENOENT: no such file or directory, open '/repo/${path}'`), {
            code: 'ENOENT',
          });
        }
        return text;
      },
    };
  }
  const FILE = [
    'start: node dist/main.js',
    'env: { CACHE_TTL: 60, NODE_ENV: test }',
    'ready: { path: /health, status: 200, timeout: 90s }',
    'setup: node seed.js',
    'teardown: node unseed.js',
    'threshold: 3%',
    'scenarios:',
    '  - name: cached list',
    '    path: /cached',
    '  - name: create order',
    '    method: POST',
    '    path: /orders',
    '    headers: { x-tenant: acme }',
    '    bodyFile: fixtures/order.json',
    '    expect: 201',
    '    connections: 4',
    '    threshold: 10%',
    '  - path: /slow',
    '',
  ].join('\n');

  function withFile(inputs: Inputs, files: Record<string, string> = {}): Config {
    const t = tree({
      'services/api/perf-gate.yml': FILE,
      'services/api/fixtures/order.json': '{"sku":1}',
      ...files,
    });
    return parseConfig((name) => inputs[name] ?? '', { outputDir: OUTPUT_DIR, readFile: t.readFile });
  }

  test('is read relative to `working-directory`; its body files relative to its own directory', () => {
    const t = tree({ 'services/api/perf-gate.yml': FILE, 'services/api/fixtures/order.json': '{"sku":1}' });
    const config = parseConfig(
      (name) => ({ config: 'perf-gate.yml', 'working-directory': 'services/api' })[name as string] ?? '',
      { outputDir: OUTPUT_DIR, readFile: t.readFile },
    );
    assert.deepEqual(t.read, ['services/api/perf-gate.yml', 'services/api/fixtures/order.json']);
    assert.equal(config.configFile, 'services/api/perf-gate.yml');
    assert.equal(config.start, 'node dist/main.js');
    assert.deepEqual(config.env, { CACHE_TTL: '60', NODE_ENV: 'test' });
    assert.deepEqual(config.ready, { path: '/health', status: 200 });
    assert.equal(config.readyTimeoutMs, 90_000);
    assert.equal(config.setup, 'node seed.js');
    assert.equal(config.teardown, 'node unseed.js');
    assert.equal(config.threshold, 0.03);
    assert.deepEqual(
      config.scenarios.map((s) => [
        s.name,
        s.method,
        s.path,
        s.body,
        s.expectStatus,
        s.connections,
        s.threshold,
      ]),
      [
        ['cached list', 'GET', '/cached', undefined, undefined, undefined, undefined],
        ['create order', 'POST', '/orders', '{"sku":1}', 201, 4, 0.1],
        ['GET /slow', 'GET', '/slow', undefined, undefined, undefined, undefined],
      ],
    );
    assert.deepEqual(config.scenarios[1]!.headers, { 'x-tenant': 'acme' });
    assert.equal(config.scenarioCount, 3);
    assert.equal(config.shard, undefined);
  });

  test('a missing file: the error names the input and the path tried', () => {
    const error = configErrorOf(() => withFile({ config: 'perf.yml', 'working-directory': 'services/api' }));
    assert.equal(
      error.message,
      'input `config`: cannot read `services/api/perf.yml` (there is no such file). The path is relative to `working-directory` (`services/api`) in the head commit: check the name and that the file is committed, e.g. `config: perf-gate.yml`.',
    );
  });

  test('without a reader (a caller that reads no files) the error still names the input', () => {
    const error = configErrorOf(() =>
      parseConfig((name) => (name === 'config' ? 'perf-gate.yml' : ''), { outputDir: OUTPUT_DIR }),
    );
    assert.match(error.message, /^input `config`: cannot read `perf-gate\.yml` \(no file reader\)/);
  });

  test('errors inside the file name the file (relative to the repository root), the line and the field', () => {
    const error = configErrorOf(() =>
      withFile(
        { config: 'perf-gate.yml', 'working-directory': 'services/api' },
        { 'services/api/perf-gate.yml': 'start: x\nscenarios:\n  - path: nope\n' },
      ),
    );
    assert.match(
      error.message,
      /^services\/api\/perf-gate\.yml:3: scenarios\[0\]\.path: `nope` is not a request path/,
    );
  });

  test('`start` may come from the input when the file does not set it, but not from both', () => {
    const files = { 'perf-gate.yml': 'scenarios: [{ path: /a }]\n' };
    assert.equal(withFile({ config: 'perf-gate.yml', start: 'node a.js' }, files).start, 'node a.js');
    assert.match(
      configErrorOf(() => withFile({ config: 'perf-gate.yml' }, files)).message,
      /^input `start`: it is required\. .* or in perf-gate\.yml\.$/,
    );
    assert.match(
      configErrorOf(() =>
        withFile(
          { config: 'perf-gate.yml', start: 'node b.js' },
          { 'perf-gate.yml': FILE, 'fixtures/order.json': '{}' },
        ),
      ).message,
      /^input `start`: perf-gate\.yml sets `start` too; set it in one place/,
    );
  });

  test('`paths` and the file exclude each other; the file replaces them', () => {
    const files = { 'perf-gate.yml': 'start: x\nscenarios: [{ path: /a }]\n' };
    assert.match(
      configErrorOf(() => withFile({ config: 'perf-gate.yml', paths: '/b' }, files)).message,
      /^input `paths`: perf-gate\.yml sets `scenarios` too/,
    );
    const config = withFile({ config: 'perf-gate.yml' }, files);
    assert.deepEqual(
      config.scenarios.map((s) => s.name),
      ['GET /a'],
    );
    assert.deepEqual(config.ready, { path: '/a', status: undefined }, 'ready defaults to the first scenario');
  });

  test('without a file: one GET scenario per path, ready on the first path, no env, setup or teardown', () => {
    const config = configOf({ start: 'x', paths: '/b\n/a' });
    assert.equal(config.configFile, undefined);
    assert.deepEqual(config.scenarios, scenariosFromPaths(['/b', '/a']));
    assert.deepEqual(config.ready, { path: '/b', status: undefined });
    assert.deepEqual([config.env, config.setup, config.teardown], [{}, undefined, undefined]);
  });
});

describe('shard', () => {
  test('`i/n` parses (whitespace allowed); empty means all scenarios', () => {
    assert.deepEqual(parseShard('2/3'), { index: 2, count: 3 });
    assert.deepEqual(parseShard(' 1 / 1 '), { index: 1, count: 1 });
    assert.equal(parseShard(''), undefined);
    assert.deepEqual(configOf({ start: 'x', paths: '/a\n/b\n/c', shard: '3/3' }).shard, {
      index: 3,
      count: 3,
    });
  });

  test('anything else is an error that names `shard` and shows the form', () => {
    for (const text of ['2', 'a/b', '2-3', '1/2/3', '-1/2']) {
      assert.equal(
        messageFor({ shard: text }),
        `input \`shard\`: \`${text}\` is not a shard. Write \`i/n\`: the i-th of n shards, counted from 1, e.g. \`2/3\` (or leave it empty for all scenarios).`,
      );
    }
    for (const text of ['0/3', '4/3', '1/0', '1/1001']) {
      assert.match(
        messageFor({ shard: text }),
        new RegExp(`^input \`shard\`: ${text} is out of range\\. Write`),
      );
    }
  });

  test('keeps the scenarios whose index (from 0, in file order) modulo n is i − 1; the shards cover all once', () => {
    const paths = ['/0', '/1', '/2', '/3', '/4'];
    const of = (shard: string): string[] =>
      configOf({ start: 'x', paths: paths.join('\n'), shard }).scenarios.map((s) => s.path);
    assert.deepEqual(of('1/2'), ['/0', '/2', '/4']);
    assert.deepEqual(of('2/2'), ['/1', '/3']);
    assert.deepEqual(of('1/1'), paths);
    const three = ['1/3', '2/3', '3/3'].map(of);
    assert.deepEqual(three, [['/0', '/3'], ['/1', '/4'], ['/2']]);
    assert.deepEqual(three.flat().sort(), paths);
    assert.equal(configOf({ start: 'x', paths: paths.join('\n'), shard: '2/3' }).scenarioCount, 5);
    assert.deepEqual(selectShard(['a', 'b', 'c'], undefined), ['a', 'b', 'c']);
  });

  test('selects from the config file too, and the readiness probe stays on the first scenario of the file', () => {
    const file = 'start: x\nscenarios:\n  - path: /first\n  - path: /second\n    method: POST\n';
    const config = parseConfig((name) => ({ config: 'perf-gate.yml', shard: '2/2' })[name as string] ?? '', {
      outputDir: OUTPUT_DIR,
      readFile: () => file,
    });
    assert.deepEqual(
      config.scenarios.map((s) => s.name),
      ['POST /second'],
    );
    assert.deepEqual(config.ready, { path: '/first', status: undefined });
    assert.equal(config.scenarioCount, 2);
  });

  test('a shard with no scenarios is an error that names `shard` and says how many there are', () => {
    assert.equal(
      messageFor({ paths: '/a\n/b', shard: '3/3' }),
      'input `shard`: shard 3/3 has no scenarios: there are 2 in all. Use at most 2 shards (`shard: i/2`), or add scenarios.',
    );
  });
});
