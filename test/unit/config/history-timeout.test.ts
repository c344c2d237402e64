/**
 * mode history's budget and limits agree: a `timeout` the workflow leaves out (the runner then passes action.yml's
 * default) leaves the history budget room for installs, builds and profiles, and history.yml's job limit outlasts the
 * run's two gates (a new release, then main) and publishing. Inputs are given as a runner gives them: every input,
 * action.yml's default where the workflow sets none (test/support/runner-inputs.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { HISTORY_TIMEOUT_ROOM_MS, parseConfig } from '../../../src/config/inputs.ts';
import { runnerInputs } from '../../support/runner-inputs.ts';

function config(inputs: Record<string, string>) {
  return parseConfig(runnerInputs({ start: 'node index.js', ...inputs }), { outputDir: '/tmp/x' });
}

test("a timeout the workflow leaves out is, in mode history, the history budget and the room for the rest; a set one is the user's", () => {
  const history = config({ mode: 'history' });
  assert.equal(history.budgetMs, 10 * 60_000);
  assert.equal(history.timeoutMs, history.budgetMs + HISTORY_TIMEOUT_ROOM_MS);
  assert.equal(history.timeoutMs, 25 * 60_000, 'docs/inputs.md: 25 minutes by default');
  const longer = config({ mode: 'history', 'time-budget': '30m' });
  assert.equal(longer.timeoutMs, 45 * 60_000);
  // One `time-budget` input: 3 minutes for a pull request's gate when left out, 10 for the history's.
  assert.equal(config({}).budgetMs, 3 * 60_000);
  assert.equal(config({ mode: 'history-measure' }).budgetMs, 10 * 60_000);
  assert.equal(config({ mode: 'history', timeout: '12m' }).timeoutMs, 12 * 60_000);
  assert.equal(config({ mode: 'history', timeout: '20m' }).timeoutMs, 20 * 60_000, 'written, even as 20m');
  assert.equal(config({}).timeoutMs, 20 * 60_000, "a pull request's gate keeps its 20 minutes");
  assert.equal(config({ mode: 'report' }).timeoutMs, 20 * 60_000);
});

test("history.yml's timeout-minutes outlasts two gates at the default timeout and 5 minutes to publish", () => {
  const workflow = parse(
    readFileSync(new URL('../../../example-workflows/history.yml', import.meta.url), 'utf8'),
  ) as {
    jobs: Record<string, { 'timeout-minutes': number }>;
  };
  const minutes = Object.values(workflow.jobs)[0]!['timeout-minutes'];
  const gate = config({ mode: 'history' }).timeoutMs / 60_000;
  assert.ok(minutes >= 2 * gate + 5, `timeout-minutes ${minutes} < 2 × ${gate} + 5`);
});
