/** The inputs of many runners: `replica: i/n`, `stage`, and what they change (alpha, the artifact's name). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type InputName, parseConfig } from '../../../src/config/inputs.ts';
import { GateError } from '../../../src/model/errors.ts';
import { artifactName } from '../../../src/publish/artifact.ts';

type Inputs = Partial<Record<InputName, string>>;

const configOf = (inputs: Inputs) =>
  parseConfig((name) => ({ start: 'node server.js', ...inputs })[name] ?? '', {
    outputDir: '/tmp/pg-replica-test',
  });

function message(inputs: Inputs): string {
  try {
    configOf(inputs);
  } catch (error) {
    assert.ok(error instanceof GateError);
    return error.message;
  }
  return assert.fail('expected a config error');
}

describe('replica and stage', () => {
  test('`replica: 2/4` is runner 2 of 4; empty is one runner', () => {
    assert.deepEqual(configOf({ replica: '2/4' }).replica, { index: 2, count: 4 });
    assert.deepEqual(configOf({ replica: ' 3 / 3 ' }).replica, { index: 3, count: 3 });
    assert.equal(configOf({}).replica, undefined);
  });

  test('a replica that is not i/n, or out of range, names the input and what to write', () => {
    assert.match(
      message({ replica: 'two' }),
      /replica.*`two` is not a replica.*Write `i\/n`: the i-th of n runners/s,
    );
    assert.match(message({ replica: '5/4' }), /replica.*5\/4 is out of range.*n is from 1 to 256/s);
    assert.match(message({ replica: '1/300' }), /out of range/);
  });

  test('a stage keeps the gate’s alpha in its config (the level plan takes the stage’s share)', () => {
    assert.equal(configOf({ stage: 'first' }).alpha, 0.05);
    assert.equal(configOf({ stage: 'second', alpha: '0.1' }).alpha, 0.1);
    assert.equal(configOf({ stage: '2' }).stage, 2);
    assert.equal(configOf({}).alpha, 0.05);
    assert.match(message({ stage: 'third' }), /stage.*`third` is not a stage.*Write `first`/s);
  });

  test('each replica uploads its flame graphs under a name of its own', () => {
    const env = { GITHUB_JOB: 'measure' };
    assert.equal(
      artifactName(undefined, undefined, env, undefined, { index: 2, count: 4 }),
      'perf-gate-measure-replica-2-of-4',
    );
    assert.equal(
      artifactName(undefined, { index: 1, count: 2 }, env, undefined, { index: 3, count: 3 }),
      'perf-gate-measure-shard-1-of-2-replica-3-of-3',
    );
    assert.equal(artifactName('mine', undefined, env, undefined, { index: 2, count: 4 }), 'mine');
  });
});
