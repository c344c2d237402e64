/**
 * Base and head are installed and built at the same time (src/gate/run-gate.ts prepareTrees): base's output as it comes,
 * head's held (src/gate/held-log.ts) and shown after it, each step in its group; a failure is base's first.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { HeldLog } from '../../../src/gate/held-log.ts';
import { PUBLISH_RESERVE_MS } from '../../../src/gate/measurement-plan.ts';
import type { LoadRunner } from '../../../src/gate/ports.ts';
import { systemClock } from '../../../src/gate/ports.ts';
import { runGate } from '../../../src/gate/run-gate.ts';
import { installsTogether } from '../../../src/gate/trees.ts';
import type { Config } from '../../../src/model/config.ts';
import type { GateEvent, GateGroup, GateLog } from '../../../src/model/notes.ts';
import { gateConfig } from '../../support/gate-fakes.ts';
import { commitRepo } from '../../support/repo.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A log that writes what it is told as lines: `group <step> <side>`, `end`, `info <kind>`, `output <text>`. */
function lineLog(): GateLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (event: GateEvent) => void lines.push(`info ${event.kind}`),
    warning: (event: GateEvent) => void lines.push(`warning ${event.kind}`),
    output: (text: string) => void lines.push(`output ${text}`),
    group: async <T>(group: GateGroup, body: () => Promise<T>): Promise<T> => {
      lines.push(`group ${'step' in group ? `${group.step} ${group.side}` : group.kind}`);
      try {
        return await body();
      } finally {
        lines.push('end');
      }
    },
  };
}

describe('HeldLog', () => {
  test('replays what it held in order, each group as a group', async () => {
    const held = new HeldLog();
    held.info({ kind: 'nothing-to-install', side: 'head' });
    await held.group({ kind: 'step', step: 'build', side: 'head', command: 'make' }, async () => {
      held.output('compiling');
      held.info({ kind: 'step-took', step: 'build', side: 'head', ms: 5 });
    });
    held.output('after');
    const log = lineLog();
    assert.deepEqual(log.lines, [], 'nothing reaches a log before the replay');
    await held.replay(log);
    assert.deepEqual(log.lines, [
      'info nothing-to-install',
      'group build head',
      'output compiling',
      'info step-took',
      'end',
      'output after',
    ]);
  });
});

interface Installs {
  /** Whether each side's install fails. */
  fail: { base: boolean; head: boolean };
  /** How long each side's install takes; default 600 ms. */
  ms?: { base: number; head: number };
}

/** A repository whose install command records when it ran, per side, and fails where `fail` says. */
function repository({ fail, ms }: Installs): { root: string; base: string; head: string; times: string } {
  const times = join(mkdtempSync(join(tmpdir(), 'perf-gate-prepare-times-')), 'times');
  dirs.push(dirname(times));
  const install = (side: 'base' | 'head') =>
    [
      "const { appendFileSync } = require('node:fs');",
      `const log = ${JSON.stringify(times)};`,
      `appendFileSync(log, '${side} start ' + Date.now() + '\\n');`,
      `console.log('installing ${side}');`,
      `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms?.[side] ?? 600});`,
      `appendFileSync(log, '${side} end ' + Date.now() + '\\n');`,
      `process.exit(${fail[side] ? 1 : 0});`,
    ].join('\n');
  // A lockfile: the install is `npm ci`, which the PATH of these tests (fakeNpm) runs as install.cjs.
  const repo = commitRepo(
    'perf-gate-prepare-',
    { 'package-lock.json': '{}\n', 'install.cjs': install('base') },
    { 'install.cjs': install('head') },
  );
  dirs.push(repo.root);
  return { ...repo, times };
}

/** A load generator that measures nothing: these gates end before measuring or are cut short by their tests. */
const idle: LoadRunner = {
  open: async () => {},
  turns: async () => [],
  take: async () => {
    throw new Error('not measured here');
  },
  close: async () => {},
  stop: async () => {},
};

/** A directory with an `npm` that runs the tree's install.cjs, first on PATH while `body` runs. */
async function withFakeNpm<T>(body: () => Promise<T>): Promise<T> {
  const bin = mkdtempSync(join(tmpdir(), 'perf-gate-npm-'));
  dirs.push(bin);
  writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexec node install.cjs\n', { mode: 0o755 });
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  try {
    return await body();
  } finally {
    process.env.PATH = path;
  }
}

