/**
 * The `measure` input (src/config/measure.ts): one YAML block holds every measurement and decision internal, each
 * setting takes its default when left out, an error names the block, the line and the key and says what to write,
 * and the CLI's one-by-one flags fold into the same block.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseConfig } from '../../../src/config/inputs.ts';
import { foldMeasure, MEASURE_DEFAULTS, parseMeasureBlock } from '../../../src/config/measure.ts';
import { parseFlags } from '../../../src/entry/commands.ts';
import { GateError } from '../../../src/model/errors.ts';

function configOf(inputs: Record<string, string>) {
  return parseConfig((name) => inputs[name] ?? '', { outputDir: '/tmp/perf-gate-test-output' });
}

function messageOf(measure: string): string {
  try {
    configOf({ start: 'node server.js', measure });
  } catch (error) {
    assert.ok(error instanceof GateError && error.code === 'config', String(error));
    return error.message;
  }
  return assert.fail(`no error for ${JSON.stringify(measure)}`);
}

describe('the measure block', () => {
  test('empty: every setting has its default, as if nothing were written', () => {
    assert.deepEqual(configOf({ start: 'x', measure: '' }), configOf({ start: 'x' }));
    const written = Object.entries(MEASURE_DEFAULTS)
      .map(([key, value]) => `${key}: "${value}"`)
      .join('\n');
    assert.deepEqual(configOf({ start: 'x', measure: written }), configOf({ start: 'x' }));
  });

  test('each setting written in the block is used, YAML numbers and booleans as written', () => {
    const config = configOf({
      start: 'x',
      measure:
        'rounds: 12\nduration: 1s\nwarmup: 0\nprime: 500ms\nslice: 0\nengine: autocannon\nlatency-rate: 2000/s\n' +
        'restart-every: 1\npin: false\nconnections: 4\nalpha: 0.01\nlatency-threshold: 30%',
    });
    assert.equal(config.pairs, 12);
    assert.equal(config.durationSec, 1);
    assert.equal(config.warmupSec, 0);
    assert.equal(config.primeSec, 0.5);
    assert.equal(config.sliceSec, 0);
    assert.equal(config.engine, 'autocannon');
    assert.deepEqual(config.openLoop, { rate: 2000 });
    assert.equal(config.restartEvery, 1);
    assert.equal(config.pin, false);
    assert.equal(config.connections, 4);
    assert.equal(config.alpha, 0.01);
    assert.equal(config.latencyThreshold, 0.3);
  });

  test('a wrong value names the block and the setting, with the fix of the setting', () => {
    assert.equal(
      messageOf('rounds: 5'),
      'input `measure`, `rounds`: `5` is not a number of pairs. Use `auto` (adaptive, the default) or a whole number of pairs from 8 to 500.',
    );
    assert.match(
      messageOf('duration: 2'),
      /^input `measure`, `duration`: `2` has no unit\. Write the unit: `2s`/,
    );
  });

  test('an unknown key names its line and the key it most likely meant; an input name is not a setting', () => {
    assert.equal(
      messageOf('rounds: 10\nduraton: 1s'),
      'input `measure`: line 2, `duraton`: unknown key. Did you mean `duration`?',
    );
    assert.match(
      messageOf('threshold: 5%'),
      /^input `measure`: line 1, `threshold`: unknown key\. The block takes `rounds`/,
    );
    assert.match(messageOf('concurrency: 4'), /Did you mean `connections`\?/);
  });

  test('text that is not `key: value` lines, a list value or broken YAML is refused with an example', () => {
    assert.match(
      messageOf('rounds 10'),
      /^input `measure`: line 1: it is the string `rounds 10`, not `key: value` lines\. Write one `key: value` per line, e\.g\. `rounds: 20`\.$/,
    );
    assert.match(messageOf('rounds: [8, 10]'), /^input `measure`: line 1, `rounds`: is a list, not a value/);
    assert.match(messageOf('rounds: 10\n  duration: 1s'), /^input `measure`: line \d+: not valid YAML/);
    assert.match(messageOf('rounds: 10\nrounds: 12'), /appears twice/);
  });

  test('a setting left empty takes its default, as an empty input does', () => {
    assert.equal(configOf({ start: 'x', measure: 'rounds:\nconnections: ""' }).connections, 10);
    assert.deepEqual(parseMeasureBlock('rounds:\nduration: 1s'), { duration: '1s' });
  });
});

describe('settings one by one', () => {
  test('foldMeasure puts them after the lines `measure` already has, and leaves inputs as they are', () => {
    assert.deepEqual(foldMeasure({ start: 'x', rounds: '8', measure: 'prime: 1s' }), {
      start: 'x',
      measure: 'prime: 1s\nrounds: "8"',
    });
    assert.deepEqual(foldMeasure({ start: 'x' }), { start: 'x' });
  });

  test('the CLI takes `--rounds 8` as a line of the block, and `--measure` as the block', () => {
    const flags = parseFlags(['--start', 'x', '--rounds', '8', '--measure', 'prime: 1s', '--duration=1s']);
    assert.equal(flags.get('measure'), 'prime: 1s\nrounds: "8"\nduration: "1s"');
    const config = configOf(Object.fromEntries(flags));
    assert.equal(config.pairs, 8);
    assert.equal(config.primeSec, 1);
    assert.equal(config.durationSec, 1);
  });
});
