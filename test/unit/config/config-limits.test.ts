/**
 * Issue 23, findings 5 and 10: the config file comes from the pull request. A YAML alias bomb is refused before it
 * is expanded, a config file over 1 MiB is refused, and neither the config file nor a scenario's `bodyFile` may lead
 * out of the repository, through `..` or through a symbolic link.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseConfig } from '../../../src/config/inputs.ts';
import { repoFileReader } from '../../../src/config/repo-files.ts';
import type { Config } from '../../../src/model/config.ts';
import { GateError } from '../../../src/model/errors.ts';

const OUTPUT_DIR = '/tmp/perf-gate-test-out';

/** A repository on disk (paths relative to its root), with a secret file beside it. */
function repository(files: Record<string, string>): string {
  const top = mkdtempSync(join(tmpdir(), 'perf-gate-config-'));
  cleanup.push(top);
  writeFileSync(join(top, 'secret.txt'), 'GITHUB_TOKEN=ghs_secret\n');
  const root = join(top, 'repo');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(root, { recursive: true });
  return root;
}
const cleanup: string[] = [];
after(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function configIn(root: string, inputs: Record<string, string> = {}): Config {
  const all: Record<string, string> = { config: 'perf-gate.yml', ...inputs };
  return parseConfig((name) => all[name] ?? '', { outputDir: OUTPUT_DIR, readFile: repoFileReader(root) });
}

function errorOf(run: () => unknown): GateError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    assert.equal(error.code, 'config');
    return error;
  }
  return assert.fail('expected a config error');
}

/** The issue's 345-byte file: aliases nested 5 levels deep, nine to a level. */
function aliasBomb(levels: number): string {
  const lines = ['start: node server.js', 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  lines.push(`scenarios: [{ path: /, method: POST, body: *a${levels} }]`);
  return `${lines.join('\n')}\n`;
}

describe('YAML aliases and size (finding 5)', () => {
  // "At once" is which guard refuses it, not a clock: yaml counts aliases without expanding anything
  // (src/config/yaml-tree.ts refuseAliasBomb); the tree builder's node bound would expand first.
  test('an alias bomb is refused at once, naming the input `config` and the fix', () => {
    const root = repository({ 'perf-gate.yml': aliasBomb(5) });
    const error = errorOf(() => configIn(root));
    assert.match(
      error.message,
      /^perf-gate\.yml:\d+: .*aliases .*would expand it more than 1000 times over .*input `config`/,
    );
    assert.match(error.message, /write the repeated values out/);
  });

  // 9 levels expand to 387 million nodes: expanded, it would not end within the minute.
  test('9 levels (which never finished before) are refused the same way', { timeout: 60_000 }, () => {
    const root = repository({ 'perf-gate.yml': aliasBomb(9) });
    assert.match(errorOf(() => configIn(root)).message, /would expand it more than 1000 times over/);
  });

  test('ordinary aliases still work: one header set shared by many scenarios', () => {
    const scenarios = Array.from({ length: 60 }, (_, i) => `  - { path: /p${i}, headers: *h }`);
    const text = ['start: node server.js', 'x-headers: &h { accept: application/json }', 'scenarios:'];
    // `x-headers` is not a key of the file: put the anchor on the first scenario's headers instead.
    const yaml = [
      text[0],
      'scenarios:',
      '  - { path: /first, headers: &h { accept: application/json } }',
      ...scenarios,
      '',
    ].join('\n');
    const config = configIn(repository({ 'perf-gate.yml': yaml }));
    assert.equal(config.scenarios.length, 61);
    assert.deepEqual(config.scenarios[60]!.headers, { accept: 'application/json' });
  });

  test('a config file over 1 MiB is refused before it is parsed, naming the input `config`', () => {
    const padding = `# ${'x'.repeat(1000)}\n`.repeat(1100);
    const root = repository({ 'perf-gate.yml': `start: node s.js\nscenarios: [{ path: / }]\n${padding}` });
    const error = errorOf(() => configIn(root));
    assert.match(error.message, /^input `config`: `perf-gate\.yml` is \d+ bytes, more than the 1 MiB/);
  });
});

describe('files out of the repository (finding 10)', () => {
  const yaml = (bodyFile: string) =>
    `start: node server.js\nscenarios:\n  - name: create\n    method: POST\n    path: /orders\n    bodyFile: ${bodyFile}\n`;

  test('a body file through `..` out of the repository is refused, naming the scenario’s bodyFile', () => {
    const root = repository({ 'perf-gate.yml': yaml('../secret.txt') });
    const error = errorOf(() => configIn(root));
    assert.match(
      error.message,
      /^perf-gate\.yml:6: scenarios\[0\]\.bodyFile: `\.\.\/secret\.txt` leads out of the repository; keep body files inside the repository/,
    );
    assert.doesNotMatch(error.message, /ghs_secret/);
  });

  test('a body file that is a symbolic link out of the repository is refused', () => {
    const root = repository({ 'perf-gate.yml': yaml('fixtures/order.json') });
    mkdirSync(join(root, 'fixtures'));
    symlinkSync(join(root, '..', 'secret.txt'), join(root, 'fixtures', 'order.json'));
    const error = errorOf(() => configIn(root));
    assert.match(
      error.message,
      /scenarios\[0\]\.bodyFile: `fixtures\/order\.json` leads out of the repository/,
    );
  });

  test('a body file under a symbolic link to a directory outside is refused', () => {
    const root = repository({ 'perf-gate.yml': yaml('outside/secret.txt') });
    symlinkSync(join(root, '..'), join(root, 'outside'));
    assert.match(errorOf(() => configIn(root)).message, /leads out of the repository/);
  });

  test('`..` that stays inside the repository, and links within it, are fine', () => {
    const root = repository({
      'services/api/perf-gate.yml': yaml('../shared/order.json'),
      'services/shared/order.json': '{"sku":1}',
    });
    symlinkSync(join(root, 'services/shared/order.json'), join(root, 'services/shared/link.json'));
    const config = configIn(root, { 'working-directory': 'services/api' });
    assert.equal(config.scenarios[0]!.body, '{"sku":1}');
    writeFileSync(join(root, 'services/api/perf-gate.yml'), yaml('../shared/link.json'));
    assert.equal(configIn(root, { 'working-directory': 'services/api' }).scenarios[0]!.body, '{"sku":1}');
  });

  test('a config file that is a symbolic link out of the repository is refused, naming the input', () => {
    const root = repository({});
    symlinkSync(join(root, '..', 'secret.txt'), join(root, 'perf-gate.yml'));
    const error = errorOf(() => configIn(root));
    assert.match(
      error.message,
      /^input `config`: cannot read `perf-gate\.yml` \(it leads out of the repository/,
    );
    assert.doesNotMatch(error.message, /ghs_secret/);
  });
});
