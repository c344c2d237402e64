/**
 * src/config.ts: defaults of every field, the accepted forms of each parser, and errors that name the input,
 * quote what was written and say what to write instead.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Config,
  type InputName,
  parseBoolean,
  parseConfig,
  parseDuration,
  parseInteger,
  parsePaths,
  parsePercent,
} from '../../src/config.ts';
import { GateError } from '../../src/errors.ts';

const OUTPUT_DIR = '/tmp/perf-gate-test-output';

type Inputs = Partial<Record<InputName, string>>;

function configOf(inputs: Inputs): Config {
  return parseConfig((name) => inputs[name] ?? '', { outputDir: OUTPUT_DIR });
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
      paths: ['/'],
      port: undefined,
      threshold: 0.05,
      latencyThreshold: 0.2,
      alpha: 0.05,
      failOnRegression: true,
      token: '',
      install: 'auto',
      build: undefined,
      base: undefined,
      pairs: undefined,
      budgetMs: 180_000,
      durationSec: 3,
      warmupSec: 0.5,
      restartEvery: 8,
      pin: true,
      connections: 10,
      readyTimeoutMs: 60_000,
      installTimeoutMs: 600_000,
      buildTimeoutMs: 600_000,
      timeoutMs: 1_800_000,
      workingDirectory: '.',
      outputDir: OUTPUT_DIR,
      comment: true,
      flamegraphs: true,
      profileSec: 3,
      keepTrees: false,
      checkName: undefined,
      mode: 'gate',
      results: 'perf-gate-results',
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
    assert.equal(config.threshold, 0.05);
    assert.equal(config.pairs, undefined);
    assert.deepEqual(config.paths, ['/']);
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
      comment: 'no',
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
    assert.equal(config.comment, false);
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

  test('accepts `5%`, `5`, `0.5%`, `12.5 %` and `100%`', () => {
    assert.equal(parsePercent('threshold', '5%', bounds), 0.05);
    assert.equal(parsePercent('threshold', '5', bounds), 0.05);
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

  test('`0%`, `150%` and a fraction like `0.05` are out of range, with the accepted range and an example', () => {
    for (const text of ['0%', '150%', '0.05']) {
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

  test('accepts `3s`, `500ms`, `2m`, `1h`, `1.5s`, `3 s`; a plain number is seconds', () => {
    assert.equal(parseDuration('duration', '3s', wide), 3000);
    assert.equal(parseDuration('duration', '500ms', wide), 500);
    assert.equal(parseDuration('duration', '2m', wide), 120_000);
    assert.equal(parseDuration('duration', '1h', wide), 3_600_000);
    assert.equal(parseDuration('duration', '1.5s', wide), 1500);
    assert.equal(parseDuration('duration', '3 s', wide), 3000);
    assert.equal(parseDuration('duration', '4', wide), 4000);
    assert.equal(parseDuration('duration', '0', wide), 0);
  });

  test('through parseConfig: seconds for duration/warmup, milliseconds for the timeouts', () => {
    const config = configOf({
      start: 'x',
      duration: '2m',
      warmup: '500ms',
      'ready-timeout': '90',
      'install-timeout': '1h',
      'build-timeout': '30s',
      timeout: '45m',
    });
    assert.equal(config.durationSec, 120);
    assert.equal(config.warmupSec, 0.5);
    assert.equal(config.readyTimeoutMs, 90_000);
    assert.equal(config.installTimeoutMs, 3_600_000);
    assert.equal(config.buildTimeoutMs, 30_000);
    assert.equal(config.timeoutMs, 2_700_000);
    assert.equal(configOf({ start: 'x', warmup: '0' }).warmupSec, 0);
  });

  test('`-1s` and `fast` are not durations', () => {
    for (const text of ['-1s', 'fast']) {
      assert.equal(
        messageFor({ duration: text }),
        `input \`duration\`: \`${text}\` is not a duration. Write a positive number with a unit, e.g. \`30s\`, \`500ms\` or \`5m\`.`,
      );
    }
    assert.match(messageFor({ timeout: '10 minutes' }), /^input `timeout`: `10 minutes` is not a duration/);
  });

  test('out of range: the error names the input and the range in readable units', () => {
    assert.equal(
      messageFor({ duration: '500ms' }),
      'input `duration`: 500ms is out of range. Use a value from 1s to 10m.',
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
    assert.equal(configOf({ start: 'x', 'time-budget': '90' }).budgetMs, 90_000);
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
        `input \`rounds\`: \`${rounds}\` is not a number of pairs. Use \`auto\` (adaptive, the default) or a whole number of pairs from 8 to 500.`,
      );
    }
  });

  test('rounds too few for the paths to ever reach significance: the error says how many are needed', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `/p${i}`).join('\n');
    assert.equal(
      messageFor({ rounds: '10', paths: nine }),
      'input `rounds`: 10 pairs cannot show a significant change across 27 comparisons (9 paths × 3 metrics) at alpha 0.05. Use `auto` or at least 11 pairs.',
    );
    assert.equal(configOf({ start: 'x', rounds: '11', paths: nine }).pairs, 11);
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
      /^input `connections`: 0 is out of range\. Use a whole number from 1 to 10000\.$/,
    );
    assert.match(messageFor({ connections: '-3' }), /^input `connections`: `-3` is not a whole number/);
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
    for (const input of ['fail-on-regression', 'comment'] as const) {
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
        `input \`alpha\`: \`${text}\` is not a significance level. Use a number between 0 and 0.5, e.g. \`0.05\`.`,
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
    assert.deepEqual(configOf({ start: 'x', paths: '/a\n# /b\n/c' }).paths, ['/a', '/c']);
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
