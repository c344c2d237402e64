/** What keeps the pull request's code and output in its place: the child environment, redaction, disk use. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { untrusted } from '../../../src/entry/action.ts';
import { diskUsage } from '../../../src/io/disk.ts';
import { safeEnv } from '../../../src/io/proc.ts';
import { redact } from '../../../src/io/redact.ts';
import type { Report } from '../../../src/model/report.ts';
import { formatBytes } from '../../../src/report/format.ts';
import { commandLines } from '../../support/action.ts';

describe('safeEnv', () => {
  const runner = {
    PATH: '/usr/bin',
    HOME: '/home/runner',
    CI: 'true',
    GITHUB_TOKEN: 'ghs_x',
    GH_TOKEN: 'ghs_y',
    'INPUT_GITHUB-TOKEN': 'ghs_z',
    INPUT_START: 'node server.js',
    GITHUB_OUTPUT: '/tmp/out',
    GITHUB_ENV: '/tmp/env',
    GITHUB_PATH: '/tmp/path',
    GITHUB_STATE: '/tmp/state',
    GITHUB_STEP_SUMMARY: '/tmp/summary',
    ACTIONS_RUNTIME_TOKEN: 'jwt',
    ACTIONS_RUNTIME_URL: 'https://runtime',
    ACTIONS_RESULTS_URL: 'https://results',
    ACTIONS_CACHE_URL: 'https://cache',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_SHA: 'abc',
  };

  test('keeps the ordinary environment and drops tokens, inputs and the runner’s file commands', () => {
    assert.deepEqual(Object.keys(safeEnv({}, runner)).sort(), [
      'CI',
      'GITHUB_REPOSITORY',
      'GITHUB_SHA',
      'HOME',
      'PATH',
    ]);
  });

  test('extra variables are added (and may set what was dropped, e.g. PORT)', () => {
    const env = safeEnv({ PORT: '4000', NODE_ENV: 'production' }, runner);
    assert.equal(env.PORT, '4000');
    assert.equal(env.NODE_ENV, 'production');
    assert.equal(env.GITHUB_OUTPUT, undefined);
  });
});

describe('untrusted output in the log', () => {
  test('workflow commands inside it are not taken as commands, and what follows is again', () => {
    const text = '::warning::forged\n::set-output name=verdict::forged\n::stop-commands::other\n::error::x';
    const log = `::group::install\n${untrusted(text, 'tok-1')}\n::warning::ours\n::endgroup::`;
    assert.deepEqual(commandLines(log), ['::group::install', '::warning::ours', '::endgroup::']);
  });

  test('each call gets a fresh token the text cannot close early', () => {
    const a = untrusted('x');
    const b = untrusted('x');
    assert.notEqual(a, b);
    const token = /^::stop-commands::(.+)$/m.exec(a)![1]!;
    assert.match(token, /^[0-9a-f-]{36}$/);
    assert.ok(a.endsWith(`::${token}::`));
  });
});

describe('redact', () => {
  // A recorded report with an error whose output leaked a token.
  const recorded = JSON.parse(
    readFileSync(new URL('../../fixtures/report-regression.json', import.meta.url), 'utf8'),
  ) as Report;
  const report: Report = {
    ...recorded,
    error: {
      code: 'server-crash',
      message: 'boom',
      side: 'head',
      output: 'leaked: ghs_secret123\nagain ghs_secret123',
      neutral: false,
    },
    notes: [{ kind: 'teardown-failed', message: 'token ghs_secret123 seen' }],
  };

  test('replaces every occurrence of a secret in every text', () => {
    const clean = redact(report, ['ghs_secret123']);
    assert.equal(clean.error?.output, 'leaked: ***\nagain ***');
    assert.deepEqual(clean.notes, [{ kind: 'teardown-failed', message: 'token *** seen' }]);
    assert.equal(clean.error?.message, 'boom');
    assert.deepEqual(clean.rounds, report.rounds, 'numbers untouched');
  });

  test('empty secrets change nothing; a short one is redacted where it is a word of its own (issue 50)', () => {
    assert.equal(redact(report, ['']), report);
    const short = redact(report, ['boom', 'seen', '1']);
    assert.equal(short.error?.message, '***');
    assert.deepEqual(short.notes, [{ kind: 'teardown-failed', message: 'token ghs_secret123 ***' }]);
    // Never inside another word, a number, a commit id or a time: the report still reads back.
    const tiny = redact(report, ['a', '0', 'e', '2']);
    assert.deepEqual(tiny.rounds, report.rounds);
    assert.deepEqual(tiny.base, report.base);
    assert.deepEqual(tiny.timing, report.timing);
    assert.equal(tiny.error?.output, report.error?.output);
  });

  test('secrets with characters JSON escapes are found too', () => {
    const quoted: Report = { ...report, notes: [{ kind: 'teardown-failed', message: 'a "tok\\en-1234" b' }] };
    assert.deepEqual(redact(quoted, ['"tok\\en-1234"']).notes, [
      { kind: 'teardown-failed', message: 'a *** b' },
    ]);
  });
});

describe('disk use', () => {
  test('counts files under a directory, not what symbolic links point to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-disk-'));
    try {
      mkdirSync(join(dir, 'a/b'), { recursive: true });
      writeFileSync(join(dir, 'a/b/big'), Buffer.alloc(256 * 1024, 1));
      const before = await diskUsage(dir);
      assert.ok(before >= 256 * 1024, `${before}`);
      symlinkSync(join(dir, 'a'), join(dir, 'link'));
      const outside = mkdtempSync(join(tmpdir(), 'perf-gate-disk-'));
      writeFileSync(join(outside, 'huge'), Buffer.alloc(1024 * 1024, 1));
      symlinkSync(outside, join(dir, 'out'));
      assert.ok((await diskUsage(dir)) < before + 64 * 1024, 'links are not followed');
      rmSync(outside, { recursive: true, force: true });
      assert.equal(await diskUsage(join(dir, 'missing')), 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('formatBytes', () => {
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(1536), '1.5 KB');
    assert.equal(formatBytes(320 * 1024 * 1024), '320 MB');
    assert.equal(formatBytes(3.5 * 1024 ** 3), '3.5 GB');
    assert.equal(formatBytes(999), '999 B');
    assert.equal(formatBytes(1000), '1.0 KB', 'about three digits: 1,000 B reads as KB');
    assert.equal(formatBytes(2 * 1024 ** 4), '2.0 TB');
    assert.equal(formatBytes(-24.4 * 1024), '−24.4 KB');
  });
});
