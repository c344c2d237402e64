/**
 * The plan check from the gate's side (src/gate/plan-check.ts): a plan that cannot decide anything fails before any
 * tree is prepared, one that cannot resolve its threshold is noted and warned before the first pair, one that can
 * is not. Driven by fakes (gate-fakes.ts) and a throwaway repository.
 */
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { checkPlan } from '../../../src/gate/plan-check.ts';
import { runGate } from '../../../src/gate/run-gate.ts';
import { noteText } from '../../../src/report/note-text.ts';
import { gateConfig, measurement, scenario, World } from '../../support/gate-fakes.ts';
import { commitRepo } from '../../support/repo.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the plan check', () => {
  test('one scenario, adaptive within 3 minutes, a pair per process pair: it resolves, no note', async () => {
    const world = new World({
      config: { pairs: undefined, restartEvery: 1, threshold: 0.02 },
      measure: () => measurement(10_000),
    });
    const check = checkPlan(world.config);
    assert.equal(check.resolves, true, JSON.stringify(check));
    await world.measure();
    assert.deepEqual(
      world.allNotes.filter((n) => n.kind === 'plan'),
      [],
    );
  });

  test('twelve scenarios in blocks of 4 within 3 minutes: a note and a warning, with what to set', async () => {
    const scenarios = Array.from({ length: 12 }, (_, i) => scenario(`/s${i}`));
    const world = new World({
      config: { pairs: undefined, restartEvery: 4, threshold: 0.02, scenarios, scenarioCount: 12 },
      measure: () => measurement(10_000),
      deadlineMs: 120_000,
    });
    await world.measure();
    const notes = world.allNotes.filter((n) => n.kind === 'plan').map(noteText);
    assert.equal(notes.length, 1, world.allNotes.join('\n'));
    assert.match(notes[0]!, /^this plan can catch only changes of req\/s of about/);
    assert.match(notes[0]!, /12 scenarios/);
    assert.match(notes[0]!, /`time-budget: |`restart-every: |scenarios? per gate/);
    assert.ok(world.logs.some((l) => l.level === 'warning' && l.message === notes[0]));
  });

  test('a plan that cannot decide anything fails before a tree is prepared, naming what to set', async () => {
    const { root, base } = commitRepo('perf-gate-plan-check-', { 'server.js': '// base\n' });
    dirs.push(root);
    const outputDir = join(root, '..', `${root.split('/').at(-1)}-out`);
    dirs.push(outputDir);
    // 8 fixed pairs in blocks of 8: one unit, and an interval needs two.
    const config = gateConfig({ outputDir, pairs: 8, restartEvery: 8, install: 'skip' });
    assert.equal(checkPlan(config).canDecide, false);
    const groups: unknown[] = [];
    const log = {
      info: () => {},
      output: () => {},
      warning: () => {},
      group: <T>(name: unknown, body: () => Promise<T>) => {
        groups.push(name);
        return body();
      },
    };
    const report = await runGate({
      config,
      root,
      base: { sha: base, label: 'main' },
      head: { sha: base, label: 'head' },
      log,
    });
    assert.equal(report.error?.code, 'config');
    assert.match(report.error?.message ?? '', /^this plan cannot decide anything/);
    assert.equal(report.rounds.length, 0);
    assert.ok(existsSync(join(outputDir, 'report.json')));
    // Nothing was prepared: no step of the gate opened its group (the base tree's is the first).
    assert.deepEqual(groups, []);
  });
});
