/** src/entry/commands.ts: the CLI's flags (parseFlags) and its exit status (exitCode). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { COMPARE_FLAGS, exitCode, parseFlags } from '../../../src/entry/commands.ts';
import type { Verdict } from '../../../src/model/decision.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { Report, ReportError } from '../../../src/model/report.ts';

function flagError(argv: readonly string[]): GateError {
  try {
    parseFlags(argv);
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    assert.equal(error.code, 'config');
    return error;
  }
  assert.fail(`expected ${JSON.stringify(argv)} to be rejected`);
}

describe('parseFlags', () => {
  test('`--name value` and `--name=value` forms', () => {
    const flags = parseFlags([
      '--start',
      'node server.js',
      '--threshold=3%',
      '--rounds',
      '12',
      '--base=main',
    ]);
    assert.deepEqual(
      [...flags],
      [
        ['start', 'node server.js'],
        ['threshold', '3%'],
        ['rounds', '12'],
        ['base', 'main'],
      ],
    );
  });

  test('the value after `=` is kept whole: more `=`, spaces, newlines, an empty value', () => {
    const flags = parseFlags(['--start=node server.js --mode=fast', '--paths=/a\n/b', '--build=']);
    assert.equal(flags.get('start'), 'node server.js --mode=fast');
    assert.equal(flags.get('paths'), '/a\n/b');
    assert.equal(flags.get('build'), '');
  });

  test('`--paths` given several times joins them one per line', () => {
    const flags = parseFlags(['--paths', '/a', '--paths=/b', '--start', 'x', '--paths', '/c']);
    assert.equal(flags.get('paths'), '/a\n/b\n/c');
  });

  test('any other flag given twice: the last one wins', () => {
    assert.equal(parseFlags(['--threshold', '5%', '--threshold', '2%']).get('threshold'), '2%');
  });

  test('no flags: an empty map', () => {
    assert.equal(parseFlags([]).size, 0);
  });

  test('an unknown flag is named in the error, with where to find the accepted ones', () => {
    const error = flagError(['--start', 'x', '--thresold', '5%']);
    assert.equal(
      error.message,
      'unknown argument `--thresold`. Run `perf-gate --help` for the accepted flags.',
    );
    assert.match(flagError(['--threshold=5%', 'extra']).message, /^unknown argument `extra`\./);
    assert.match(flagError(['-t', '5%']).message, /^unknown argument `-t`\./);
    assert.match(flagError(['--Start', 'x']).message, /^unknown argument `--Start`\./);
  });

  test('names inherited from Object.prototype are not flags', () => {
    // BUG (src/entry/commands.ts parseFlags: `match[1]! in INPUT_DEFAULTS` also sees Object.prototype): `--constructor x`
    // is accepted and silently ignored instead of rejected. Expected to fail until it uses Object.hasOwn.
    assert.match(flagError(['--constructor', 'x']).message, /^unknown argument `--constructor`\./);
  });

  test('an input only the action uses is refused as a flag, and the help lists none of them', () => {
    for (const flag of ['mode', 'results', 'check-name', 'comment', 'github-token', 'name', 'accept-label']) {
      assert.match(
        flagError([`--${flag}`, 'x']).message,
        new RegExp(`^flag \`--${flag}\` is an input of the action that \`perf-gate compare\` does not use`),
      );
      assert.ok(!COMPARE_FLAGS.includes(flag), flag);
    }
    assert.ok(COMPARE_FLAGS.includes('keep-trees') && COMPARE_FLAGS.includes('output-dir'));
  });

  test('a flag without a value at the end names the flag', () => {
    assert.equal(flagError(['--start', 'x', '--paths']).message, 'flag `--paths` needs a value');
    assert.equal(flagError(['--start']).message, 'flag `--start` needs a value');
  });
});

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/report-regression.json', import.meta.url), 'utf8'),
) as Omit<Report, 'verdict' | 'headline' | 'decision' | 'error' | 'settings'> & {
  settings: Omit<Report['settings'], 'port'>;
};

function reportWith(verdict: Verdict, error?: Pick<ReportError, 'side' | 'neutral'>): Report {
  return {
    ...fixture,
    settings: { ...fixture.settings, port: undefined },
    verdict,
    decision: undefined,
    error: error && {
      code: 'server-start',
      message: 'the server did not start',
      output: undefined,
      ...error,
    },
  };
}

describe('exitCode', () => {
  test('0 without a regression, whatever fail-on-regression says', () => {
    for (const verdict of ['improvement', 'no-change', 'inconclusive'] as const) {
      assert.equal(exitCode(reportWith(verdict), true), 0, verdict);
      assert.equal(exitCode(reportWith(verdict), false), 0, verdict);
    }
  });

  test('a regression: 1 when it should fail, 0 when fail-on-regression is off', () => {
    assert.equal(exitCode(reportWith('regression'), true), 1);
    assert.equal(exitCode(reportWith('regression'), false), 0);
  });

  test('an error of head (or of neither tree): 2, even with fail-on-regression off', () => {
    assert.equal(exitCode(reportWith('inconclusive', { side: 'head', neutral: false }), true), 2);
    assert.equal(exitCode(reportWith('inconclusive', { side: 'head', neutral: false }), false), 2);
    assert.equal(exitCode(reportWith('inconclusive', { side: undefined, neutral: false }), true), 2);
  });

  test('a failure of base is neutral: 0', () => {
    assert.equal(exitCode(reportWith('inconclusive', { side: 'base', neutral: true }), true), 0);
  });
});