async function prepareOnly(installs: Installs, install = 'auto', overrides: Partial<Config> = {}) {
  const repo = repository(installs);
  const outputDir = `${repo.root}-out`;
  dirs.push(outputDir);
  const log = lineLog();
  const report = await withFakeNpm(() =>
    runGate(
      {
        config: gateConfig({ outputDir, pairs: 8, install, ...overrides }),
        root: repo.root,
        base: { sha: repo.base, label: 'main' },
        head: { sha: repo.head, label: 'feature' },
        log,
      },
      {
        collaborators: () => ({
          clock: systemClock,
          load: idle,
          startServer: async () => {
            throw new Error('no server in these tests');
          },
          probes: {
            server: () => {
              throw new Error('no probe in these tests');
            },
            summary: () => ({
              base: undefined,
              head: undefined,
              comparison: { eventLoopP99Ratio: undefined, eventLoop: undefined, leak: undefined },
              blockedMs: 0,
            }),
          },
        }),
      },
    ),
  );
  const times = Object.fromEntries(
    readFileSync(repo.times, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .map(([side, what, at]) => [`${side} ${what}`, Number(at)]),
  );
  return { report, log, times };
}

describe('prepareTrees', () => {
  test('installs base and head at the same time; the log shows base, then head, each step whole', async () => {
    const { log, times } = await prepareOnly({ fail: { base: false, head: false } });
    assert.ok(
      times['head start']! < times['base end']!,
      `head started after base ended: ${JSON.stringify(times)}`,
    );
    assert.ok(times['base start']! < times['head end']!, JSON.stringify(times));
    const from = log.lines.indexOf('group install base');
    const steps = log.lines.slice(from).filter((l) => /^(group install|end|output installing)/.test(l));
    assert.deepEqual(steps.slice(0, 6), [
      'group install base',
      'output installing base',
      'end',
      'group install head',
      'output installing head',
      'end',
    ]);
  });

  test('when both fail, the error is base’s (neutral), as when base went first', async () => {
    const { report } = await prepareOnly({ fail: { base: true, head: true } });
    assert.equal(report.error?.code, 'install');
    assert.equal(report.error?.side, 'base');
  });

  test('base failing stops head’s install, whose output is not shown', async () => {
    const started = Date.now();
    const { report, log, times } = await prepareOnly({
      fail: { base: true, head: false },
      ms: { base: 200, head: 20_000 },
    });
    assert.equal(report.error?.side, 'base');
    assert.ok(Date.now() - started < 10_000, 'the gate did not wait for head’s install');
    assert.equal(times['head end'], undefined, 'head’s install was stopped');
    assert.ok(!log.lines.includes('group install head'), log.lines.join('\n'));
  });

  test('an install command of the user’s own runs one tree after the other', async () => {
    const { times } = await prepareOnly({ fail: { base: false, head: false } }, 'node install.cjs');
    assert.ok(times['base end']! <= times['head start']!, JSON.stringify(times));
  });

  test('one after the other, head’s limit is what base left of the time', async () => {
    // 2 s left to prepare: base takes 1.2 s, so head gets the least a step gets (1 s) and its 1.6 s overrun it.
    const { report, times } = await prepareOnly(
      { fail: { base: false, head: false }, ms: { base: 1200, head: 1600 } },
      'node install.cjs',
      { timeoutMs: PUBLISH_RESERVE_MS + 2000 },
    );
    assert.ok(times['base end'] !== undefined, JSON.stringify(times));
    assert.equal(report.error?.code, 'install', JSON.stringify(report.error));
    assert.equal(report.error?.side, 'head');
    assert.match(report.error?.message ?? '', /time/);
  });

  test('when only head fails, the error is head’s', async () => {
    const { report } = await prepareOnly({ fail: { base: false, head: true } });
    assert.equal(report.error?.code, 'install');
    assert.equal(report.error?.side, 'head');
  });
});

describe('installsTogether', () => {
  const tree = (files: Record<string, string>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-lock-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  const both = (dir: string) => ({ base: dir, head: dir });

  test('npm, pnpm or nothing to install: together; yarn, or a command of the user’s own: one after the other', () => {
    assert.equal(installsTogether('auto', both(tree({})), both(tree({}))), true);
    const npm = tree({ 'package-lock.json': '{}' });
    assert.equal(installsTogether('auto', both(npm), both(npm)), true);
    const pnpm = tree({ 'pnpm-lock.yaml': '' });
    assert.equal(installsTogether('auto', both(pnpm), both(pnpm)), true);
    const yarn = tree({ 'yarn.lock': '' });
    assert.equal(installsTogether('auto', both(yarn), both(yarn)), false);
    assert.equal(installsTogether('auto', { base: npm, head: yarn }, { base: npm, head: yarn }), false);
    assert.equal(installsTogether('make deps', both(npm), both(npm)), false);
    assert.equal(installsTogether('skip', both(yarn), both(yarn)), true);
  });
});
