/**
 * mode history's budget and limits agree: an unset `timeout` leaves the history budget room for installs, builds
 * and profiles, and history.yml's job limit outlasts the run's two gates (a new release, then main) and publishing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { HISTORY_TIMEOUT_ROOM_MS, parseConfig } from '../../../src/config/inputs.ts';

function config(inputs: Record<string, string>) {
  const all: Record<string, string> = { start: 'node index.js', ...inputs };
  return parseConfig((name) => all[name] ?? '', { outputDir: '/tmp/x' });
}

test("an unset timeout in mode history is the history budget and the room for the rest; a set one is the user's", () => {
  const history = config({ mode: 'history' });
  assert.equal(history.budgetMs, 10 * 60_000);
  assert.equal(history.timeoutMs, history.budgetMs + HISTORY_TIMEOUT_ROOM_MS);
  const longer = config({ mode: 'history', 'history-budget': '30m' });
  assert.equal(longer.timeoutMs, 45 * 60_000);
  assert.equal(config({ mode: 'history', timeout: '12m' }).timeoutMs, 12 * 60_000);
  assert.equal(config({}).timeoutMs, 20 * 60_000, "a pull request's gate keeps its default");
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
