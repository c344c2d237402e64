/** `artifact-retention-days`: how long the flame graphs' artifact is kept, 30 days unless the workflow says. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../../src/config/inputs.ts';
import { runnerInputs } from '../../support/runner-inputs.ts';

const config = (inputs: Record<string, string>) =>
  parseConfig(runnerInputs({ start: 'node index.js', ...inputs }), { outputDir: '/tmp/x' });

test('artifact-retention-days is 30 by default, the days given otherwise, and a whole number of 1 to 400', () => {
  assert.equal(config({}).artifactRetentionDays, 30);
  assert.equal(config({ 'artifact-retention-days': '7' }).artifactRetentionDays, 7);
  for (const bad of ['0', '401', '1.5', 'week'])
    assert.throws(() => config({ 'artifact-retention-days': bad }), /artifact-retention-days/, bad);
});
